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


def report_if_gone(client: discord.Client, channel_id: int, error: discord.HTTPException) -> bool:
    """If `error` says the channel or thread `channel_id` does not exist, dispatch the
    ``table_place_gone`` event for it (once its listener has ended its table, that
    table is posted nowhere again) and return True; False for any other error."""
    if not isinstance(error, discord.NotFound) or error.code != UNKNOWN_CHANNEL:
        return False
    log.warning("channel %s is gone (10003 Unknown Channel): its table ends", channel_id)
    client.dispatch(PLACE_GONE, channel_id)
    return True
