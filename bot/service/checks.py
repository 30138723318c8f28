"""The checks every piece of the service makes before it changes a table."""

from __future__ import annotations

from typing import Any

from bot.games.base import GameState, Seat
from bot.games.registry import GAMES, load_games
from bot.service.errors import (
    GameOver,
    NotPlaying,
    NotSeated,
    NotYourTurn,
    StaleAction,
    TableAbandoned,
    UnknownGame,
)
from bot.storage import Table, TableStatus


def check_game(game: str) -> None:
    """UnknownGame if no game is registered as `game` (checked before anything is
    made for a new table: its thread, its row)."""
    load_games()
    if game not in GAMES:
        raise UnknownGame(games=", ".join(sorted(GAMES)))


def check_turn(
    table: Table, user_id: int, version: int | None, *, to_act: bool = True
) -> Seat:
    """The one check of every path that acts on a table (buttons, panels, commands,
    autocomplete); returns the user's seat.

    In this order, so each user reads the clearest answer: the table's status
    (GameOver, TableAbandoned, NotPlaying), the seat (NotSeated), the version the
    user saw (StaleAction; None skips it), the turn (NotYourTurn, if `to_act`).
    """
    if table.status == TableStatus.ABANDONED:
        raise TableAbandoned()
    state = state_in_play(table)
    seat = table.seat_of(user_id)
    if seat is None:
        raise NotSeated()
    if version is not None and version != table.version:
        raise StaleAction(expected=version, current=table.version)
    if to_act and seat not in state.to_act():
        raise NotYourTurn()
    return seat


def state_in_play(table: Table) -> GameState[Any]:
    """The state of a table in play; GameOver if finished, NotPlaying otherwise."""
    if table.status == TableStatus.FINISHED:
        raise GameOver()
    if table.status != TableStatus.PLAYING or table.state is None:
        raise NotPlaying()
    return table.state
