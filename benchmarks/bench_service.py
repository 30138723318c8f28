"""The storage and service path: time to apply and commit one action, throughput with
50 games played at once, and the longest event-loop stall meanwhile.

Each game gets a fresh database file in a temporary folder, as in production.
The tiny test game (`tests/tinygame.py`) costs next to nothing to compute, so
its figures are those of the platform alone; the real engines follow.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import tests.tinygame  # noqa: F401  (registers "tiny")
from benchmarks.timing import median_p95, ms
from bot.games.registry import GAMES, load_games
from bot.service import GameService, Table
from bot.storage import Storage

GAMES_TO_MEASURE = (("tiny", 3), ("coal-baron", 4), ("saboteur", 5))
SEQUENTIAL_ACTIONS = 2000
CONCURRENT_GAMES = 50
CONCURRENT_ACTIONS = 4000
TICK_SECONDS = 0.005
STALL_LIMIT_SECONDS = 0.050


@dataclass(frozen=True)
class Figures:
    game: str
    players: int
    act_seconds: list[float]
    """Duration of each `act` played one at a time."""
    concurrent_actions: int
    concurrent_seconds: float
    lags: list[float]
    """How late each tick of the stall meter woke up during the concurrent run."""


async def play_game(
    service: GameService, game: str, players: int, channel: int, rng: random.Random,
    max_actions: int | None = None,
) -> list[float]:
    """Open, fill, start and play one game (to its end or `max_actions`); returns each
    act's duration."""
    table = await service.open_table(
        guild_id=1, channel_id=channel, game=game, creator_id=1, reminder_minutes=60,
        seed=rng.getrandbits(32),
    )
    for user in range(2, players + 1):
        await service.join(table.id, user)
    table = await service.start(table.id, 1)
    durations: list[float] = []
    while table.status == "playing" and len(durations) != max_actions:
        text, user = random_move(table, rng)
        started = time.perf_counter()
        table = (await service.act(table.id, user, text, table.version)).table
        durations.append(time.perf_counter() - started)
    return durations


def random_move(table: Table, rng: random.Random) -> tuple[str, int]:
    assert table.state is not None
    seat = rng.choice(table.state.to_act())
    action = rng.choice(table.state.legal_actions(seat))
    return table.state.format_action(action), table.seats[seat]


class StallMeter:
    """Sleeps `TICK_SECONDS` over and over, recording how late each wake-up comes."""

    def __init__(self) -> None:
        self.lags: list[float] = []

    async def run(self) -> None:
        while True:
            expected = time.perf_counter() + TICK_SECONDS
            await asyncio.sleep(TICK_SECONDS)
            self.lags.append(time.perf_counter() - expected)


async def measure(game: str, players: int, folder: Path) -> Figures:
    storage = await Storage.open(folder / f"{game}.sqlite3")
    service = GameService(storage)
    rng = random.Random(1)
    durations: list[float] = []
    channel = 0
    while len(durations) < SEQUENTIAL_ACTIONS:
        channel += 1
        durations += await play_game(
            service, game, players, channel, rng, SEQUENTIAL_ACTIONS - len(durations)
        )

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
                await play_game(service, game, players, channel, task_rng, per_task - actions)
            )
        return actions

    meter = StallMeter()
    ticker = asyncio.create_task(meter.run())
    started = time.perf_counter()
    counts = await asyncio.gather(*(player(task) for task in range(CONCURRENT_GAMES)))
    elapsed = time.perf_counter() - started
    ticker.cancel()
    await storage.close()
    return Figures(game, players, durations, sum(counts), elapsed, meter.lags)


def report(figures: Figures) -> None:
    acts = figures.act_seconds
    stall = max(figures.lags)
    verdict = "ok" if stall <= STALL_LIMIT_SECONDS else "TOO LONG"
    print(f"{figures.game} ({figures.players} players), file database:")
    print(f"  apply+commit one action ({len(acts)} actions one at a time): "
          f"{median_p95(acts, 2)}, max {ms(max(acts), 2)}")
    print(f"  {CONCURRENT_GAMES} games at once: "
          f"{figures.concurrent_actions / figures.concurrent_seconds:.0f} actions per second "
          f"({figures.concurrent_actions} actions in {figures.concurrent_seconds:.2f} s)")
    p99 = statistics.quantiles(figures.lags, n=100)[98]
    print(f"  longest event-loop stall meanwhile: {ms(stall, 2)} "
          f"(limit {ms(STALL_LIMIT_SECONDS, 2)}: {verdict}; {len(figures.lags)} ticks of "
          f"{ms(TICK_SECONDS, 2)}, p99 lateness {ms(p99, 2)})")


async def run() -> None:
    load_games()
    with tempfile.TemporaryDirectory() as folder:
        for game, players in GAMES_TO_MEASURE:
            if game in GAMES:
                report(await measure(game, players, Path(folder)))


def main() -> None:
    asyncio.run(run())
