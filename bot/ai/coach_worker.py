"""The coach off the event loop: requests, their answers, and the worker process.

A request carries the game's record (JSON), the seat, the moment (how many of
the record's actions were played before it) and a seed; the worker replays the
record to that moment, builds the seat's `Observation` (its view and the
events it was told, as a computer seat gets) and answers in notation and
numbers, which the table side writes in words (`cogs.platform.coach`).

On Discord the pool is started at the first request only: a bot whose tables have
no coached player never starts it. The local table starts it with the other workers,
before simcord runs (`CoachRunner.start`; a process started inside that run would
freeze the bot: `bot.workers.process_starts`). `CoachRunner.asked` counts the
requests (tests check that a table nobody is coached at costs none).

A worker that cannot start, dies, or does not answer within its limit (`limit`) is
`CoachUnavailable`: the player reads that the coach is unavailable and may try again
later; the table goes on, and the worker is started afresh at the next request.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Final

from bot.ai.coach import (
    Appraisal,
    Cost,
    clearly_worse,
    costliest,
    hint,
    move_cost,
    normal_player,
    reason,
)
from bot.ai.knowledge import knowledge_for
from bot.ai.observation import Observation, observe
from bot.games.base import JSON, Event, GameState, Seat
from bot.games.errors import UserError
from bot.games.record import initial_state, parse_entry
from bot.workers.lifeline import end_with_parent, kill_workers
from bot.workers.process_starts import ProcessStartRefused

log = logging.getLogger(__name__)

HINT_SECONDS: Final = 1.2
"""The normal level's clock limit for a hint or a note (p95 ≤ 2 s with the rest: docs/ai.md)."""
REVIEW_SECONDS: Final = 0.6
"""Its clock limit per move looked at again by a review."""
ANSWER_LIMIT: Final = 8.0
"""How long the table side waits for a hint or a note before saying the coach is
unavailable (the answer is due within `HINT_SECONDS`; more is a stuck worker)."""
REVIEW_LIMIT: Final = 90.0
"""The same for a review (up to `CoachRequest.looked_at` moves at `REVIEW_SECONDS`)."""


@dataclass(frozen=True)
class CoachRequest:
    """Everything a worker needs (picklable plain values)."""

    kind: str
    """``hint`` (the move for the seat now), ``note`` (the cost of the move played at
    `moment`) or ``review`` (the seat's costliest moves of a finished game)."""
    record: dict[str, JSON]
    seat: Seat
    moment: int
    """Actions of the record played before the moment asked about."""
    seed: int
    seconds: float | None = HINT_SECONDS
    iterations: int | None = None
    """The normal level's iterations (None: its own); tests use few."""
    looked_at: int = 80
    """A review looks at this many of the seat's moves at most, spread over the game."""


@dataclass(frozen=True)
class HintAnswer:
    action: str
    term: str
    gain: float
    facts: dict[str, int] = field(default_factory=dict)
    """The public facts the reason names (`bot.ai.appraisers.Told`)."""


@dataclass(frozen=True)
class CostAnswer:
    moment: int
    played: str
    best: str
    loss: float
    term: str
    """What the normal level's move gained most (its `Appraisal.reason`)."""
    gain: float
    before: JSON
    """The state before the move (`to_json`), to write both moves in words."""
    turn: int
    """The record index where the seat's turn holding the move began."""
    facts: dict[str, int] = field(default_factory=dict)
    """The public facts the reason names (`bot.ai.appraisers.Told`)."""


Answer = HintAnswer | CostAnswer | list[CostAnswer] | None


class CoachUnavailable(UserError):
    """The coach's worker could not start or did not answer in time (logged as a
    warning); the player is told so, privately, and may try again later."""

    key = "coach_unavailable"


def limit(request: CoachRequest) -> float:
    """How long the table side waits for the answer to `request`."""
    return REVIEW_LIMIT if request.kind == "review" else ANSWER_LIMIT


def moment_seed(table_seed: int, moment: int, seat: Seat) -> int:
    """The seed of the coach's look at `seat` at `moment`: a hint and the note on the
    move then played see the same determinizations, so they agree."""
    return (table_seed * 1_000_003 + moment * 101 + seat) % 2**63


@dataclass(frozen=True)
class Moment:
    """One action of a record: the state before it (a copy), who played what, and how
    many of the game's events came before it."""

    state: GameState[Any]
    seat: Seat
    notation: str
    told: int


def replay(record: dict[str, JSON]) -> tuple[list[Moment], list[Event]]:
    """Each moment of a finished game's record, and every event of the game."""
    state = initial_state(record)
    events: list[Event] = []
    moments = []
    entries = record["actions"]
    assert isinstance(entries, list)
    for entry in entries:
        seat, notation = parse_entry(state, str(entry))
        moments.append(Moment(state.copy(), seat, notation, len(events)))
        events += state.apply(seat, state.parse_action(seat, notation))
    return moments, events


def _observation(
    state: GameState[Any], seat: Seat, events: list[Event]
) -> Observation[Any]:
    return observe(state, seat, events, knowledge_for(state.game_id).determinizer)


def compute(request: CoachRequest) -> Answer:
    """The answer to `request` (run in a worker)."""
    started = time.perf_counter()
    state = initial_state(request.record)
    events: list[Event] = []
    entries = request.record["actions"]
    assert isinstance(entries, list)
    if request.kind == "review":
        return _review(request)
    turn = 0
    for index, entry in enumerate(entries[: request.moment]):
        seat, notation = parse_entry(state, str(entry))
        events += state.apply(seat, state.parse_action(seat, notation))
        if seat != request.seat:
            turn = index + 1
    observation = _observation(state, request.seat, events)
    spent = time.perf_counter() - started
    seconds = None if request.seconds is None else max(0.05, request.seconds - spent)
    player = normal_player(seconds, request.iterations)
    rng = random.Random(request.seed)
    if request.kind == "hint":
        found = hint(observation, rng, player)
        term, gain, facts = reason(observation, found)
        return HintAnswer(state.format_action(found.action), term, gain, facts)
    seat, notation = parse_entry(state, str(entries[request.moment]))
    if seat != request.seat:
        return None
    played = state.parse_action(seat, notation)
    cost = move_cost(observation, played, rng, player)
    if not clearly_worse(state.game_id, cost):
        return None
    assert cost is not None
    return _cost_answer(observation, state, request.moment, cost, turn)


def _cost_answer(
    observation: Observation[Any], state: GameState[Any], moment: int, cost: Cost[Any],
    turn: int,
) -> CostAnswer:
    best: Appraisal[Any] = cost.best
    term, gain, facts = reason(observation, best)
    return CostAnswer(
        moment, state.format_action(cost.played.action), state.format_action(best.action),
        cost.loss, term, gain, state.to_json(), turn, facts,
    )


def _review(request: CoachRequest) -> list[CostAnswer]:
    moments, events = replay(request.record)
    own = [index for index, moment in enumerate(moments) if moment.seat == request.seat]
    spread = max(1, -(-len(own) // request.looked_at))
    looked = [
        (index, _observation(moments[index].state, request.seat, events[: moments[index].told]),
         moments[index].state.parse_action(request.seat, moments[index].notation))
        for index in own[::spread]
    ]
    player = normal_player(request.seconds, request.iterations)
    found = costliest(looked, random.Random(request.seed), player)
    seen = {index: observation for index, observation, _ in looked}
    return [_cost_answer(seen[index], moments[index].state, index, cost, index)
            for index, cost in found]


class CoachRunner:
    """Answers coach requests in a worker process, started by `start` or at the first
    request; `close()` it."""

    def __init__(self, executor: Callable[[], Executor] | None = None) -> None:
        self._make = executor or (lambda: ProcessPoolExecutor(1, initializer=end_with_parent))
        self._pool: Executor | None = None
        self.asked = 0
        """Requests answered or asked so far (none at a bot nobody is coached at)."""

    def _executor(self) -> Executor:
        if self._pool is None:
            # Started from the event loop's thread, it ends with the bot (`bot.workers.lifeline`).
            self._pool = self._make()
        return self._pool

    async def start(self) -> None:
        """Start the worker now rather than at the first request (the local table does,
        before simcord runs)."""
        await asyncio.get_running_loop().run_in_executor(self._executor(), os.getpid)

    async def ask(self, request: CoachRequest) -> Answer:
        """The answer to `request`; `CoachUnavailable` if the worker cannot start, dies
        or does not answer within `limit(request)` (it is started afresh next time)."""
        self.asked += 1
        try:
            future = asyncio.get_running_loop().run_in_executor(
                self._executor(), compute, request
            )
            return await asyncio.wait_for(future, limit(request))
        except (TimeoutError, BrokenProcessPool, ProcessStartRefused) as error:
            cause = f"no answer within {limit(request):g} s" if isinstance(
                error, TimeoutError) else f"{type(error).__name__}: {error}"
            log.warning("the coach is unavailable for a %s (%s)", request.kind, cause)
            self._discard()
            raise CoachUnavailable() from error

    def _discard(self) -> None:
        """Drop the worker (stuck or broken): its processes killed, a new one next time."""
        pool, self._pool = self._pool, None
        if pool is not None:
            kill_workers(pool)

    def close(self, wait: bool = True) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=wait, cancel_futures=True)
