"""The listeners that end the table of a deleted thread or channel (see the package).

Discord sends a thread's deletion with its parent channel (`on_raw_thread_delete`,
whether or not the thread was cached); a channel's deletion alone
(`on_guild_channel_delete`): its threads go with it, those the bot has cached are
ended too, the others at their first lookup (10003). A place deleted while the bot
was stopped reaches `on_table_place_gone` (`cogs.places.signal`).
"""

from __future__ import annotations

import logging
from collections.abc import Collection

import discord
from discord.ext import commands

from bot.i18n import LocaleLike, t
from bot.service import Table
from bot.storage.table_settings import parent_of
from cogs.ended.closing import close_table
from cogs.platform.host import host_of
from cogs.platform.invitations import refresh_invitations
from cogs.platform.names import mention
from cogs.platform.notify import send_dm
from cogs.platform.presenter import game_name

log = logging.getLogger(__name__)


class GonePlaces(commands.Cog):
    """Ends the tables whose place is gone."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await end_table(self.bot, payload.thread_id, payload.parent_id)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await end_table(self.bot, channel.id, None, gone={channel.id})
        for thread in getattr(channel, "threads", ()):
            await end_table(self.bot, thread.id, None, gone={channel.id})

    @commands.Cog.listener()
    async def on_table_place_gone(self, channel_id: int) -> None:
        await end_table(self.bot, channel_id, None)


async def end_table(
    client: discord.Client, channel_id: int, parent_id: int | None,
    *, gone: Collection[int] = (),
) -> None:
    """End the table of the deleted thread or channel `channel_id`, if one is open there,
    and tell its players: in `parent_id` (the deleted thread's channel; by default the
    channel the table opened its thread in) unless it is `gone` too, else by direct
    message. Its invitation cards say it is closed, as do its messages left elsewhere
    (`cogs.ended.closing`)."""
    table = await host_of(client).service.tables.place_gone(channel_id)
    if table is None:
        return
    log.info("table %s ended: its channel %s was deleted", table.id, channel_id)
    parent = parent_id or parent_of(table)
    guild = client.get_guild(table.guild_id) if table.guild_id is not None else None
    locale = guild.preferred_locale if guild is not None else None
    if parent is None or parent in gone or not await tell_in(client, parent, table, locale):
        server = guild.name if guild is not None else ""
        await tell_by_dm(client, table, locale, server, thread=parent is not None)
    await refresh_invitations(client, table.id, locale)
    await close_table(client, table, locale, gone={channel_id, *gone})


def players(table: Table) -> list[int]:
    """The people seated at `table` (not its computers)."""
    return [user for user in table.seats if user > 0]


async def tell_in(client: discord.Client, channel_id: int, table: Table,
                  locale: LocaleLike) -> bool:
    """Tell the players, pinged, in `channel_id` that their table ended; False if the
    bot could not post there."""
    text = t(locale, "places.gone_here", game=game_name(locale, table.game), table=table.id,
             players=" ".join(mention(user, locale) for user in players(table)))
    pinged = discord.AllowedMentions(users=[discord.Object(u) for u in players(table)],
                                     roles=False, everyone=False)
    try:
        await client.get_partial_messageable(channel_id).send(text, allowed_mentions=pinged)
    except discord.HTTPException as error:
        log.info("table %s: could not tell its end in channel %s: %s", table.id, channel_id,
                 error)
        return False
    return True


async def tell_by_dm(client: discord.Client, table: Table, locale: LocaleLike, server: str,
                     *, thread: bool) -> None:
    """Tell each player by direct message that their table ended (a player who closed
    their direct messages is not told)."""
    place = t(locale, "places.thread" if thread else "places.channel")
    text = t(locale, "places.gone_dm", game=game_name(locale, table.game), table=table.id,
             server=server, place=place)
    for user in players(table):
        await send_dm(client, user, text, table)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GonePlaces(bot))
