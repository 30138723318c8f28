"""The computer players by level: random, easy (a heuristic), normal and strong (a search)."""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Final

from bot.ai.knowledge import knowledge_for
from bot.ai.observation import Observation
from bot.ai.search import SearchBudget, ismcts

LEVELS: Final = ("random", "easy", "normal", "strong")
"""From weakest to strongest; the table offers the last three."""

SEARCH_BUDGETS: Final = {
    "normal": SearchBudget(iterations=24),
    "strong": SearchBudget(iterations=96),
}
"""Iterations per move; at the table a clock limit is added (see `make_player`)."""


class ComputerPlayer(ABC):
    """Chooses one of the legal actions of an observation."""

    level: str

    @abstractmethod
    def choose(self, observation: Observation[Any], rng: random.Random) -> Any:
        """One of `observation.legal`, decided from the observation and `rng` only."""


class RandomPlayer(ComputerPlayer):
    level = "random"

    def choose(self, observation: Observation[Any], rng: random.Random) -> Any:
        return rng.choice(observation.legal)


class EasyPlayer(ComputerPlayer):
    level = "easy"

    def choose(self, observation: Observation[Any], rng: random.Random) -> Any:
        if len(observation.legal) == 1:
            return observation.legal[0]
        return knowledge_for(observation.game_id).easy_action(observation, rng)


@dataclass
class SearchPlayer(ComputerPlayer):
    """ISMCTS within `budget`; decisions the game leaves to its heuristic are not searched."""

    level: str
    budget: SearchBudget

    def choose(self, observation: Observation[Any], rng: random.Random) -> Any:
        if len(observation.legal) == 1:
            return observation.legal[0]
        knowledge = knowledge_for(observation.game_id)
        forced = knowledge.forced(knowledge.sample(observation, rng), observation.seat)
        if forced is not None:
            return forced
        action, _ = ismcts(knowledge, observation, rng, self.budget)
        return action if action is not None else knowledge.easy_action(observation, rng)


def make_player(level: str, seconds: float | None = None) -> ComputerPlayer:
    """The player of `level`; `seconds` adds a clock limit to a search's iterations."""
    if level == "random":
        return RandomPlayer()
    if level == "easy":
        return EasyPlayer()
    if level in SEARCH_BUDGETS:
        budget = SEARCH_BUDGETS[level]
        if seconds is not None:
            budget = dataclasses.replace(budget, seconds=seconds)
        return SearchPlayer(level, budget)
    raise ValueError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
