"""The one lock per table and the one transaction of a change, shared by every piece of
the service (`bot.service`).

A change is: hold the table's lock, read the table as stored (`locked`), check and
compute the new table, then save it with its action log row (if any) and its new
version in one transaction (`save`). Calls on one table are serialized by a
per-table asyncio.Lock; the save is also guarded by the version (``UPDATE ... WHERE
version = ?``), so even a second process could not apply two actions against the
same state. Calls on different tables never wait for each other (they only share
the few milliseconds of a database write).

The state is read from the database for every call, never cached, so a failure
anywhere before COMMIT leaves nothing half-done.
"""

from __future__ import annotations

import asyncio
import json
import weakref
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any

from bot.games.base import Seat
from bot.outcomes.summaries import GameSummary
from bot.service.errors import NotCreator, NotInLobby, StaleAction, TableNotFound
from bot.service.life import TableLife, changes
from bot.storage import LoggedAction, Storage, Table, TableStatus
from bot.storage.table_settings import with_settings

LARGEST_TABLE_ID = 2**63 - 1
"""SQLite's largest integer: no table has a larger number (nor one below 1)."""


class TableStore:
    """The tables of `storage`, read and changed one call per table at a time; `clock`
    gives unix seconds; each change stored is told to `life`'s listeners
    (`bot.service.life`)."""

    def __init__(self, storage: Storage, clock: Callable[[], float]) -> None:
        self.storage = storage
        self.clock = clock
        self.life = TableLife()
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )

    async def get(self, table_id: int) -> Table:
        """The table numbered `table_id`; TableNotFound for any other number, even one
        SQLite could not hold (a forged custom_id may carry any digits)."""
        if not 1 <= table_id <= LARGEST_TABLE_ID:
            raise TableNotFound(table_id=table_id)
        table = await self.storage.get(table_id)
        if table is None:
            raise TableNotFound(table_id=table_id)
        return table

    @asynccontextmanager
    async def locked(self, table_id: int) -> AsyncIterator[Table]:
        """Hold the table's lock and yield the table as currently stored."""
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        async with lock:
            yield await self.get(table_id)

    async def log(self, table_id: int) -> list[LoggedAction]:
        """The table's action log, the actions taken back left out."""
        return [entry for entry in await self.storage.actions(table_id) if not entry.taken_back]

    async def save(
        self,
        old: Table,
        new: Table,
        action: tuple[Seat, str] | None = None,
        *,
        played_by: int | None = None,
        taking_back: int | None = None,
        result: GameSummary | None = None,
        now: float | None = None,
    ) -> Table:
        """Store `new` (with a bumped version, updated `now` or at the clock's time) in
        place of `old`; StaleAction if it moved on."""
        now = self.clock() if now is None else now
        new = replace(new, version=old.version + 1, updated_at=now)
        saved = await self.storage.save(
            new,
            previous_version=old.version,
            action=action,
            played_by=played_by,
            taking_back=taking_back,
            result=None if result is None else json.dumps(result.to_json(), sort_keys=True),
        )
        if not saved:
            raise StaleAction("the table changed while this action was being played")
        self.life.publish(*changes(old, new))
        return new

    async def set_lobby_settings(self, table_id: int, user_id: int, **changes: Any) -> Table:
        """The creator changes, in the lobby, the table's own settings (`with_settings`:
        None removes one), e.g. the take-over option."""
        async with self.locked(table_id) as table:
            if user_id != table.creator_id:
                raise NotCreator()
            if table.status != TableStatus.LOBBY:
                raise NotInLobby()
            changed = replace(table, options=with_settings(table, **changes))
            return await self.save_settings(table, changed)

    async def save_settings(self, old: Table, new: Table) -> Table:
        """Store a change of the table's settings alone. It is no change of the game:
        the version stays, so the turn's buttons stay valid (the table's lock
        orders it with the actions)."""
        if not await self.storage.save(new, previous_version=old.version):
            raise StaleAction("the table changed while its settings were being saved")
        self.life.publish(*changes(old, new))
        return new
