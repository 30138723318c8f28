"""What a tournament says: in its channel (`say`, never pinging unless told whom), in its
server's language (`server_locale`); privately it answers through
`cogs.platform.replies.send_private`, where an answer too late for its interaction
(Discord keeps an interaction's token 15 minutes: 10015 Unknown Webhook) is a warning,
not an error.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.i18n import LocaleLike, t
from bot.service.tournament_record import Tournament
from cogs.platform.host import host_of

log = logging.getLogger(__name__)

def timed(client: discord.Client) -> bool:
    """Whether the tournaments' rounds and sign-ups have deadlines: not where the clock
    stands still between actions (the local table, `Settings.standing_clock`), whose
    rounds end when their last game ends."""
    return not host_of(client).settings.standing_clock


def server_locale(client: discord.Client, tournament: Tournament) -> LocaleLike:
    """The language of the tournament's public messages: its server's."""
    guild = client.get_guild(tournament.guild_id) if tournament.guild_id else None
    return guild.preferred_locale if guild is not None else None


async def channel_of(client: discord.Client, channel_id: int) -> Any:
    """A channel or thread by id, fetched if not cached; None if out of the bot's sight."""
    channel: Any = client.get_channel(channel_id)
    if channel is None:
        try:
            channel = await client.fetch_channel(channel_id)
        except discord.HTTPException:
            return None
    return channel if isinstance(channel, discord.abc.Messageable) else None


async def say(client: discord.Client, channel_id: int, text: str, **kwargs: Any) -> bool:
    """Post `text` in a channel without pinging anyone (unless `kwargs` say whom);
    whether it was posted (a channel gone or closed to the bot, Discord's refusal or
    its rate limit past discord.py's tries, are logged as one warning)."""
    channel = await channel_of(client, channel_id)
    kwargs.setdefault("allowed_mentions", discord.AllowedMentions.none())
    if channel is None:
        log.warning("channel %s is out of the bot's sight", channel_id)
        return False
    try:
        await channel.send(text, **kwargs)
    except discord.HTTPException as error:  # Discord's refusal or failure: no crash
        log.warning("could not post in channel %s: %s", channel_id, error)
        return False
    return True


def opening_text(locale: LocaleLike, tournament: Tournament) -> str:
    """The start's answer: the tables are opening, the announcement follows in the
    tournament's channel."""
    return t(locale, "tournament.opening", channel=f"<#{tournament.channel_id}>")

