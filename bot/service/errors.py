"""Typed errors that reach users.

Each error has a translation key (``error.<key>``) and the values its message
is formatted with, so the Discord layer can answer in the user's language.
Engines raise the game errors (`bot.games.errors`), the storage `TableBusy`
(`bot.storage.records`), both re-exported here; the service raises the table errors.
"""

from __future__ import annotations

from typing import Any

from bot.games.errors import (
    ActionSyntaxError,
    GameError,
    GameOver,
    IllegalAction,
    NotYourTurn,
    UserError,
)
from bot.storage.records import TableBusy

__all__ = [
    "ActionSyntaxError",
    "GameError",
    "GameOver",
    "IllegalAction",
    "NotYourTurn",
    "TableBusy",
    "UserError",
]


class StaleAction(UserError):
    """The click or command was made against an older state of the table."""

    key = "stale_action"


class PanelReplaced(StaleAction):
    """A click on a turn-builder panel after the same player opened a newer one."""

    key = "panel_replaced"


# -- table errors, raised by bot.service ------------------------------------------


class TableError(UserError):
    """Raised by the game service about a table (lobby, seats, turn timing)."""


class ChannelBusy(TableError):
    """The channel already has a table in its lobby or in play (`table` is that table)."""

    key = "channel_busy"

    def __init__(self, table: Any) -> None:
        super().__init__(f"channel already has table {table.id}", table_id=table.id)
        self.table = table


class TableNotFound(TableError):
    key = "table_not_found"


class UnknownGame(TableError):
    """No registered game has this id; `games` lists the ids that exist."""

    key = "unknown_game"


class AlreadySeated(TableError):
    key = "already_seated"


class TableFull(TableError):
    key = "table_full"


class NotInLobby(TableError):
    """Seats can only change, and the game only start, before play begins."""

    key = "not_in_lobby"


class NotSeated(TableError):
    key = "not_seated"


class NotCreator(TableError):
    key = "not_creator"


class NotEnoughPlayers(TableError):
    key = "not_enough_players"


class NotPlaying(TableError):
    """The table is in its lobby or was abandoned."""

    key = "not_playing"


class TableAbandoned(NotPlaying):
    """The table was abandoned (a click on one of its old messages)."""

    key = "table_abandoned"


class SkipTooEarly(TableError):
    """The idle seat still has `minutes_left` minutes before others may skip it."""

    key = "skip_too_early"


class SkipOwnTurn(TableError):
    """A player asked to skip themselves: they can simply play."""

    key = "skip_own_turn"


class SkipAway(TableError):
    """The idle player is away (`/game away`): their turns are not skipped."""

    key = "skip_away"


class SkipPaused(TableError):
    """The table voted to pause while one of its players is away."""

    key = "skip_paused"


class NobodyAway(TableError):
    """A vote to pause needs another player of the table to be away."""

    key = "nobody_away"


class NotStoodIn(TableError):
    """The player asked for their seat back, but no computer plays it."""

    key = "not_stood_in"


class SeatKept(TableError):
    """The player asked for their seat back (or acted) where a computer plays it to the
    end: they withdrew from the tournament, were dropped or replaced. The key names why
    (``seat_kept_withdrawn``...)."""

    key = "seat_kept"

    def __init__(self, why: str) -> None:
        super().__init__(f"the seat is kept: {why}")
        self.key = f"seat_kept_{why}"


class TakeoverOff(TableError):
    """A computer takes over idle players only at a table with that option."""

    key = "takeover_off"


class AwayInPast(UserError):
    """`/game away` was given a date that is not in the future."""

    key = "away_in_past"


class RematchBeforeEnd(TableError):
    """A rematch is offered once the game is over."""

    key = "rematch_before_end"


class ActionPlayedBySkip(TableError):
    """The last action was played on the seat's behalf (``/game skip``), or before the
    log said who played (an older database): its seat may not take it back."""

    key = "undo_skipped"
