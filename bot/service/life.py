"""A table's life as the service owns it: what happened to a table, told to whoever
listens (tournaments, computers, the Discord layer), never decided by the code that
posts (docs/platform.md, "A table's life").

The events come from the one transaction of a change (`bot.service.store.TableStore`):
what caused them is written by that very save (why a table ended, why a computer
plays a seat, in the table's settings), and they are published once it is committed,
so a listener never hears of a change that was not stored, and every path that makes
the change (a move, ``/game abandon``, a deleted thread, a tournament's deadline, a
player who left the server) is heard the same way.

- `TableStarted`: a table left its lobby for play (a tournament links its thread in
  the round's announcement).
- `TableEnded`: a table in its lobby or in play finished or was abandoned, with its
  cause (`ended_cause`).
- `SeatHandedOver`: a computer now plays a person's seat, with the reason stored for it
  (`bot.storage.table_settings.stand_ins`).
- `PlayerLeft`: a person left the server (learned from Discord), with the tables where
  a computer now plays for them.

Listeners run each in a task of its own, after the change's lock is released: a slow
listener (a tournament opening its next round) holds up neither the change nor the
other listeners. A listener that fails is logged; the change stays stored.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.games.base import Seat
from bot.service.background import Background
from bot.storage import Table, TableStatus
from bot.storage.table_settings import ended_because, stand_ins

ENDED = (TableStatus.FINISHED, TableStatus.ABANDONED)
OPEN = (TableStatus.LOBBY, TableStatus.PLAYING)


@dataclass(frozen=True)
class TableStarted:
    """`table` (as saved) left its lobby: its game is in play."""

    table: Table


@dataclass(frozen=True)
class TableEnded:
    """`table` (as saved) finished or was abandoned, because of `cause`."""

    table: Table
    cause: str


@dataclass(frozen=True)
class SeatHandedOver:
    """A computer now plays the person's `seat` at `table`, for `reason`."""

    table: Table
    seat: Seat
    reason: str


@dataclass(frozen=True)
class PlayerLeft:
    """`user_id` left server `guild_id`; a computer now plays for them at `tables`."""

    guild_id: int
    user_id: int
    tables: tuple[Table, ...]


Event = TableStarted | TableEnded | SeatHandedOver | PlayerLeft
E = TypeVar("E", TableStarted, TableEnded, SeatHandedOver, PlayerLeft)
Listener = Callable[[Any], Awaitable[None]]


def ended_cause(table: Table) -> str:
    """Why an ended `table` ended: the reason stored with it (``place_gone``...), else
    its status (``finished``, ``abandoned``)."""
    return ended_because(table) or table.status.value


def changes(old: Table, new: Table) -> list[Event]:
    """The events of the stored change from `old` to `new`."""
    events: list[Event] = []
    before, after = stand_ins(old), stand_ins(new)
    for seat, reason in sorted(after.items()):
        if before.get(seat) != reason and new.status == TableStatus.PLAYING:
            events.append(SeatHandedOver(new, seat, reason))
    if old.status == TableStatus.LOBBY and new.status == TableStatus.PLAYING:
        events.append(TableStarted(new))
    if old.status in OPEN and new.status in ENDED:
        events.append(TableEnded(new, ended_cause(new)))
    return events


class TableLife:
    """Who listens to which event, and the listeners still running."""

    def __init__(self) -> None:
        self._listeners: defaultdict[type, list[Listener]] = defaultdict(list)
        self._running = Background()

    def listen(self, kind: type[E], listener: Callable[[E], Awaitable[None]]) -> None:
        """Call `listener` with every event of `kind` from now on."""
        self._listeners[kind].append(listener)

    def publish(self, *events: Event) -> None:
        """Tell each event to its listeners, each in a task of its own."""
        for event in events:
            for listener in self._listeners[type(event)]:
                what = f"a listener of {type(event).__name__}"
                self._running.start(functools.partial(listener, event), what)

    async def settle(self) -> None:
        """Wait until no listener is running (shutdown, tests)."""
        await self._running.settle()
