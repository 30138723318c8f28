"""What the whole-turn benchmarks share (`bench_coal_baron_turn`, `bench_mine_out_turn`):
the real bot in simcord on a fresh database, a started table of the server's
members, the "since your last turn" digest timed after each turn, and the figures
printed at the end."""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable, Collection
from pathlib import Path
from typing import Any, TypeVar

import simcord

from benchmarks.timing import median_p95
from bot.app import TableBot, create_bot
from bot.games.base import GameState, Seat
from bot.service import Table
from bot.startup.config import Settings
from cogs.platform.digest import digest

T = TypeVar("T")
TurnTimer = Callable[[simcord.Env, TableBot], Awaitable[list[float]]]


def time_in_simcord(time_turns: TurnTimer) -> list[float]:
    """The durations `time_turns` measures on the real bot in simcord, on a database
    made for the run and deleted after it."""
    return in_simcord(time_turns)


def in_simcord(work: Callable[[simcord.Env, TableBot], Awaitable[T]]) -> T:
    """What `work` returns, run on the real bot in simcord, on a database made for the
    run and deleted after it."""
    with tempfile.TemporaryDirectory() as directory:
        return asyncio.run(_run(Path(directory) / "bench.sqlite3", work))


async def _run(database: Path, work: Callable[[simcord.Env, TableBot], Awaitable[T]]) -> T:
    # Images in threads: a render pool started in setup_hook under simcord hangs the run
    # (simcord settles the loop around it); bench_turn_load measures the pool's path.
    bot = create_bot(
        Settings(token=None, database_path=database, shard_count=1, render_workers=0)
    )
    assert isinstance(bot, TableBot)
    env = simcord.Env(bot)
    await env.start()
    try:
        return await work(env, bot)
    finally:
        await env.shutdown()
        await bot.close()  # closes the database (its thread would keep the process alive)


async def started_table(
    env: simcord.Env, bot: TableBot, game: str, players: int, seed: int
) -> tuple[simcord.ChannelHandle, list[simcord.MemberActor], Table]:
    """A channel of a new server, `players` members, and the table of `game` they
    started there (dealt from `seed`)."""
    await bot.tree.sync()
    guild = env.create_guild(name="mines")
    channel = guild.create_text_channel(game)
    members = [guild.add_member(env.create_user(f"miner{i}")) for i in range(players)]
    tables = bot.service.tables
    table = await tables.open_table(
        guild_id=guild.id, channel_id=channel.id, game=game,
        creator_id=members[0].id, reminder_minutes=60, seed=seed,
    )
    for member in members[1:]:
        await tables.join(table.id, member.id)
    return channel, members, await tables.start(table.id, members[0].id)


async def to_act(
    bot: TableBot, table_id: int, members: list[simcord.MemberActor]
) -> tuple[Table, GameState[Any], Seat, simcord.MemberActor]:
    """The table as stored now, its state, the seat to act and the member holding it."""
    table = await bot.service.tables.get_table(table_id)
    state = table.state
    assert state is not None
    seat = state.to_act()[0]
    return table, state, seat, next(m for m in members if m.id == table.seats[seat])


async def time_typed_turns(
    bot: TableBot,
    place: tuple[simcord.ChannelHandle, list[simcord.MemberActor], Table],
    command: str,
    line_of: Callable[[GameState[Any], Seat], str],
    turns: int,
    images: Collection[str] = (),
    digests: list[float] | None = None,
) -> list[float]:
    """The time of each of `turns` turns at the table of `place` (`started_table`),
    each typed by the member to act as ``/<command> action:<line>`` (`line_of` the
    state and seat), from the command until the public turn message with its images
    (at least `images`, by file name) is posted. After each turn, if `digests` is
    given, the time of the next player's "since your last turn" digest is added to
    it (`cogs.platform.digest`; the first one replays the game so far)."""
    channel, members, table = place
    times = []
    for _ in range(turns):
        state = table.state
        assert state is not None and table.status == "playing"
        seat = state.to_act()[0]
        actor = next(m for m in members if m.id == table.seats[seat])
        line = line_of(state, seat)
        started = time.perf_counter()
        result = await actor.slash(channel, command, action=line)
        times.append(time.perf_counter() - started)
        # The command is answered privately; the turn, with its images, is in the channel.
        assert result.ephemeral
        turn = channel.last_message
        assert turn is not None and turn.attachments
        assert {a.filename for a in turn.attachments} >= set(images)
        table = await bot.service.tables.get_table(table.id)
        if digests is not None and table.state is not None and table.state.to_act():
            started = time.perf_counter()
            await digest(bot, table, table.state.to_act()[0], "en")
            digests.append(time.perf_counter() - started)
    return times


def print_digest_cost(digests: list[float], turns: list[float]) -> None:
    """The digests' cost against the turns' (limit: 10 % of a turn's median)."""
    first, rest = digests[0], digests[1:]
    share = statistics.median(rest) / statistics.median(turns) * 100
    print("  'since your last turn' digest of the player to act, after each turn:")
    print(f"    {median_p95(rest, 2)} ({share:.1f} % of a turn's median; limit 10 % ->"
          f" {'ok' if share < 10 else 'TOO MUCH'}); the first, replaying the game so far:"
          f" {first * 1000:.1f} ms")


def print_figures(what: str, times: list[float], target_ms: float, target: str) -> None:
    """`what` was timed: its median and 95th percentile, against `target_ms`."""
    met = statistics.median(times) * 1000 < target_ms
    print(what)
    print(f"  {len(times)} turns through simcord: {median_p95(times)}")
    print(f"  {target}: median under {target_ms} ms -> {'ok' if met else 'MISSED'}")
