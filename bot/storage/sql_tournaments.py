"""What both backends do with the same SQL for tournaments' rows (`TournamentRow`):
insert, read, and the version-guarded save (``UPDATE ... WHERE version = ?``), so that
of two saves over one version, from any process, exactly one wins."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar

from bot.storage.records import LIVE_TOURNAMENTS, Row, ShardSet, TournamentRow, TournamentStatus
from bot.storage.sql_people import SqlPrimitives

TOURNAMENT_COLUMNS = (
    "id, guild_id, channel_id, status, version, due_at, created_at, updated_at, data"
)


def _row(row: Row) -> TournamentRow:
    return TournamentRow(
        id=row[0], guild_id=row[1] or None, channel_id=row[2], status=TournamentStatus(row[3]),
        version=row[4], due_at=row[5], created_at=row[6], updated_at=row[7],
        data=json.loads(row[8]),
    )


def _live_marks() -> str:
    return ", ".join(f"'{status.value}'" for status in LIVE_TOURNAMENTS)


INSERT_COLUMNS = "guild_id, channel_id, status, version, due_at, created_at, updated_at, data"


def _values(row: TournamentRow) -> tuple[Any, ...]:
    return (row.guild_id, row.channel_id, row.status.value, row.version, row.due_at,
            row.created_at, row.updated_at, json.dumps(row.data, sort_keys=True))


class SqlTournamentRows(SqlPrimitives):
    """The `Storage` methods of tournaments, over a backend's primitives."""

    tournaments_after_import: ClassVar[tuple[str, ...]] = ()
    """Statements run at the end of `import_tournament`'s transaction."""

    async def insert_tournament(self, row: TournamentRow) -> TournamentRow:
        [inserted] = await self._write_one(
            f"INSERT INTO tournaments ({INSERT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
            "RETURNING id",
            *_values(row),
        )
        return replace(row, id=inserted[0])

    async def tournament(self, tournament_id: int) -> TournamentRow | None:
        rows = await self._rows(
            f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?", tournament_id
        )
        return _row(rows[0]) if rows else None

    async def save_tournament(self, row: TournamentRow, *, previous_version: int) -> bool:
        saved = await self._write_one(
            "UPDATE tournaments SET status = ?, version = ?, due_at = ?, updated_at = ?, "
            "data = ? WHERE id = ? AND version = ? RETURNING id",
            row.status.value, row.version, row.due_at, row.updated_at,
            json.dumps(row.data, sort_keys=True), row.id, previous_version,
        )
        return bool(saved)

    async def tournaments_of(self, guild_id: int | None) -> list[TournamentRow]:
        rows = await self._rows(
            f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE guild_id = ? ORDER BY id",
            guild_id or 0,
        )
        return _rows(rows)

    async def live_tournaments(self, shards: ShardSet) -> list[TournamentRow]:
        marks = ", ".join("?" * len(shards.ids))
        rows = await self._rows(
            f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE status IN ({_live_marks()}) "
            f"AND ((COALESCE(guild_id, 0) >> 22) % ?) IN ({marks}) ORDER BY id",
            shards.count, *sorted(shards.ids),
        )
        return _rows(rows)

    async def every_tournament(self) -> list[TournamentRow]:
        rows = await self._rows(f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments ORDER BY id")
        return _rows(rows)

    async def import_tournament(self, row: TournamentRow) -> None:
        await self._in_transaction([
            (f"INSERT INTO tournaments (id, {INSERT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
             [(row.id, *_values(row))]),
            *((sql, [()]) for sql in self.tournaments_after_import),
        ])


def _rows(rows: Sequence[Row]) -> list[TournamentRow]:
    return [_row(row) for row in rows]
