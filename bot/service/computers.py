"""Computer seats: who they are.

A computer seat is stored like any seat, as a user id: a negative one, which
no Discord user has. ``-(10 * slot + level)`` keeps two computers of the same
level apart (`slot` counts from 1) and says the level (1 easy, 2 normal, 3
strong), so neither the storage nor the service needs a new column: a
computer joins (`Tables.add_computer`), leaves and acts through the service
like anyone, and `bot.ai.table_turns` plays its turns.
"""

from __future__ import annotations

from typing import Final

from bot.games.base import Seat
from bot.storage import Table
from bot.storage.table_settings import STAND_IN_LEVEL, stand_ins

TABLE_LEVELS: Final = ("easy", "normal", "strong")
"""The levels a table offers, in the order of their code (1, 2, 3)."""


def computer_id(slot: int, level: str) -> int:
    """The seat id of computer number `slot` (from 1) of `level`."""
    if slot < 1:
        raise ValueError("computer slots count from 1")
    return -(10 * slot + TABLE_LEVELS.index(level) + 1)


def stand_in_id(level: str) -> int:
    """The id logged as the player of a computer's move for a person (slot 0)."""
    return -(TABLE_LEVELS.index(level) + 1)


def computer_level(user_id: int) -> str | None:
    """The level of a computer seat id, None for a person."""
    if user_id >= 0:
        return None
    code = -user_id % 10
    return TABLE_LEVELS[code - 1] if 1 <= code <= len(TABLE_LEVELS) else None


def computer_seats(table: Table) -> dict[Seat, str]:
    """Seat -> level of the table's computer players."""
    levels = {seat: computer_level(user) for seat, user in enumerate(table.seats)}
    return {seat: level for seat, level in levels.items() if level is not None}


def playing_computers(table: Table) -> dict[Seat, str]:
    """Seat -> level of every seat a computer plays now: the computer seats and the
    people's seats a computer stands in for."""
    return {**{seat: STAND_IN_LEVEL for seat in stand_ins(table)}, **computer_seats(table)}
