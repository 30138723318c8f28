"""A database kept locked by another process: the player is told "the table is busy"
in their language, within Discord's deadline, and the game goes on once it is free."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncpg
import pytest

from bot.startup.config import Settings
from tests.discord_support import TableWorld, action_id, private_text, speak_french

pytestmark = pytest.mark.storage_facing  # replayed on PostgreSQL (tests/conftest.py)



@asynccontextmanager
async def locked(settings: Settings) -> AsyncIterator[None]:
    """Another process holds the database's write lock until the block ends."""
    if settings.database_url is not None:
        connection = await asyncpg.connect(settings.database_url)
        transaction = connection.transaction()
        await transaction.start()
        await connection.execute("LOCK TABLE tables IN EXCLUSIVE MODE")
        try:
            yield
        finally:
            await transaction.rollback()
            await connection.close()
        return
    holding, release = threading.Event(), threading.Event()

    def hold() -> None:
        db = sqlite3.connect(settings.database_path, isolation_level=None)
        db.execute("BEGIN IMMEDIATE")
        holding.set()
        release.wait()
        db.execute("ROLLBACK")
        db.close()

    thread = threading.Thread(target=hold)
    thread.start()
    await asyncio.to_thread(holding.wait)
    try:
        yield
    finally:
        release.set()
        await asyncio.to_thread(thread.join)


@pytest.mark.parametrize("french", [False, True], ids=["en", "fr"])
async def test_a_click_on_a_locked_database_says_the_table_is_busy(
    table_world: TableWorld, settings: Settings, monkeypatch: pytest.MonkeyPatch, french: bool
) -> None:
    w = table_world
    if french:
        speak_french(monkeypatch, w.alice)
    turn = await w.start_tiny()
    async with locked(settings):
        busy = await w.alice.click(turn, custom_id=action_id(turn, "keep"))
    expected = "La table est occupée" if french else "The table is busy"
    assert expected in private_text(busy)
    assert w.last().id == turn.id  # nothing was played
    await w.alice.click(turn, custom_id=action_id(turn, "keep"))  # free again: it plays
    assert f"{w.alice.mention} played." in w.last().content
