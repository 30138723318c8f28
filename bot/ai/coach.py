"""The coach: a hint with its reason, the cost of a move, the moments that decided a game.

Everything here decides from one seat's `Observation`, as the computer players
do: the move suggested is the normal level's (`bot.ai.players.SearchPlayer`),
and a move is measured on determinizations (`GameKnowledge.sample`), never on
the real secrets. A move's *appraisal* is, averaged over a few
determinizations, the seat's estimated value after it (the seat's turn
finished as a computer would) and the change of each of the value's terms
(`bot.ai.appraisers`); a hint's reason is the term its move gains most.

Nothing here knows Discord: the table side (`cogs.platform.coach`) asks a
worker process (`bot.ai.coach_worker`) and writes the answers in words.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Final, Generic, TypeVar

from bot.ai.appraisers import Appraiser, appraiser_for
from bot.ai.knowledge import knowledge_for
from bot.ai.observation import Observation
from bot.ai.players import SEARCH_BUDGETS, EasyPlayer, SearchPlayer
from bot.ai.search import SearchBudget

A = TypeVar("A")

SAMPLES: Final = 4
"""Determinizations a move is appraised on."""
STEADY: Final = "steady"
"""The reason of a move that gains in no term: it loses least of the moves compared."""
REVIEW_CANDIDATES: Final = 5
"""Moves of a finished game the normal level looks at again (the costliest for the easy one)."""
REVIEW_MOMENTS: Final = 3
"""Moments a review names at most."""


@dataclass(frozen=True)
class Appraisal(Generic[A]):
    """What a move is estimated to bring its seat, in the game's unit."""

    action: A
    value: float
    """The seat's estimated value after the move (its turn finished)."""
    gains: dict[str, float]
    """Per term of the value: its change by the move."""

    @property
    def reason(self) -> tuple[str, float]:
        """The term the move gains most, and by how much (`STEADY`, 0 when none gains)."""
        term = max(self.gains, key=lambda name: self.gains[name])
        gain = self.gains[term]
        return (term, gain) if gain > 0 else (STEADY, 0.0)


@dataclass(frozen=True)
class Cost(Generic[A]):
    """A move played next to the normal level's choice, and what it cost."""

    played: Appraisal[A]
    best: Appraisal[A]

    @property
    def loss(self) -> float:
        return self.best.value - self.played.value


def reason(
    observation: Observation[A], appraisal: Appraisal[A]
) -> tuple[str, float, dict[str, int]]:
    """Why `appraisal`'s move is good, as the seat can be told it: the term it gains most
    (`Appraisal.reason`, worded from what the seat knows: `Appraiser.told`), the gain and
    the public facts the sentence names."""
    term, gain = appraisal.reason
    told, facts = appraiser_for(observation.game_id).told(observation, appraisal.action, term)
    return told, gain, facts


def normal_player(seconds: float | None = None, iterations: int | None = None) -> SearchPlayer:
    """The normal level, as at the table (a clock limit) or with another iteration count."""
    budget = SEARCH_BUDGETS["normal"]
    return SearchPlayer(
        "normal",
        SearchBudget(iterations or budget.iterations, seconds, budget.tree_depth,
                     budget.exploration),
    )


def forced(observation: Observation[Any]) -> bool:
    """Whether the seat has no choice (one legal move)."""
    return len(observation.legal) == 1


def appraise(
    observation: Observation[A], actions: list[A], rng: random.Random, samples: int = SAMPLES
) -> list[Appraisal[A]]:
    """Each of `actions` appraised on the same `samples` determinizations."""
    knowledge = knowledge_for(observation.game_id)
    appraiser = appraiser_for(observation.game_id)
    seat = observation.seat
    worlds = [knowledge.sample(observation, rng) for _ in range(samples)]
    before = [appraiser.terms(world, seat) for world in worlds]
    found = []
    for action in actions:
        values, gains = 0.0, dict.fromkeys(before[0], 0.0)
        for world, terms in zip(worlds, before, strict=True):
            after = _after(appraiser, world, seat, action)
            values += sum(after.values())
            # A term may appear or vanish with the move (Saboteur's at a round's end):
            # missing on one side, it counts as 0 there.
            for term in {**terms, **after}:
                gains[term] = gains.get(term, 0.0) + after.get(term, 0.0) - terms.get(term, 0.0)
        found.append(Appraisal(
            action, values / samples, {term: gain / samples for term, gain in gains.items()}
        ))
    return found


def _after(appraiser: Appraiser, world: Any, seat: int, action: Any) -> dict[str, float]:
    trial = world.copy()
    trial.apply(seat, action)
    appraiser.settle(trial, seat)
    return appraiser.terms(trial, seat)


def hint(
    observation: Observation[A], rng: random.Random, player: SearchPlayer | None = None
) -> Appraisal[A]:
    """The normal level's move for the seat, appraised (its `reason` says why)."""
    chosen = (player or normal_player()).choose(observation, rng)
    return appraise(observation, [chosen], rng)[0]


def move_cost(
    observation: Observation[A], played: A, rng: random.Random,
    player: SearchPlayer | None = None,
) -> Cost[A] | None:
    """What `played` cost next to the normal level's choice; None for a forced move or
    when the normal level plays it too. The same `rng` seed as `hint`'s chooses the same."""
    if forced(observation):
        return None
    chosen = (player or normal_player()).choose(observation, rng)
    if chosen == played:
        return None
    best, mine = appraise(observation, [chosen, played], rng)
    return Cost(mine, best)


def clearly_worse(game_id: str, cost: Cost[Any] | None) -> bool:
    """Whether a move's cost is worth a note: at least the game's `clearly_worse`."""
    return cost is not None and cost.loss >= appraiser_for(game_id).clearly_worse


def costliest(
    moments: list[tuple[int, Observation[A], A]], rng: random.Random,
    player: SearchPlayer | None = None,
) -> list[tuple[int, Cost[A]]]:
    """The moves of one seat that cost most, for a finished game's review: each
    ``(index, observation, played)`` is first measured against the easy level's
    choice (quick), then the `REVIEW_CANDIDATES` costliest against the normal
    level's; the `REVIEW_MOMENTS` with a loss, costliest first."""
    easy = EasyPlayer()
    quick: list[tuple[float, int]] = []
    for number, (_, observation, played) in enumerate(moments):
        if forced(observation):
            continue
        chosen = easy.choose(observation, rng)
        if chosen == played:
            continue
        best, mine = appraise(observation, [chosen, played], rng, samples=2)
        quick.append((best.value - mine.value, number))
    quick.sort(reverse=True)
    found = []
    for _, number in quick[:REVIEW_CANDIDATES]:
        index, observation, played = moments[number]
        cost = move_cost(observation, played, rng, player)
        if cost is not None and cost.loss > 0:
            found.append((index, cost))
    found.sort(key=lambda item: -item[1].loss)
    return found[:REVIEW_MOMENTS]
