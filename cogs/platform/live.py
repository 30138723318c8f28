"""One live message per table: when a table posts a new public message with
components (a turn, a reminder), the previous one loses its components; its
text and images stay as history. A player back after two days finds the
controls in the newest message.

The bot remembers each table's live message while it runs. After a restart it
does not know it yet: the first post of a table then looks through the
channel's recent messages for the bot's own with components of that table.
"""

from __future__ import annotations

import logging
import re
import weakref

import discord

log = logging.getLogger(__name__)

HISTORY_LOOKUP = 25
"""How many recent messages are searched for a table's live one after a restart."""

_live: weakref.WeakKeyDictionary[discord.Client, dict[int, int]] = weakref.WeakKeyDictionary()


def _table_ids(message: discord.Message) -> set[int]:
    """The tables whose components `message` holds (``<prefix>:<table>:...`` ids)."""
    found: set[int] = set()
    for row in message.components:
        for child in getattr(row, "children", [row]):
            custom_id = getattr(child, "custom_id", None) or ""
            match = re.match(r"[a-z]+:[a-z]+:(\d+)", custom_id)
            if match:
                found.add(int(match[1]))
    return found


async def _previous(
    client: discord.Client, channel: discord.abc.Messageable, table_id: int, new: int
) -> list[discord.PartialMessage | discord.Message]:
    known = _live.setdefault(client, {}).get(table_id)
    if known is not None:
        get = getattr(channel, "get_partial_message", None)
        return [get(known)] if get is not None and known != new else []
    older: list[discord.PartialMessage | discord.Message] = []
    async for message in channel.history(limit=HISTORY_LOOKUP):
        if message.id != new and message.author == client.user and table_id in _table_ids(
            message
        ):
            older.append(message)
    return older


def live_message_id(client: discord.Client, table_id: int) -> int | None:
    """The table's live message, if this process has posted or found it since it started."""
    return _live.get(client, {}).get(table_id)


async def strip_live(
    client: discord.Client, channel: discord.abc.Messageable, table_id: int,
    view: discord.ui.View,
) -> None:
    """Give the table's live message `view` instead of its components (an action
    that posts no message of its own made them out of date)."""
    try:
        for live in await _previous(client, channel, table_id, 0):
            await live.edit(view=view)
    except discord.HTTPException:
        log.warning("table %s: could not update its live message's components", table_id)


async def replace_live(client: discord.Client, table_id: int, message: discord.Message) -> None:
    """Make `message` the table's live message: strip the components of the previous."""
    channel = message.channel
    try:
        for old in await _previous(client, channel, table_id, message.id):
            await old.edit(view=None)
    except discord.HTTPException:
        log.warning("table %s: could not clear an old message's components", table_id)
    _live.setdefault(client, {})[table_id] = message.id
