"""The coach's judgement: one verdict per position, read by the hint, the note and the review.

A *verdict* (`judge`) looks at one seat's position (its `Observation`: a table's
record, plus the steps of a turn already chosen on a panel) with a fixed amount of
work, the same on a busy machine as on an idle one: `SAMPLES` determinizations
(`GameKnowledge.sample`, never the real secrets), drawn from a seed of the position
alone, on which each candidate move is played and the seat's turn finished as the
computer players would (`Appraiser.settle`), then valued part by part
(`Appraiser.terms`). One measure, that average value, both chooses and prices:

- the hint is the verdict's best move (ties: the game's heuristic order), with the
  rest of the turn as the coach would play it (`Judged.plan`);
- a note and a review price the whole line the seat played (all the steps of a turn
  confirmed at once) in the same worlds, against the best whole turn: its loss is
  the best value less the played one, a note only at the game's `Appraiser.margin`
  or more (one threshold for both), never for a line the hints gave (`followed`).

The candidates are the game's heuristic's own move, then its `root_candidates` (its
best few), and the played move when it is not among them: a move better than them
all costs nothing. On equal values the earlier candidate wins.

Nothing here knows Discord: the table side (`cogs.platform.coach`) asks a worker
process (`bot.ai.coach_worker`) and writes the answers in words.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, Generic, TypeVar

from bot.ai.appraisers import Appraiser, appraiser_for
from bot.ai.knowledge import knowledge_for
from bot.ai.observation import Observation
from bot.ai.players import EasyPlayer
from bot.games.base import GameState, Seat

A = TypeVar("A")

SAMPLES: Final = 16
"""Determinizations a verdict is made on (its fixed amount of work)."""
STEADY: Final = "steady"
"""The reason of a move that gains in no term: every move compared loses something."""
REVIEW_MOMENTS: Final = 3
"""Moments a review names at most."""


@dataclass(frozen=True)
class Judged(Generic[A]):
    """A move as a verdict values it, in the game's unit."""

    action: A
    """The move now: one step, or a whole line of steps played at once."""
    value: float
    """The seat's estimated value after it, its turn finished, averaged over the worlds."""
    gains: dict[str, float]
    """Per term of the value: its change by the move."""
    plan: tuple[A, ...]
    """The steps the coach would play after it to the end of the seat's turn, as far as
    every world agrees on them (what the seat cannot know yet is never planned)."""

    @property
    def reason(self) -> tuple[str, float]:
        """The term the move gains most, and by how much (`STEADY`, 0 when none gains)."""
        term = max(self.gains, key=lambda name: self.gains[name])
        gain = self.gains[term]
        return (term, gain) if gain > 0 else (STEADY, 0.0)


@dataclass(frozen=True)
class Verdict(Generic[A]):
    """One judgement of a position: the candidates best first, and the move played."""

    moves: tuple[Judged[A], ...]
    played: Judged[A] | None
    margin: float
    """The game's threshold: a loss below it is no mistake (`Appraiser.margin`)."""

    @property
    def best(self) -> Judged[A]:
        return self.moves[0]

    @property
    def loss(self) -> float:
        """What the move played cost next to the best, at least 0 (0 with none played)."""
        return 0.0 if self.played is None else max(0.0, self.best.value - self.played.value)

    @property
    def costly(self) -> bool:
        """Whether the move played is worth a note or a review's line."""
        return self.loss >= self.margin


def world_seed(seed: int | str) -> random.Random:
    """The generator of a verdict's worlds: from its seed alone, never shared."""
    return random.Random(f"worlds:{seed}")


def judge(
    observation: Observation[A], seed: int | str, samples: int = SAMPLES,
    played: A | None = None,
) -> Verdict[A]:
    """The verdict on the seat's position: `samples` worlds drawn from `seed`, the game's
    candidates (and `played`, a step or a whole line, if given: `price`) each played in
    every world and its turn finished, then valued. The same `observation` and `seed`
    always give the same values, whatever else is priced."""
    appraiser = appraiser_for(observation.game_id)
    worlds, before = _worlds(observation, seed, samples)
    chooser = random.Random(f"candidates:{seed}")
    # The heuristic's own step first: of equal values it wins (a cage sent straight where
    # the coal is, not to another level first at no cost). Not a whole turn it would play
    # at once (Mine Out's scoring phase): a hint is one step.
    easy = EasyPlayer().choose(observation, chooser)
    first = [easy] if easy in observation.legal else []
    knowledge = knowledge_for(observation.game_id)
    candidates = list(dict.fromkeys([*first, *knowledge.root_candidates(observation, chooser)]))
    moves = [_judged(appraiser, worlds, before, observation.seat, action) for action in candidates]
    ranked = sorted(range(len(moves)), key=lambda index: (-moves[index].value, index))
    verdict = Verdict(tuple(moves[index] for index in ranked), None, appraiser.margin)
    return verdict if played is None else price(verdict, observation, seed, played, samples)


def price(
    verdict: Verdict[A], observation: Observation[A], seed: int | str, played: A,
    samples: int = SAMPLES,
) -> Verdict[A]:
    """`verdict` (`judge`'s on `observation` from `seed`, perhaps as kept with the table)
    with `played` priced: the candidate itself if it is one, else valued in the verdict's
    own worlds (drawn again from `seed`: the same ones), so its loss is measured as the
    candidates were."""
    mine = next((move for move in verdict.moves if move.action == played), None)
    if mine is None:
        worlds, before = _worlds(observation, seed, samples)
        mine = _judged(appraiser_for(observation.game_id), worlds, before, observation.seat,
                       played)
    return replace(verdict, played=mine)


def _worlds(
    observation: Observation[Any], seed: int | str, samples: int,
) -> tuple[list[GameState[Any]], list[dict[str, float]]]:
    """A verdict's worlds, and the seat's terms in each before any move."""
    knowledge = knowledge_for(observation.game_id)
    rng = world_seed(seed)
    worlds = [knowledge.sample(observation, rng) for _ in range(samples)]
    appraiser = appraiser_for(observation.game_id)
    return worlds, [appraiser.terms(world, observation.seat) for world in worlds]


def _judged(
    appraiser: Appraiser, worlds: Sequence[GameState[Any]],
    before: Sequence[Mapping[str, float]], seat: Seat, action: Any,
) -> Judged[Any]:
    total, gains = 0.0, dict.fromkeys(before[0], 0.0)
    plans = []
    for world, terms in zip(worlds, before, strict=True):
        trial = world.copy()
        trial.apply(seat, action)
        plans.append(tuple(appraiser.settle(trial, seat)))
        after = appraiser.terms(trial, seat)
        total += sum(after.values())
        # A term may appear or vanish with the move (Saboteur's at a round's end):
        # missing on one side, it counts as 0 there.
        for term in {**terms, **after}:
            gains[term] = gains.get(term, 0.0) + after.get(term, 0.0) - terms.get(term, 0.0)
    count = len(worlds)
    return Judged(action, total / count, {term: gain / count for term, gain in gains.items()},
                  _agreed(plans))


def _agreed(plans: list[tuple[Any, ...]]) -> tuple[Any, ...]:
    """The steps every world's plan starts with."""
    common = []
    for steps in zip(*plans, strict=False):
        if any(step != steps[0] for step in steps):
            break
        common.append(steps[0])
    return tuple(common)


def reason(observation: Observation[A], judged: Judged[A]) -> tuple[str, float, dict[str, int]]:
    """Why `judged`'s move is good, as the seat can be told it: the term it gains most
    (`Judged.reason`, worded from what the seat knows: `Appraiser.told`), the gain and
    the public facts the sentence names."""
    term, gain = judged.reason
    told, facts = appraiser_for(observation.game_id).told(observation, judged.action, term)
    return told, gain, facts


Hints = Mapping[tuple[str, ...], tuple[str, ...]]
"""The hints given at one moment of a table to one seat: for the steps already chosen on
the panel when it was asked, the line it gave (its move, then its plan), in notation."""


def followed(steps: Sequence[str], hints: Hints) -> bool:
    """Whether the line `steps` (a turn's steps in notation) was played as the hints said:
    from its start, each step the one a hint gave for the steps before it, or the rest of
    the line the very line a hint gave there (its move and its plan)."""
    for done in range(len(steps)):
        given = hints.get(tuple(steps[:done]))
        rest = tuple(steps[done:])
        if given is None or not given or given[0] != rest[0]:
            return False
        if given == rest:
            return True
    return bool(steps)
