"""What the computer players know of one game: its determinizer, heuristic and evaluation.

Adding a game to the computer players means writing a ``determinize`` module
in its engine package and one `GameKnowledge` subclass (see
bot/ai/coal_baron.py), named by the game's spec (``ai="bot.ai.coal_baron:KNOWLEDGE"``);
the random player, the search and the runner are shared.
"""

from __future__ import annotations

import importlib
import math
import random
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from bot.ai.observation import Determinizer, Observation
from bot.games.base import GameState, Seat
from bot.games.registry import ai_path

if TYPE_CHECKING:
    from bot.ai.appraisers import Appraiser

A = TypeVar("A")


class GameKnowledge(ABC, Generic[A]):
    """Game-specific parts of the computer players."""

    game_id: ClassVar[str]
    playout_depth: ClassVar[int] = 40
    """Actions a playout plays after the tree before the position is evaluated."""
    reads_history: ClassVar[bool] = True
    """Whether the players read the events of the game (a table then sends its record)."""
    appraiser: ClassVar[Appraiser | None] = None
    """The coach's measure of the game (`bot.ai.appraisers`); None: no coach."""

    @property
    @abstractmethod
    def determinizer(self) -> Determinizer:
        """The engine's ``determinize(state, seat, rng, **hints)``."""

    def sample(self, observation: Observation[A], rng: random.Random) -> GameState[A]:
        """A determinization for the search; a game with a belief passes it as hints."""
        return observation.sample(rng)

    @abstractmethod
    def easy_action(self, observation: Observation[A], rng: random.Random) -> A:
        """The heuristic player's choice."""

    def root_candidates(self, observation: Observation[A], rng: random.Random) -> list[A]:
        """The actions a search compares, best first by the heuristic (default: all)."""
        return list(observation.legal)

    @abstractmethod
    def playout_action(self, state: GameState[A], seat: Seat, rng: random.Random) -> A:
        """A quick choice for `seat` in a determinized state (playouts, opponents)."""

    def forced(self, state: GameState[A], seat: Seat) -> A | None:
        """A decision the search leaves to the heuristic (e.g. each move of an
        extraction), or None when it is worth searching."""
        return None

    @abstractmethod
    def evaluate(self, state: GameState[A]) -> list[float]:
        """Each seat's chance of winning from `state` (not over), between 0 and 1."""

    @abstractmethod
    def stage(self, state: GameState[A]) -> int:
        """A counter of the game's stages (shift, round): a playout stops when it changes."""

    def steps_of(self, action: A) -> tuple[A, ...]:
        """The steps of `action`, one line of a turn played at once (default: itself)."""
        return (action,)

    def rounds_by_role(self, state: GameState[A], seat: Seat) -> list[tuple[str, bool]]:
        """For the arena (`bot.ai.arena`), in a finished game of hidden roles: per round,
        `seat`'s role and whether its side won. Default: no roles."""
        return []


def outcome_rewards(state: GameState[Any]) -> list[float]:
    """1 shared among the winners of a finished game, 0 for the others."""
    outcome = state.outcome()
    assert outcome is not None
    share = 1 / len(outcome.winners)
    return [share if seat in outcome.winners else 0.0 for seat in range(state.num_players)]


def relative_rewards(values: list[float], scale: float) -> list[float]:
    """Each seat's lead over its best opponent in estimated points, squashed into (0, 1)."""
    rewards = []
    for seat, value in enumerate(values):
        best_other = max(v for other, v in enumerate(values) if other != seat)
        rewards.append(1 / (1 + math.exp(-(value - best_other) / scale)))
    return rewards


def has_computer_players(game_id: str) -> bool:
    """Whether `game_id`'s spec names computer players' knowledge (`GameSpec.ai`)."""
    return ai_path(game_id) is not None


def knowledge_for(game_id: str) -> GameKnowledge[Any]:
    """The computer players' knowledge of `game_id` (the `GameKnowledge` its spec names);
    KeyError if it has none."""
    path = ai_path(game_id)
    if path is None:
        raise KeyError(f"no computer players for {game_id!r}")
    module, _, attribute = path.partition(":")
    knowledge = getattr(importlib.import_module(module), attribute)
    if not isinstance(knowledge, GameKnowledge) or knowledge.game_id != game_id:
        raise TypeError(f"{path} is not the computer players' knowledge of {game_id!r}")
    return knowledge
