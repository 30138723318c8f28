"""What a presenter writes a message from: a table as one reader sees it.

`Seen` holds the table without its state (seats, status, version...), the
engine's view for the reader (`state.view(seat)`, or the spectator view for the
channel), what everyone knows (who is to act, the public scores, the outcome)
and the actions the reader may be offered, as notations. Presenters receive
this, never the state: a message cannot print what its reader may not see.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.games.base import JSON, Outcome, Seat
from bot.i18n import LocaleLike
from bot.service import Table, TableStatus
from cogs.platform.names import mention


@dataclass(frozen=True)
class Seen:
    table: Table
    """The table's public metadata; its `state` is always None."""
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
        return Seen(replace(table, state=None), reader, None, (), None, None, {}, names)
    playing = table.status == TableStatus.PLAYING
    to_act = state.to_act() if playing else ()
    offered = to_act if reader is None and public_choices else (reader,) if reader in to_act else ()
    choices = {
        seat: tuple(state.format_action(action) for action in state.legal_actions(seat))
        for seat in offered
        if seat is not None
    }
    return Seen(
        table=replace(table, state=None),
        reader=reader,
        view=state.view(reader),
        to_act=to_act,
        scores=state.public_scores(),
        outcome=state.outcome(),
        choices=choices,
        names=names,
    )
