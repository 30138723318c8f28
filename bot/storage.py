"""SQLite storage for tables and their action logs, through aiosqlite.

One connection in WAL mode. Every use of the connection holds `Storage._lock`,
so a transaction never interleaves with another task's statements; the lock is
held only for the database round trips, never while an engine computes.
Numbered migrations from `bot/migrations` are applied when the storage opens.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.games.base import GameState, Seat
from bot.games.registry import get_game

T = TypeVar("T")

MIGRATION_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


@dataclass(frozen=True)
class Table:
    """One row of `games`, with its state decoded: a game in a channel."""

    id: int
    guild_id: int | None
    channel_id: int
    game: str
    creator_id: int
    seats: tuple[int, ...]
    """Discord user ids; the index is the engine seat."""
    status: str
    """"lobby" | "playing" | "finished" | "abandoned"."""
    options: dict[str, Any]
    seed: int
    version: int
    """Bumped by every change, so a click can say which state it was made against."""
    reminder_minutes: int
    created_at: float
    updated_at: float
    turn_started_at: float
    """When the current seat(s) became to act."""
    reminded: bool
    """One reminder was already posted for this turn."""
    state: GameState[Any] | None
    """None in the lobby."""

    def seat_of(self, user_id: int) -> Seat | None:
        """The engine seat of `user_id`, or None if they are not seated."""
        try:
            return self.seats.index(user_id)
        except ValueError:
            return None

    def users_to_act(self) -> tuple[int, ...]:
        """User ids of the seats the game waits for (empty outside play)."""
        if self.status != "playing" or self.state is None:
            return ()
        return tuple(self.seats[seat] for seat in self.state.to_act())


@dataclass(frozen=True)
class LoggedAction:
    """One entry of a table's append-only action log."""

    seq: int
    seat: Seat
    notation: str
    created_at: float


_COLUMNS = (
    "guild_id, channel_id, game, creator_id, seats, status, options, seed, state, "
    "version, reminder_minutes, created_at, updated_at, turn_started_at, reminded"
)

_ASSIGNMENTS = ", ".join(f"{column.strip()} = ?" for column in _COLUMNS.split(","))


def _row_values(table: Table) -> tuple[Any, ...]:
    """`table` as the values of `_COLUMNS`, in order."""
    return (
        table.guild_id,
        table.channel_id,
        table.game,
        table.creator_id,
        json.dumps(list(table.seats)),
        table.status,
        json.dumps(table.options, sort_keys=True),
        table.seed,
        None if table.state is None else json.dumps(table.state.to_json(), sort_keys=True),
        table.version,
        table.reminder_minutes,
        table.created_at,
        table.updated_at,
        table.turn_started_at,
        int(table.reminded),
    )


def _table_from_row(row: aiosqlite.Row) -> Table:
    state_json = row["state"]
    state = None if state_json is None else get_game(row["game"]).from_json(json.loads(state_json))
    return Table(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        game=row["game"],
        creator_id=row["creator_id"],
        seats=tuple(json.loads(row["seats"])),
        status=row["status"],
        options=json.loads(row["options"]),
        seed=row["seed"],
        version=row["version"],
        reminder_minutes=row["reminder_minutes"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        turn_started_at=row["turn_started_at"],
        reminded=bool(row["reminded"]),
        state=state,
    )


def migration_scripts() -> list[tuple[int, str, str]]:
    """The (number, name, sql) of every file in `bot/migrations`, by number."""
    found = []
    for entry in resources.files("bot.migrations").iterdir():
        match = MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match[1]), match[2], entry.read_text(encoding="utf-8")))
    found.sort()
    numbers = [number for number, _, _ in found]
    if len(set(numbers)) != len(numbers):
        raise RuntimeError(f"two migrations share a number: {numbers}")
    return found


class Storage:
    """The database of tables. Create with `await Storage.open(path)`."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> Storage:
        """Open (creating it and its folder if needed) and migrate the database at `path`."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: no implicit transactions, we BEGIN and COMMIT ourselves.
        db = await aiosqlite.connect(path, isolation_level=None)
        db.row_factory = aiosqlite.Row
        try:
            await _run(db, "PRAGMA journal_mode = WAL")
            # FULL: a COMMIT is on disk before act() returns, even across a power cut.
            await _run(db, "PRAGMA synchronous = FULL")
            await _run(db, "PRAGMA foreign_keys = ON")
            await _run(db, "PRAGMA busy_timeout = 5000")
            await _migrate(db)
        except BaseException:
            await db.close()
            raise
        return cls(db)

    async def close(self) -> None:
        async with self._lock:
            await self._db.close()

    async def _write(self, work: Callable[[aiosqlite.Connection], Awaitable[T]]) -> T:
        """Run `work` in one write transaction, rolled back if anything raises.

        Shielded from cancellation: once begun, the transaction runs to COMMIT or
        ROLLBACK even if the caller is cancelled (say, at shutdown), so the
        connection is never left inside a transaction.
        """
        return await asyncio.shield(self._transaction(work))

    async def _transaction(self, work: Callable[[aiosqlite.Connection], Awaitable[T]]) -> T:
        async with self._lock:
            await _run(self._db, "BEGIN IMMEDIATE")
            try:
                result = await work(self._db)
                await _run(self._db, "COMMIT")
            except BaseException:
                if self._db.in_transaction:  # a failed COMMIT may have rolled back already
                    await _run(self._db, "ROLLBACK")
                raise
            return result

    async def _fetch(self, sql: str, params: Iterable[Any] = ()) -> list[aiosqlite.Row]:
        async with self._lock, self._db.execute(sql, tuple(params)) as cursor:
            return list(await cursor.fetchall())

    # -- tables -------------------------------------------------------------------

    async def insert(self, table: Table) -> Table:
        """Store a new table; returns it with its id (the id of `table` is ignored).

        Raises `sqlite3.IntegrityError` if the channel already has an open table.
        """
        values = _row_values(table)
        placeholders = ", ".join("?" * len(values))

        async def work(db: aiosqlite.Connection) -> int | None:
            _, lastrowid = await _run(
                db, f"INSERT INTO games ({_COLUMNS}) VALUES ({placeholders})", values
            )
            return lastrowid

        table_id = await self._write(work)
        assert table_id is not None
        return replace(table, id=table_id)

    async def get(self, table_id: int) -> Table | None:
        rows = await self._fetch("SELECT * FROM games WHERE id = ?", (table_id,))
        return _table_from_row(rows[0]) if rows else None

    async def open_table_in(self, channel_id: int) -> Table | None:
        """The table of `channel_id` in its lobby or in play, if any."""
        rows = await self._fetch(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'playing')",
            (channel_id,),
        )
        return _table_from_row(rows[0]) if rows else None

    async def save(
        self, table: Table, *, previous_version: int, action: tuple[Seat, str] | None = None
    ) -> bool:
        """Write `table` over its row if the row still has `previous_version`.

        With `action` (seat, canonical notation), also append it to the log, stamped
        `table.updated_at`, in the same transaction: either both are stored or
        neither. Returns False (and writes nothing) if the row moved on meanwhile.
        """

        async def work(db: aiosqlite.Connection) -> bool:
            if not await self._update_game(db, table, previous_version):
                return False
            if action is not None:
                await self._append_action(db, table.id, *action, table.updated_at)
            return True

        return await self._write(work)

    async def _update_game(
        self, db: aiosqlite.Connection, table: Table, previous_version: int
    ) -> bool:
        rowcount, _ = await _run(
            db,
            f"UPDATE games SET {_ASSIGNMENTS} WHERE id = ? AND version = ?",
            (*_row_values(table), table.id, previous_version),
        )
        return rowcount == 1

    async def _append_action(
        self, db: aiosqlite.Connection, table_id: int, seat: Seat, notation: str, at: float
    ) -> None:
        await _run(
            db,
            "INSERT INTO actions (game_id, seq, seat, notation, created_at) "
            "SELECT ?, COUNT(*), ?, ?, ? FROM actions WHERE game_id = ?",
            (table_id, seat, notation, at, table_id),
        )

    async def actions(self, table_id: int) -> list[LoggedAction]:
        """The action log of a table, oldest first."""
        rows = await self._fetch(
            "SELECT seq, seat, notation, created_at FROM actions WHERE game_id = ? ORDER BY seq",
            (table_id,),
        )
        return [LoggedAction(r["seq"], r["seat"], r["notation"], r["created_at"]) for r in rows]

    # -- reminders ------------------------------------------------------------------

    async def due_reminder_ids(self, now: float) -> list[int]:
        """Ids of the tables in play whose turn started `reminder_minutes` ago or more, not
        yet reminded. Ids only: after a downtime they may be many, and decoding every
        state at once would hold the event loop."""
        rows = await self._fetch(
            "SELECT id FROM games WHERE status = 'playing' AND reminded = 0 "
            "AND turn_started_at + reminder_minutes * 60 <= ? ORDER BY id",
            (now,),
        )
        return [row["id"] for row in rows]

    async def mark_reminded(self, table_id: int) -> None:
        """Note that this turn's reminder was posted (not a change of the game: no new version)."""

        async def work(db: aiosqlite.Connection) -> None:
            await _run(db, "UPDATE games SET reminded = 1 WHERE id = ?", (table_id,))

        await self._write(work)


async def _run(
    db: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()
) -> tuple[int, int | None]:
    """Execute one statement and close its cursor at once; returns (rowcount, lastrowid).

    A cursor left open keeps its statement "in progress" until it is garbage
    collected, and SQLite refuses to COMMIT while one is: never leave one open.
    """
    async with db.execute(sql, tuple(params)) as cursor:
        return cursor.rowcount, cursor.lastrowid


async def _migrate(db: aiosqlite.Connection) -> None:
    """Apply, each in its own transaction, the migrations not yet recorded."""
    await _run(
        db,
        "CREATE TABLE IF NOT EXISTS schema_migrations "
        "(number INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at REAL NOT NULL)"
    )
    async with db.execute("SELECT number FROM schema_migrations") as cursor:
        applied = {row[0] for row in await cursor.fetchall()}
    for number, name, sql in migration_scripts():
        if number in applied:
            continue
        # executescript takes no parameters; number and name come from a checked file name.
        script = (
            f"BEGIN IMMEDIATE;\n{sql}\n"
            f"INSERT INTO schema_migrations (number, name, applied_at) "
            f"VALUES ({number}, '{name}', {time.time()!r});\nCOMMIT;"
        )
        try:
            await (await db.executescript(script)).close()
        except BaseException:
            if db.in_transaction:
                await _run(db, "ROLLBACK")
            raise
