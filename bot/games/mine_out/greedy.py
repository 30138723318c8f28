"""A simple greedy player, for the balance figures (and an easy computer opponent).

It sees only what its seat may see: before looking ahead it deals the cards
it cannot see (the deck and the other seats' hands) again at random, so its
choice depends on the seat's view alone (and on its own random generator).
Each step it tries every non-move step at every place it can still reach
this turn, scores the holdings after it with a fixed evaluation, and either
takes the best step here, moves one rail toward the best place, or ends the
turn when nothing left is worth its action points.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.games.base import Seat
from bot.games.mine_out import legality
from bot.games.mine_out.actions import (
    Action,
    Change,
    Dig,
    End,
    Hire,
    Move,
    Play,
    Score,
    Sell,
    Step,
)
from bot.games.mine_out.components import (
    CARDS,
    DISTANCES,
    INVESTOR,
    JEWEL,
    JEWELER,
    KIND_DATA,
    MAFIA,
    MINER,
    NEGOTIATOR,
    ORES,
    SLAVER,
    SMITH,
    WORKER,
)
from bot.games.mine_out.determinize import determinize
from bot.games.mine_out.state import MineOutState

AREA_VALUE = {
    MINER: 2.0, WORKER: 1.0, NEGOTIATOR: 2.0, SMITH: 2.0,
    INVESTOR: 2.0, MAFIA: 1.5, SLAVER: 0.5, JEWELER: 3.0,
}
"""What a card in the own area is worth (in fame) for the rest of the game."""
CUBE_VALUE = (1.5, 2.0, 4.0, 4.0)
"""What a held cube of each kind is worth."""
MONEY_VALUE = 0.5
POINT_VALUE = 0.4
"""What an action point spent is worth: a step must gain more to be taken."""


HOLDING_TERMS = ("money", "cubes", "hand", "area")
"""The parts of what a position holds (`holding_terms`)."""


def holding_terms(state: MineOutState, index: int) -> dict[str, float]:
    """What position `index` holds, in fame for the rest of the game, part by part:
    money, cubes (more for enough of an ore to score), cards in hand and in its
    area; half for an apprentice (its fame counts half). Every part is a multiple
    of 1/8, so their sum is exact in any order."""
    position = state.positions[index]
    jewels = position.cubes[JEWEL]
    cubes = 0.0
    for kind, count in enumerate(position.cubes):
        cubes += CUBE_VALUE[kind] * count
    for ore in ORES:
        minimum = KIND_DATA[ore].minimum
        if minimum is not None and position.cubes[ore] and position.cubes[ore] + jewels >= minimum:
            cubes += position.cubes[ore]
    parts = (
        MONEY_VALUE * position.money,
        cubes,
        sum(0.25 * (CARDS[c].dig + CARDS[c].fame) for c in position.hand),
        sum(AREA_VALUE[CARDS[c].type] for c in position.area),
    )
    factor = 0.5 if position.apprentice else 1.0
    return {term: factor * part for term, part in zip(HOLDING_TERMS, parts, strict=True)}


def holdings(state: MineOutState, index: int) -> float:
    """What position `index` holds, in fame for the rest of the game (`holding_terms`)."""
    return sum(holding_terms(state, index).values())


def evaluate(state: MineOutState, index: int) -> float:
    """How good position `index`'s lot is: its seat's fame plus holdings."""
    return state.scores()[state.positions[index].seat] + holdings(state, index)


@dataclass(frozen=True)
class Option:
    gain: float
    node: str
    step: Step


def reachable_steps(world: MineOutState, seat: Seat) -> list[Option]:
    """Every non-move step at every place reachable this turn, with its gain."""
    index = world.current
    here = world.positions[index].node
    points = world.turn.points
    before = evaluate(world, index)
    found = []
    for node, distance in DISTANCES[here].items():
        if distance >= points:
            continue
        there = world.copy()
        there.positions[index].node = node
        there.turn.points -= distance
        for step in there.legal_actions(seat):
            if not isinstance(step, Hire | Dig | Sell | Change | Play):
                continue
            trial = there.copy()
            spent = legality.cost(trial, step) + distance
            trial.apply(seat, step)
            gain = evaluate(trial, index) - before - POINT_VALUE * spent
            found.append(Option(gain, node, step))
    return found


def choose(state: MineOutState, seat: Seat, rng: random.Random) -> Action:
    """The greedy step for `seat` (which must be to act), from what it sees only."""
    if state.turn.scoring:
        return Score()
    return plan(determinize(state, seat, rng), seat)


def plan(world: MineOutState, seat: Seat) -> Action:
    """The greedy step for `seat` in `world`, a state it may look into (a
    determinization): the best step here, a move toward the best place, or end."""
    if world.turn.scoring:
        return Score()
    found = reachable_steps(world, seat)
    legal = world.legal_actions(seat)
    if not found or (world.turn.acted and max(o.gain for o in found) <= 0):
        return End() if End() in legal else legal[0]
    best = max(found, key=lambda option: option.gain)
    here = world.positions[world.current].node
    if best.node == here:
        return best.step
    distance = DISTANCES[best.node]
    moves = [a for a in legal if isinstance(a, Move) and distance[a.node] < distance[here]]
    if moves:
        return moves[0]
    return End() if End() in legal else legal[0]


def play_greedy_game(
    players: int, seed: int, options: dict[str, object] | None = None
) -> MineOutState:
    """A whole game of greedy players; returns the final state."""
    rng = random.Random(f"greedy:{seed}")
    state = MineOutState.new(players, seed, options)
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, choose(state, seat, rng))
    return state
