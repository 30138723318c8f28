"""A whole Mine Out turn through the bot: ``/game play`` of a turn's line to the public
message with the town image.

Runs the real bot in simcord at a 4-player table, plays greedy turns through
the service until round 3, then times `TURNS` turns, each one ``/game play``
of the whole turn planned by the greedy player
(`tests.mine_out_discord_support.plan_turn`). Coal Baron's target for a turn
(median under 300 ms) is the yardstick.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import simcord

from benchmarks.whole_turns import (
    print_digest_cost,
    print_figures,
    started_table,
    time_in_simcord,
    time_typed_turns,
)
from bot.app import TableBot
from bot.games.base import GameState, Seat
from bot.games.mine_out import MineOutState
from tests.mine_out_discord_support import plan_turn

PLAYERS = 4
SEED = 7
TURNS = 20
TARGET_MS = 300


async def time_turns(env: simcord.Env, bot: TableBot, digests: list[float]) -> list[float]:
    channel, members, table = await started_table(env, bot, "mine-out", PLAYERS, SEED)
    service = bot.service
    rng = random.Random(SEED)
    while isinstance(state := table.state, MineOutState) and state.round < 3:
        seat = state.to_act()[0]
        line = " ".join(plan_turn(state, rng))
        table = (await service.moves.act(table.id, table.seats[seat], line)).table

    def line_of(state: GameState[Any], seat: Seat) -> str:
        assert isinstance(state, MineOutState)
        return " ".join(plan_turn(state, rng))

    place = (channel, members, table)
    return await time_typed_turns(bot, place, "game play", line_of, TURNS, digests=digests)


def main() -> None:
    digests: list[float] = []
    times = time_in_simcord(partial(time_turns, digests=digests))
    what = f"/game play of a whole turn -> turn message with the town, {PLAYERS} players,"
    print_figures(what, times, TARGET_MS, "yardstick")
    print_digest_cost(digests, times)


if __name__ == "__main__":
    main()
