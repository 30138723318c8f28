"""Tables waiting to be posted: a change stored whose post Discord refused or failed (a
permission missing, a locked thread, a server error). This piece owns the mark; the
Discord layer (`cogs.platform.posting`) sets it when a post fails, reads it before a
post (the next one that succeeds is the table posted again) and clears it after, and
the reminder loop (`cogs.reminders`) tries the waiting tables at each tick. The mark is
stored, so a restart keeps it (docs/platform.md, "A post that fails").
"""

from __future__ import annotations

from bot.service.store import TableStore
from bot.storage import ShardSet


class Posts:
    """The tables of `store` waiting to be posted."""

    def __init__(self, store: TableStore) -> None:
        self._store = store

    async def failed(self, table_id: int) -> None:
        """The table's post failed: it waits to be posted, since now (or since an
        earlier failure not yet made good)."""
        storage = self._store.storage
        await storage.mark_unposted(table_id, self._store.clock())

    async def posted(self, table_id: int) -> None:
        """The table's channel shows it again."""
        await self._store.storage.mark_posted(table_id)

    async def waiting_since(self, table_id: int) -> float | None:
        """Since when the table waits to be posted; None if its channel shows it."""
        return await self._store.storage.unposted_since(table_id)

    async def waiting(self, shards: ShardSet | None = None) -> list[int]:
        """The tables in play or finished (of `shards`, default all) waiting to be
        posted; not an abandoned one."""
        return await self._store.storage.unposted_tables(shards or ShardSet.all())
