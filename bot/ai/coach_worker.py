"""The coach off the event loop: requests, their answers, and the worker process.

A request carries the game's record (JSON), the seat, the moment (how many of
the record's actions were played before it) and a seed; the worker replays the
record to that moment, builds the seat's `Observation` (its view and the
events it was told, as a computer seat gets) and answers in notation and
numbers, which the table side writes in words (`cogs.platform.coach`).

A position's verdict is made once: a request carries the verdicts kept with the table
on the positions it may look at (`CoachRequest.verdicts`), the worker reads those
rather than judging again (`_verdict`), and its `Reply` carries the ones it had to
make, which the table side keeps (`cogs.platform.coach.TableCoach.ask`). So the hint,
the note and the review read one judgement of each position.

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
import hashlib
import json
import logging
import os
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Final

from bot.ai.coach import (
    REVIEW_MOMENTS,
    SAMPLES,
    Hints,
    Judged,
    Verdict,
    followed,
    judge,
    price,
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

ANSWER_LIMIT: Final = 8.0
"""How long the table side waits for a hint or a note before saying the coach is
unavailable (a verdict takes well under 2 s: docs/performance.md; more is a stuck worker)."""
REVIEW_LIMIT: Final = 90.0
"""The same for a review (a verdict at each of up to `CoachRequest.looked_at` moves)."""

Line = tuple[str, ...]
"""Steps in notation, one per engine step."""
Kept = dict[tuple[int, Line], str]
"""Verdicts by moment and the panel's steps (one per engine step), as JSON (`stored`)."""
GivenHints = dict[int, list[tuple[list[str], list[str]]]]
"""The hints given to a seat at a table, by moment: each the steps already chosen when
it was asked and the line it gave (picklable and JSON: lists)."""


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
    """The table's seed: a verdict's worlds are drawn from it, the moment, the seat and
    the steps (`verdict_seed`), so two looks at one position see the same worlds."""
    steps: Line = ()
    """A hint's: the steps of the turn already chosen on the seat's panel, not played yet."""
    samples: int = SAMPLES
    """The worlds of a verdict (tests use fewer)."""
    looked_at: int = 80
    """A review looks at this many of the seat's moves at most, spread over the game."""
    hints: GivenHints = field(default_factory=dict)
    """A note's and a review's: the hints given to the seat (the lines they gave are
    never called costly)."""
    verdicts: Kept = field(default_factory=dict)
    """The verdicts kept with the table on the seat's positions of this record: read,
    never made again."""


@dataclass(frozen=True)
class HintAnswer:
    action: str
    """The step to choose now."""
    plan: Line
    """The steps the coach would play after it to the end of the turn, as far as the
    seat can know them now."""
    term: str
    gain: float
    steps: Line
    """The steps already chosen (one per engine step) the hint answers after."""
    before: JSON
    """The state the hint is for (after `steps`, `to_json`), to write it in words."""
    facts: dict[str, int] = field(default_factory=dict)
    """The public facts the reason names (`bot.ai.appraisers.Told`)."""

    @property
    def line(self) -> Line:
        return (self.action, *self.plan)


@dataclass(frozen=True)
class CostAnswer:
    moment: int
    played: str
    best: str
    """The best whole turn: its move and the coach's plan after it, on one line."""
    loss: float
    term: str
    """What the best move gained most (its `Judged.reason`)."""
    gain: float
    before: JSON
    """The state before the move (`to_json`), to write both moves in words."""
    turn: int
    """The record index where the seat's turn holding the move began."""
    facts: dict[str, int] = field(default_factory=dict)
    """The public facts the reason names (`bot.ai.appraisers.Told`)."""


Answer = HintAnswer | CostAnswer | list[CostAnswer] | None


@dataclass(frozen=True)
class Reply:
    """A request's answer, and the verdicts made for it (none was kept): to keep."""

    answer: Answer
    verdicts: Kept = field(default_factory=dict)


class CoachUnavailable(UserError):
    """The coach's worker could not start or did not answer in time (logged as a
    warning); the player is told so, privately, and may try again later."""

    key = "coach_unavailable"


def limit(request: CoachRequest) -> float:
    """How long the table side waits for the answer to `request`."""
    return REVIEW_LIMIT if request.kind == "review" else ANSWER_LIMIT


def verdict_seed(table_seed: int, moment: int, seat: Seat, steps: Line = ()) -> str:
    """The seed of the verdict on `seat`'s position at `moment` after `steps`: a hint and
    the note on the move then played see the same worlds, so they agree."""
    return f"{table_seed}:{moment}:{seat}:{' '.join(steps)}"


def position(record: dict[str, JSON], moment: int) -> str:
    """What tells a moment's position from another at the same moment of a table: a
    digest of the record's first `moment` actions (after a take-back, the same moment
    may be reached by another line)."""
    entries = record["actions"]
    assert isinstance(entries, list)
    return hashlib.blake2b(json.dumps(entries[:moment]).encode(), digest_size=8).hexdigest()


@dataclass(frozen=True)
class Moment:
    """One action of a record: the state before it (a copy), who played what, and how
    many of the game's events came before it."""

    state: GameState[Any]
    seat: Seat
    notation: str
    told: int


def replay(record: dict[str, JSON], until: int | None = None) -> tuple[list[Moment], list[Event]]:
    """Each moment of a record (up to `until` actions), and every event of those."""
    state = initial_state(record)
    events: list[Event] = []
    moments = []
    entries = record["actions"]
    assert isinstance(entries, list)
    for entry in entries[:until]:
        seat, notation = parse_entry(state, str(entry))
        moments.append(Moment(state.copy(), seat, notation, len(events)))
        events += state.apply(seat, state.parse_action(seat, notation))
    moments.append(Moment(state, -1, "", len(events)))
    return moments, events


def _observation(
    state: GameState[Any], seat: Seat, events: list[Event]
) -> Observation[Any]:
    return observe(state, seat, events, knowledge_for(state.game_id).determinizer)


def line_of(state: GameState[Any], seat: Seat, notation: str) -> Line:
    """The steps of a line played at once, in notation, one per engine step."""
    steps = knowledge_for(state.game_id).steps_of(state.parse_action(seat, notation))
    return tuple(state.format_action(step) for step in steps)


def compute(request: CoachRequest) -> Reply:
    """The answer to `request` (run in a worker), and the verdicts made for it."""
    made: Kept = {}
    return Reply(_answer(request, made), made)


def _answer(request: CoachRequest, made: Kept) -> Answer:
    if request.kind == "review":
        return _review(request, made)
    moments, events = replay(request.record, request.moment)
    state = moments[-1].state
    if request.kind == "hint":
        return _hint(request, state, events, made)
    entries = request.record["actions"]
    assert isinstance(entries, list)
    seat, notation = parse_entry(state, str(entries[request.moment]))
    if seat != request.seat:
        return None
    turn = next((index + 1 for index in range(request.moment - 1, -1, -1)
                 if moments[index].seat != seat), 0)
    return _cost(request, request.moment, state, events, notation, turn, made)


def _verdict(
    request: CoachRequest, made: Kept, moment: int, steps: Line, state: GameState[Any],
    observation: Observation[Any],
) -> tuple[Verdict[Any], Line]:
    """The verdict on the seat's position at `moment` after `steps` (`state`), and its best
    move's plan in notation: as kept with the table, else judged now (and added to `made`,
    to keep); read the same way either way (`restored`)."""
    kept = request.verdicts.get((moment, steps))
    if kept is None:
        verdict = judge(observation, verdict_seed(request.seed, moment, request.seat, steps),
                        request.samples)
        kept = made[(moment, steps)] = stored(verdict, state, request.seat)
    return restored(kept, state, request.seat)


def stored(verdict: Verdict[Any], state: GameState[Any], seat: Seat) -> str:
    """`verdict` (on `seat`'s position in `state`) as compact JSON: the game's margin, the
    candidates best first (each its move in notation, value and gains per term) and the
    best's plan in notation. No move played: each look prices its own (`price`)."""
    moves = [{"move": state.format_action(move.action), "value": move.value,
              "gains": move.gains} for move in verdict.moves]
    plan = _plan_notation(state, seat, verdict.best)
    return json.dumps({"margin": verdict.margin, "moves": moves, "plan": plan},
                      separators=(",", ":"))


def restored(text: str, state: GameState[Any], seat: Seat) -> tuple[Verdict[Any], Line]:
    """The verdict `stored` wrote for `seat`'s position in `state`, its moves parsed again,
    and its best's plan, left in notation: the plan's steps were agreed in the verdict's
    worlds, and need not be legal in `state` (a draw-5's cards), so the moves carry none."""
    found = json.loads(text)
    moves = tuple(Judged(state.parse_action(seat, move["move"]), move["value"], move["gains"], ())
                  for move in found["moves"])
    return Verdict(moves, None, found["margin"]), tuple(found["plan"])


def _hint(
    request: CoachRequest, state: GameState[Any], events: list[Event], made: Kept,
) -> HintAnswer:
    seat = request.seat
    steps: list[str] = []
    for notation in request.steps:
        steps += line_of(state, seat, notation)
        events = events + state.apply(seat, state.parse_action(seat, notation))
    observation = _observation(state, seat, events)
    verdict, plan = _verdict(request, made, request.moment, tuple(steps), state, observation)
    best = verdict.best
    term, gain, facts = reason(observation, best)
    return HintAnswer(state.format_action(best.action), plan, term, gain, tuple(steps),
                      state.to_json(), facts)


def _plan_notation(state: GameState[Any], seat: Seat, judged: Judged[Any]) -> Line:
    """`judged`'s plan in notation (each step written in the state it is played in)."""
    trial = state.copy()
    trial.apply(seat, judged.action)
    found = []
    for step in judged.plan:
        found.append(trial.format_action(step))
        trial.apply(seat, step)
    return tuple(found)


def _given(request: CoachRequest, moment: int) -> Hints:
    return {tuple(steps): tuple(line) for steps, line in request.hints.get(moment, [])}


def _cost(
    request: CoachRequest, moment: int, state: GameState[Any], events: list[Event],
    notation: str, turn: int, made: Kept,
) -> CostAnswer | None:
    """The note on the line played at `moment` (from `state`), if it was costly."""
    seat = request.seat
    observation = _observation(state, seat, events)
    if len(observation.legal) == 1:
        return None  # forced: nothing to say
    played = state.parse_action(seat, notation)
    kept, plan = _verdict(request, made, moment, (), state, observation)
    verdict = price(kept, observation, verdict_seed(request.seed, moment, seat), played,
                    request.samples)
    if not verdict.costly or followed(line_of(state, seat, notation), _given(request, moment)):
        return None
    return _cost_answer(observation, state, moment, verdict, plan, turn)


def _cost_answer(
    observation: Observation[Any], state: GameState[Any], moment: int, verdict: Verdict[Any],
    plan: Line, turn: int,
) -> CostAnswer:
    best, played = verdict.best, verdict.played
    assert played is not None
    term, gain, facts = reason(observation, best)
    line = " ".join((state.format_action(best.action), *plan))
    return CostAnswer(
        moment, state.format_action(played.action), line, verdict.loss, term, gain,
        state.to_json(), turn, facts,
    )


def _review(request: CoachRequest, made: Kept) -> list[CostAnswer]:
    """The seat's costliest moves of a game, each judged as a note judges it."""
    moments, events = replay(request.record)
    own = [index for index, moment in enumerate(moments[:-1]) if moment.seat == request.seat]
    spread = max(1, -(-len(own) // request.looked_at))
    found = []
    for index in own[::spread]:
        moment = moments[index]
        turn = next((before + 1 for before in range(index - 1, -1, -1)
                     if moments[before].seat != request.seat), 0)
        answer = _cost(request, index, moment.state.copy(), events[: moment.told],
                       moment.notation, turn, made)
        if answer is not None:
            found.append(answer)
    found.sort(key=lambda answer: -answer.loss)
    return found[:REVIEW_MOMENTS]


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

    async def ask(self, request: CoachRequest) -> Reply:
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
