"""Mine Out for the computer players.

- easy: the greedy player of the engine (`bot.games.mine_out.greedy`): each
  step it tries every dig, sale, hire, play and change at every place it can
  still reach this turn, on a determinization, and takes the best one here,
  moves one rail toward the best place, or ends the turn when nothing left is
  worth its action points. The scoring phase takes the best ores for the jewels.
- root candidates: the greedy step first, then the other steps by the gain of
  the best step they lead to.
- playouts: the greedy plan on the determinized state, one step in ten random.
- evaluation: each seat's fame plus what its positions hold (money, cubes,
  cards; an apprentice's at half), as a lead over the best opponent.
"""

from __future__ import annotations

import random
from typing import Any

from bot.ai.appraisers import MAX_SETTLE_STEPS, Appraiser
from bot.ai.knowledge import GameKnowledge, relative_rewards
from bot.ai.observation import Determinizer, Observation
from bot.games.base import GameState, Seat
from bot.games.mine_out import abilities
from bot.games.mine_out.actions import Action, Compound, End, Move, Score
from bot.games.mine_out.components import DISTANCES
from bot.games.mine_out.determinize import determinize
from bot.games.mine_out.greedy import (
    HOLDING_TERMS,
    holding_terms,
    holdings,
    plan,
    reachable_steps,
)
from bot.games.mine_out.state import MineOutState

ROOT_CANDIDATES = 6
"""The search compares the greedy player's best few steps."""
RANDOM_PLAYOUT_STEPS = 0.1
"""Share of random steps in a playout, so the search sees more than one future."""
SCALE = 5.0
"""Fame difference that makes a clear lead (see `relative_rewards`)."""


def seat_values(state: MineOutState) -> list[float]:
    """Every seat's fame plus its positions' holdings."""
    values = [float(fame) for fame in state.scores()]
    for index, position in enumerate(state.positions):
        values[position.seat] += holdings(state, index)
    return values


def ranked_steps(world: MineOutState, seat: Seat) -> list[Action]:
    """The legal steps of `seat` in `world`, best first: the greedy step, then
    each step by the gain of the best option it does or leads toward (a move:
    the options it brings nearer), the end of the turn at no gain."""
    legal = world.legal_actions(seat)
    first = plan(world, seat)
    if isinstance(first, Score) and first.ores is None:  # as the legal step it is
        position = world.positions[world.current]
        first = Score(abilities.best_assignment(position.cubes, world.working(world.current)))
    here = world.positions[world.current].node
    gains: dict[Action, float] = {}
    for option in reachable_steps(world, seat):
        if option.node == here:
            gains[option.step] = max(gains.get(option.step, option.gain), option.gain)
            continue
        for action in legal:
            if isinstance(action, Move) and (
                DISTANCES[option.node][action.node] < DISTANCES[option.node][here]
            ):
                gains[action] = max(gains.get(action, option.gain), option.gain)
    gains[End()] = 0.0
    rest = sorted(
        (action for action in legal if action != first),
        key=lambda action: -gains.get(action, -1.0),
    )
    return [first, *rest]


class MineOutAppraiser(Appraiser, unit="fame", margin=2.0):
    """A seat's fame and its positions' holdings, by the parts of `holding_terms`."""

    def terms(self, state: GameState[Any], seat: Seat) -> dict[str, float]:
        assert isinstance(state, MineOutState)
        found = dict.fromkeys(("fame", *HOLDING_TERMS), 0.0)
        found["fame"] = float(state.scores()[seat])
        for index in state.seat_positions(seat):
            for term, value in holding_terms(state, index).items():
                found[term] += value
        return found

    def settle(self, state: GameState[Any], seat: Seat) -> list[Any]:
        """The rest of the position's turn, played by the greedy plan."""
        assert isinstance(state, MineOutState)
        position = state.current
        steps = []
        for _ in range(MAX_SETTLE_STEPS):
            if state.is_over() or state.to_act() != (seat,) or state.current != position:
                break
            steps.append(plan(state, seat))
            state.apply(seat, steps[-1])
        return steps


class MineOutKnowledge(GameKnowledge[Action]):
    game_id = "mine-out"
    playout_depth = 30
    reads_history = False
    """The view shows everything public; a seat's own draws are in its hand."""
    appraiser = MineOutAppraiser()

    @property
    def determinizer(self) -> Determinizer:
        return determinize

    def easy_action(self, observation: Observation[Action], rng: random.Random) -> Action:
        world = observation.sample(rng)
        assert isinstance(world, MineOutState)
        forced = self.forced(world, observation.seat)
        return forced if forced is not None else plan(world, observation.seat)

    def root_candidates(
        self, observation: Observation[Action], rng: random.Random
    ) -> list[Action]:
        world = observation.sample(rng)
        assert isinstance(world, MineOutState)
        return ranked_steps(world, observation.seat)[:ROOT_CANDIDATES]

    def playout_action(self, state: GameState[Action], seat: Seat, rng: random.Random) -> Action:
        assert isinstance(state, MineOutState)
        if rng.random() < RANDOM_PLAYOUT_STEPS:
            return rng.choice(state.legal_actions(seat))
        return plan(state, seat)

    def forced(self, state: GameState[Action], seat: Seat) -> Action | None:
        """The scoring phase: the ores that score most for the jewels (as `/game skip`
        scores them), as one step: the rest of the turn is searched like any other."""
        assert isinstance(state, MineOutState)
        if not state.turn.scoring:
            return None
        return self.steps_of(state.default_action(seat))[0]

    def steps_of(self, action: Action) -> tuple[Action, ...]:
        return action.steps if isinstance(action, Compound) else (action,)

    def evaluate(self, state: GameState[Action]) -> list[float]:
        assert isinstance(state, MineOutState)
        return relative_rewards(seat_values(state), scale=SCALE)

    def stage(self, state: GameState[Action]) -> int:
        assert isinstance(state, MineOutState)
        return state.round


KNOWLEDGE: GameKnowledge[Any] = MineOutKnowledge()
