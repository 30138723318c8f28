"""A whole Mine Out turn through the bot: ``/game play`` of a turn's line to the public
message with the town image.

Runs the real bot in simcord at a 4-player table, plays greedy turns through
the service until round 3, then times `TURNS` turns, each one ``/game play``
of the whole turn planned by the greedy player
(`tests.mine_out_discord_support.plan_turn`). Coal Baron's target for a turn
(median under 300 ms) is the yardstick.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

import simcord

from benchmarks.timing import median_p95
from bot.app import TableBot, create_bot
from bot.config import Settings
from bot.games.mine_out import MineOutState
from tests.mine_out_discord_support import plan_turn

PLAYERS = 4
SEED = 7
TURNS = 20
TARGET_MS = 300


async def run(database: Path) -> list[float]:
    # Images in threads, as in bench_coal_baron_turn: a render pool started under
    # simcord hangs the run; bench_turn_load measures the pool's path.
    bot = create_bot(
        Settings(token=None, database_path=database, shard_count=1, render_workers=0)
    )
    assert isinstance(bot, TableBot)
    env = simcord.Env(bot)
    await env.start()
    try:
        return await time_turns(env, bot)
    finally:
        await env.shutdown()
        await bot.close()


async def time_turns(env: simcord.Env, bot: TableBot) -> list[float]:
    await bot.tree.sync()
    guild = env.create_guild(name="mines")
    channel = guild.create_text_channel("mine-out")
    members = [guild.add_member(env.create_user(f"miner{i}")) for i in range(PLAYERS)]
    service = bot.service
    table = await service.tables.open_table(
        guild_id=guild.id, channel_id=channel.id, game="mine-out",
        creator_id=members[0].id, reminder_minutes=60, seed=SEED,
    )
    for member in members[1:]:
        await service.tables.join(table.id, member.id)
    table = await service.tables.start(table.id, members[0].id)
    rng = random.Random(SEED)
    while isinstance(state := table.state, MineOutState) and state.round < 3:
        seat = state.to_act()[0]
        line = " ".join(plan_turn(state, rng))
        table = (await service.play.act(table.id, table.seats[seat], line)).table
    times = []
    for _ in range(TURNS):
        state = table.state
        assert isinstance(state, MineOutState) and table.status == "playing"
        seat = state.to_act()[0]
        actor = next(m for m in members if m.id == table.seats[seat])
        line = " ".join(plan_turn(state, rng))
        started = time.perf_counter()
        result = await actor.slash(channel, "game play", action=line)
        times.append(time.perf_counter() - started)
        assert result.ephemeral
        turn = channel.last_message
        assert turn is not None and turn.attachments
        table = await service.tables.get_table(table.id)
    return times


def main() -> None:
    with tempfile.TemporaryDirectory() as directory:
        times = asyncio.run(run(Path(directory) / "bench.sqlite3"))
    met = statistics.median(times) * 1000 < TARGET_MS
    print(f"/game play of a whole turn -> turn message with the town, {PLAYERS} players,")
    print(f"  {len(times)} turns through simcord: {median_p95(times)}")
    print(f"  yardstick: median under {TARGET_MS} ms -> {'ok' if met else 'MISSED'}")


if __name__ == "__main__":
    main()
