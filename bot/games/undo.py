"""Taking back the last action: allowed or not, and the state the table returns to.

An action may be taken back by the seat that played it while it is still the
last action of the game (no other seat has acted since) and it revealed
nothing hidden (`GameState.reveals`: a drawn card, a peeked goal, a shuffle...).
Taking back is replaying the record without its last entry: engines keep no
history, and a replay from the seed gives exactly the state before the action,
secrets included. A finished game is never taken back: its result has been
announced (and rated).

The action log stays append-only: the caller marks the entry as taken back and
leaves it out of the records it builds from then on (see docs/weeks.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.games.base import JSON, GameState, Seat
from bot.games.errors import GameError, GameOver
from bot.games.record import ReplayError, parse_entry, replay


class NothingToTakeBack(GameError):
    """No action has been played yet."""

    key = "undo_nothing"


class NotYourLastAction(GameError):
    """The last action is another seat's: someone acted since, or it never was yours."""

    key = "undo_not_yours"


class ActionRevealed(GameError):
    """The last action showed something hidden (`action`: its notation)."""

    key = "undo_revealed"


@dataclass(frozen=True)
class TakeBack:
    """A take-back that the rules allow."""

    seat: Seat
    notation: str
    """The entry taken back, in canonical notation (private: it may name a hidden choice)."""
    index: int
    """Its index in the record's actions."""
    state: GameState[Any]
    """The state before it: what the table goes back to."""
    record: dict[str, JSON]
    """The record without it."""


def take_back(record: Mapping[str, JSON], seat: Seat) -> TakeBack:
    """Check that `seat` may take back the last action of `record`, and return the state before it.

    Raises `NothingToTakeBack`, `NotYourLastAction`, `ActionRevealed` or
    `GameOver`; `ReplayError` if the record does not replay.
    """
    entries = record.get("actions", [])
    if not isinstance(entries, list):
        raise ReplayError(None, "'actions' must be a list of strings")
    if not entries:
        raise NothingToTakeBack("no action has been played yet")
    shorter = {**record, "actions": entries[:-1]}
    before = replay(shorter)
    last = len(entries) - 1
    try:
        actor, text = parse_entry(before, entries[-1])
        action = before.parse_action(actor, text)
        after = before.copy()
        after.apply(actor, action)
    except (ValueError, GameError) as error:
        raise ReplayError(last, f"{entries[-1]!r}: {error}") from None
    notation = before.format_action(action)
    if actor != seat:
        raise NotYourLastAction(f"the last action is seat {actor}'s", seat=actor)
    if after.is_over():
        raise GameOver("the game is over: its result stands")
    if before.reveals(actor, action):
        raise ActionRevealed(f"{notation!r} revealed something hidden", action=notation)
    return TakeBack(seat, notation, last, before, dict(shorter))


def can_take_back(record: Mapping[str, JSON], seat: Seat) -> bool:
    """Whether `take_back(record, seat)` would succeed (to show or hide an Undo button)."""
    try:
        take_back(record, seat)
    except GameError:
        return False
    return True
