"""The SQLite backend's own promises: WAL, surviving kill -9 (in play and while
migrating), a lock held by another process answered in time.

What both backends promise is in `test_storage_contract.py`."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import Any

import pytest

import tests.tinygame  # noqa: F401  (registers "tiny")
from bot.games.record import replay
from bot.service import GameService
from bot.service.errors import TableBusy
from bot.storage import StartupError, Storage
from bot.storage.sqlite import ConnectionThread

ROOT = Path(__file__).parent.parent


def applied_migrations(path: Path) -> list[tuple[int, str]]:
    with sqlite3.connect(path) as db:
        return list(db.execute("SELECT number, name FROM schema_migrations ORDER BY number"))


async def test_opening_applies_every_migration_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "db.sqlite3"
    storage = await Storage.open(path)
    await storage.close()
    assert applied_migrations(path) == [
        (1, "games_and_actions"), (2, "reminder_claims"), (3, "take_backs"),
        (4, "results_and_ratings"), (5, "presence"), (6, "tables"), (7, "ping_modes"),
        (8, "drafts"), (9, "player_names"), (10, "packed_logs"), (11, "invitation_cards"),
        (12, "stand_in_votes"), (13, "unposted"), (14, "tournaments"), (15, "table_messages"),
        (16, "coach_hints"), (17, "coach_verdicts"),
    ]
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)


async def test_an_action_is_two_calls_on_the_connections_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The read, then the whole save (update, log row, commit): one hand-off each."""
    storage = await Storage.open(tmp_path / "db.sqlite3")
    service = GameService(storage)
    table = await service.tables.open_table(
        guild_id=1, channel_id=1, game="tiny", creator_id=1, reminder_minutes=5, seed=1
    )
    await service.tables.join(table.id, 2)
    await service.tables.start(table.id, 1)
    calls: list[str] = []
    real_call = ConnectionThread.call

    async def counted(thread: ConnectionThread, fn: Any, *args: Any) -> Any:
        calls.append(fn.__name__)
        return await real_call(thread, fn, *args)

    monkeypatch.setattr(ConnectionThread, "call", counted)
    await service.moves.act(table.id, 1, "keep")
    assert calls == ["_fetch", "_transaction"]
    assert [a.notation for a in await storage.actions(table.id)] == ["keep"]
    await storage.close()


CHILD = textwrap.dedent(
    """
    import asyncio, random, sys
    import tests.tinygame
    from bot.service import GameService
    from bot.storage import StartupError, Storage

    async def play(service, channel):
        rng = random.Random(channel)
        while True:
            table = await service.tables.open_table(guild_id=1, channel_id=channel, game="tiny",
                                             creator_id=1, reminder_minutes=5, seed=channel)
            await service.tables.join(table.id, 2)
            table = await service.tables.start(table.id, 1)
            while table.status == "playing":
                seat = rng.choice(table.state.to_act())
                action = rng.choice(table.state.legal_actions(seat))
                notation = table.state.format_action(action)
                table = (await service.moves.act(table.id, table.seats[seat], notation)).table
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
        assert replay(await service.results.record(table.id)).to_json() == table.state.to_json()
        started += 1
        logged += len(await storage.actions(table.id))
    assert started >= 8
    assert logged >= committed  # every action reported as committed is still there
    await storage.close()


MIGRATING_CHILD = textwrap.dedent(
    """
    import asyncio, sys, time
    import bot.storage.sqlite as backend
    from bot.storage import StartupError, Storage

    real_apply = backend._apply

    def apply(db, number, name, sql):  # run on the connection's thread
        if number == int(sys.argv[2]):
            print("migrating", flush=True)
            time.sleep(60)  # killed here, before migration `number`
        real_apply(db, number, name, sql)

    backend._apply = apply
    asyncio.run(Storage.open(sys.argv[1]))
    """
)


@pytest.mark.parametrize("step", [1, 2], ids=["before-first", "between-first-and-second"])
def test_a_kill_while_creating_the_database_leaves_a_file_the_next_start_plays_on(
    tmp_path: Path, step: int
) -> None:
    path = tmp_path / "fresh.sqlite3"
    child = subprocess.Popen(
        [sys.executable, "-c", MIGRATING_CHILD, str(path), str(step)], stdout=subprocess.PIPE,
        text=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert child.stdout is not None
    assert child.stdout.readline() == "migrating\n"
    child.send_signal(signal.SIGKILL)
    child.wait()
    with sqlite3.connect(path) as db:
        done = [row[0] for row in db.execute("SELECT number FROM schema_migrations")]
    assert done == list(range(1, step))
    asyncio.run(_open_and_play(path))


async def _open_and_play(path: Path) -> None:
    storage = await Storage.open(path)
    service = GameService(storage)
    table = await service.tables.open_table(
        guild_id=1, channel_id=1, game="tiny", creator_id=1, reminder_minutes=5, seed=1
    )
    await service.tables.join(table.id, 2)
    await service.tables.start(table.id, 1)
    result = await service.moves.act(table.id, 1, "keep")
    assert result.table.version == 3
    assert [a.notation for a in await storage.actions(table.id)] == ["keep"]
    await storage.close()


def hold_lock(path: Path, seconds: float, *, exclusive_mode: bool) -> threading.Thread:
    """Another connection takes the write lock of `path` for `seconds` (in a thread);
    returns once it holds it."""
    locked = threading.Event()

    def hold() -> None:
        db = sqlite3.connect(path, isolation_level=None)
        if exclusive_mode:
            db.execute("PRAGMA locking_mode = EXCLUSIVE")
        db.execute("BEGIN EXCLUSIVE" if exclusive_mode else "BEGIN IMMEDIATE")
        locked.set()
        time.sleep(seconds)
        db.execute("COMMIT")
        db.close()

    thread = threading.Thread(target=hold)
    thread.start()
    locked.wait()
    return thread


async def test_start_up_waits_out_a_short_exclusive_lock(tmp_path: Path) -> None:
    """The busy wait is set with the connection, before the first pragma."""
    path = tmp_path / "db.sqlite3"
    await (await Storage.open(path)).close()
    holder = hold_lock(path, 0.5, exclusive_mode=True)
    storage = await Storage.open(path)
    holder.join()
    assert (await storage.counts())["tables"] == 0
    await storage.close()


async def test_start_up_refuses_a_database_another_process_keeps_locked(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    await (await Storage.open(path)).close()
    holder = hold_lock(path, 3.0, exclusive_mode=True)
    started = time.monotonic()
    with pytest.raises(StartupError, match="locked by another process"):
        await Storage.open(path)
    assert time.monotonic() - started < 2.5
    holder.join()


async def test_a_locked_database_answers_table_busy_within_discords_deadline(
    tmp_path: Path,
) -> None:
    path = tmp_path / "db.sqlite3"
    storage = await Storage.open(path)
    service = GameService(storage)
    table = await service.tables.open_table(
        guild_id=1, channel_id=1, game="tiny", creator_id=1, reminder_minutes=5
    )
    holder = hold_lock(path, 3.0, exclusive_mode=False)
    started = time.monotonic()
    with pytest.raises(TableBusy):
        await service.tables.join(table.id, 2)
    assert time.monotonic() - started < 2.5  # Discord drops an unanswered interaction at 3 s
    holder.join()
    assert (await service.tables.join(table.id, 2)).seats == (1, 2)
    await storage.close()
