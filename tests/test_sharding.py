"""Several bot processes on one PostgreSQL database, each holding half the shards.

The offline Discord lives in one process, so each process here is driven below
it (`tests/shard_worker.py`): the game service and the reminder loop, as a bot
process runs them.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import tests.tinygame  # noqa: F401  (registers "tiny")
from bot.games.record import replay
from bot.service import GameService, Table
from bot.storage import ShardSet, Storage
from bot.storage.records import shard_of
from tests.postgres_support import PostgresCluster

ROOT = Path(__file__).parent.parent
SHARDS = 2
START_VERSION = 2
"""A table's version once opened, joined by a second player and started."""
WORKER_SECONDS = 300
"""The longest a worker may take. One waiting for a total of actions that a dead
worker will never bring would wait forever: the test fails instead."""


async def open_tables(url: str, count: int, target: int) -> list[Table]:
    """`count` two-player tiny tables in play, on servers of shard 0 and 1 in turn,
    with 1-minute reminders."""
    storage = await Storage.open(url)
    service = GameService(storage)
    tables = []
    for n in range(count):
        table = await service.tables.open_table(
            guild_id=(n % SHARDS) << 22, channel_id=1000 + n, game="tiny", creator_id=1,
            reminder_minutes=1, seed=n, options={"target": target},
        )
        await service.tables.join(table.id, 2)
        tables.append(await service.tables.start(table.id, 1))
    await storage.close()
    assert {t.version for t in tables} == {START_VERSION}
    return tables


def worker(url: str, shard: int, actions: int, seed: int, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.shard_worker", url, "--shards", str(SHARDS),
         "--mine", str(shard), "--actions", str(actions), "--seed", str(seed), *extra],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


@dataclass
class Report:
    """What the workers printed, by kind (the words after the first, split)."""

    applied: list[tuple[int, int, str]]
    reminded: list[tuple[int, float]]
    refused: Counter[str]
    """How many actions were refused, by error."""

    @classmethod
    def of(cls, lines: Iterable[str]) -> Report:
        report = cls([], [], Counter())
        for line in lines:
            kind, *words = line.split()
            if kind == "applied":
                report.applied.append((int(words[0]), int(words[1]), " ".join(words[2:])))
            elif kind == "reminded":
                report.reminded.append((int(words[0]), float(words[1])))
            elif kind == "refused":
                report.refused[words[1]] += 1
        return report


async def check_logs(url: str, acknowledged: list[tuple[int, int, str]]) -> dict[int, Table]:
    """Every acknowledged action is in its table's log at its version, exactly once, and
    every log replays to its stored state. Returns the tables as stored."""
    storage = await Storage.open(url)
    service = GameService(storage)
    tables = {}
    for table_id in await storage.table_ids():
        table = await service.tables.get_table(table_id)
        log = await storage.actions(table_id)
        assert table.version == START_VERSION + len(log)
        assert table.state is not None
        assert replay(await service.results.record(table_id)).to_json() == table.state.to_json()
        tables[table_id] = table
        for seq, entry in enumerate(log):
            assert entry.seq == seq
    logs = {t: await storage.actions(t) for t in tables}
    versions = Counter((table_id, version) for table_id, version, _ in acknowledged)
    assert max(versions.values(), default=1) == 1, "two actions acknowledged at one version"
    for table_id, version, notation in acknowledged:
        assert logs[table_id][version - START_VERSION - 1].notation == notation
    await storage.close()
    return tables


async def test_two_processes_racing_on_shared_tables_apply_each_action_once(
    postgres_cluster: PostgresCluster,
) -> None:
    url = await postgres_cluster.create_database()
    tables = await open_tables(url, count=48, target=50)
    shared = ",".join(str(t.id) for t in tables)
    processes = [
        worker(url, shard, 500, shard, "--tables", shared, "--wait-for-total", "1000")
        for shard in range(SHARDS)
    ]
    try:
        outputs = await asyncio.gather(*(
            asyncio.to_thread(p.communicate, timeout=WORKER_SECONDS) for p in processes
        ))
    finally:
        for process in processes:
            process.kill()  # after a timeout: nothing otherwise, they are done
    assert [p.returncode for p in processes] == [0, 0]
    reports = [Report.of(out.splitlines()) for out, _ in outputs]
    applied = [line for report in reports for line in report.applied]
    assert len(applied) == 1000
    assert sum(report.refused["StaleAction"] for report in reports) > 0  # they did race

    stored = await check_logs(url, applied)
    assert sum(t.version - START_VERSION for t in stored.values()) == 1000

    # Reminders: each process posted only for its shard's servers, no turn twice,
    # and the last turn of every table (the one still waiting) was reminded.
    for shard, report in enumerate(reports):
        assert {shard_of(stored[t].guild_id, SHARDS) for t, _ in report.reminded} == {shard}
    posted = Counter(line for report in reports for line in report.reminded)
    assert max(posted.values()) == 1, "a turn was reminded twice"
    for table in stored.values():
        if table.status == "playing":
            assert (table.id, table.turn_started_at) in posted, f"table {table.id} not reminded"
            assert table.reminded
    assert len(posted) > len(stored)  # earlier turns were reminded too


def read_lines(process: subprocess.Popen[str]) -> tuple[list[tuple[float, str]], threading.Thread]:
    """Collect `process`'s stdout lines with the time each arrived, in a thread."""
    lines: list[tuple[float, str]] = []

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.append((time.monotonic(), line))

    thread = threading.Thread(target=read)
    thread.start()
    return lines, thread


async def test_a_process_killed_mid_game_loses_nothing_and_the_other_keeps_serving(
    postgres_cluster: PostgresCluster,
) -> None:
    url = await postgres_cluster.create_database()
    await open_tables(url, count=64, target=50)  # 19 to 27 actions each
    victim = worker(url, 0, 400, 1, "--start-on-input")
    survivor = worker(url, 1, 500, 2, "--start-on-input")
    for process in (victim, survivor):
        assert process.stdout is not None and process.stdout.readline() == "ready\n"
    survivor_lines, reader = read_lines(survivor)
    for process in (victim, survivor):
        assert process.stdin is not None
        process.stdin.write("go\n")
        process.stdin.flush()
    assert victim.stdout is not None
    before_kill: list[str] = []
    while len([line for line in before_kill if line.startswith("applied")]) < 50:
        before_kill.append(victim.stdout.readline())
    victim.send_signal(signal.SIGKILL)  # in the middle of its games, and likely of a write
    killed_at = time.monotonic()
    victim.wait()
    await asyncio.to_thread(survivor.wait)
    reader.join()
    assert survivor.returncode == 0
    survivor_report = Report.of(line for _, line in survivor_lines)
    assert len(survivor_report.applied) == 500
    after_kill = Report.of(line for at, line in survivor_lines if at > killed_at).applied
    assert after_kill, "the survivor had finished before the kill"  # it went on serving

    restarted = worker(url, 0, 200, 3)
    restarted_lines, _ = await asyncio.to_thread(restarted.communicate)
    assert restarted.returncode == 0
    resumed = Report.of(restarted_lines.splitlines())
    assert len(resumed.applied) == 200  # it resumed its tables where they were

    acknowledged = [*Report.of(before_kill).applied, *survivor_report.applied, *resumed.applied]
    stored = await check_logs(url, acknowledged)
    victims = [t for t in stored.values() if ShardSet(SHARDS, frozenset({0})).holds(t.guild_id)]
    assert sum(t.version - START_VERSION for t in victims) >= 50 + 200
