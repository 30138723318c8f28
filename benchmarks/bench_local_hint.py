"""A hint at the local table: from `/game hint` to its private answer (issue 36).

The bot is set up as `python -m bot local` sets it up: every worker (render, computer,
coach) started before simcord runs, and no process may start inside the run
(`bot.workers.process_starts`). At a table of each game, `HINTS` hints are asked by the
player to act, one move (their default) played between two; p50 and p95 of the wall
time, against the coach's answer alone (the same requests to the worker, without the
bot), measured in the same run. The issue's bound: p95 ≤ 2 s on the 2-core machine.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

import simcord

from benchmarks.timing import p95
from benchmarks.whole_turns import started_table, to_act
from bot.ai.coach import SAMPLES
from bot.app import TableBot, create_bot
from bot.startup.config import Settings
from bot.workers.process_starts import no_process_starts

HINTS = 10
GAMES = (("saboteur", 3), ("coal-baron", 2), ("mine-out", 2))


async def hints_at(env: simcord.Env, bot: TableBot, game: str, players: int
                   ) -> tuple[list[float], list[float]]:
    """The wall time of each hint through the bot, and of the worker's answer alone."""
    channel, members, table = await started_table(env, bot, game, players, seed=11)
    through_bot, alone = [], []
    for _ in range(HINTS):
        table, state, seat, actor = await to_act(bot, table.id, members)
        started = time.perf_counter()
        result = await actor.slash(channel, "game hint")
        through_bot.append(time.perf_counter() - started)
        answer = next(m for m in (result.response, *result.followups) if m is not None)
        assert "💡" in answer.content, answer.content
        record = await bot.service.results.record(table.id)
        request = bot.coach.request("hint", table, seat, record, len(record["actions"]))
        started = time.perf_counter()
        await bot.coach.runner.ask(request)
        alone.append(time.perf_counter() - started)
        await actor.slash(channel, "game play",
                          action=state.format_action(state.default_action(seat)))
    return through_bot, alone


def line(name: str, seconds: list[float]) -> str:
    return (f"{name}: p50 {statistics.median(seconds):.2f} s, p95 {p95(seconds):.2f} s")


async def run(database: Path) -> None:
    bot = create_bot(Settings(token=None, database_path=database, shard_count=1,
                              render_workers=1, computer_pause_seconds=0.0))
    assert isinstance(bot, TableBot)
    await bot.start_workers()  # as the local table: before simcord runs
    env = simcord.Env(bot, check_errors=False)
    await env.start()
    try:
        with no_process_starts("while simcord runs the benchmark"):
            print(f"{HINTS} hints a game, the coach's verdict on {SAMPLES} worlds a hint:")
            every: list[float] = []
            for game, players in GAMES:
                through_bot, alone = await hints_at(env, bot, game, players)
                every += through_bot
                ratio = statistics.median(through_bot) / statistics.median(alone)
                print(f"  {game} {players}p: {line('through the bot', through_bot)};"
                      f" {line('worker alone', alone)}; ratio {ratio:.2f}")
            verdict = "ok" if p95(every) <= 2.0 else "OVER 2 s"
            print(f"  all {len(every)} hints: {line('through the bot', every)} -> {verdict}")
    finally:
        await env.shutdown()
        await bot.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as directory:
        asyncio.run(run(Path(directory) / "bench.sqlite3"))


if __name__ == "__main__":
    main()
