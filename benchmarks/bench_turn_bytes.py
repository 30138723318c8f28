"""Bytes and CPU of a turn, for every game: what the public turn message posts.

The real bot in simcord (images drawn in threads), one table per game started through
the service (Coal Baron at 4 players, Saboteur at 3, Mine Out at 2), then `ACTIONS`
seeded random legal actions, each played by the player to act with ``/game play``.
For each action: the bytes of the images its public message posts (or of those it
puts in the live message, for a step folded into it), read from what
`cogs.platform.table_items.public_turn` returns, and the CPU time of the bot's process
(every thread: the event loop and the image threads) from the command to its answer.
"""

from __future__ import annotations

import asyncio
import io
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import discord
import simcord

import cogs.platform.table_items
from bot.app import TableBot, create_bot
from bot.config import Settings
from bot.games.registry import game_ids, load_games
from cogs.platform.presenter import TurnMessage

ACTIONS = 150
PLAYERS = {"coal-baron": 4, "saboteur": 3, "mine-out": 2}
SEED = 5


def file_bytes(file: discord.File) -> int:
    """The size of an image the bot attaches (drawn in memory)."""
    data = file.fp
    assert isinstance(data, io.BytesIO)
    return len(data.getvalue())


async def measure(env: simcord.Env, bot: TableBot, game: str) -> tuple[list[int], list[float]]:
    """Bytes posted and CPU seconds of each of `ACTIONS` actions of a `game` table."""
    guild = env.create_guild(name=game)
    channel = guild.create_text_channel(game)
    members = [guild.add_member(env.create_user(f"{game}{i}")) for i in range(PLAYERS[game])]
    by_id = {member.id: member for member in members}
    service = bot.service
    table = await service.tables.open_table(
        guild_id=guild.id, channel_id=channel.id, game=game, creator_id=members[0].id,
        reminder_minutes=60, seed=SEED,
    )
    for member in members[1:]:
        await service.tables.join(table.id, member.id)
    table = await service.tables.start(table.id, members[0].id)
    posted: list[int] = []
    original = cogs.platform.table_items.public_turn

    async def counting(*args: Any, **kwargs: Any) -> TurnMessage:
        message = await original(*args, **kwargs)
        posted.append(sum(file_bytes(file) for file in message.files))
        return message

    cogs.platform.table_items.public_turn = counting
    rng = random.Random(SEED)
    sizes: list[int] = []
    cpu: list[float] = []
    try:
        for _ in range(ACTIONS):
            state = table.state
            if table.status != "playing" or state is None:
                break
            seat = rng.choice(state.to_act())
            line = state.format_action(rng.choice(state.legal_actions(seat)))
            posted.clear()
            started = time.process_time()
            await by_id[table.seats[seat]].slash(channel, "game play", action=line)
            cpu.append(time.process_time() - started)
            sizes.append(sum(posted))
            table = await service.tables.get_table(table.id)
    finally:
        cogs.platform.table_items.public_turn = original
    return sizes, cpu


async def run(database: Path) -> dict[str, tuple[list[int], list[float]]]:
    bot = create_bot(Settings(token=None, database_path=database, shard_count=1,
                              render_workers=0))
    assert isinstance(bot, TableBot)
    env = simcord.Env(bot)
    await env.start()
    try:
        await bot.tree.sync()
        return {game: await measure(env, bot, game) for game in PLAYERS if game in game_ids()}
    finally:
        await env.shutdown()
        await bot.close()


def main() -> None:
    load_games()
    with tempfile.TemporaryDirectory() as directory:
        figures = asyncio.run(run(Path(directory) / "bench.sqlite3"))
    print(f"images posted per action ({ACTIONS} random actions from the start, /game play):")
    for game, (sizes, cpu) in figures.items():
        mean, median = statistics.mean(sizes) / 1024, statistics.median(sizes) / 1024
        print(f"  {game:<11} {PLAYERS[game]} players: mean {mean:5.1f} KB, median "
              f"{median:5.1f} KB; CPU per action mean {statistics.mean(cpu) * 1000:.0f} ms, "
              f"median {statistics.median(cpu) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
