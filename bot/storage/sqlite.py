"""The SQLite backend (the default): one file, through aiosqlite.

One connection in WAL mode. Every use of the connection holds `_lock`, so a
transaction never interleaves with another task's statements; the lock is held
only for the database round trips, never while an engine computes. Numbered
migrations from `bot/storage/sqlite_migrations` are applied when it opens.

Another process may hold the file (a second bot, a backup tool): a write then
waits at most `BUSY_TIMEOUT_MS`, set before anything else at start-up, and
raises `TableBusy`, so the player is answered within Discord's 3 seconds.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.errors import TableBusy
from bot.games.base import Seat
from bot.storage.base import (
    ACTIONS_QUERY,
    COLUMNS,
    REMINDER_LEASE_SECONDS,
    DueReminder,
    LoggedAction,
    OpenTableExists,
    Presence,
    ShardSet,
    StartupError,
    Storage,
    Table,
    logged_action,
    migration_scripts,
    row_values,
    table_from_row,
)

T = TypeVar("T")

MIGRATIONS = "bot.storage.sqlite_migrations"

BUSY_TIMEOUT_MS = 1500
"""How long a statement waits for a lock another process holds before giving up."""

_ACTIONS = ACTIONS_QUERY.format(table="?")
_RESULT = "INSERT INTO results (game_id, guild_id, game, ended_at, summary) VALUES (?, ?, ?, ?, ?)"
_INSERT = f"INSERT INTO games ({', '.join(COLUMNS)}) VALUES ({', '.join('?' * len(COLUMNS))})"

# Every column but the reminder's, which belongs to the turn: kept while the turn
# (named by its start time) stays, cleared when a new one starts.
_SAVE = (
    "UPDATE games SET "
    + ", ".join(f"{column} = ?" for column in COLUMNS if column != "reminded")
    + ", reminded = CASE WHEN turn_started_at = ? THEN reminded ELSE 0 END"
    ", reminder_claimed_at = CASE WHEN turn_started_at = ? THEN reminder_claimed_at END"
    " WHERE id = ? AND version = ?"
)


class SqliteStorage(Storage):
    """Tables in one SQLite file: `await SqliteStorage.connect(path)`."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._lock = asyncio.Lock()

    @classmethod
    async def connect(cls, path: Path) -> SqliteStorage:
        """Open (creating it and its folder if needed), check and migrate the file at `path`.

        Raises `StartupError` if the file cannot serve: a folder, not a database or
        damaged, read-only, or locked by another process. Nothing is written to the
        file before these checks pass.
        """
        if path.is_dir():
            raise StartupError(
                f"DATABASE_PATH={path} is a folder: give the path of a file, "
                f"for example {path / 'mine-table.sqlite3'}"
            )
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StartupError(
                f"cannot create the folder of DATABASE_PATH={path} ({error.strerror}): "
                "create it, or choose another path"
            ) from error
        # isolation_level=None: no implicit transactions, we BEGIN and COMMIT ourselves.
        # timeout: the busy wait, set with the connection, before any statement (the
        # pragmas below included) may meet another process's lock.
        db = await aiosqlite.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
        db.row_factory = aiosqlite.Row
        try:
            await _check_integrity(db)
            await _run(db, "PRAGMA journal_mode = WAL")
            # FULL: a COMMIT is on disk before act() returns, even across a power cut.
            await _run(db, "PRAGMA synchronous = FULL")
            await _run(db, "PRAGMA foreign_keys = ON")
            await _run(db, "BEGIN IMMEDIATE")  # can we write? (waits out a short lock)
            await _run(db, "ROLLBACK")
            await _migrate(db)
        except sqlite3.Error as error:
            await db.close()
            raise _startup_error(path, error) from error
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
            await _run_or_busy(self._db, "BEGIN IMMEDIATE")
            try:
                result = await work(self._db)
                await _run_or_busy(self._db, "COMMIT")
            except BaseException:
                if self._db.in_transaction:  # a failed COMMIT may have rolled back already
                    await _run(self._db, "ROLLBACK")
                raise
            return result

    async def _fetch(self, sql: str, params: Iterable[Any] = ()) -> list[aiosqlite.Row]:
        async with self._lock:
            try:
                async with self._db.execute(sql, tuple(params)) as cursor:
                    return list(await cursor.fetchall())
            except sqlite3.OperationalError as error:
                raise _busy_or(error) from error

    # -- tables -------------------------------------------------------------------

    async def insert(self, table: Table) -> Table:
        async def work(db: aiosqlite.Connection) -> int | None:
            try:
                _, lastrowid = await _run(db, _INSERT, row_values(table))
            except sqlite3.IntegrityError as error:
                raise OpenTableExists(table.channel_id) from error
            return lastrowid

        table_id = await self._write(work)
        assert table_id is not None
        return replace(table, id=table_id)

    async def get(self, table_id: int) -> Table | None:
        rows = await self._fetch("SELECT * FROM games WHERE id = ?", (table_id,))
        return table_from_row(rows[0]) if rows else None

    async def open_table_in(self, channel_id: int) -> Table | None:
        rows = await self._fetch(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'playing')",
            (channel_id,),
        )
        return table_from_row(rows[0]) if rows else None

    async def playing_tables(self, guild_id: int) -> list[Table]:
        rows = await self._fetch(
            "SELECT * FROM games WHERE guild_id = ? AND status = 'playing' ORDER BY id",
            (guild_id,),
        )
        return [table_from_row(row) for row in rows]

    async def save(
        self,
        table: Table,
        *,
        previous_version: int,
        action: tuple[Seat, str] | None = None,
        played_by: int | None = None,
        taking_back: int | None = None,
        result: str | None = None,
    ) -> bool:
        async def work(db: aiosqlite.Connection) -> bool:
            if not await self._update_game(db, table, previous_version):
                return False
            if action is not None:
                await self._append_action(db, table.id, *action, played_by, table.updated_at)
            if taking_back is not None:
                await _run(
                    db,
                    "INSERT INTO taken_back (game_id, seq, created_at) VALUES (?, ?, ?)",
                    (table.id, taking_back, table.updated_at),
                )
            if result is not None:
                await _run(db, _RESULT, (table.id, table.guild_id, table.game,
                                         table.updated_at, result))
            return True

        return await self._write(work)

    async def _update_game(
        self, db: aiosqlite.Connection, table: Table, previous_version: int
    ) -> bool:
        values = row_values(table)[:-1]  # all but `reminded`, the last column
        turn = table.turn_started_at
        rowcount, _ = await _run(db, _SAVE, (*values, turn, turn, table.id, previous_version))
        return rowcount == 1

    async def _append_action(
        self,
        db: aiosqlite.Connection,
        table_id: int,
        seat: Seat,
        notation: str,
        played_by: int | None,
        at: float,
    ) -> None:
        await _run(
            db,
            "INSERT INTO actions (game_id, seq, seat, notation, played_by, created_at) "
            "SELECT ?, COUNT(*), ?, ?, ?, ? FROM actions WHERE game_id = ?",
            (table_id, seat, notation, played_by, at, table_id),
        )

    async def actions(self, table_id: int) -> list[LoggedAction]:
        rows = await self._fetch(_ACTIONS, (table_id,))
        return [logged_action(row) for row in rows]

    # -- results and ratings ---------------------------------------------------------

    async def results(self, guild_id: int | None) -> list[str]:
        rows = await self._fetch(
            "SELECT summary FROM results WHERE guild_id IS ? ORDER BY ended_at, game_id",
            (guild_id,),
        )
        return [row[0] for row in rows]

    async def result(self, table_id: int) -> str | None:
        rows = await self._fetch("SELECT summary FROM results WHERE game_id = ?", (table_id,))
        return rows[0][0] if rows else None

    async def ratings(self, guild_id: int | None) -> tuple[str, int] | None:
        rows = await self._fetch(
            "SELECT ratings, through FROM ratings WHERE guild_id = ?", (guild_id or 0,)
        )
        return (rows[0][0], rows[0][1]) if rows else None

    async def store_ratings(self, guild_id: int | None, ratings: str, through: int) -> None:
        async def work(db: aiosqlite.Connection) -> None:
            await _run(
                db,
                "INSERT INTO ratings (guild_id, ratings, through) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET ratings = excluded.ratings, "
                "through = excluded.through",
                (guild_id or 0, ratings, through),
            )

        await self._write(work)

    # -- presence -------------------------------------------------------------------

    async def presence(self, user_ids: Iterable[int]) -> dict[int, Presence]:
        wanted = list(dict.fromkeys(user_ids))
        found = {user: Presence() for user in wanted}
        if wanted:
            rows = await self._fetch(
                "SELECT user_id, away_until, dm_reminders FROM presence "
                f"WHERE user_id IN ({', '.join('?' * len(wanted))})",
                wanted,
            )
            for row in rows:
                found[row[0]] = Presence(row[1], bool(row[2]))
        return found

    async def every_presence(self) -> dict[int, Presence]:
        rows = await self._fetch("SELECT user_id, away_until, dm_reminders FROM presence")
        return {row[0]: Presence(row[1], bool(row[2])) for row in rows}

    async def set_presence(self, user_id: int, presence: Presence) -> None:
        async def work(db: aiosqlite.Connection) -> None:
            await _run(
                db,
                "INSERT INTO presence (user_id, away_until, dm_reminders) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET away_until = excluded.away_until, "
                "dm_reminders = excluded.dm_reminders",
                (user_id, presence.away_until, presence.dm_reminders),
            )

        await self._write(work)

    async def vote_pause(self, table_id: int, away_id: int, away_until: float, voter: int) -> None:
        async def work(db: aiosqlite.Connection) -> None:
            await _run(
                db,
                "INSERT INTO pause_votes (game_id, away_id, away_until, voter_id) "
                "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (table_id, away_id, away_until, voter),
            )

        await self._write(work)

    async def pause_votes(self, table_id: int) -> dict[tuple[int, float], set[int]]:
        rows = await self._fetch(
            "SELECT away_id, away_until, voter_id FROM pause_votes WHERE game_id = ?",
            (table_id,),
        )
        votes: dict[tuple[int, float], set[int]] = {}
        for away_id, until, voter in rows:
            votes.setdefault((away_id, until), set()).add(voter)
        return votes

    # -- reminders ------------------------------------------------------------------

    async def claim_reminders(self, now: float, shards: ShardSet) -> list[DueReminder]:
        shard_filter, shard_params = "", []
        if not shards.holds_all:
            marks = ", ".join("?" * len(shards.ids))
            shard_filter = f" AND ((COALESCE(guild_id, 0) >> 22) % ?) IN ({marks})"
            shard_params = [shards.count, *sorted(shards.ids)]

        async def work(db: aiosqlite.Connection) -> list[DueReminder]:
            async with db.execute(
                "UPDATE games SET reminder_claimed_at = ? "
                "WHERE status = 'playing' AND reminded = 0 "
                "AND turn_started_at + reminder_minutes * 60 <= ? "
                "AND (reminder_claimed_at IS NULL OR reminder_claimed_at <= ?)"
                f"{shard_filter} RETURNING id, turn_started_at",
                (now, now, now - REMINDER_LEASE_SECONDS, *shard_params),
            ) as cursor:
                rows = await cursor.fetchall()
            return sorted(DueReminder(row["id"], row["turn_started_at"]) for row in rows)

        return await self._write(work)

    async def mark_reminded(self, table_id: int) -> None:
        async def work(db: aiosqlite.Connection) -> None:
            await _run(
                db,
                "UPDATE games SET reminded = 1 WHERE id = ? AND reminder_claimed_at IS NOT NULL",
                (table_id,),
            )

        await self._write(work)

    # -- copying --------------------------------------------------------------------

    async def counts(self) -> dict[str, int]:
        counts = {}
        for name in ("games", "actions", "taken_back", "results", "presence", "pause_votes"):
            [row] = await self._fetch(f"SELECT COUNT(*) FROM {name}")
            counts[name] = row[0]
        return counts

    async def table_ids(self) -> list[int]:
        return [row[0] for row in await self._fetch("SELECT id FROM games ORDER BY id")]

    async def import_table(
        self, table: Table, actions: Iterable[LoggedAction], result: str | None = None
    ) -> None:
        async def work(db: aiosqlite.Connection) -> None:
            await _run(
                db,
                f"INSERT INTO games (id, {', '.join(COLUMNS)}) "
                f"VALUES (?, {', '.join('?' * len(COLUMNS))})",
                (table.id, *row_values(table)),
            )
            logged = list(actions)
            await db.executemany(
                "INSERT INTO actions (game_id, seq, seat, notation, played_by, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [(table.id, a.seq, a.seat, a.notation, a.played_by, a.created_at) for a in logged],
            )
            await db.executemany(
                "INSERT INTO taken_back (game_id, seq, created_at) VALUES (?, ?, ?)",
                [(table.id, a.seq, a.taken_back_at) for a in logged if a.taken_back],
            )
            if result is not None:
                await _run(db, _RESULT, (table.id, table.guild_id, table.game,
                                         table.updated_at, result))

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


async def _run_or_busy(db: aiosqlite.Connection, sql: str) -> None:
    """`_run`, with a lock held too long by another process raised as `TableBusy`."""
    try:
        await _run(db, sql)
    except sqlite3.OperationalError as error:
        raise _busy_or(error) from error


def _busy_or(error: sqlite3.OperationalError) -> Exception:
    """`TableBusy` if `error` says another process holds the database, else `error`."""
    if error.sqlite_errorcode in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return TableBusy("the database is locked by another process")
    return error


async def _check_integrity(db: aiosqlite.Connection) -> None:
    """Raise `sqlite3.DatabaseError` if the file is damaged (cheap on a healthy one)."""
    async with db.execute("PRAGMA quick_check") as cursor:
        problems = [row[0] for row in await cursor.fetchall()]
    if problems != ["ok"]:
        raise sqlite3.DatabaseError(f"database disk image is malformed: {problems[0]}")


def _startup_error(path: Path, error: sqlite3.Error) -> StartupError:
    """The operator's one line for a database that cannot be opened."""
    code = getattr(error, "sqlite_errorcode", None)
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return StartupError(
            f"the database {path} is locked by another process (another bot on the same "
            "file?): stop that process, or give this one its own DATABASE_PATH"
        )
    if code in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM):
        return StartupError(
            f"the database {path} cannot be written ({error}): let the bot's user write "
            "the file and its folder (chmod/chown), or choose another DATABASE_PATH"
        )
    if isinstance(error, sqlite3.DatabaseError) and not isinstance(
        error, sqlite3.OperationalError
    ):
        return StartupError(
            f"the database {path} is damaged or not a SQLite database ({error}): restore it "
            "from a backup (see docs/deploy.md), or move it away to start with an empty one"
        )
    return StartupError(f"cannot open the database {path}: {error}")


async def _migrate(db: aiosqlite.Connection) -> None:
    """Apply, each in its own transaction, the migrations not yet recorded.

    A process killed at any point leaves the file at a migration boundary (a
    migration and its record commit together), and the next start goes on.
    """
    await _run(
        db,
        "CREATE TABLE IF NOT EXISTS schema_migrations "
        "(number INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at REAL NOT NULL)",
    )
    async with db.execute("SELECT number FROM schema_migrations") as cursor:
        applied = {row[0] for row in await cursor.fetchall()}
    for number, name, sql in migration_scripts(MIGRATIONS):
        if number not in applied:
            await _apply(db, number, name, sql)


async def _apply(db: aiosqlite.Connection, number: int, name: str, sql: str) -> None:
    """Run one migration and record it, in one transaction."""
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
