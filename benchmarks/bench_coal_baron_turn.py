"""A whole Coal Baron turn through the bot: ``/coal play`` to the reply with both images.

Runs the real bot in simcord (an in-memory Discord) at a 4-player table in the
middle of shift 2 (reached through the service, as `tests.coal_baron_positions.mid_game`
plays it), then times `TURNS` turns: each is one ``/coal play`` of a placement
(a whole extraction on one line for a mining space) until the public message
with the board and every player's mine has been posted. Target (issue 4):
median under 300 ms on the 2-core machines.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

import simcord
from discord.ext import commands

from benchmarks.timing import median_p95
from bot.app import TableBot, create_bot
from bot.config import Settings
from bot.games.coal_baron.actions import Buy, Place
from bot.games.coal_baron.state import CoalBaronState
from tests.coal_baron_discord_support import extraction_line, space_kind
from tests.coal_baron_positions import choose

PLAYERS = 4
SEED = 7
TURNS = 30
TARGET_MS = 300


def mid_shift_two(state: CoalBaronState) -> bool:
    left = sum(player.workers for player in state.players)
    return state.shift == 2 and 2 * left <= PLAYERS * state.workers_per_player


def turn_line(state: CoalBaronState, seat: int, rng: random.Random) -> str:
    """A placement other than a draw-5 (those wait on the player's choice), as one line."""
    placements = [
        a
        for a in state.legal_actions(seat)
        if isinstance(a, Place | Buy) and space_kind(a.space) not in ("factory-draw", "order-draw")
    ]
    placement = rng.choice(placements)
    if space_kind(placement.space) == "mining":
        return " ".join(extraction_line(state, seat, placement.space, rng))
    return state.format_action(placement)


async def run(database: Path) -> list[float]:
    # Images in threads: a render pool started in setup_hook under simcord hangs the run
    # (simcord settles the loop around it); bench_turn_load measures the pool's path.
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
        await bot.close()  # closes the database (its thread would keep the process alive)


async def time_turns(env: simcord.Env, bot: commands.AutoShardedBot) -> list[float]:
    assert isinstance(bot, TableBot)  # which hosts Coal Baron through its plugin
    await bot.tree.sync()
    guild = env.create_guild(name="mines")
    channel = guild.create_text_channel("coal")
    members = [guild.add_member(env.create_user(f"miner{i}")) for i in range(PLAYERS)]
    service = bot.service
    table = await service.tables.open_table(
        guild_id=guild.id,
        channel_id=channel.id,
        game="coal-baron",
        creator_id=members[0].id,
        reminder_minutes=60,
        seed=SEED,
    )
    for member in members[1:]:
        await service.tables.join(table.id, member.id)
    table = await service.tables.start(table.id, members[0].id)
    rng = random.Random(SEED)
    while not mid_shift_two(state := table.state):  # type: ignore[arg-type]
        assert isinstance(state, CoalBaronState)
        seat = state.to_act()[0]
        line = state.format_action(choose(state, seat, rng))
        table = (await service.play.act(table.id, table.seats[seat], line)).table
    times = []
    for _ in range(TURNS):
        state = table.state
        assert isinstance(state, CoalBaronState) and table.status == "playing"
        seat = state.to_act()[0]
        actor = next(m for m in members if m.id == table.seats[seat])
        line = turn_line(state, seat, rng)
        started = time.perf_counter()
        result = await actor.slash(channel, "coal play", action=line)
        times.append(time.perf_counter() - started)
        # The command is answered privately; the turn, with both images, is in the channel.
        assert result.ephemeral
        turn = channel.last_message
        assert turn is not None and {a.filename for a in turn.attachments} >= {
            "board.png",
            "mines.png",
        }
        table = await service.tables.get_table(table.id)
    return times


def main() -> None:
    with tempfile.TemporaryDirectory() as directory:
        times = asyncio.run(run(Path(directory) / "bench.sqlite3"))
    met = statistics.median(times) * 1000 < TARGET_MS
    print(f"/coal play -> turn message with board and all mines, {PLAYERS} players mid-game,")
    print(f"  {len(times)} turns through simcord: {median_p95(times)}")
    print(f"  target: median under {TARGET_MS} ms -> {'ok' if met else 'MISSED'}")


if __name__ == "__main__":
    main()
