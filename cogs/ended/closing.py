"""At a table's end, every public message it left is closed, once.

The messages are those the service kept (`bot.service.messages`): lobby posts, turn
messages and reminders still holding controls, found by id whatever the channel got
since and after a restart. Each is edited to no control, its text saying how and when
the table ended (`cogs.ended.words`): a lobby post is replaced by that line, a turn
message keeps its text under it. A finished game's last message keeps its own end
controls (Rematch, Export, Review) and is not edited. Then the rows are marked closed,
so nothing edits them again; the newest is what a click on an old control links to
(`cogs.ended.clicks`). Invitation cards in other channels are closed by
`cogs.platform.invitations`. Last, the bot dispatches ``table_closed`` (the table):
the local table offers its welcome's one-click games again (`bot.local.table`).
"""

from __future__ import annotations

import logging
from collections.abc import Collection

import discord

from bot.i18n import LocaleLike
from bot.service import Table, TableStatus
from bot.storage import MessageKind, TableMessage
from cogs.ended.words import ended_line
from cogs.platform.host import host_of
from cogs.platform.live import known_content, live_message_id, remember_live, stored_message

log = logging.getLogger(__name__)

MESSAGE_TEXT_LIMIT = 2000
"""Discord's limit on a message's text."""


async def close_table(
    client: discord.Client,
    table: Table,
    locale: LocaleLike,
    *,
    last: discord.Message | None = None,
    gone: Collection[int] = (),
) -> None:
    """Close every message `table`, just ended, left (in `locale`, its server's
    language). `last`: the message that told its end (a finished game's last turn
    message, with its end controls; an abandon's announcement), kept and left as it is.
    `gone`: channels deleted, whose messages went with them."""
    messages = host_of(client).service.messages
    if last is not None:
        finished = table.status == TableStatus.FINISHED
        kind = MessageKind.TURN if finished else MessageKind.NOTICE
        await messages.posted(table.id, last.channel.id, last.id, kind)
    line = ended_line(table, locale)
    for message in await messages.live(table.id):
        if message.channel_id in gone or (last is not None and message.message_id == last.id):
            continue
        await close_message(client, table, message, line)
    await messages.closed(table.id)
    if last is not None and table.status == TableStatus.FINISHED:
        remember_live(client, table.id, last)  # with its end controls
    client.dispatch("table_closed", table)


async def close_message(
    client: discord.Client, table: Table, message: TableMessage, line: str
) -> None:
    """Edit one message of the ended table to no control, with `line` saying so."""
    target = stored_message(client, message.channel_id, message.message_id)
    try:
        if message.kind == MessageKind.LOBBY:
            await target.edit(content=line, view=None,
                              allowed_mentions=discord.AllowedMentions.none())
            return
        told = known_content(client, table.id, message.message_id)
        if told is None:  # after a restart: read once, by id
            told = (await target.fetch()).content
        text = f"{line}\n{told}"[:MESSAGE_TEXT_LIMIT]
        await target.edit(content=text, view=None, allowed_mentions=discord.AllowedMentions.none())
    except discord.NotFound:
        pass  # deleted (by a moderator, or with its channel)
    except discord.HTTPException:
        log.warning("table %s: could not close its message %s", table.id, message.message_id)
    if live_message_id(client, table.id) == message.message_id:
        remember_live(client, table.id, None)
