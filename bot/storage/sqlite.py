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
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.errors import TableBusy
from bot.storage.base import SaveAlso, StartupError, Table, migration_scripts
from bot.storage.sql import (
    INSERT_RESULT,
    INSERT_TAKEN_BACK,
    UPDATE_TABLE,
    SqlStorage,
    Statement,
    result_params,
    update_params,
)

T = TypeVar("T")

MIGRATIONS = "bot.storage.sqlite_migrations"

BUSY_TIMEOUT_MS = 1500
"""How long a statement waits for a lock another process holds before giving up."""

_APPEND_ACTION = (
    "INSERT INTO actions (table_id, seq, seat, notation, played_by, created_at) "
    "SELECT ?, COUNT(*), ?, ?, ?, ? FROM actions WHERE table_id = ?"
)


class SqliteStorage(SqlStorage):
    """Tables in one SQLite file: `await SqliteStorage.connect(path)`."""

    unique_violation = sqlite3.IntegrityError

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

    async def _rows(self, sql: str, *params: Any) -> list[aiosqlite.Row]:
        async with self._lock:
            try:
                async with self._db.execute(sql, params) as cursor:
                    return list(await cursor.fetchall())
            except sqlite3.OperationalError as error:
                raise _busy_or(error) from error

    async def _write_one(self, sql: str, *params: Any) -> list[aiosqlite.Row]:
        async def work(db: aiosqlite.Connection) -> list[aiosqlite.Row]:
            async with db.execute(sql, params) as cursor:
                return list(await cursor.fetchall())

        return await self._write(work)

    async def _in_transaction(self, statements: Iterable[Statement]) -> None:
        async def work(db: aiosqlite.Connection) -> None:
            for sql, rows in statements:
                await db.executemany(sql, rows)

        await self._write(work)

    async def _save(self, table: Table, previous_version: int, also: SaveAlso) -> bool:
        async def work(db: aiosqlite.Connection) -> bool:
            rowcount, _ = await _run(db, UPDATE_TABLE, update_params(table, previous_version))
            if rowcount != 1:
                return False
            if also.action is not None:
                seat, notation = also.action
                await _run(db, _APPEND_ACTION, (table.id, seat, notation, also.played_by,
                                                table.updated_at, table.id))
            if also.taking_back is not None:
                await _run(db, INSERT_TAKEN_BACK, (table.id, also.taking_back, table.updated_at))
            if also.result is not None:
                await _run(db, INSERT_RESULT, result_params(table, also.result))
            return True

        return await self._write(work)


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
