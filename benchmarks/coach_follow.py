"""Issue 43's measure of the coach: whole games through the bot, every player following
every hint at every step (`tests/coach_follow_support.HintFollower`), on fixed seeds.

For each game and seed it prints: the decisions taken and the share a 💡 Hint was
offered for where the player decided, the hints that were not worded as the button or
option playing them, the coach's notes sent (all players coached), the 🔎 Review lines
of the finished game, and the hints' latency through the bot (from the click to the
filled message: p50, p95). The bot is set up as the local table sets it up: every
worker started before simcord runs, the coach's verdict in its own process with its
own budget (`bot.ai.coach.SAMPLES`).

Slow (whole games, every step through the bot): ``python -m benchmarks.coach_follow
[game[:players]] ... [--seeds N]``; it exits with an error naming each game that breaks
the rules (a decision without a hint, a hint not worded as what plays it, a note or a
review line, a hint's p95 of 2 s or more), so it can fail.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import simcord

import bot.service.tables
from benchmarks.timing import p95
from bot.app import TableBot, create_bot
from bot.i18n import catalog
from bot.startup.config import Settings
from bot.workers.process_starts import no_process_starts
from tests.coach_follow_support import HintFollower, as_worded, started
from tests.discord_support import TableWorld, plain_channel

GAMES = (("saboteur", 3), ("coal-baron", 2), ("mine-out", 2))
FIRST_SEED = 7000
"""Seeds no test uses."""
HINT_P95_SECONDS = 2.0
"""The hint at a step, through the bot, at the 95th percentile of a game (issue 43)."""


async def one_game(database: Path, game: str, players: int, seed: int) -> tuple[str, list[str]]:
    """The figures of one whole game of `game` dealt from `seed`, in one line, and what
    in them breaks issue 43's rules (`broken`)."""
    bot.service.tables.secrets.randbits = lambda bits: seed  # type: ignore[attr-defined]
    table_bot = create_bot(Settings(token=None, database_path=database, shard_count=1,
                                    render_workers=1, computer_pause_seconds=0.0))
    assert isinstance(table_bot, TableBot)
    await table_bot.start_workers()  # as the local table: before simcord runs
    env = simcord.Env(table_bot, check_errors=False)
    env.settle_timeout = 600.0
    await env.start()
    try:
        with no_process_starts("while simcord runs the benchmark"):
            await table_bot.tree.sync()
            guild = env.create_guild(name="mines")
            channel = plain_channel(guild, "games")
            members = [guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol")]
            w = TableWorld(env, guild, channel, *members)
            table, seated = await started(w, game, players)
            follower = HintFollower(w, seated, table.id)
            begun = time.perf_counter()
            found = await follower.follow()
            assert found.finished
            await follower.review()
            minutes = (time.perf_counter() - begun) / 60
    finally:
        await env.shutdown()
        await table_bot.close()
    none = catalog("en")["coach.review.none"]
    lines = sum(len(text.splitlines()) - 1 for text in found.reviews.values() if text != none)
    unworded = sum(not as_worded(words, labels) for words, labels in found.worded)
    times = found.hint_seconds
    line = (f"{game} {players}p seed {seed}: {found.decisions} decisions, hint offered at "
            f"{found.hinted / found.decisions:.0%}, {unworded} not worded as played, "
            f"{len(found.notes)} notes, {lines} review lines; hint p50 "
            f"{statistics.median(times):.2f} s, p95 {p95(times):.2f} s; {minutes:.1f} min; "
            f"load average {os.getloadavg()[0]:.1f}")
    return line, broken(found.decisions - found.hinted, unworded, len(found.notes), lines,
                        p95(times))


def broken(unhinted: int, unworded: int, notes: int, lines: int, slowest: float) -> list[str]:
    """What breaks the rules a game followed hint by hint must keep: a hint at every
    decision, worded as what plays it, no note and no review line, the hint under
    `HINT_P95_SECONDS` at the 95th percentile."""
    found = {
        "decisions without a hint": unhinted, "hints not worded as played": unworded,
        "notes": notes, "review lines": lines,
    }
    told = [f"{count} {what}" for what, count in found.items() if count]
    if slowest >= HINT_P95_SECONDS:
        told.append(f"hint p95 {slowest:.2f} s")
    return told


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    seeds = int(args[args.index("--seeds") + 1]) if "--seeds" in args else 2
    named = [a for i, a in enumerate(args) if not a.startswith("--")
             and (i == 0 or args[i - 1] != "--seeds")]
    games = [(n.split(":")[0], int(n.split(":")[1]) if ":" in n else dict(GAMES)[n])
             for n in named] or list(GAMES)
    failures = []
    for game, players in games:
        for seed in range(FIRST_SEED, FIRST_SEED + seeds):
            with tempfile.TemporaryDirectory() as directory:
                line, wrong = asyncio.run(one_game(Path(directory) / "bench.sqlite3", game,
                                                   players, seed))
            print(line, flush=True)
            failures += [f"{game} seed {seed}: {', '.join(wrong)}"] if wrong else []
    if failures:
        sys.exit("The coach disagrees with itself:\n" + "\n".join(failures))


if __name__ == "__main__":
    main()
