"""What both backends do with the same SQL: every read, and every write but a save.

`SqlStorage` implements the `Storage` interface on four primitives a backend
provides: `_rows` (a read), `_write_one` (one write statement, atomic),
`_in_transaction` (statements run in one transaction; the three in
`bot.storage.sql_people.SqlPrimitives`) and `_save` (the version-guarded save,
which each backend makes atomic its own way). The rows of the people at the
tables (presence, votes, ping modes, names seen, drafts, invitation cards) are
`bot/storage/sql_people.py`'s. Statements
are written once, with ``?`` for each parameter in order; the PostgreSQL
backend numbers them (`numbered`). Only what differs stays in
`bot/storage/sqlite.py` and `bot/storage/postgres.py`: connecting, migrating,
transactions and the save.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import cache
from typing import Any, ClassVar

from bot.storage.base import Storage
from bot.storage.packed import pack, unpack
from bot.storage.records import (
    COLUMNS,
    REMINDER_LEASE_SECONDS,
    DueReminder,
    LoggedAction,
    OpenTableExists,
    Row,
    ShardSet,
    Table,
    TableStatus,
    logged_action,
    row_values,
    table_from_row,
)
from bot.storage.sql_people import SqlPeopleRows, Statement
from bot.storage.sql_tournaments import SqlTournamentRows

MARKS = ", ".join("?" * len(COLUMNS))
INSERT_TABLE = f"INSERT INTO tables ({', '.join(COLUMNS)}) VALUES ({MARKS}) RETURNING id"
IMPORT_TABLE = f"INSERT INTO tables (id, {', '.join(COLUMNS)}) VALUES (?, {MARKS})"

UPDATE_TABLE = (
    "UPDATE tables SET "
    + ", ".join(f"{column} = ?" for column in COLUMNS if column != "reminded")
    + ", reminded = CASE WHEN turn_started_at = ? THEN reminded ELSE FALSE END"
    ", reminder_claimed_at = CASE WHEN turn_started_at = ? THEN reminder_claimed_at END"
    " WHERE id = ? AND version = ?"
)
"""The version-guarded save of a table's row. Every column but the reminder's, which
belongs to the turn: kept while the turn (named by its start time) stays, cleared when
a new one starts. Parameters: `update_params`."""

INSERT_ACTION = (
    "INSERT INTO actions (table_id, seq, seat, notation, played_by, created_at) "
    "VALUES (?, ?, ?, ?, ?, ?)"
)
INSERT_TAKEN_BACK = "INSERT INTO taken_back (table_id, seq, created_at) VALUES (?, ?, ?)"
INSERT_RESULT = (
    "INSERT INTO results (table_id, guild_id, game, ended_at, summary) VALUES (?, ?, ?, ?, ?)"
)

ACTIONS = (
    "SELECT a.seq, a.seat, a.notation, a.created_at, a.played_by, t.created_at AS taken_back_at "
    "FROM actions a LEFT JOIN taken_back t ON t.table_id = a.table_id AND t.seq = a.seq "
    "WHERE a.table_id = ? ORDER BY a.seq"
)
"""The action log of one table with its take-backs."""

INSERT_PACKED = "INSERT INTO packed_logs (table_id, actions, taken_back, log) VALUES (?, ?, ?, ?)"

COUNTED = (
    "tables", "actions", "taken_back", "results", "presence", "pause_votes", "stand_in_votes",
    "ping_modes", "player_names", "invitation_cards", "tournaments", "table_messages",
)
"""The data tables `counts` reports (ratings are recomputed from the results)."""

PACKED_COUNTS = ("actions", "taken_back")
"""The tables of `COUNTED` whose rows of a finished game are packed in ``packed_logs``
(the column of the same name counts them)."""


def update_params(table: Table, previous_version: int) -> tuple[Any, ...]:
    """The parameters of `UPDATE_TABLE` writing `table` over `previous_version`."""
    turn = table.turn_started_at
    return (*row_values(table)[:-1], turn, turn, table.id, previous_version)


def result_params(table: Table, summary: str) -> tuple[Any, ...]:
    """The parameters of `INSERT_RESULT`: the table ends at its `updated_at`."""
    return (table.id, table.guild_id, table.game, table.updated_at, summary)


def packed_log(table_id: int, log: Sequence[LoggedAction]) -> Statement:
    """The statement storing `log`, packed, as the log of `table_id`."""
    taken_back = sum(entry.taken_back for entry in log)
    return INSERT_PACKED, [(table_id, len(log), taken_back, pack(log))]


def log_rows_deleted(table_id: int) -> list[Statement]:
    """The statements deleting the rows of a log (the database refuses them unless its
    packed copy is stored)."""
    return [
        ("DELETE FROM taken_back WHERE table_id = ?", [(table_id,)]),
        ("DELETE FROM actions WHERE table_id = ?", [(table_id,)]),
    ]


def shard_filter(shards: ShardSet) -> tuple[str, tuple[int, ...]]:
    """The condition on a `tables` row that its server is on one of `shards` (Discord's
    formula, `bot.storage.base.shard_of`), and its parameters."""
    marks = ", ".join("?" * len(shards.ids))
    return (
        f"((COALESCE(guild_id, 0) >> 22) % ?) IN ({marks})",
        (shards.count, *sorted(shards.ids)),
    )


async def _decoded(rows: Sequence[Row]) -> list[Table]:
    """The tables of `rows`, decoded on a thread: every state of a server's games
    (500 Coal Baron tables: 35-80 ms), read at start-up and by the minute's jobs."""
    return await asyncio.to_thread(lambda: [table_from_row(row) for row in rows])


@cache
def numbered(sql: str) -> str:
    """`sql` with its ``?`` marks numbered ``$1``, ``$2``... (PostgreSQL's parameters)."""
    parts = sql.split("?")
    return "".join(f"{part}${n}" for n, part in enumerate(parts[:-1], 1)) + parts[-1]


class SqlStorage(SqlPeopleRows, SqlTournamentRows, Storage):
    """The `Storage` interface over a SQL database, on a backend's primitives
    (`SqlPrimitives`): the tables, their logs, results and ratings, the reminders'
    claims and copying here, the rows of the people at the tables in `SqlPeopleRows`."""

    unique_violation: ClassVar[type[Exception]]
    """What the driver raises when an insert breaks a unique index."""
    after_import: ClassVar[tuple[str, ...]] = ()
    """Statements run at the end of `import_table`'s transaction."""

    # -- tables -------------------------------------------------------------------

    async def insert(self, table: Table) -> Table:
        try:
            [row] = await self._write_one(INSERT_TABLE, *row_values(table))
        except self.unique_violation as error:
            raise OpenTableExists(table.channel_id) from error
        return replace(table, id=row[0])

    async def get(self, table_id: int) -> Table | None:
        rows = await self._rows("SELECT * FROM tables WHERE id = ?", table_id)
        return table_from_row(rows[0]) if rows else None

    async def open_table_in(self, channel_id: int) -> Table | None:
        rows = await self._rows(
            "SELECT * FROM tables WHERE channel_id = ? AND status IN ('lobby', 'playing')",
            channel_id,
        )
        return table_from_row(rows[0]) if rows else None

    async def last_table_in(self, channel_id: int) -> Table | None:
        # Read from the newest id down: a channel's last table is among the latest.
        rows = await self._rows(
            "SELECT * FROM tables WHERE channel_id = ? ORDER BY id DESC LIMIT 1", channel_id
        )
        return table_from_row(rows[0]) if rows else None

    async def playing_tables(self, guild_id: int) -> list[Table]:
        rows = await self._rows(
            "SELECT * FROM tables WHERE guild_id = ? AND status = 'playing' ORDER BY id",
            guild_id,
        )
        return await _decoded(rows)

    async def tables_in_play(self, shards: ShardSet) -> list[Table]:
        where, params = shard_filter(shards)
        rows = await self._rows(
            f"SELECT * FROM tables WHERE status = 'playing' AND {where} ORDER BY id", *params
        )
        return await _decoded(rows)

    async def lobbies(self, guild_id: int) -> list[Table]:
        rows = await self._rows(
            "SELECT * FROM tables WHERE guild_id = ? AND status = 'lobby' ORDER BY id",
            guild_id,
        )
        return [table_from_row(row) for row in rows]

    async def actions(self, table_id: int) -> list[LoggedAction]:
        rows = await self._rows(ACTIONS, table_id)
        if rows:
            return [logged_action(row) for row in rows]
        packed = await self._rows("SELECT log FROM packed_logs WHERE table_id = ?", table_id)
        return unpack(bytes(packed[0][0])) if packed else []

    async def pack_log(self, table_id: int) -> None:
        rows = await self._rows(ACTIONS, table_id)
        if not rows:  # packed already, or nothing logged
            return
        with contextlib.suppress(self.unique_violation):  # another process packed it first
            await self._in_transaction([
                packed_log(table_id, [logged_action(row) for row in rows]),
                *log_rows_deleted(table_id),
            ])

    async def pack_finished_logs(self) -> int:
        rows = await self._rows(
            "SELECT id FROM tables WHERE status = 'finished' "
            "AND EXISTS (SELECT 1 FROM actions WHERE table_id = tables.id) ORDER BY id"
        )
        for row in rows:
            await self.pack_log(row[0])
        return len(rows)

    # -- results and ratings ---------------------------------------------------------

    async def results(self, guild_id: int | None) -> list[str]:
        rows = await self._of_server("SELECT summary", guild_id, " ORDER BY ended_at, table_id")
        return [row[0] for row in rows]

    async def result_count(self, guild_id: int | None) -> int:
        return int((await self._of_server("SELECT count(*)", guild_id))[0][0])

    async def _of_server(self, select: str, guild_id: int | None, order: str = "") -> Sequence[Row]:
        """`select` over the results of a server (None: games outside any server)."""
        if guild_id is None:
            return await self._rows(f"{select} FROM results WHERE guild_id IS NULL{order}")
        return await self._rows(f"{select} FROM results WHERE guild_id = ?{order}", guild_id)

    async def result(self, table_id: int) -> str | None:
        rows = await self._rows("SELECT summary FROM results WHERE table_id = ?", table_id)
        return str(rows[0][0]) if rows else None

    async def ratings(self, guild_id: int | None) -> tuple[str, int] | None:
        rows = await self._rows(
            "SELECT ratings, through FROM ratings WHERE guild_id = ?", guild_id or 0
        )
        return (rows[0][0], rows[0][1]) if rows else None

    async def store_ratings(self, guild_id: int | None, ratings: str, through: int) -> None:
        await self._write_one(
            "INSERT INTO ratings (guild_id, ratings, through) VALUES (?, ?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET ratings = excluded.ratings, "
            "through = excluded.through",
            guild_id or 0, ratings, through,
        )

    # -- reminders ------------------------------------------------------------------

    async def claim_reminders(self, now: float, shards: ShardSet) -> list[DueReminder]:
        where, params = shard_filter(shards)
        rows = await self._write_one(
            "UPDATE tables SET reminder_claimed_at = ? "
            "WHERE status = 'playing' AND NOT reminded "
            "AND turn_started_at + reminder_minutes * 60 <= ? "
            "AND (reminder_claimed_at IS NULL OR reminder_claimed_at <= ?) "
            f"AND {where} RETURNING id, turn_started_at",
            now, now, now - REMINDER_LEASE_SECONDS, *params,
        )
        return sorted(DueReminder(row[0], row[1]) for row in rows)

    async def mark_reminded(self, table_id: int) -> None:
        await self._write_one(
            "UPDATE tables SET reminded = TRUE WHERE id = ? AND reminder_claimed_at IS NOT NULL",
            table_id,
        )

    async def mark_reminded_now(self, table_id: int, now: float) -> None:
        await self._write_one(
            "UPDATE tables SET reminder_claimed_at = COALESCE(reminder_claimed_at, ?), "
            "reminded = TRUE WHERE id = ? AND status = 'playing'",
            now, table_id,
        )

    # -- tables waiting to be posted ---------------------------------------------------

    async def mark_unposted(self, table_id: int, since: float) -> None:
        await self._write_one(
            "UPDATE tables SET unposted_since = COALESCE(unposted_since, ?) WHERE id = ?",
            since, table_id,
        )

    async def mark_posted(self, table_id: int) -> None:
        await self._write_one(
            "UPDATE tables SET unposted_since = NULL WHERE id = ? AND unposted_since IS NOT NULL",
            table_id,
        )

    async def unposted_since(self, table_id: int) -> float | None:
        rows = await self._rows("SELECT unposted_since FROM tables WHERE id = ?", table_id)
        return rows[0][0] if rows else None

    async def unposted_tables(self, shards: ShardSet) -> list[int]:
        where, params = shard_filter(shards)
        rows = await self._rows(
            "SELECT id FROM tables WHERE status IN ('playing', 'finished') "
            "AND unposted_since IS NOT NULL "
            f"AND {where} ORDER BY id", *params,
        )
        return [row[0] for row in rows]

    # -- copying --------------------------------------------------------------------

    async def counts(self) -> dict[str, int]:
        [row] = await self._rows("SELECT " + ", ".join(
            f"(SELECT COUNT(*) FROM {name})"
            + (f" + (SELECT COALESCE(SUM({name}), 0) FROM packed_logs)"
               if name in PACKED_COUNTS else "")
            for name in COUNTED
        ))
        return {name: row[index] for index, name in enumerate(COUNTED)}

    async def table_ids(self) -> list[int]:
        return [row[0] for row in await self._rows("SELECT id FROM tables ORDER BY id")]

    async def import_table(
        self, table: Table, actions: Iterable[LoggedAction], result: str | None = None
    ) -> None:
        logged = list(actions)
        packed = table.status == TableStatus.FINISHED and bool(logged)
        await self._in_transaction([
            (IMPORT_TABLE, [(table.id, *row_values(table))]),
            *([packed_log(table.id, logged)] if packed else [
                (INSERT_ACTION, [(table.id, a.seq, a.seat, a.notation, a.played_by,
                                  a.created_at) for a in logged]),
                (INSERT_TAKEN_BACK, [(table.id, a.seq, a.taken_back_at) for a in logged
                                     if a.taken_back]),
            ]),
            (INSERT_RESULT, [result_params(table, result)] if result is not None else []),
            *((sql, [()]) for sql in self.after_import),
        ])
