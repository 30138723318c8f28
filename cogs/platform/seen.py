"""What a presenter writes a message from: a table as one reader sees it.

`Seen` holds the table's public facts (`TableFacts`: seats, status, version...,
a type with no state and no seed, so a presenter cannot reach either, mypy says so),
the engine's view for the reader (`state.view(seat)`, or the spectator view for
the channel), what everyone knows (who is to act, the public scores, the outcome)
and the actions the reader may be offered, as notations. Presenters receive
this, never the `Table`: a message cannot print what its reader may not see
(`tests/test_presenter_types.py` checks every presenter's signatures).

What answers one seated player about its own choices (`/game play`'s suggestions,
an action named in words: `cogs.platform.typed_plays`) needs an engine state to
try moves on: it gets a `SeatCopy`, a copy in which all that seat does not know is
drawn again, so whatever it reads there is no secret of anyone else.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields
from typing import Any

from bot.games.base import JSON, GameState, Outcome, Seat
from bot.i18n import LocaleLike
from bot.service import Table, TableStatus
from cogs.platform.names import mention


@dataclass(frozen=True)
class TableFacts:
    """What anyone at a table may know of it: a `Table` without its state and its seed
    (which would tell every shuffle)."""

    id: int
    guild_id: int | None
    channel_id: int
    game: str
    creator_id: int
    seats: tuple[int, ...]
    """Discord user ids; the index is the engine seat."""
    status: TableStatus
    options: dict[str, Any]
    version: int
    reminder_minutes: int
    created_at: float
    updated_at: float
    turn_started_at: float
    started_at: float | None

    @classmethod
    def of(cls, table: Table) -> TableFacts:
        """`table`'s facts: each field of this class, read from the table's own."""
        return cls(**{field.name: getattr(table, field.name) for field in fields(cls)})

    def seat_of(self, user_id: int) -> Seat | None:
        """The engine seat of `user_id`, or None if they are not seated."""
        return self.seats.index(user_id) if user_id in self.seats else None


@dataclass(frozen=True)
class Seen:
    table: TableFacts
    """The table's public facts (no state, no seed)."""
    reader: Seat | None
    """The seat reading (None: everyone in the channel)."""
    view: JSON
    to_act: tuple[Seat, ...]
    scores: tuple[int, ...] | None
    """The scores everyone may see now (None while they are secret)."""
    outcome: Outcome | None
    choices: dict[Seat, tuple[str, ...]]
    """Legal actions (notations) offered to the reader: its own; for the channel,
    those of the seats to act if the game's actions are public knowledge."""
    names: tuple[str, ...] = ()
    """Each seat's display name for the images ("" where unknown, `cogs.platform.names`)."""

    def seat_names(self) -> tuple[str, ...]:
        """The names to draw, one per seat ("" lets the renderer number the seat)."""
        return self.names or ("",) * len(self.table.seats)

    def written_name(self, seat: Seat, locale: LocaleLike = None) -> str:
        """The seat's name written out, for an embed: Discord renders a mention there
        only for a member the reader's client already knows (else ``<@1234…>``), and
        simcord's page never does. A mention where the name is unknown."""
        known = self.names[seat] if self.names else ""
        return known or mention(self.table.seats[seat], locale)

    @property
    def users_to_act(self) -> tuple[int, ...]:
        return tuple(self.table.seats[seat] for seat in self.to_act)

    @property
    def playing(self) -> bool:
        return self.table.status == TableStatus.PLAYING


def seen(
    table: Table,
    reader: Seat | None,
    *,
    public_choices: bool = False,
    names: tuple[str, ...] = (),
) -> Seen:
    """`table` as `reader` sees it (see `Seen`)."""
    state = table.state
    if state is None:
        return Seen(TableFacts.of(table), reader, None, (), None, None, {}, names)
    playing = table.status == TableStatus.PLAYING
    to_act = state.to_act() if playing else ()
    offered = to_act if reader is None and public_choices else (reader,) if reader in to_act else ()
    choices = {
        seat: tuple(state.format_action(action) for action in state.legal_actions(seat))
        for seat in offered
        if seat is not None
    }
    return Seen(
        table=TableFacts.of(table),
        reader=reader,
        view=state.view(reader),
        to_act=to_act,
        scores=state.public_scores(),
        outcome=state.outcome(),
        choices=choices,
        names=names,
    )


@dataclass(frozen=True)
class SeatCopy:
    """A game as one seated player may compute on it: the table's public facts and a
    copy of the state in which what `seat` does not know is drawn again (the engine's
    `shuffle_secrets`, as the computer players decide). Its view and legal actions
    for `seat` are the real ones; its other hands, decks and goals are not."""

    table: TableFacts
    seat: Seat
    state: GameState[Any]


def seat_copy(table: Table, seat: Seat) -> SeatCopy:
    """`table` as `seat` may compute on it (see `SeatCopy`). The draw is seeded by the
    table's version, so the same version gives the same copy."""
    assert table.state is not None
    copy = table.state.shuffle_secrets(seat, random.Random(table.version))
    return SeatCopy(TableFacts.of(table), seat, copy)
