"""What a server's history costs: the bytes a finished game keeps in the database, and
the bot's start-up time with 0, 1,000 and 10,000 finished games stored.

Bytes per stored game: `GAMES_STORED` seeded games of each game (random legal moves,
the largest table up to 4 players) played to their end through `GameService` on a
fresh SQLite file; the file's growth (after a checkpoint: the write-ahead log folded
in) divided by the number of games. Each game's log is packed into one row when it
ends (`Storage.pack_log`); the pages its rows held are reused by the next game, and
those of the last game are counted in (the figure errs high). Target (issue 24): at
most 20 KB each.

Start-up: the real bot (`create_bot`, images in threads) started in simcord, from
`setup_hook` (the database opened, the cogs loaded, the commands synced) to the end of
`on_ready` (the computer players' turns left waiting resumed), on a database holding
one table in play and N finished games; and, apart, the check ``python -m bot`` makes
before it connects (the file opened with SQLite's integrity scan, which reads it all).
The finished games are copied in through the storage API (`Storage.import_table`: a
real finished state and summary of each game in turn, without their action logs), not
played. Target: 10,000 finished games start
within 50 ms of an empty database. Each start is measured `STARTS` times, median shown.
"""

from __future__ import annotations

import asyncio
import math
import random
import statistics
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import simcord

from benchmarks.bench_service import play_game
from bot.app import create_bot
from bot.games.registry import game_ids, get_game, load_games
from bot.service import GameService, Table, TableStatus
from bot.startup.config import Settings
from bot.storage import Storage

GAMES_STORED = 6
"""Games of each game played to their end to measure what one keeps."""
MAX_PLAYERS = 4
HISTORIES = (0, 1_000, 10_000)
STARTS = 5
STORED_TARGET_BYTES = 20 * 1024
START_UP_MARGIN_SECONDS = 0.050


def real_games() -> list[str]:
    """The games a server plays (not the test suite's "tiny", which another benchmark
    may have registered)."""
    return [game for game in game_ids() if game != "tiny"]


def players_of(game: str) -> int:
    game_cls = get_game(game)
    return min(game_cls.max_players, MAX_PLAYERS)


def file_bytes(path: Path) -> int:
    """The database's size with its write-ahead log folded in (closed: checkpointed)."""
    return path.stat().st_size


async def stored_bytes(folder: Path) -> tuple[dict[str, float], list[tuple[Table, str | None]]]:
    """Per game, the bytes one finished game adds to the database file; and every
    finished table played, with its stored summary."""
    per_game: dict[str, float] = {}
    finished: list[tuple[Table, str | None]] = []
    for game in real_games():
        path = folder / f"{game}.sqlite3"
        await (await Storage.open(path)).close()
        empty = file_bytes(path)
        storage = await Storage.open(path)
        service = GameService(storage, clock=time.time)
        rng = random.Random(24)
        for channel in range(GAMES_STORED):
            await play_game(service, game, players_of(game), channel, rng)
        for table_id in await storage.table_ids():
            table = await storage.get(table_id)
            assert table is not None and table.status == TableStatus.FINISHED
            finished.append((table, await storage.result(table_id)))
        await storage.close()
        per_game[game] = (file_bytes(path) - empty) / GAMES_STORED
    return per_game, finished


async def fill_history(
    path: Path, finished: list[tuple[Table, str | None]], count: int
) -> None:
    """`count` finished games (copies of `finished`, in turn) and one table in play."""
    storage = await Storage.open(path)
    try:
        for n in range(count):
            table, summary = finished[n % len(finished)]
            copy = replace(table, id=n + 1, channel_id=10_000 + n)
            await storage.import_table(copy, [], summary)
        service = GameService(storage, clock=time.time)
        await play_game(service, "coal-baron", 2, 1, random.Random(1), max_actions=5)
    finally:
        await storage.close()


async def start_up_seconds(path: Path) -> float:
    """One start of the bot on `path`: `setup_hook` to the end of `on_ready` (infinite
if it took more than the 5 s simcord waits for a start)."""
    bot = create_bot(Settings(token=None, database_path=path, shard_count=1, render_workers=0))
    ready = asyncio.Event()
    on_ready = bot.on_ready

    async def timed_ready() -> None:
        await on_ready()
        ready.set()

    bot.on_ready = timed_ready  # type: ignore[method-assign]
    env = simcord.Env(bot)
    started = time.perf_counter()
    try:
        await env.start()
    except TimeoutError:  # simcord gives a start 5 s to settle
        await bot.close()
        return math.inf
    try:
        while not ready.is_set():
            await asyncio.sleep(0)
        return time.perf_counter() - started
    finally:
        await env.shutdown()
        await bot.close()


async def check_seconds(path: Path) -> float:
    """The check ``python -m bot`` makes before it connects (`bot.app.check_storage`):
    the database opened with its integrity scan, and closed."""
    started = time.perf_counter()
    await (await Storage.open(path)).close()
    return time.perf_counter() - started


def kb(size: float) -> str:
    return f"{size / 1024:.1f} KB"


async def run(folder: Path) -> None:
    load_games()
    per_game, finished = await stored_bytes(folder)
    print(f"bytes one finished game adds to the database ({GAMES_STORED} games each, "
          f"random play, up to {MAX_PLAYERS} players):")
    for game, size in per_game.items():
        verdict = "ok" if size <= STORED_TARGET_BYTES else "OVER"
        print(f"  {game:<12} {kb(size):>9}  (target {kb(STORED_TARGET_BYTES)}: {verdict})")
    print(f"start-up, setup_hook to the end of on_ready (median of {STARTS} starts):")
    medians = {}
    for count in HISTORIES:
        path = folder / f"history-{count}.sqlite3"
        await fill_history(path, finished, count)
        times = [await start_up_seconds(path) for _ in range(STARTS)]
        checks = [await check_seconds(path) for _ in range(STARTS)]
        medians[count] = statistics.median(times)
        print(f"  {count:>6} finished games: {medians[count] * 1000:6.0f} ms "
              f"(min {min(times) * 1000:.0f}, max {max(times) * 1000:.0f}); the check "
              f"before connecting {statistics.median(checks) * 1000:.0f} ms")
    extra = medians[HISTORIES[-1]] - medians[0]
    verdict = "ok" if extra <= START_UP_MARGIN_SECONDS else "MISSED"
    print(f"  {HISTORIES[-1]:,} finished games start {extra * 1000:+.0f} ms from an empty "
          f"database (target: within {START_UP_MARGIN_SECONDS * 1000:.0f} ms -> {verdict})")


def main() -> None:
    with tempfile.TemporaryDirectory() as directory:
        asyncio.run(run(Path(directory)))


if __name__ == "__main__":
    main()
