"""What the coach measures a move by, per game: a seat's estimated value, part by part.

An `Appraiser` splits a seat's estimated value into named terms in the game's
unit (Coal Baron: final VP, `bot.ai.coal_baron.value_terms`; Mine Out: fame and
holdings, `bot.games.mine_out.greedy.holding_terms`; Saboteur: the seat's side's
chance of gold this round, in points of a percentage), and finishes the seat's
turn after a move the way the computer players would (`settle`), so a move is
measured by what it leads to, not by its first step. The coach (`bot.ai.coach`)
compares these terms before and after a move, on determinizations only.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Final

from bot.ai.coal_baron import finish_turn, value_terms
from bot.ai.observation import Observation
from bot.ai.saboteur import PROGRESS, belief_of, gold_distance, gold_position
from bot.games.base import GameState, Seat
from bot.games.coal_baron.state import CoalBaronState
from bot.games.mine_out.greedy import HOLDING_TERMS, holding_terms, plan
from bot.games.mine_out.state import MineOutState
from bot.games.saboteur.actions import BreakTool
from bot.games.saboteur.state import SaboteurState

Told = tuple[str, dict[str, int]]
"""A reason as the seat is told it: its term, and the public facts it names (counts; a
seat under the key ``player``)."""

MAX_SETTLE_STEPS: Final = 40
"""A turn finished after a move stops after this many steps (a guard, never reached)."""


class Appraiser(ABC):
    """How the coach values a seat's position in one game."""

    game_id: ClassVar[str]
    unit: ClassVar[str]
    """The game's unit, as the catalogs name it (``coach.unit.<unit>``)."""
    margin: ClassVar[float]
    """The coach's one threshold (in `unit`): a move whose value is within it of the best
    is no mistake; a loss of this much or more gets a note and a review's line."""

    @abstractmethod
    def terms(self, state: GameState[Any], seat: Seat) -> dict[str, float]:
        """`seat`'s estimated value in `state`, part by part (the same keys every time)."""

    @abstractmethod
    def settle(self, state: GameState[Any], seat: Seat) -> list[Any]:
        """Finish `seat`'s turn after a move, as the computer players would; the steps
        played."""

    def told(self, observation: Observation[Any], action: Any, term: str) -> Told:
        """The reason of playing `action` (its best term) as the seat can be told it,
        from what it knows: the sentence's term (a catalog holds one for each) and the
        public facts the sentence names (default: the term itself, no facts)."""
        return term, {}


class CoalBaronAppraiser(Appraiser):
    game_id = "coal-baron"
    unit = "vp"
    margin = 2.0

    def terms(self, state: GameState[Any], seat: Seat) -> dict[str, float]:
        assert isinstance(state, CoalBaronState)
        return value_terms(state)[seat]

    def settle(self, state: GameState[Any], seat: Seat) -> list[Any]:
        """The extraction and the draw-5 a placement starts, played greedily."""
        assert isinstance(state, CoalBaronState)
        return finish_turn(state, seat)


class MineOutAppraiser(Appraiser):
    game_id = "mine-out"
    unit = "fame"
    margin = 2.0

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


class SaboteurAppraiser(Appraiser):
    """The chance that the seat's side wins the round, as `bot.ai.saboteur.expected_gold`
    estimates it, split among what moves it: the path to the gold, the gold-diggers'
    working tools and the saboteurs still able to block."""

    game_id = "saboteur"
    unit = "chance"
    margin = 10.0

    def settle(self, state: GameState[Any], seat: Seat) -> list[Any]:
        """Nothing: a play is the whole turn."""
        return []

    def told(self, observation: Observation[Any], action: Any, term: str) -> Told:
        """A gold-digger who knows where the gold is (it looked, or the goal is turned
        over) is told the path goes toward the goal it saw holds gold; one told to break
        a player's tool, why that player is a likely saboteur: the tools of likely
        gold-diggers it broke and the times it blocked the path this round (the public
        record, as the belief reads it)."""
        belief = belief_of(observation)
        if term == "path_digger" and len(belief.gold) == 1:
            return f"{term}_seen", {}
        if term == "blockers_digger" and isinstance(action, BreakTool):
            target = action.target
            facts = {"broken": belief.broke_diggers[target], "blocked": belief.blocked[target]}
            found = "_".join(name for name, count in facts.items() if count)
            if found:
                return f"{term}_{found}", {"player": target, **facts}
        return term, {}

    def terms(self, state: GameState[Any], seat: Seat) -> dict[str, float]:
        assert isinstance(state, SaboteurState)
        side = state.roles[seat]
        names = ("path", "tools", "blockers")
        keys = [f"{name}_{side}" for name in names]
        if state.phase != "play":
            # The round is decided: gold is shared among the gold-diggers, or the next round began.
            won = state.phase == "gold" and side == "digger"
            return dict(zip(keys, (100.0 if won else 0.0, 0.0, 0.0), strict=True))
        diggers = [s for s, role in enumerate(state.roles) if role == "digger"]
        saboteurs = [s for s in range(state.players) if s not in diggers]
        cards_left = len(state.deck) + sum(len(hand) for hand in state.hands)
        working = sum(1 for s in diggers if not state.broken[s]) / max(len(diggers), 1)
        blocking = sum(0.5 if state.broken[s] else 1.0 for s in saboteurs)
        reach = (
            -gold_distance(state.maze, {gold_position(state): 1.0}),
            PROGRESS * cards_left * len(diggers) / state.players * working,
            -1.5 * blocking,
        )
        # The chance 100·σ(r/2) shared among the parts of r in proportion (exactly).
        total = sum(reach)
        share = 1 / 8 if abs(total) < 1e-9 else (1 / (1 + math.exp(-total / 2)) - 0.5) / total
        sign = 1.0 if side == "digger" else -1.0
        return {
            key: sign * 100 * share * part + (50.0 if key == keys[0] else 0.0)
            for key, part in zip(keys, reach, strict=True)
        }


APPRAISERS: Final[dict[str, Appraiser]] = {
    appraiser.game_id: appraiser
    for appraiser in (CoalBaronAppraiser(), MineOutAppraiser(), SaboteurAppraiser())
}


def appraiser_for(game_id: str) -> Appraiser:
    """The coach's measure of `game_id`; KeyError for a game the coach does not know."""
    return APPRAISERS[game_id]

