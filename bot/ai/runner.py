"""Computer moves off the event loop: worker processes, a budget per move, a hard limit.

The search runs in a process pool (Python threads would share one core with
the bot). Each move has a clock budget (`seconds`, default 1 s) that the
search itself respects, and a hard limit after which the runner stops
waiting, kills the workers and starts fresh ones. A timeout, a crash of the
worker or an answer that is not a legal action all end the same way: the
engine's `default_action` is played instead, and the reason is logged.

Requests and answers cross the process boundary as JSON and notation, so a
worker needs nothing but the state's ``to_json()``, the events the seat was
told, its level and a seed.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import random
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from bot.ai.knowledge import knowledge_for
from bot.ai.observation import observe, visible_events
from bot.ai.players import make_player
from bot.games.base import JSON, Event, GameState, Seat
from bot.games.record import initial_state, parse_entry
from bot.games.registry import get_game
from bot.workers.lifeline import end_with_parent, kill_workers

log = logging.getLogger(__name__)

DEFAULT_SECONDS = 1.0
"""Clock budget of one computer move."""


def hard_limit_for(seconds: float) -> float:
    """How long the runner waits for a move budgeted `seconds`: the search checks
    its clock between iterations, so only a bug may take this long."""
    return 2 * seconds + 3


@dataclass(frozen=True)
class MoveRequest:
    """Everything a worker needs to choose one move (picklable plain values)."""

    game: str
    state: JSON
    seat: Seat
    events: list[tuple[str, dict[str, JSON], Seat | None]]
    level: str
    seconds: float
    seed: int
    record: dict[str, JSON] | None = None
    """A game record to rebuild the events from in the worker, instead of `events`."""


def make_request(
    state: GameState[Any], seat: Seat, events: Iterable[Event], level: str, seconds: float,
    seed: int,
) -> MoveRequest:
    """A request for `seat`; only the events it was told are sent."""
    told = [(event.kind, dict(event.data), event.seat) for event in visible_events(events, seat)]
    return MoveRequest(state.game_id, state.to_json(), seat, told, level, seconds, seed)


def record_events(record: dict[str, JSON]) -> list[Event]:
    """Every event of a game record, replayed from its start."""
    state = initial_state(record)
    events: list[Event] = []
    for entry in record["actions"]:
        seat, text = parse_entry(state, entry)
        events += state.apply(seat, state.parse_action(seat, text))
    return events


SEARCH_SHARE = 0.9
"""Share of a move's budget left to the search; the rest covers reading the request."""


def compute_move(request: MoveRequest) -> str:
    """The notation of the move the request's level chooses (run in a worker).

    The budget covers the whole move: the search gets what is left of it once
    the state and events are read.
    """
    started = time.perf_counter()
    state = get_game(request.game).from_json(request.state)
    if request.record is not None:
        events = record_events(request.record)
    else:
        events = [Event(kind, data, seat) for kind, data, seat in request.events]
    knowledge = knowledge_for(request.game)
    observation = observe(state, request.seat, events, knowledge.determinizer)
    spent = time.perf_counter() - started
    player = make_player(request.level, seconds=max(0.0, request.seconds * SEARCH_SHARE - spent))
    action = player.choose(observation, random.Random(request.seed))
    return state.format_action(action)


@dataclass(frozen=True)
class ComputerMove:
    action: Any
    notation: str
    seconds: float
    fallback: str | None
    """Why the default action was played instead (None: the computer's own choice)."""


class ComputerRunner:
    """Plays computer moves in `workers` processes; `close()` it when done."""

    def __init__(
        self,
        workers: int = 1,
        seconds: float = DEFAULT_SECONDS,
        hard_limit: float | None = None,
        compute: Callable[[MoveRequest], str] = compute_move,
    ) -> None:
        self.workers = workers
        self.seconds = seconds
        self.hard_limit = hard_limit_for(seconds) if hard_limit is None else hard_limit
        self._compute = compute
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # Started from the event loop's thread, each ends with the bot (`bot.workers.lifeline`).
            self._pool = ProcessPoolExecutor(self.workers, initializer=end_with_parent)
        return self._pool

    async def start(self) -> None:
        """Start the workers now rather than at the first move (the local table starts
        them before simcord runs: started under simcord, their start waits on its
        clock, which stands still between two actions)."""
        await asyncio.get_running_loop().run_in_executor(self._executor(), os.getpid)

    async def move(
        self,
        state: GameState[Any],
        seat: Seat,
        events: Iterable[Event] | dict[str, JSON],
        level: str,
        seed: int,
    ) -> ComputerMove:
        """The computer's move for `seat`, or the default action if it fails (logged).

        `events` are the game's events so far, or its record (replayed in the
        worker, off the event loop, to find them).
        """
        if isinstance(events, dict):
            request = make_request(state, seat, [], level, self.seconds, seed)
            request = dataclasses.replace(request, record=events)
        else:
            request = make_request(state, seat, events, level, self.seconds, seed)
        loop = asyncio.get_running_loop()
        started = time.perf_counter()
        reason: str | None = None
        try:
            future = loop.run_in_executor(self._executor(), self._compute, request)
            notation = await asyncio.wait_for(future, self.hard_limit)
            action = state.parse_action(seat, notation)
            if action not in state.legal_actions(seat):
                raise ValueError(f"{notation!r} is not a legal action")
        except TimeoutError:
            reason = f"no move within {self.hard_limit:.1f} s"
            self._restart()
        except Exception as error:  # a crash of the search must not stop the game
            reason = f"{type(error).__name__}: {error}"
            if self._pool is not None and getattr(self._pool, "_broken", False):
                self._restart()
        elapsed = time.perf_counter() - started
        if reason is not None:
            action = state.default_action(seat)
            notation = state.format_action(action)
            log.warning(
                "computer %s for seat %d of %s failed (%s): default action %s played",
                level, seat, state.game_id, reason, notation,
            )
        return ComputerMove(action, notation, elapsed, reason)

    def _restart(self) -> None:
        """Kill the workers (one may be stuck) and start afresh on the next move."""
        pool, self._pool = self._pool, None
        if pool is not None:
            kill_workers(pool)

    def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
