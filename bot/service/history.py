"""What happened at a table since a seat's own last action: the actions played
since, each with its events and the state after it, for the "since your last
turn" digest (`cogs.platform.digest`, docs/weeks.md); and the last action logged,
for the pictures drawn on demand that tell the last move (`cogs.platform.alt_text`).

Engines keep no history and the log holds notations only, so the actions are
replayed from the seed. A whole game replays in 6-31 ms, too much to pay at
every turn; so the piece keeps, per table, the steps it replayed back to the
oldest of the seats' last actions, and a later call only applies the actions
logged since (one apply and one copy each). The kept steps are checked against
the log's sequence numbers: after a take-back, or when another process played
on the table, whatever no longer matches is replayed again.

The states handed out hold secrets: callers present them only through
`cogs.platform.seen` (a reader's view), as they do the table's state.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from bot.games.base import Event, GameState, Seat
from bot.games.errors import GameError
from bot.games.record import ReplayError, initial_state
from bot.service.store import TableStore
from bot.storage import LoggedAction, Table
from bot.storage.table_settings import game_options

logger = logging.getLogger(__name__)

KEPT_TABLES = 256
"""How many tables' replayed steps are kept (the least recently asked for go first)."""


@dataclass(frozen=True)
class ReplayedAction:
    """One logged action replayed: who played what, what it did, and the state after it
    (shared with the cache: never modify it)."""

    seat: Seat
    notation: str
    events: list[Event]
    state: GameState[Any]


@dataclass(frozen=True)
class Since:
    """The actions since a seat's own last one (oldest first), and the state right after
    that action (the game's start if the seat has not acted yet: `acted` False)."""

    before: GameState[Any]
    steps: tuple[ReplayedAction, ...]
    acted: bool

    @property
    def now(self) -> GameState[Any]:
        return self.steps[-1].state if self.steps else self.before


@dataclass
class _Replayed:
    """A table's replay: the log's sequence numbers applied, and the steps from index
    `offset` of the log on; `base` is the state before them (after entry `offset - 1`)."""

    seqs: list[int]
    base: GameState[Any]
    offset: int = 0
    steps: list[ReplayedAction] = field(default_factory=list)

    def after(self, index: int) -> GameState[Any]:
        """The state after log entry `index` (-1: the start), which must be kept."""
        return self.base if index == self.offset - 1 else self.steps[index - self.offset].state


class History:
    """The actions of the tables of `store` since a seat's last one, replayed once each."""

    def __init__(self, store: TableStore) -> None:
        self._store = store
        self._kept: OrderedDict[int, _Replayed] = OrderedDict()
        self._lock = threading.Lock()  # replays run on threads

    async def since_last(self, table: Table, seat: Seat) -> Since | None:
        """What was played at `table` since `seat`'s own last action (taken-back actions
        left out), replayed on a thread; None if the log no longer replays (an engine
        whose rules changed since the game began), which is logged."""
        log = await self._store.log(table.id)
        try:
            return await asyncio.to_thread(self._since, table, log, seat)
        except (GameError, ReplayError, ValueError) as error:
            logger.warning("table %s: its log does not replay: %s", table.id, error)
            return None

    async def last(self, table: Table) -> ReplayedAction | None:
        """The last action logged at `table`, replayed with its events (None before the
        first action, or if the log no longer replays: logged). From the stored log, so
        the same after a restart or when another process played it."""
        log = await self._store.log(table.id)
        if not log:
            return None
        try:
            return await asyncio.to_thread(self._last, table, log)
        except (GameError, ReplayError, ValueError) as error:
            logger.warning("table %s: its log does not replay: %s", table.id, error)
            return None

    def _last(self, table: Table, log: list[LoggedAction]) -> ReplayedAction:
        with self._lock:
            replayed = self._replayed(table, log)
            last = replayed.steps[-1]
            self._trim(replayed, log, len(table.seats))
            return last

    def _since(self, table: Table, log: list[LoggedAction], seat: Seat) -> Since:
        with self._lock:
            replayed = self._replayed(table, log)
            last = _last_index(log, seat)
            steps = tuple(replayed.steps[last + 1 - replayed.offset:])
            since = Since(replayed.after(last), steps, acted=last >= 0)
            self._trim(replayed, log, len(table.seats))
            return since

    def _replayed(self, table: Table, log: list[LoggedAction]) -> _Replayed:
        """The table's kept replay brought up to `log`, or a new one from the start."""
        seqs = [entry.seq for entry in log]
        replayed = self._kept.pop(table.id, None)
        if replayed is None or seqs[: len(replayed.seqs)] != replayed.seqs:
            header = {"game": table.game, "players": len(table.seats), "seed": table.seed,
                      "options": game_options(table.options)}
            replayed = _Replayed(seqs=[], base=initial_state(header))
        for entry in log[len(replayed.seqs):]:
            state = replayed.after(len(replayed.seqs) - 1).copy()
            events = state.apply(entry.seat, state.parse_action(entry.seat, entry.notation))
            replayed.steps.append(ReplayedAction(entry.seat, entry.notation, events, state))
            replayed.seqs.append(entry.seq)
        self._kept[table.id] = replayed
        while len(self._kept) > KEPT_TABLES:
            self._kept.popitem(last=False)
        return replayed

    @staticmethod
    def _trim(replayed: _Replayed, log: list[LoggedAction], seats: int) -> None:
        """Forget the steps before the oldest of the seats' last actions (keeping the
        last step, for `last`): no seat's digest reaches back further until the log
        is replaced."""
        oldest = min(*(_last_index(log, seat) for seat in range(seats)), len(log) - 2)
        if oldest >= replayed.offset:
            replayed.base = replayed.after(oldest)
            del replayed.steps[: oldest + 1 - replayed.offset]
            replayed.offset = oldest + 1


def _last_index(log: list[LoggedAction], seat: Seat) -> int:
    """The index in `log` of `seat`'s last action, -1 if it has not acted."""
    return next((i for i in range(len(log) - 1, -1, -1) if log[i].seat == seat), -1)
