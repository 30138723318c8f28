"""A whole Coal Baron turn through the bot: ``/coal play`` to the reply with its images
(the board, and every mine when one changed: `cogs.coal_baron.presenter`).

Runs the real bot in simcord (an in-memory Discord) at a 4-player table in the
middle of shift 2 (reached through the service, as `tests.coal_baron_positions.mid_game`
plays it), then times `TURNS` turns: each is one ``/coal play`` of a placement
(a whole extraction on one line for a mining space) until the public message
with the board and every player's mine has been posted. Target (issue 4):
median under 300 ms on the 2-core machines.
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


async def time_turns(env: simcord.Env, bot: TableBot, digests: list[float]) -> list[float]:
    channel, members, table = await started_table(env, bot, "coal-baron", PLAYERS, SEED)
    service = bot.service
    rng = random.Random(SEED)
    while not mid_shift_two(state := table.state):  # type: ignore[arg-type]
        assert isinstance(state, CoalBaronState)
        seat = state.to_act()[0]
        line = state.format_action(choose(state, seat, rng))
        table = (await service.moves.act(table.id, table.seats[seat], line)).table

    def line_of(state: GameState[Any], seat: Seat) -> str:
        assert isinstance(state, CoalBaronState)
        return turn_line(state, seat, rng)

    place = (channel, members, table)
    return await time_typed_turns(
        bot, place, "coal play", line_of, TURNS, images=("board.png",),
        digests=digests,
    )


def main() -> None:
    digests: list[float] = []
    times = time_in_simcord(partial(time_turns, digests=digests))
    what = (f"/coal play -> turn message with the board (and the mines if one changed), "
            f"{PLAYERS} players mid-game,")
    print_figures(what, times, TARGET_MS, "target")
    print_digest_cost(digests, times)


if __name__ == "__main__":
    main()
