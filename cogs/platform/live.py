"""One live message per table: when a table posts a new public message with
components (a turn, a reminder), every older one of the table (its previous turn
message, its lobby posts) loses its components; its text and images stay as history.
A player back after two days finds the controls in the newest message.

The table's messages with components are kept in the database when they are posted
(`bot.service.messages`), so the older ones are found by id, however many messages the
channel got since and after a restart; none is looked for in the channel's history.
The bot also remembers each table's live message while it runs: its id, and its text
and embeds as Discord returned them when it was sent or last edited, which is all a
step folded into it needs (`cogs.platform.posting.fold_into_live`). It is edited by id
(a partial message), never read back: a turn costs no GET. After a restart the live
message is fetched by its stored id once (one GET per table and process). A message
found deleted is forgotten: the next post sends a new one. When the table ends, the
messages still live are closed (`cogs.ended.closing`).
"""

from __future__ import annotations

import logging
import weakref
from dataclasses import dataclass

import discord

from bot.storage import MessageKind
from cogs.platform.host import host_of

log = logging.getLogger(__name__)


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


async def live_message(
    client: discord.Client, channel: discord.abc.Messageable, table_id: int
) -> LiveMessage | None:
    """The table's live turn message (None if there is none, or it is known to be gone):
    after a restart, the newest stored one, fetched by id."""
    known = _live.setdefault(client, {})
    if table_id not in known:
        messages = host_of(client).service.messages
        turns = [m for m in await messages.live(table_id) if m.kind == MessageKind.TURN]
        known[table_id] = None
        fetch = getattr(channel, "fetch_message", None)
        if turns and fetch is not None:
            try:
                known[table_id] = LiveMessage.of(await fetch(turns[-1].message_id))
            except discord.NotFound:
                await messages.dropped(table_id, turns[-1].message_id)
            except discord.HTTPException:
                log.warning("table %s: could not read its live message", table_id)
    return known.get(table_id)


def live_message_id(client: discord.Client, table_id: int) -> int | None:
    """The table's live message, if this process has posted or found it since it started."""
    live = _live.get(client, {}).get(table_id)
    return live.id if live is not None else None


def known_content(client: discord.Client, table_id: int, message_id: int) -> str | None:
    """The text of the table's live message `message_id` as this process last left it
    (None: not known here)."""
    live = _live.get(client, {}).get(table_id)
    return live.content if live is not None and live.id == message_id else None


def partial(channel: discord.abc.Messageable, message_id: int) -> discord.PartialMessage | None:
    """The message `message_id` of `channel`, to edit by id without reading it (None
    where the channel's kind has no partial messages)."""
    get = getattr(channel, "get_partial_message", None)
    return get(message_id) if get is not None else None


def stored_message(
    client: discord.Client, channel_id: int, message_id: int
) -> discord.PartialMessage:
    """A stored message of a table, to edit by id: its channel is known by id only."""
    return client.get_partial_messageable(channel_id).get_partial_message(message_id)


def remember_live(client: discord.Client, table_id: int, message: discord.Message | None) -> None:
    """`message` is the table's live message as it now reads (None: it was found gone)."""
    _live.setdefault(client, {})[table_id] = LiveMessage.of(message) if message else None


async def lost_live(client: discord.Client, table_id: int, message_id: int) -> None:
    """The table's live message `message_id` was found deleted: forgotten, here and in
    the database; the next post sends a new one."""
    remember_live(client, table_id, None)
    await host_of(client).service.messages.dropped(table_id, message_id)


async def replace_live(client: discord.Client, table_id: int, message: discord.Message) -> None:
    """Make `message` the table's live message, kept in the database: strip the
    components of every older message of the table still holding some (by id)."""
    messages = host_of(client).service.messages
    await messages.posted(table_id, message.channel.id, message.id, MessageKind.TURN)
    for old in await messages.live(table_id):
        if old.message_id == message.id:
            continue
        try:
            await stored_message(client, old.channel_id, old.message_id).edit(view=None)
        except discord.NotFound:
            pass  # deleted (by a moderator): no components left to clear
        except discord.HTTPException:
            log.warning("table %s: could not clear an old message's components", table_id)
            continue  # still live: its table's end tries again
        await messages.dropped(table_id, old.message_id)
    remember_live(client, table_id, message)
