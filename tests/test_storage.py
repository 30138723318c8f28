"""SQLite storage: migrations, the append-only log, versioned saves, surviving kill -9."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

import bot.storage
import tests.tinygame  # noqa: F401  (registers "tiny")
from bot.games.record import replay
from bot.service import GameService
from bot.storage import Storage, Table, migration_scripts

ROOT = Path(__file__).parent.parent


def lobby(channel: int = 1) -> Table:
    return Table(
        id=0, guild_id=None, channel_id=channel, game="tiny", creator_id=7, seats=(7,),
        status="lobby", options={}, seed=1, version=0, reminder_minutes=5, created_at=1.0,
        updated_at=1.0, turn_started_at=1.0, reminded=False, state=None,
    )


def applied_migrations(path: Path) -> list[tuple[int, str]]:
    with sqlite3.connect(path) as db:
        return list(db.execute("SELECT number, name FROM schema_migrations ORDER BY number"))


async def test_opening_applies_every_migration_once(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "db.sqlite3"
    expected = [(number, name) for number, name, _ in migration_scripts()]
    assert expected[0] == (1, "games_and_actions")
    for _ in range(2):
        storage = await Storage.open(path)
        await storage.close()
        assert applied_migrations(path) == expected
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)


async def test_a_failing_migration_leaves_no_trace(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "db.sqlite3"
    broken = (2, "broken", "CREATE TABLE half (x INTEGER);\nTHIS IS NOT SQL;")
    monkeypatch.setattr(bot.storage, "migration_scripts", lambda: [*migration_scripts(), broken])
    with pytest.raises(sqlite3.OperationalError):
        await Storage.open(path)
    assert applied_migrations(path) == [(1, "games_and_actions")]
    with sqlite3.connect(path) as db:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
    assert "half" not in tables


async def test_a_save_against_an_old_version_writes_nothing(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "db.sqlite3")
    table = await storage.insert(lobby())
    moved = replace(table, seats=(7, 8), version=1)
    assert await storage.save(moved, previous_version=0, action=(0, "keep"))
    late = replace(table, seats=(7, 9), version=1)
    assert not await storage.save(late, previous_version=0, action=(0, "swap"))
    stored = await storage.get(table.id)
    assert stored is not None and stored.seats == (7, 8)
    assert [a.notation for a in await storage.actions(table.id)] == ["keep"]
    await storage.close()


async def test_the_action_log_is_append_only(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    storage = await Storage.open(path)
    table = await storage.insert(lobby())
    await storage.save(replace(table, version=1), previous_version=0, action=(0, "keep"))
    await storage.close()
    with sqlite3.connect(path) as db:
        for statement in ("UPDATE actions SET notation = 'swap'", "DELETE FROM actions"):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                db.execute(statement)


async def test_one_open_table_per_channel_is_enforced_by_the_database(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "db.sqlite3")
    first = await storage.insert(lobby(channel=3))
    with pytest.raises(sqlite3.IntegrityError):
        await storage.insert(lobby(channel=3))
    await storage.save(replace(first, status="abandoned", version=1), previous_version=0)
    assert (await storage.insert(lobby(channel=3))).id != first.id
    await storage.close()


CHILD = textwrap.dedent(
    """
    import asyncio, random, sys
    import tests.tinygame
    from bot.service import GameService
    from bot.storage import Storage

    async def play(service, channel):
        rng = random.Random(channel)
        while True:
            table = await service.open_table(guild_id=1, channel_id=channel, game="tiny",
                                             creator_id=1, reminder_minutes=5, seed=channel)
            await service.join(table.id, 2)
            table = await service.start(table.id, 1)
            while table.status == "playing":
                seat = rng.choice(table.state.to_act())
                action = rng.choice(table.state.legal_actions(seat))
                notation = table.state.format_action(action)
                table = (await service.act(table.id, table.seats[seat], notation)).table
                print("committed", flush=True)

    async def main():
        service = GameService(await Storage.open(sys.argv[1]))
        await asyncio.gather(*(play(service, channel) for channel in range(8)))

    asyncio.run(main())
    """
)


def test_a_killed_process_loses_no_committed_action(tmp_path: Path) -> None:
    """kill -9 in the middle of play: every game reopens at a state its log replays to."""
    path = tmp_path / "db.sqlite3"
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path)], stdout=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert child.stdout is not None
    for _ in range(300):  # let it commit a few hundred actions, then kill it mid-flight
        assert child.stdout.readline() == "committed\n"
    child.send_signal(signal.SIGKILL)
    child.wait()
    asyncio.run(_check_every_game_replays(path, committed=300))


async def _check_every_game_replays(path: Path, committed: int) -> None:
    storage = await Storage.open(path)
    service = GameService(storage)
    started = logged = 0
    table_id = 1
    while (table := await storage.get(table_id)) is not None:
        table_id += 1
        if table.state is None:
            continue
        assert replay(await service.record(table.id)).to_json() == table.state.to_json()
        started += 1
        logged += len(await storage.actions(table.id))
    assert started >= 8
    assert logged >= committed  # every action reported as committed is still there
    await storage.close()


async def test_a_cancelled_save_still_completes_its_transaction(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "db.sqlite3")
    table = await storage.insert(lobby())
    saving = asyncio.create_task(
        storage.save(replace(table, version=1), previous_version=0, action=(0, "keep"))
    )
    await asyncio.sleep(0)  # the transaction has begun
    saving.cancel()
    with pytest.raises(asyncio.CancelledError):
        await saving
    stored = await storage.get(table.id)
    assert stored is not None and stored.version == 1
    assert [a.notation for a in await storage.actions(table.id)] == ["keep"]
    assert await storage.save(replace(table, version=2), previous_version=1)
    await storage.close()
