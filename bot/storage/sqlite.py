"""The SQLite backend (the default): one file, one connection on a thread of its own.

The connection lives on one thread (`ConnectionThread`), and every storage call is
one hand-off to it and back, however many statements it runs: a read fetches its
rows there, a write runs its whole transaction there (``BEGIN IMMEDIATE``, the
statements, ``COMMIT``, or ``ROLLBACK`` if anything raised). One call at a time
runs on that thread, so transactions never interleave, and one whose caller is
cancelled still runs to its end. (Through aiosqlite every statement,
its cursor's close and each ``BEGIN``/``COMMIT`` were a hand-off of their own:
about ten per action, each a thread woken up and a turn of the event loop; see
docs/performance.md, "One process under load".) The engines compute on the event
loop, never while the connection's thread holds the database. Numbered migrations
from `bot/storage/sqlite_migrations` are applied when it opens.

Another process may hold the file (a second bot, a backup tool): a write then
waits at most `BUSY_TIMEOUT_MS`, set before anything else at start-up, and
raises `TableBusy`, so the player is answered within Discord's 3 seconds.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

from bot.storage.records import SaveAlso, StartupError, Table, TableBusy, migration_scripts
from bot.storage.sql import (
    INSERT_RESULT,
    INSERT_TAKEN_BACK,
    UPDATE_TABLE,
    SqlStorage,
    result_params,
    update_params,
)
from bot.storage.sql_people import Statement

T = TypeVar("T")
P = ParamSpec("P")

MIGRATIONS = "bot.storage.sqlite_migrations"

BUSY_TIMEOUT_MS = 1500
"""How long a statement waits for a lock another process holds before giving up."""

_APPEND_ACTION = (
    "INSERT INTO actions (table_id, seq, seat, notation, played_by, created_at) "
    "SELECT ?, COUNT(*), ?, ?, ?, ? FROM actions WHERE table_id = ?"
)


class ConnectionThread:
    """A sqlite3 connection owned by one thread: `call` runs a function on it there."""

    def __init__(self, executor: ThreadPoolExecutor, connection: sqlite3.Connection) -> None:
        self._executor = executor
        self._connection = connection

    @classmethod
    async def open(cls, connect: Callable[[], sqlite3.Connection]) -> ConnectionThread:
        """Start the thread and make the connection there with `connect`."""
        executor = ThreadPoolExecutor(1, thread_name_prefix="sqlite")
        try:
            connection = await asyncio.get_running_loop().run_in_executor(executor, connect)
        except BaseException:
            executor.shutdown(wait=False)
            raise
        return cls(executor, connection)

    async def call(
        self,
        fn: Callable[Concatenate[sqlite3.Connection, P], T],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T:
        """`fn(connection, *args)`, run on the connection's thread after the calls before it.

        Shielded: a call once made runs to its end even if its caller is cancelled
        (say, at shutdown), so a transaction is never dropped half-way or unstarted.
        """
        loop = asyncio.get_running_loop()
        return await asyncio.shield(
            loop.run_in_executor(self._executor, lambda: fn(self._connection, *args, **kwargs))
        )

    async def close(self) -> None:
        """Close the connection once the calls already made have run, and end the thread."""
        await self.call(sqlite3.Connection.close)
        self._executor.shutdown(wait=False)


class SqliteStorage(SqlStorage):
    """Tables in one SQLite file: `await SqliteStorage.connect(path)`."""

    unique_violation = sqlite3.IntegrityError

    def __init__(self, thread: ConnectionThread) -> None:
        self._thread = thread

    @classmethod
    async def connect(cls, path: Path, *, scan: bool = True) -> SqliteStorage:
        """Open (creating it and its folder if needed), check and migrate the file at `path`.

        Raises `StartupError` if the file cannot serve: a folder, not a database or
        damaged, read-only (its mount, its mode or its immutable flag), on a full disk,
        or locked by another process (`_probe_write`). Nothing is written to the file
        before these checks pass. `scan` False skips the check for damage (`Storage.open`).
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
        try:
            thread = await ConnectionThread.open(lambda: _open(path, scan))
        except sqlite3.Error as error:
            raise _startup_error(path, error) from error
        return cls(thread)

    async def close(self) -> None:
        await self._thread.close()

    async def _call(
        self,
        fn: Callable[Concatenate[sqlite3.Connection, P], T],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T:
        """`fn` on the connection's thread, a lock held too long by another process
        raised as `TableBusy`."""
        try:
            return await self._thread.call(fn, *args, **kwargs)
        except sqlite3.OperationalError as error:
            raise _busy_or(error) from error

    async def _rows(self, sql: str, *params: Any) -> list[sqlite3.Row]:
        return await self._call(_fetch, sql, params)

    async def _write_one(self, sql: str, *params: Any) -> list[sqlite3.Row]:
        return await self._call(_transaction, _fetch, sql, params)

    async def _in_transaction(self, statements: Iterable[Statement]) -> None:
        await self._call(_transaction, _run_many, list(statements))

    async def _save(self, table: Table, previous_version: int, also: SaveAlso) -> bool:
        # The parameters (the state's JSON) are made here, on the event loop, so that
        # the connection's thread holds Python's lock for as short a time as it can.
        statements: list[tuple[str, Sequence[Any]]] = []
        if also.action is not None:
            seat, notation = also.action
            statements.append((_APPEND_ACTION, (table.id, seat, notation, also.played_by,
                                                table.updated_at, table.id)))
        if also.taking_back is not None:
            statements.append((INSERT_TAKEN_BACK, (table.id, also.taking_back, table.updated_at)))
        if also.result is not None:
            statements.append((INSERT_RESULT, result_params(table, also.result)))
        return await self._call(
            _transaction, _save_guarded, update_params(table, previous_version), statements
        )


def _busy_or(error: sqlite3.OperationalError) -> Exception:
    """`TableBusy` if `error` says another process holds the database, else `error`."""
    if error.sqlite_errorcode in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return TableBusy("the database is locked by another process")
    return error



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
    if code == sqlite3.SQLITE_FULL or (
        code is not None and code & 0xFF == sqlite3.SQLITE_IOERR and _disk_full(path)
    ):
        return StartupError(
            f"the disk of the database {path} is full ({error}): free some space, "
            "or choose a DATABASE_PATH on another disk"
        )
    if isinstance(error, sqlite3.DatabaseError) and not isinstance(
        error, sqlite3.OperationalError
    ):
        return StartupError(
            f"the database {path} is damaged or not a SQLite database ({error}): restore it "
            "from a backup (see docs/deploy.md), or move it away to start with an empty one"
        )
    return StartupError(f"cannot open the database {path}: {error}")


def _disk_full(path: Path) -> bool:
    """Whether the disk holding `path` has no space left for the bot's user (SQLite may
    say so as an I/O error: its shared-memory file cannot grow there)."""
    try:
        return os.statvfs(path.parent).f_bavail == 0
    except OSError:
        return False


# -- run on the connection's thread ------------------------------------------------------


def _open(path: Path, scan: bool = True) -> sqlite3.Connection:
    """Connect to `path`, check it (`scan`: for damage too) and migrate it (on the
    connection's thread)."""
    # isolation_level=None: no implicit transactions, we BEGIN and COMMIT ourselves.
    # timeout: the busy wait, set with the connection, before any statement (the
    # pragmas below included) may meet another process's lock.
    db = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
    db.row_factory = sqlite3.Row
    try:
        if scan:
            _check_integrity(db)
        _run(db, "PRAGMA journal_mode = WAL")
        # FULL: a COMMIT is on disk before act() returns, even across a power cut.
        _run(db, "PRAGMA synchronous = FULL")
        _run(db, "PRAGMA foreign_keys = ON")
        _probe_write(db)
        _migrate(db)
    except BaseException:
        db.close()
        raise
    return db


PROBE_BYTES = 256 * 1024
"""What the start-up write probe writes (and rolls back): more than its page cache holds."""
PROBE_CACHE_KIB = 64


def _probe_write(db: sqlite3.Connection) -> None:
    """Write to the file for real, in a transaction rolled back: raises what the first
    write of a player would meet (`SQLITE_READONLY` for an immutable file or a read-only
    mount, `SQLITE_FULL` for a full disk, a lock held by another process).

    ``BEGIN IMMEDIATE`` alone passes on a file opened read-only (the immutable case), and
    a write kept in the page cache passes on a full disk: so the probe writes more than a
    cache made small for it, and SQLite spills the pages to the write-ahead log. The log
    is emptied again afterwards (``wal_checkpoint(TRUNCATE)``).
    """
    [cache] = _fetch(db, "PRAGMA cache_size", ())
    _run(db, f"PRAGMA cache_size = -{PROBE_CACHE_KIB}")
    _run(db, "BEGIN IMMEDIATE")  # waits out a short lock
    try:
        _run(db, "CREATE TABLE start_up_probe (data BLOB)")
        _run(db, "INSERT INTO start_up_probe VALUES (zeroblob(?))", (PROBE_BYTES,))
    finally:
        if db.in_transaction:  # SQLITE_FULL may have rolled back already
            _run(db, "ROLLBACK")
        _run(db, f"PRAGMA cache_size = {int(cache[0])}")
    _fetch(db, "PRAGMA wal_checkpoint(TRUNCATE)", ())


def _run(db: sqlite3.Connection, sql: str, params: Sequence[Any] = ()) -> int:
    """Execute one statement and close its cursor at once; returns its row count.

    A cursor left open keeps its statement "in progress", and SQLite refuses to
    COMMIT while one is: never leave one open.
    """
    cursor = db.execute(sql, params)
    try:
        return cursor.rowcount
    finally:
        cursor.close()


def _fetch(db: sqlite3.Connection, sql: str, params: Sequence[Any]) -> list[sqlite3.Row]:
    """The rows of one statement (every one read, so its cursor is done)."""
    cursor = db.execute(sql, params)
    try:
        return list(cursor.fetchall())
    finally:
        cursor.close()


def _run_many(db: sqlite3.Connection, statements: Sequence[Statement]) -> None:
    for sql, rows in statements:
        db.executemany(sql, rows).close()


def _save_guarded(
    db: sqlite3.Connection,
    update: Sequence[Any],
    then: Sequence[tuple[str, Sequence[Any]]],
) -> bool:
    """The version-guarded update; if it matched, the `then` statements. Whether it did."""
    if _run(db, UPDATE_TABLE, update) != 1:
        return False
    for sql, params in then:
        _run(db, sql, params)
    return True


def _transaction(
    db: sqlite3.Connection,
    work: Callable[Concatenate[sqlite3.Connection, P], T],
    *args: P.args,
    **kwargs: P.kwargs,
) -> T:
    """`work(db, *args)` in one write transaction, rolled back if anything raises."""
    _run(db, "BEGIN IMMEDIATE")
    try:
        result = work(db, *args, **kwargs)
        _run(db, "COMMIT")
    except BaseException:
        if db.in_transaction:  # a failed COMMIT may have rolled back already
            _run(db, "ROLLBACK")
        raise
    return result


def _check_integrity(db: sqlite3.Connection) -> None:
    """Raise `sqlite3.DatabaseError` if the file is damaged (cheap on a healthy one)."""
    problems = [row[0] for row in _fetch(db, "PRAGMA quick_check", ())]
    if problems != ["ok"]:
        raise sqlite3.DatabaseError(f"database disk image is malformed: {problems[0]}")


def _migrate(db: sqlite3.Connection) -> None:
    """Apply, each in its own transaction, the migrations not yet recorded.

    A process killed at any point leaves the file at a migration boundary (a
    migration and its record commit together), and the next start goes on.
    """
    _run(
        db,
        "CREATE TABLE IF NOT EXISTS schema_migrations "
        "(number INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at REAL NOT NULL)",
    )
    applied = {row[0] for row in _fetch(db, "SELECT number FROM schema_migrations", ())}
    for number, name, sql in migration_scripts(MIGRATIONS):
        if number not in applied:
            _apply(db, number, name, sql)


def _apply(db: sqlite3.Connection, number: int, name: str, sql: str) -> None:
    """Run one migration and record it, in one transaction."""
    # executescript takes no parameters; number and name come from a checked file name.
    script = (
        f"BEGIN IMMEDIATE;\n{sql}\n"
        f"INSERT INTO schema_migrations (number, name, applied_at) "
        f"VALUES ({number}, '{name}', {time.time()!r});\nCOMMIT;"
    )
    try:
        db.executescript(script).close()
    except BaseException:
        if db.in_transaction:
            _run(db, "ROLLBACK")
        raise
