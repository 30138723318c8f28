"""The public messages a table left in its channel: its lobby posts, turn messages and
reminders, and the notice of its end (docs/platform.md, "A table that ends").

The Discord layer keeps each message with controls when it posts it (`posted`),
forgets one once a newer message took its controls or it is gone (`dropped`), and,
when the table ends, closes every message still live and marks them closed (`closed`):
each is edited once. The rows are found by the table, never by reading the channel, so
a busy channel or a restart changes nothing; the newest of them (`last`) is where a
click on an ended table's old control is sent.
"""

from __future__ import annotations

from bot.service.store import TableStore
from bot.storage import MessageKind, TableMessage


class Messages:
    """The public messages of the tables of `store`."""

    def __init__(self, store: TableStore) -> None:
        self._store = store

    async def posted(
        self, table_id: int, channel_id: int, message_id: int, kind: MessageKind
    ) -> None:
        """Keep a message just posted (kept already: nothing changes); a notice, which
        has no control, is kept closed."""
        live = kind != MessageKind.NOTICE
        message = TableMessage(table_id, message_id, channel_id, kind, live)
        await self._store.storage.remember_message(message)

    async def live(self, table_id: int) -> list[TableMessage]:
        """The table's messages that may still show its controls, oldest first."""
        return [m for m in await self._store.storage.table_messages(table_id) if m.live]

    async def last(self, table_id: int) -> TableMessage | None:
        """The table's newest message kept (None: none)."""
        messages = await self._store.storage.table_messages(table_id)
        return messages[-1] if messages else None

    async def dropped(self, table_id: int, message_id: int) -> None:
        """A message lost its controls to a newer one of the table, or is gone."""
        await self._store.storage.forget_message(table_id, message_id)

    async def closed(self, table_id: int) -> None:
        """Every message of the ended table was closed: none is edited again."""
        await self._store.storage.close_messages(table_id)
