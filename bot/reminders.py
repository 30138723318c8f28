"""The reminder pass: every table whose turn has waited too long gets one reminder.

After a downtime hundreds of tables may be due at once. Their reminders are posted
with bounded concurrency: at most `REMINDER_CONCURRENCY` tables are loaded and
drawn at a time, so the pass never fills the render pool ahead of a player's turn
(a turn's images wait behind a handful of reminder images at most), and each
table's state is decoded only when its turn comes.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.service import GameService, Table
from bot.storage import ShardSet

log = logging.getLogger(__name__)

REMINDER_CONCURRENCY = 4
"""Tables reminded at once."""


async def remind_due(
    service: GameService,
    post: Callable[[Table], Awaitable[None]],
    shards: ShardSet | None = None,
    concurrency: int = REMINDER_CONCURRENCY,
) -> int:
    """Claim the due tables of `shards` (default all), `post` the reminder of each, then
    mark it reminded; returns how many tables were claimed. A table whose reminder
    raised stays claimed, unconfirmed: it comes back once its claim expires
    (`bot.storage.base.REMINDER_LEASE_SECONDS`)."""
    slots = asyncio.Semaphore(concurrency)

    async def remind(table_id: int) -> None:
        async with slots:
            table = await service.get_table(table_id)
            try:
                await post(table)
            except Exception:
                log.exception("the reminder of table %s failed", table_id)
                return
            await service.mark_reminded(table_id)

    due = await service.due_reminder_ids(shards)
    await asyncio.gather(*(remind(table_id) for table_id in due))
    return len(due)
