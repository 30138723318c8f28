"""Reaching a test database past the storage layer, as an operator or a fault could."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

# A fault in the middle of a save: the log row is refused after the games row was updated.
_REFUSE = {
    "sqlite": (
        "CREATE TRIGGER injected_fault BEFORE INSERT ON actions WHEN NEW.notation = '{0}' "
        "BEGIN SELECT RAISE(ABORT, 'injected fault'); END",
        "DROP TRIGGER injected_fault",
    ),
    "postgresql": (
        "CREATE FUNCTION injected_fault() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
        "IF NEW.notation = '{0}' THEN RAISE EXCEPTION 'injected fault'; END IF; RETURN NEW; "
        "END $$; CREATE TRIGGER injected_fault BEFORE INSERT ON actions "
        "FOR EACH ROW EXECUTE FUNCTION injected_fault()",
        "DROP TRIGGER injected_fault ON actions; DROP FUNCTION injected_fault()",
    ),
}

FAULTS = (sqlite3.IntegrityError, asyncpg.RaiseError)
"""What a save meeting the injected fault raises, per backend."""


def is_postgres(location: str) -> bool:
    return location.startswith("postgresql://")


async def raw(location: str, sql: str) -> list[tuple[Any, ...]]:
    """Run `sql` (one or more statements) on the database directly."""
    if is_postgres(location):
        connection = await asyncpg.connect(location)
        try:
            if ";" in sql:
                await connection.execute(sql)
                return []
            return [tuple(row) for row in await connection.fetch(sql)]
        finally:
            await connection.close()
    with sqlite3.connect(location) as db:
        if ";" in sql:
            db.executescript(sql)
            return []
        return list(db.execute(sql))


@asynccontextmanager
async def log_row_refused(location: str, notation: str) -> AsyncIterator[None]:
    """While the block runs, the database refuses to log an action written `notation`."""
    create, drop = _REFUSE["postgresql" if is_postgres(location) else "sqlite"]
    await raw(location, create.format(notation) + ";")
    try:
        yield
    finally:
        await raw(location, drop + ";")
