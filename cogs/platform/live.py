"""One live message per table: when a table posts a new public message with
components (a turn, a reminder), the previous one loses its components; its
text and images stay as history. A player back after two days finds the
controls in the newest message.

The bot remembers each table's live message while it runs: its id, and its text
and embeds as Discord returned them when it was sent or last edited, which is all
a step folded into it needs (`cogs.platform.posting.fold_into_live`). It is edited
by id (a partial message), never read back: a turn costs no GET. After a restart it
does not know it yet: the first post of a table then looks through the channel's
recent messages for the bot's own with components of that table (one GET per table
and process). A live message found deleted is forgotten: the next post sends a new one.
"""

from __future__ import annotations

import logging
import re
import weakref
from dataclasses import dataclass

import discord

log = logging.getLogger(__name__)

HISTORY_LOOKUP = 25
"""How many recent messages are searched for a table's live one after a restart."""


@dataclass(frozen=True)
class LiveMessage:
    """A table's live message as the bot last sent or edited it."""

    id: int
    content: str
    embeds: tuple[discord.Embed, ...]

    @classmethod
    def of(cls, message: discord.Message) -> LiveMessage:
        return cls(message.id, message.content, tuple(message.embeds))


_live: weakref.WeakKeyDictionary[discord.Client, dict[int, LiveMessage | None]] = (
    weakref.WeakKeyDictionary()
)
"""Per client, per table: its live message; None once known to have none (deleted);
no entry while this process has not looked (after a restart)."""


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


async def _looked_up(
    client: discord.Client, channel: discord.abc.Messageable, table_id: int, new: int
) -> list[discord.Message]:
    """The bot's recent messages of `channel` (not `new`) with components of the table,
    newest first; the newest becomes the known live message."""
    older: list[discord.Message] = []
    async for message in channel.history(limit=HISTORY_LOOKUP):
        if message.id != new and message.author == client.user and table_id in _table_ids(
            message
        ):
            older.append(message)
    _live.setdefault(client, {})[table_id] = LiveMessage.of(older[0]) if older else None
    return older


async def live_message(
    client: discord.Client, channel: discord.abc.Messageable, table_id: int
) -> LiveMessage | None:
    """The table's live message (None if there is none, or it is known to be gone)."""
    known = _live.setdefault(client, {})
    if table_id not in known:
        await _looked_up(client, channel, table_id, 0)
    return known.get(table_id)


def live_message_id(client: discord.Client, table_id: int) -> int | None:
    """The table's live message, if this process has posted or found it since it started."""
    live = _live.get(client, {}).get(table_id)
    return live.id if live is not None else None


def partial(channel: discord.abc.Messageable, message_id: int) -> discord.PartialMessage | None:
    """The message `message_id` of `channel`, to edit by id without reading it (None
    where the channel's kind has no partial messages)."""
    get = getattr(channel, "get_partial_message", None)
    return get(message_id) if get is not None else None


def remember_live(client: discord.Client, table_id: int, message: discord.Message | None) -> None:
    """`message` is the table's live message as it now reads (None: it was found gone)."""
    _live.setdefault(client, {})[table_id] = LiveMessage.of(message) if message else None


async def replace_live(client: discord.Client, table_id: int, message: discord.Message) -> None:
    """Make `message` the table's live message: strip the components of the previous
    (by id, or those found in the channel after a restart)."""
    channel = message.channel
    known = _live.setdefault(client, {})
    try:
        if table_id not in known:
            older = [old.id for old in await _looked_up(client, channel, table_id, message.id)]
        else:
            live = known[table_id]
            older = [live.id] if live is not None and live.id != message.id else []
        for old in older:
            stripped = partial(channel, old)
            if stripped is not None:
                await stripped.edit(view=None)
    except discord.NotFound:
        pass  # deleted (by a moderator): no components left to clear
    except discord.HTTPException:
        log.warning("table %s: could not clear an old message's components", table_id)
    remember_live(client, table_id, message)
