"""The PostgreSQL backend: one database shared by every bot process, through asyncpg.

A pool of connections, so calls on different tables run side by side. Each
write is one SQL statement, so one round trip and atomic by itself: a save is
the version-guarded ``UPDATE`` and the log ``INSERT`` in one statement (a
data-modifying ``WITH``). The guarantees are the SQL's own: the ``UPDATE``
locks the row, and a concurrent save of the same version (from this process or
another) re-checks ``version = $n`` after the first commits and writes nothing,
its ``INSERT`` then having no row to log; a reminder claim is one ``UPDATE ...
RETURNING`` that another process's claim cannot also match.

Migrations (`bot/storage/postgres_migrations`) run under an advisory lock, so
N processes starting together migrate once. A write that waits for a lock
longer than `LOCK_TIMEOUT_MS` raises `TableBusy`, as on SQLite.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any, TypeAlias
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.storage.records import SaveAlso, StartupError, Table, TableBusy, migration_scripts
from bot.storage.sql import (
    UPDATE_TABLE,
    SqlStorage,
    numbered,
    update_params,
)
from bot.storage.sql_people import Statement

if TYPE_CHECKING:
    from asyncpg.pool import PoolConnectionProxy

    Connection: TypeAlias = PoolConnectionProxy[asyncpg.Record]

MIGRATIONS = "bot.storage.postgres_migrations"

LOCK_TIMEOUT_MS = 1500
"""How long a statement waits for a lock (row or table) before giving up, as SQLite's busy wait."""

POOL_SIZE = 10
"""Connections per process: enough for the tables one process writes at once."""

MIGRATION_LOCK = 0x6D696E65  # "mine": the advisory lock key held while migrating

# A save is one statement. The log row is appended only if the UPDATE matched; its row
# lock keeps any other append to this table's log out until the statement commits.
_SAVED = f"WITH saved AS ({UPDATE_TABLE} RETURNING id, guild_id, game, updated_at) "
_LOG_ACTION = (
    "INSERT INTO actions (table_id, seq, seat, notation, created_at, played_by) "
    "SELECT id, (SELECT COUNT(*) FROM actions WHERE table_id = saved.id), "
    "?::integer, ?::text, ?::double precision, ?::bigint FROM saved"
)
_SAVE = f"{UPDATE_TABLE} RETURNING id"
_SAVE_WITH_ACTION = f"{_SAVED}{_LOG_ACTION} RETURNING table_id"
_SAVE_TAKING_BACK = (
    f"{_SAVED}INSERT INTO taken_back (table_id, seq, created_at) "
    "SELECT id, ?::integer, ?::double precision FROM saved RETURNING table_id"
)
_SAVE_ENDING = (
    f"{_SAVED}, logged AS ({_LOG_ACTION}) "
    "INSERT INTO results (table_id, guild_id, game, ended_at, summary) "
    "SELECT id, guild_id, game, updated_at, ?::text FROM saved RETURNING table_id"
)


class PostgresStorage(SqlStorage):
    """Tables in a PostgreSQL database: `await PostgresStorage.connect(url)`."""

    unique_violation = asyncpg.UniqueViolationError
    after_import = (  # new tables must get ids after the imported ones
        "SELECT setval(pg_get_serial_sequence('tables', 'id'), (SELECT MAX(id) FROM tables))",
    )

    tournaments_after_import = (
        "SELECT setval(pg_get_serial_sequence('tournaments', 'id'), "
        "(SELECT MAX(id) FROM tournaments))",
    )

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    @classmethod
    async def connect(cls, url: str) -> PostgresStorage:
        """Connect to `url` and migrate; `StartupError` if the server cannot be used."""
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=POOL_SIZE,
                server_settings={
                    "lock_timeout": str(LOCK_TIMEOUT_MS),
                    "application_name": "mine-table",
                },
                reset=_keep_session,
            )
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise StartupError(
                f"cannot connect to DATABASE_URL={redacted(url)} ({error}): check that the "
                "server runs and that the URL, user and password are right"
            ) from error
        try:
            async with pool.acquire() as connection:
                await _migrate(connection)
        except BaseException:
            await pool.close()
            raise
        return cls(pool)

    async def close(self) -> None:
        await self._pool.close()

    async def _fetch(self, sql: str, *params: Any) -> list[asyncpg.Record]:
        """The rows of one statement (atomic by itself). Shielded from cancellation,
        so a statement once sent is not abandoned half-way by a cancelled caller."""
        return await asyncio.shield(self._fetch_now(sql, *params))

    async def _fetch_now(self, sql: str, *params: Any) -> list[asyncpg.Record]:
        async with self._connection() as connection:
            return list(await connection.fetch(sql, *params))

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[Connection]:
        """A pooled connection; `TableBusy` if none is free or a lock is held too long."""
        try:
            async with self._pool.acquire(timeout=LOCK_TIMEOUT_MS / 1000) as connection:
                yield connection
        except (asyncpg.LockNotAvailableError, TimeoutError) as error:
            raise TableBusy("the database kept a lock too long") from error

    async def _rows(self, sql: str, *params: Any) -> list[asyncpg.Record]:
        return await self._fetch(numbered(sql), *params)

    async def _write_one(self, sql: str, *params: Any) -> list[asyncpg.Record]:
        return await self._fetch(numbered(sql), *params)  # one statement: its own transaction

    async def _in_transaction(self, statements: Iterable[Statement]) -> None:
        """Not shielded: an interrupted copy (`import_table`) is started over anyway, and an
        interrupted packing (`pack_log`) leaves the log in its rows."""
        async with self._connection() as connection, connection.transaction():
            for sql, rows in statements:
                await connection.executemany(numbered(sql), rows)

    async def _save(self, table: Table, previous_version: int, also: SaveAlso) -> bool:
        values = update_params(table, previous_version)
        if also.action is not None:
            logged = (*also.action, table.updated_at, also.played_by)
            if also.result is not None:
                ending = numbered(_SAVE_ENDING)
                return bool(await self._fetch(ending, *values, *logged, also.result))
            return bool(await self._fetch(numbered(_SAVE_WITH_ACTION), *values, *logged))
        if also.taking_back is not None:
            mark = (also.taking_back, table.updated_at)
            return bool(await self._fetch(numbered(_SAVE_TAKING_BACK), *values, *mark))
        return bool(await self._fetch(numbered(_SAVE), *values))


async def _keep_session(connection: asyncpg.Connection) -> None:
    """Hand a connection back to the pool as it is: asyncpg's default reset costs a
    round trip per call, and nothing here changes the session (no SET or LISTEN, and
    the migrations' advisory lock is released before the connection goes back)."""


def redacted(url: str) -> str:
    """`url` with its password replaced by ``***``, fit for a log or an error."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


async def _migrate(connection: Connection) -> None:
    """Apply, each in its own transaction, the migrations not yet recorded; one
    process at a time (the others wait on the advisory lock, then find nothing to do)."""
    await connection.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
    try:
        await connection.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (number INTEGER PRIMARY KEY, "
            "name TEXT NOT NULL, applied_at DOUBLE PRECISION NOT NULL)"
        )
        rows = await connection.fetch("SELECT number FROM schema_migrations")
        applied = {row["number"] for row in rows}
        for number, name, sql in migration_scripts(MIGRATIONS):
            if number in applied:
                continue
            async with connection.transaction():
                await connection.execute(sql)
                await connection.execute(
                    "INSERT INTO schema_migrations (number, name, applied_at) VALUES ($1, $2, $3)",
                    number, name, time.time(),
                )
    finally:
        await connection.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
