"""Tournaments (issue 38, docs/tournaments.md).

Pairing a Swiss round of 256 entrants (bot/tournaments), the work the bot does when a
round ends, on one core: the standings, then the tables. Measured for round 1 (nobody
met yet) and for round 8 (after seven rounds of random results, so the search must
avoid every pair that met), at tables of two (the search) and of three to four (the
swaps). Target: at most 100 ms each. The ratio printed is the target over the median:
above 1, within it.

Opening a round of 16 tables through the real bot in simcord (images drawn in
threads): ``/tournament start`` typed by the organizer, until every table has its
thread, its call pinging its players and its first turn posted with its images (32
members at tables of two of Mine Out; 64 at tables of four of Coal Baron). No target
was set: the figure says how long the players of the last table wait.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

import simcord

from benchmarks.timing import median_p95, ms, timed
from bot.app import TableBot, create_bot
from bot.service.tournament_record import Settings as TournamentSettings
from bot.startup.config import Settings
from bot.tournaments import Format, Played, RoundRecord, Rules, plan_round

ENTRANTS = 256
TARGET_SECONDS = 0.100
REPEATS = 15


def rounds_played(rules: Rules, count: int, seed: int) -> list[RoundRecord]:
    """Seven rounds of random results."""
    rng = random.Random(seed)
    rounds: list[RoundRecord] = []
    for _ in range(7):
        plan = plan_round(rules, count, range(count), rounds)
        tables = tuple(Played(t, tuple(rng.sample(range(len(t)), len(t)))) for t in plan.tables)
        rounds.append(RoundRecord(tables, plan.byes))
    return rounds


def measure(label: str, rules: Rules, rounds: list[RoundRecord]) -> None:
    durations = [timed(plan_round, rules, ENTRANTS, range(ENTRANTS), rounds)[1]
                 for _ in range(REPEATS)]
    median = statistics.median(durations)
    print(f"  {label}: {median_p95(durations)}; target {ms(TARGET_SECONDS, 0)}, "
          f"ratio {TARGET_SECONDS / median:.1f}")


TABLES = 16
OPENINGS = 3
"""Rounds opened for each game (each in a new server); the median is printed."""


async def open_round(env: simcord.Env, bot: TableBot, game: str, size: int) -> float:
    """Seconds `/tournament start` takes to open a round of `TABLES` tables of `size`."""
    guild = env.create_guild(name="league")
    channel = guild.create_text_channel("tournament")
    members = [guild.add_member(env.create_user(f"miner{i}")) for i in range(TABLES * size)]
    service = bot.service
    tournament = await service.tournaments.create(
        guild_id=guild.id, channel_id=channel.id, organizer=members[0].id,
        settings=TournamentSettings(game, Format.SWISS, 3, size, size, 600))
    for member in members:
        await service.tournaments.join(tournament.id, member.id)
    started = time.perf_counter()
    await members[0].slash(channel, "tournament start")
    seconds = time.perf_counter() - started
    opened = await service.tournaments.get(tournament.id)
    assert opened.current is not None
    assert all(slot.table_id for slot in opened.current.slots) and len(channel.threads) == TABLES
    for thread in channel.threads:
        call, turn = thread.history()
        assert call.mentions and turn.attachments, "each table: its call, its first turn"
    return seconds


async def time_openings(database: Path) -> None:
    bot = create_bot(Settings(token=None, database_path=database, shard_count=1,
                              render_workers=0))
    assert isinstance(bot, TableBot)
    env = simcord.Env(bot, settle_timeout=600)
    await env.start()
    try:
        await bot.tree.sync()
        for game, size in (("mine-out", 2), ("coal-baron", 4)):
            times = [await open_round(env, bot, game, size) for _ in range(OPENINGS)]
            median = statistics.median(times)
            print(f"  {game}, {TABLES} tables of {size}: median {median:.2f} s "
                  f"({ms(median / TABLES, 0)} a table), runs "
                  + ", ".join(f"{t:.2f} s" for t in times))
    finally:
        await env.shutdown()
        await bot.close()


def main() -> None:
    print(f"pairing a Swiss round of {ENTRANTS} entrants ({REPEATS} runs each):")
    for low, high in ((2, 2), (3, 4)):
        rules = Rules(Format.SWISS, rounds=10, min_size=low, max_size=high)
        measure(f"tables of {low}-{high}, round 1", rules, [])
        measure(f"tables of {low}-{high}, round 8", rules, rounds_played(rules, ENTRANTS, 1))
    print(f"opening a round of {TABLES} tables through simcord ({OPENINGS} rounds each):")
    with tempfile.TemporaryDirectory() as directory:
        asyncio.run(time_openings(Path(directory) / "bench.sqlite3"))


if __name__ == "__main__":
    main()
