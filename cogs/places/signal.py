"""How the platform says that a table's place is gone: the ``table_place_gone`` event,
dispatched where Discord answers 10003 Unknown Channel (`cogs.platform.threads`,
`cogs.platform.posting`) and handled by `cogs.places.gone`.

This module imports nothing of the platform (`.importlinter`), which imports it.
"""

from __future__ import annotations

import logging

import discord

log = logging.getLogger(__name__)

PLACE_GONE = "table_place_gone"
"""The event's name (its listeners are ``on_table_place_gone(channel_id: int)``)."""
UNKNOWN_CHANNEL = 10003
"""Discord's error code for a channel or thread that does not exist (any more)."""
REMEMBERED = 1000
"""At most this many places reported gone are remembered (`reported_gone`)."""

_reported: dict[int, None] = {}


def report_if_gone(client: discord.Client, channel_id: int, error: discord.HTTPException) -> bool:
    """If `error` says the channel or thread `channel_id` does not exist, dispatch the
    ``table_place_gone`` event for it (once its listener has ended its table, that
    table is posted nowhere again) and return True; False for any other error."""
    if not isinstance(error, discord.NotFound) or error.code != UNKNOWN_CHANNEL:
        return False
    log.warning("channel %s is gone (10003 Unknown Channel): its table ends", channel_id)
    _reported.pop(channel_id, None)
    _reported[channel_id] = None
    while len(_reported) > REMEMBERED:
        del _reported[next(iter(_reported))]
    client.dispatch(PLACE_GONE, channel_id)
    return True


async def place_exists(client: discord.Client, channel_id: int) -> bool:
    """Whether the channel or thread `channel_id` still exists: in the bot's cache, else
    looked up (one request); one that Discord says is gone is reported so (its table
    ends). True when Discord cannot tell now (another error): not taken for gone."""
    if client.get_channel(channel_id) is not None:
        return True
    try:
        await client.fetch_channel(channel_id)
    except discord.HTTPException as error:
        return not report_if_gone(client, channel_id, error)
    return True


def reported_gone(channel_id: int) -> bool:
    """Whether this process was told the channel or thread `channel_id` is gone (its
    table ends: nothing is owed there)."""
    return channel_id in _reported
