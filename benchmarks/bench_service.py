"""The storage and service path, on each backend: time to apply and commit one
action, the commit alone, throughput with 50 games played at once, and the
longest event-loop stall meanwhile; then the throughput of two processes
sharing one PostgreSQL database.

SQLite: a fresh database file in a temporary folder, as in production.
PostgreSQL: a throwaway server (`tests/postgres_support.py`) with its durable
defaults (fsync, synchronous commit), on a unix socket of this machine.
The tiny test game (`tests/tinygame.py`) costs next to nothing to compute, so
its figures are those of the platform alone; the real engines follow.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tests.tinygame  # noqa: F401  (registers "tiny")
from benchmarks.timing import TICK_SECONDS, StallMeter, median_p95, ms
from bot.app import freeze_start_up_objects
from bot.games.registry import game_ids, get_game
from bot.service import GameService, Table
from bot.storage import Storage
from tests.postgres_support import PostgresCluster, PostgresUnavailable

MAX_PLAYERS = 5
"""Players at each measured table: the game's largest table, at most this many."""
SEQUENTIAL_ACTIONS = 2000
CONCURRENT_GAMES = 50
CONCURRENT_ACTIONS = 4000
PROCESSES = 2
"""Bot processes sharing one PostgreSQL database in the last measure (one per core)."""
STALL_LIMIT_SECONDS = 0.050


@dataclass(frozen=True)
class Figures:
    backend: str
    game: str
    players: int
    act_seconds: list[float]
    """Duration of each `act` played one at a time."""
    commit_seconds: list[float]
    """Duration of each `Storage.save` (state, log row and version in one transaction)."""
    concurrent_actions: int
    concurrent_seconds: float
    lags: list[float]
    """How late each tick of the stall meter woke up during the concurrent run."""


async def play_game(
    service: GameService, game: str, players: int, channel: int, rng: random.Random,
    max_actions: int | None = None, guild: int = 1,
) -> list[float]:
    """Open, fill, start and play one game (to its end or `max_actions`) in server
    `guild`; returns each act's duration."""
    table = await service.tables.open_table(
        guild_id=guild, channel_id=channel, game=game, creator_id=1, reminder_minutes=60,
        seed=rng.getrandbits(32),
    )
    for user in range(2, players + 1):
        await service.tables.join(table.id, user)
    table = await service.tables.start(table.id, 1)
    durations: list[float] = []
    while table.status == "playing" and len(durations) != max_actions:
        text, user = random_move(table, rng)
        started = time.perf_counter()
        table = (await service.moves.act(table.id, user, text, table.version)).table
        durations.append(time.perf_counter() - started)
    return durations


def random_move(table: Table, rng: random.Random) -> tuple[str, int]:
    assert table.state is not None
    seat = rng.choice(table.state.to_act())
    action = rng.choice(table.state.legal_actions(seat))
    return table.state.format_action(action), table.seats[seat]


def timing_saves(storage: Storage) -> list[float]:
    """Make `storage` record how long each of its saves takes; returns the list it fills."""
    durations: list[float] = []
    save: Callable[..., Awaitable[bool]] = storage.save

    async def timed_save(*args: Any, **kwargs: Any) -> bool:
        started = time.perf_counter()
        saved = await save(*args, **kwargs)
        durations.append(time.perf_counter() - started)
        return saved

    storage.save = timed_save  # type: ignore[method-assign]
    return durations


async def play_concurrently(service: GameService, game: str, players: int, first_task: int,
                            guild: int = 1) -> tuple[int, float]:
    """`CONCURRENT_GAMES` tasks play until `CONCURRENT_ACTIONS` actions are done in all;
    returns (actions, seconds)."""
    per_task = CONCURRENT_ACTIONS // CONCURRENT_GAMES

    async def player(task: int) -> int:
        """Play games in a channel of its own until `per_task` actions are done."""
        task_rng = random.Random(task)
        actions = 0
        game_number = 0
        while actions < per_task:
            game_number += 1
            channel = 1_000_000 + task * 1000 + game_number
            actions += len(
                await play_game(service, game, players, channel, task_rng, per_task - actions,
                                guild)
            )
        return actions

    started = time.perf_counter()
    counts = await asyncio.gather(
        *(player(task) for task in range(first_task, first_task + CONCURRENT_GAMES))
    )
    return sum(counts), time.perf_counter() - started


async def measure(backend: str, location: str, game: str, players: int) -> Figures:
    storage = await Storage.open(location)
    service = GameService(storage)
    commits = timing_saves(storage)
    rng = random.Random(1)
    durations: list[float] = []
    channel = 0
    while len(durations) < SEQUENTIAL_ACTIONS:
        channel += 1
        durations += await play_game(
            service, game, players, channel, rng, SEQUENTIAL_ACTIONS - len(durations)
        )
    commit_seconds = list(commits)
    with StallMeter() as meter:
        actions, elapsed = await play_concurrently(service, game, players, 0)
    await storage.close()
    return Figures(backend, game, players, durations, commit_seconds, actions, elapsed,
                   meter.lags)


def report(figures: Figures) -> None:
    acts = figures.act_seconds
    stall = max(figures.lags)
    verdict = "ok" if stall <= STALL_LIMIT_SECONDS else "TOO LONG"
    print(f"{figures.backend}, {figures.game} ({figures.players} players):")
    print(f"  apply+commit one action ({len(acts)} actions one at a time): "
          f"{median_p95(acts, 2)}, max {ms(max(acts), 2)}")
    print(f"  commit alone (state, log row, version): {median_p95(figures.commit_seconds, 2)}")
    print(f"  {CONCURRENT_GAMES} games at once: "
          f"{figures.concurrent_actions / figures.concurrent_seconds:.0f} actions per second "
          f"({figures.concurrent_actions} actions in {figures.concurrent_seconds:.2f} s)")
    p99 = statistics.quantiles(figures.lags, n=100)[98]
    print(f"  longest event-loop stall meanwhile: {ms(stall, 2)} "
          f"(limit {ms(STALL_LIMIT_SECONDS, 2)}: {verdict}; {len(figures.lags)} ticks of "
          f"{ms(TICK_SECONDS, 2)}, p99 lateness {ms(p99, 2)})")


def one_process(url: str, process: int) -> tuple[int, float]:
    """The 50-game run of the tiny game in a process of its own, on channels and a server
    of its own (a server is on one shard, so in one process)."""

    async def run() -> tuple[int, float]:
        storage = await Storage.open(url)
        figures = await play_concurrently(
            GameService(storage), "tiny", 3, (process + 1) * CONCURRENT_GAMES, guild=2 + process
        )
        await storage.close()
        return figures

    return asyncio.run(run())


def report_processes(url: str, single_rate: float) -> None:
    with multiprocessing.get_context("spawn").Pool(PROCESSES) as pool:
        started = time.perf_counter()
        results = pool.starmap(one_process, [(url, n) for n in range(PROCESSES)])
        elapsed = time.perf_counter() - started
    actions = sum(count for count, _ in results)
    rates = ", ".join(f"{count / seconds:.0f}" for count, seconds in results)
    print(f"PostgreSQL, {PROCESSES} processes at once (tiny, {CONCURRENT_GAMES} games each): "
          f"{actions / elapsed:.0f} actions per second in all (each: {rates}; "
          f"one process alone: {single_rate:.0f})")


async def run_backend(backend: str, fresh: Callable[[str], Awaitable[str]]) -> list[Figures]:
    """Measure every game on `backend`, each on the new database `await fresh(game)`."""
    measured = []
    for game in game_ids():
        players = min(get_game(game).max_players, MAX_PLAYERS)
        measured.append(await measure(backend, await fresh(game), game, players))
        report(measured[-1])
    return measured


def main() -> None:
    freeze_start_up_objects()  # as `python -m bot` does
    with tempfile.TemporaryDirectory() as folder:

        async def sqlite_file(game: str) -> str:
            return str(Path(folder) / f"{game}.sqlite3")

        asyncio.run(run_backend("SQLite file", sqlite_file))
    try:
        cluster = PostgresCluster.start(durable=True)
    except PostgresUnavailable as error:
        print(f"PostgreSQL not measured: {error}")
        return

    async def postgres_database(game: str) -> str:
        return await cluster.create_database()

    try:
        measured = asyncio.run(run_backend("PostgreSQL", postgres_database))
        tiny = next(f for f in measured if f.game == "tiny")
        shared = asyncio.run(cluster.create_database())
        report_processes(shared, tiny.concurrent_actions / tiny.concurrent_seconds)
    finally:
        cluster.stop()
