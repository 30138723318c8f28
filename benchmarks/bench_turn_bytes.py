"""Bytes and CPU of a turn, for every game: what the public turn message posts.

The real bot in simcord (images drawn in threads), one table per game started through
the service (Coal Baron at 4 players, Saboteur at 3, Mine Out at 2), then `ACTIONS`
seeded random legal actions, each played by the player to act with ``/game play``.
For each action: the bytes of the images its public message posts (or of those it
puts in the live message, for a step folded into it), read from what
`cogs.platform.posting.public_turn` returns, and the CPU time of the bot's process
(every thread: the event loop and the image threads) from the command to its answer.

Random single actions play a Coal Baron extraction one step at a time, each step
mid-turn; a player plays a whole turn in one message (the panel, or one typed line).
So Coal Baron is also measured by whole turns: `TURNS` seeded random turns from the
start, each placement typed on one line (a mining space with its whole extraction,
as `benchmarks/bench_coal_baron_turn.py` types it), a draw-5's choices after it as
their own commands; the bytes and CPU of all the turn's commands added up.
"""

from __future__ import annotations

import asyncio
import io
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
import simcord

import cogs.platform.posting
from bot.app import TableBot, create_bot
from bot.games.base import GameState
from bot.games.coal_baron.actions import Place
from bot.games.coal_baron.state import CoalBaronState
from bot.games.registry import game_ids, load_games
from bot.startup.config import Settings
from cogs.platform.presenter import TurnMessage
from tests.coal_baron_discord_support import extraction_line, space_kind

ACTIONS = 150
TURNS = 60
PLAYERS = {"coal-baron": 4, "saboteur": 3, "mine-out": 2}
SEED = 5


def file_bytes(file: discord.File) -> int:
    """The size of an image the bot attaches (drawn in memory)."""
    data = file.fp
    assert isinstance(data, io.BytesIO)
    return len(data.getvalue())


Play = tuple[int, str, bool]
"""A command to play: the seat, its line, and whether it starts a turn."""


def random_action(state: GameState[Any], rng: random.Random) -> Play:
    """A random legal action of a seat to act, each its own turn."""
    seat = rng.choice(state.to_act())
    return seat, state.format_action(rng.choice(state.legal_actions(seat))), True


def coal_baron_turn_line(state: GameState[Any], rng: random.Random) -> Play:
    """A random legal move of the seat to act, typed whole on one line: a mining space
    with its extraction; after a draw-5 (its cards seen), every choice it asks for."""
    assert isinstance(state, CoalBaronState)
    seat = state.to_act()[0]
    if state.pending is not None:
        return seat, " ".join(rest_of_turn(state, seat, rng)), False
    action = rng.choice(state.legal_actions(seat))
    if isinstance(action, Place) and space_kind(action.space) == "mining":
        return seat, " ".join(extraction_line(state, seat, action.space, rng)), True
    return seat, state.format_action(action), True


def rest_of_turn(state: CoalBaronState, seat: int, rng: random.Random) -> list[str]:
    """Random legal steps finishing the decision `state` waits for from `seat`."""
    trial = state.copy()
    steps = []
    while seat in trial.to_act() and trial.pending is not None:
        action = rng.choice(trial.legal_actions(seat))
        steps.append(trial.format_action(action))
        trial.apply(seat, action)
    return steps


async def measure(
    env: simcord.Env,
    bot: TableBot,
    game: str,
    play: Callable[[GameState[Any], random.Random], Play] = random_action,
    count: int = ACTIONS,
) -> tuple[list[int], list[float]]:
    """Bytes posted and CPU seconds of each of `count` turns of a `game` table, each
    turn one command or more as `play` chooses."""
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
    original = cogs.platform.posting.public_turn

    async def counting(*args: Any, **kwargs: Any) -> TurnMessage:
        message = await original(*args, **kwargs)
        posted.append(sum(file_bytes(file) for file in message.files))
        return message

    cogs.platform.posting.public_turn = counting
    rng = random.Random(SEED)
    sizes: list[int] = []
    cpu: list[float] = []
    try:
        while table.status == "playing" and table.state is not None:
            seat, line, new_turn = play(table.state, rng)
            if new_turn:
                if len(sizes) == count:
                    break
                sizes.append(0)
                cpu.append(0.0)
            posted.clear()
            started = time.process_time()
            await by_id[table.seats[seat]].slash(channel, "game play", action=line)
            cpu[-1] += time.process_time() - started
            sizes[-1] += sum(posted)
            table = await service.tables.get_table(table.id)
    finally:
        cogs.platform.posting.public_turn = original
    return sizes, cpu


Figures = dict[str, tuple[list[int], list[float]]]


async def run(database: Path) -> tuple[Figures, Figures]:
    """Per game, the figures of random single actions; and of Coal Baron's whole turns."""
    bot = create_bot(Settings(token=None, database_path=database, shard_count=1,
                              render_workers=0))
    assert isinstance(bot, TableBot)
    env = simcord.Env(bot)
    await env.start()
    try:
        await bot.tree.sync()
        actions = {game: await measure(env, bot, game) for game in PLAYERS if game in game_ids()}
        turns = {"coal-baron": await measure(env, bot, "coal-baron", coal_baron_turn_line, TURNS)}
        return actions, turns
    finally:
        await env.shutdown()
        await bot.close()


def main() -> None:
    load_games()
    with tempfile.TemporaryDirectory() as directory:
        actions, turns = asyncio.run(run(Path(directory) / "bench.sqlite3"))
    print(f"images posted per action ({ACTIONS} random actions from the start, /game play):")
    print_figures(actions, "action")
    print(f"images posted per whole turn ({TURNS} random turns from the start, each "
          "placement on one line, a draw-5's choices after it):")
    print_figures(turns, "turn")


def print_figures(figures: Figures, what: str) -> None:
    for game, (sizes, cpu) in figures.items():
        mean, median = statistics.mean(sizes) / 1024, statistics.median(sizes) / 1024
        print(f"  {game:<11} {PLAYERS[game]} players: mean {mean:5.1f} KB, median "
              f"{median:5.1f} KB; CPU per {what} mean {statistics.mean(cpu) * 1000:.0f} ms, "
              f"median {statistics.median(cpu) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
