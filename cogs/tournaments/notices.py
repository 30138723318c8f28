"""What the organizer must know of a round that does not go as planned: it plays in
the channel, one table at a time, because the bot lacks a thread permission there
(named as Discord's settings name it, `cogs.permissions`); some of its tables are
delayed (Discord limits the bot). Said in the tournament's channel, mentioning the
organizer, and kept with the tournament (`bot.service.tournament_record.Notice`) for
their next tournament command, where they read it privately in their own language.
"""

from __future__ import annotations

import discord

from bot.i18n import LocaleLike, t
from bot.service.tournament_record import Notice, Tournament
from cogs.permissions.check import permission_names
from cogs.platform.host import host_of
from cogs.platform.names import mention
from cogs.platform.replies import send_private
from cogs.tournaments.messages import say, server_locale
from cogs.tournaments.words import round_words, title


def listed(numbers: tuple[int, ...], locale: LocaleLike) -> str:
    """"1, 2 and 5"."""
    shown = [str(number) for number in numbers]
    if len(shown) < 2:
        return "".join(shown)
    return t(locale, "permission.and", first=", ".join(shown[:-1]), last=shown[-1])


def bot_name(client: discord.Client, tournament: Tournament) -> str:
    """The bot's name on the tournament's server (its nickname there, if any)."""
    guild = client.get_guild(tournament.guild_id) if tournament.guild_id else None
    me = guild.me if guild is not None else None
    if me is not None:
        return me.display_name
    return client.user.display_name if client.user is not None else ""


def notice_text(client: discord.Client, tournament: Tournament, notice: Notice,
                locale: LocaleLike) -> str:
    """The notice in `locale`'s words."""
    params = {"title": title(tournament, locale), "channel": f"<#{tournament.channel_id}>",
              "round": round_words(tournament, notice.round, locale)}
    if notice.kind == "threads":
        return t(locale, "tournament.notice.threads", bot=bot_name(client, tournament),
                 permissions=permission_names(notice.permissions, locale),
                 count=len(notice.permissions), **params)
    return t(locale, "tournament.notice.delayed", tables=listed(notice.tables, locale),
             count=len(notice.tables), **params)


async def tell_in_channel(client: discord.Client, tournament: Tournament, notice: Notice
                          ) -> bool:
    """Say `notice` in the tournament's channel, to its organizer (pinged); whether it
    was posted."""
    locale = server_locale(client, tournament)
    organizer = tournament.organizer
    text = f"{mention(organizer, locale)} {notice_text(client, tournament, notice, locale)}"
    pinged = discord.AllowedMentions(users=[discord.Object(organizer)], roles=False,
                                     everyone=False)
    return await say(client, tournament.channel_id, text, allowed_mentions=pinged)


async def tell_organizer(client: discord.Client, tournament: Tournament, notice: Notice
                         ) -> None:
    """Say `notice` in the channel and keep it for the organizer's next command."""
    await tell_in_channel(client, tournament, notice)
    await host_of(client).service.tournaments.tell_organizer(tournament.id, notice)


async def deliver(interaction: discord.Interaction[discord.Client], tournament: Tournament
                  ) -> None:
    """At a tournament command of its organizer: the notices kept for them, privately,
    in their language (then dropped)."""
    service = host_of(interaction.client).service
    notices = await service.tournaments.take_notices(tournament.id, interaction.user.id)
    for notice in notices:
        await send_private(interaction, notice_text(interaction.client, tournament, notice,
                                              interaction.locale))
