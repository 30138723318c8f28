"""What the coach measures a move by: a seat's estimated value, part by part.

An `Appraiser` splits a seat's estimated value into named terms in the game's
unit, and finishes the seat's turn after a move the way the computer players
would (`settle`), so a move is measured by what it leads to, not by its first
step. The coach (`bot.ai.coach`) compares these terms before and after a move, on
determinizations only. A game brings its own in its computer players' package, as
its `GameKnowledge.appraiser` (`bot.ai.coal_baron.CoalBaronAppraiser`,
`bot.ai.mine_out.MineOutAppraiser`, `bot.ai.saboteur.SaboteurAppraiser`); nothing
here lists the games.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar, Final

from bot.ai.knowledge import has_computer_players, knowledge_for
from bot.ai.observation import Observation
from bot.games.base import GameState, Seat

Told = tuple[str, dict[str, int]]
"""A reason as the seat is told it: its term, and the public facts it names (counts; a
seat under the key ``player``)."""

MAX_SETTLE_STEPS: Final = 40
"""A turn finished after a move stops after this many steps (a guard, never reached)."""


class Appraiser(ABC):
    """How the coach values a seat's position in one game (a subclass names its unit and
    margin: ``class CoalBaronAppraiser(Appraiser, unit="vp", margin=2.0)``)."""

    unit: ClassVar[str]
    """The game's unit, as the catalogs name it (``coach.unit.<unit>``)."""
    margin: ClassVar[float]
    """The coach's one threshold (in `unit`): a move whose value is within it of the best
    is no mistake; a loss of this much or more gets a note and a review's line."""

    def __init_subclass__(cls, *, unit: str, margin: float, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.unit, cls.margin = unit, margin

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


def appraiser_for(game_id: str) -> Appraiser:
    """The coach's measure of `game_id` (its computer players' `GameKnowledge.appraiser`);
    KeyError for a game the coach does not know."""
    appraiser = knowledge_for(game_id).appraiser
    if appraiser is None:
        raise KeyError(f"no coach for {game_id!r}")
    return appraiser


def coaches(game_id: str) -> bool:
    """Whether the coach knows `game_id`: its computer players bring an appraiser."""
    return has_computer_players(game_id) and knowledge_for(game_id).appraiser is not None
