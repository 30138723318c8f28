"""Reminders: every table whose turn has waited too long gets one reminder. This piece
owns the reminders' claims (`due_reminders`, `mark_reminded`) and the reminder pass
(`remind_due`); the Discord layer (`cogs.reminders`) says what a reminder posts.

After a downtime hundreds of tables may be due at once. Their reminders are posted
with bounded concurrency: at most `REMINDER_CONCURRENCY` tables are loaded and
drawn at a time, so the pass never fills the render pool ahead of a player's turn
(a turn's images wait behind a handful of reminder images at most), and each
table's state is decoded only when its turn comes. A table played between the claim
and its load is skipped: the reminder was for a turn that is over.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.service.store import TableStore
from bot.storage import DueReminder, ShardSet, Table

log = logging.getLogger(__name__)

REMINDER_CONCURRENCY = 4
"""Tables reminded at once."""


class Reminders:
    """The reminders of the tables of `store`: their claims and the reminder pass."""

    def __init__(self, store: TableStore) -> None:
        self._store = store

    async def due_reminders(self, shards: ShardSet | None = None) -> list[DueReminder]:
        """Claim the tables in play (of `shards`, default all) idle for their reminder
        period and not reminded yet this turn: no other call, in this process or
        another, gets them too. Table ids and turns only (load each with
        `Tables.get_table`, and skip it if its turn moved on); confirm each posted
        reminder with `mark_reminded`."""
        clock, storage = self._store.clock, self._store.storage
        return await storage.claim_reminders(clock(), shards or ShardSet.all())

    async def mark_reminded(self, table_id: int) -> None:
        """Note that this turn's reminder was posted (not a change of the game: no new
        version)."""
        await self._store.storage.mark_reminded(table_id)

    async def reminded_now(self, table_id: int) -> None:
        """Note that this turn's reminder was just posted outside the reminder pass (the
        bot back on its server posts each turn it owes there as its reminder), so it
        is not posted again this turn."""
        await self._store.storage.mark_reminded_now(table_id, self._store.clock())

    async def remind_due(
        self,
        post: Callable[[Table], Awaitable[bool]],
        shards: ShardSet | None = None,
        concurrency: int = REMINDER_CONCURRENCY,
    ) -> int:
        """Claim the due tables of `shards` (default all), `post` the reminder of each, then
        mark it reminded; returns how many tables were claimed. A table whose reminder
        raised, or whose `post` returned False (nobody to remind now), stays claimed,
        unconfirmed: it comes back once its claim expires
        (`bot.storage.base.REMINDER_LEASE_SECONDS`)."""
        slots = asyncio.Semaphore(concurrency)

        async def remind(due: DueReminder) -> None:
            async with slots:
                table = await self._store.get(due.table_id)
                if table.status != "playing" or table.turn_started_at != due.turn_started_at:
                    return  # played since the claim: the new turn gets its own when due
                try:
                    posted = await post(table)
                except Exception:
                    log.exception("the reminder of table %s failed", table.id)
                    return
                if posted:
                    await self.mark_reminded(table.id)

        claimed = await self.due_reminders(shards)
        await asyncio.gather(*(remind(due) for due in claimed))
        return len(claimed)
