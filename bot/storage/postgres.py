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
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeAlias
from urllib.parse import urlsplit, urlunsplit

import asyncpg

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

if TYPE_CHECKING:
    from asyncpg.pool import PoolConnectionProxy

    Connection: TypeAlias = PoolConnectionProxy[asyncpg.Record]

MIGRATIONS = "bot.storage.postgres_migrations"

LOCK_TIMEOUT_MS = 1500
"""How long a statement waits for a row or table lock before giving up (as SQLite's busy wait)."""

POOL_SIZE = 10
"""Connections per process: enough for the tables one process writes at once."""

MIGRATION_LOCK = 0x6D696E65  # "mine": the advisory lock key held while migrating

_PARAMS = ", ".join(f"${n}" for n in range(1, len(COLUMNS) + 1))
_INSERT = f"INSERT INTO games ({', '.join(COLUMNS)}) VALUES ({_PARAMS}) RETURNING id"
_IMPORT = (
    f"INSERT INTO games (id, {', '.join(COLUMNS)}) VALUES (${len(COLUMNS) + 1}, {_PARAMS})"
)

# As in SQLite's backend: the reminder columns follow the turn (named by its start time).
_SAVED = [column for column in COLUMNS if column != "reminded"]
_TURN = len(_SAVED) + 1
_UPDATE = (
    "UPDATE games SET "
    + ", ".join(f"{column} = ${n}" for n, column in enumerate(_SAVED, 1))
    + f", reminded = CASE WHEN turn_started_at = ${_TURN} THEN reminded ELSE FALSE END"
    f", reminder_claimed_at = CASE WHEN turn_started_at = ${_TURN} THEN reminder_claimed_at END"
    f" WHERE id = ${_TURN + 1} AND version = ${_TURN + 2}"
)
_SAVE = f"{_UPDATE} RETURNING id"
# The log row is appended only if the UPDATE matched; its row lock keeps any other
# append to this table's log out until the statement commits.
_SAVE_WITH_ACTION = (
    f"WITH saved AS ({_UPDATE} RETURNING id) "
    "INSERT INTO actions (game_id, seq, seat, notation, created_at, played_by) "
    "SELECT id, (SELECT COUNT(*) FROM actions WHERE game_id = saved.id), "
    f"${_TURN + 3}::integer, ${_TURN + 4}::text, ${_TURN + 5}::double precision, "
    f"${_TURN + 6}::bigint FROM saved "
    "RETURNING game_id"
)
_SAVE_TAKING_BACK = (
    f"WITH saved AS ({_UPDATE} RETURNING id) "
    "INSERT INTO taken_back (game_id, seq, created_at) "
    f"SELECT id, ${_TURN + 3}::integer, ${_TURN + 4}::double precision FROM saved "
    "RETURNING game_id"
)
_SAVE_ENDING = (
    f"WITH saved AS ({_UPDATE} RETURNING id, guild_id, game, updated_at), "
    "logged AS (INSERT INTO actions (game_id, seq, seat, notation, created_at, played_by) "
    "SELECT id, (SELECT COUNT(*) FROM actions WHERE game_id = saved.id), "
    f"${_TURN + 3}::integer, ${_TURN + 4}::text, ${_TURN + 5}::double precision, "
    f"${_TURN + 6}::bigint FROM saved) "
    "INSERT INTO results (game_id, guild_id, game, ended_at, summary) "
    f"SELECT id, guild_id, game, updated_at, ${_TURN + 7}::text FROM saved "
    "RETURNING game_id"
)
_RESULT = (
    "INSERT INTO results (game_id, guild_id, game, ended_at, summary) VALUES ($1, $2, $3, $4, $5)"
)
_ACTIONS = ACTIONS_QUERY.format(table="$1")
COUNTED = ("games", "actions", "taken_back", "results", "presence", "pause_votes")
_CLAIM = (
    "UPDATE games SET reminder_claimed_at = $1 "
    "WHERE status = 'playing' AND NOT reminded "
    "AND turn_started_at + reminder_minutes * 60 <= $1 "
    "AND (reminder_claimed_at IS NULL OR reminder_claimed_at <= $2) "
    "AND ((COALESCE(guild_id, 0) >> 22) % $3::bigint) = ANY($4::bigint[]) "
    "RETURNING id, turn_started_at"
)


class PostgresStorage(Storage):
    """Tables in a PostgreSQL database: `await PostgresStorage.connect(url)`."""

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

    # -- tables -------------------------------------------------------------------

    async def insert(self, table: Table) -> Table:
        try:
            [row] = await self._fetch(_INSERT, *row_values(table))
        except asyncpg.UniqueViolationError as error:
            raise OpenTableExists(table.channel_id) from error
        return replace(table, id=row["id"])

    async def get(self, table_id: int) -> Table | None:
        rows = await self._fetch("SELECT * FROM games WHERE id = $1", table_id)
        return table_from_row(rows[0]) if rows else None

    async def open_table_in(self, channel_id: int) -> Table | None:
        rows = await self._fetch(
            "SELECT * FROM games WHERE channel_id = $1 AND status IN ('lobby', 'playing')",
            channel_id,
        )
        return table_from_row(rows[0]) if rows else None

    async def playing_tables(self, guild_id: int) -> list[Table]:
        rows = await self._fetch(
            "SELECT * FROM games WHERE guild_id = $1 AND status = 'playing' ORDER BY id",
            guild_id,
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
        # The service either plays an action (perhaps the last) or takes one back.
        assert action is None or taking_back is None
        assert result is None or action is not None
        values = (*row_values(table)[:-1], table.turn_started_at, table.id, previous_version)
        if result is not None:
            assert action is not None
            ending = (*action, table.updated_at, played_by, result)
            return bool(await self._fetch(_SAVE_ENDING, *values, *ending))
        if action is not None:
            logged = (*action, table.updated_at, played_by)
            return bool(await self._fetch(_SAVE_WITH_ACTION, *values, *logged))
        if taking_back is not None:
            mark = (taking_back, table.updated_at)
            return bool(await self._fetch(_SAVE_TAKING_BACK, *values, *mark))
        return bool(await self._fetch(_SAVE, *values))

    async def actions(self, table_id: int) -> list[LoggedAction]:
        return [logged_action(row) for row in await self._fetch(_ACTIONS, table_id)]

    # -- results and ratings ---------------------------------------------------------

    async def results(self, guild_id: int | None) -> list[str]:
        rows = await self._fetch(
            "SELECT summary FROM results WHERE guild_id IS NOT DISTINCT FROM $1 "
            "ORDER BY ended_at, game_id",
            guild_id,
        )
        return [row["summary"] for row in rows]

    async def result(self, table_id: int) -> str | None:
        rows = await self._fetch("SELECT summary FROM results WHERE game_id = $1", table_id)
        return rows[0]["summary"] if rows else None

    async def ratings(self, guild_id: int | None) -> tuple[str, int] | None:
        rows = await self._fetch(
            "SELECT ratings, through FROM ratings WHERE guild_id = $1", guild_id or 0
        )
        return (rows[0]["ratings"], rows[0]["through"]) if rows else None

    async def store_ratings(self, guild_id: int | None, ratings: str, through: int) -> None:
        await self._fetch(
            "INSERT INTO ratings (guild_id, ratings, through) VALUES ($1, $2, $3) "
            "ON CONFLICT (guild_id) DO UPDATE SET ratings = EXCLUDED.ratings, "
            "through = EXCLUDED.through",
            guild_id or 0, ratings, through,
        )

    # -- presence -------------------------------------------------------------------

    async def presence(self, user_ids: Iterable[int]) -> dict[int, Presence]:
        wanted = list(dict.fromkeys(user_ids))
        found = {user: Presence() for user in wanted}
        rows = await self._fetch(
            "SELECT user_id, away_until, dm_reminders FROM presence "
            "WHERE user_id = ANY($1::bigint[])",
            wanted,
        )
        for row in rows:
            found[row["user_id"]] = Presence(row["away_until"], row["dm_reminders"])
        return found

    async def every_presence(self) -> dict[int, Presence]:
        rows = await self._fetch("SELECT user_id, away_until, dm_reminders FROM presence")
        return {row["user_id"]: Presence(row["away_until"], row["dm_reminders"]) for row in rows}

    async def set_presence(self, user_id: int, presence: Presence) -> None:
        await self._fetch(
            "INSERT INTO presence (user_id, away_until, dm_reminders) VALUES ($1, $2, $3) "
            "ON CONFLICT (user_id) DO UPDATE SET away_until = EXCLUDED.away_until, "
            "dm_reminders = EXCLUDED.dm_reminders",
            user_id, presence.away_until, presence.dm_reminders,
        )

    async def vote_pause(self, table_id: int, away_id: int, away_until: float, voter: int) -> None:
        await self._fetch(
            "INSERT INTO pause_votes (game_id, away_id, away_until, voter_id) "
            "VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
            table_id, away_id, away_until, voter,
        )

    async def pause_votes(self, table_id: int) -> dict[tuple[int, float], set[int]]:
        rows = await self._fetch(
            "SELECT away_id, away_until, voter_id FROM pause_votes WHERE game_id = $1", table_id
        )
        votes: dict[tuple[int, float], set[int]] = {}
        for row in rows:
            votes.setdefault((row["away_id"], row["away_until"]), set()).add(row["voter_id"])
        return votes

    # -- reminders ------------------------------------------------------------------

    async def claim_reminders(self, now: float, shards: ShardSet) -> list[DueReminder]:
        rows = await self._fetch(
            _CLAIM, now, now - REMINDER_LEASE_SECONDS, shards.count, sorted(shards.ids)
        )
        return sorted(DueReminder(row["id"], row["turn_started_at"]) for row in rows)

    async def mark_reminded(self, table_id: int) -> None:
        await self._fetch(
            "UPDATE games SET reminded = TRUE WHERE id = $1 AND reminder_claimed_at IS NOT NULL",
            table_id,
        )

    # -- copying --------------------------------------------------------------------

    async def counts(self) -> dict[str, int]:
        [row] = await self._fetch(
            "SELECT (SELECT COUNT(*) FROM games) AS games, "
            "(SELECT COUNT(*) FROM actions) AS actions, "
            "(SELECT COUNT(*) FROM taken_back) AS taken_back, "
            "(SELECT COUNT(*) FROM results) AS results, "
            "(SELECT COUNT(*) FROM presence) AS presence, "
            "(SELECT COUNT(*) FROM pause_votes) AS pause_votes"
        )
        return {name: row[name] for name in COUNTED}

    async def table_ids(self) -> list[int]:
        return [row["id"] for row in await self._fetch("SELECT id FROM games ORDER BY id")]

    async def import_table(
        self, table: Table, actions: Iterable[LoggedAction], result: str | None = None
    ) -> None:
        """In one transaction; not shielded: an interrupted copy is started over anyway."""
        async with self._connection() as connection, connection.transaction():
            await connection.execute(_IMPORT, *row_values(table), table.id)
            logged = list(actions)
            await connection.executemany(
                "INSERT INTO actions (game_id, seq, seat, notation, played_by, created_at) "
                "VALUES ($1, $2, $3, $4, $5, $6)",
                [(table.id, a.seq, a.seat, a.notation, a.played_by, a.created_at) for a in logged],
            )
            await connection.executemany(
                "INSERT INTO taken_back (game_id, seq, created_at) VALUES ($1, $2, $3)",
                [(table.id, a.seq, a.taken_back_at) for a in logged if a.taken_back],
            )
            if result is not None:
                await connection.execute(
                    _RESULT, table.id, table.guild_id, table.game, table.updated_at, result
                )
            # New tables must get ids after the imported ones.
            await connection.execute(
                "SELECT setval(pg_get_serial_sequence('games', 'id'), "
                "(SELECT MAX(id) FROM games))"
            )


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
