"""A table's own settings, kept in its options JSON under one reserved key.

A table's ``options`` are the game's options (passed to the engine) plus, under
``"table"``, what the platform keeps about the table itself, so no migration is
needed:

- ``takeover``: a computer player takes over a seat whose player stayed idle
  past the skip delay, instead of the default action (docs/platform.md);
- ``standing_in``: seat (as a string) -> why a computer plays it now:
  ``"idle"`` (taken over), ``"away"`` (the table voted for it while its
  player is away), ``"left"`` (its player left the server) or ``"deadline"`` (a
  tournament round's time is up): it plays until that player acts again or says
  they are back; ``"withdrawn"``, ``"dropped"``, ``"replaced"``, ``"forfeit"`` (a
  tournament's entrant out, or forfeiting, `FOR_GOOD`): it plays to the end, the
  seat is not given back;
- ``parent``: for a table playing in a thread it opened, the thread's channel
  (where its players are told if the thread is deleted, even after a restart);
- ``ended``: why an abandoned table ended when nobody abandoned it: ``"place_gone"``
  (its thread or channel was deleted, `bot.service.tables.Tables.place_gone`).

The votes for a computer to stand in are rows, as the pause votes are
(`Storage.stand_in_votes`; they were kept here before migration
``stand_in_votes``).

Engines never see this key (`game_options`), nor do game records.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from bot.games.base import Seat
from bot.storage import Table

SETTINGS_KEY: Final = "table"
IDLE, AWAY, LEFT = "idle", "away", "left"
"""Why a computer stands in for a person, until they are back (docs/platform.md)."""
DEADLINE: Final = "deadline"
"""A tournament round's deadline passed (the person may take the seat back)."""
WITHDRAWN, DROPPED, REPLACED, FORFEIT = "withdrawn", "dropped", "replaced", "forfeit"
"""Why a computer plays a tournament entrant's seat to the end: they withdrew (or were
withdrawn, having left the server), the organizer dropped or replaced them, they
forfeited the table (`/game abandon`)."""
FOR_GOOD: Final = frozenset({WITHDRAWN, DROPPED, REPLACED, FORFEIT})
"""The stand-ins "I'm back" (or acting again) cannot end: the seat stays with the
computer to the end of the game."""
PLACE_GONE: Final = "place_gone"
"""Why a table ended: the thread or channel it played in was deleted."""
STAND_IN_LEVEL: Final = "normal"
"""The level of a computer playing for a person."""


def game_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The game's options: what the engine and game records get."""
    return {key: value for key, value in options.items() if key != SETTINGS_KEY}


def settings(table: Table) -> dict[str, Any]:
    found = table.options.get(SETTINGS_KEY)
    return dict(found) if isinstance(found, dict) else {}


def takes_over(table: Table) -> bool:
    """Whether a computer takes over the seats of idle players at `table`."""
    return settings(table).get("takeover") is True


def stand_ins(table: Table) -> dict[Seat, str]:
    """Seat -> why a computer plays it now (`IDLE`, `AWAY`, `LEFT`, a tournament's
    reasons)."""
    found = settings(table).get("standing_in")
    if not isinstance(found, dict):
        return {}
    return {int(seat): str(why) for seat, why in found.items()}


def can_take_back(why: str) -> bool:
    """Whether the person a computer plays for because of `why` may take the seat back."""
    return why not in FOR_GOOD


def parent_of(table: Table) -> int | None:
    """The channel whose thread `table` plays in, if it opened one (else None)."""
    found = settings(table).get("parent")
    return found if isinstance(found, int) else None


def ended_because(table: Table) -> str | None:
    """Why `table` ended without a player abandoning it (`PLACE_GONE`), or None."""
    found = settings(table).get("ended")
    return found if isinstance(found, str) else None


def with_settings(table: Table, **changes: Any) -> dict[str, Any]:
    """The table's options with `changes` made to its settings (None removes a key)."""
    return changed_settings(table.options, **changes)


def changed_settings(options: Mapping[str, Any], **changes: Any) -> dict[str, Any]:
    """`options` with `changes` made to the settings they hold (None removes a key)."""
    found = options.get(SETTINGS_KEY)
    current = dict(found) if isinstance(found, dict) else {}
    for key, value in changes.items():
        if value is None:
            current.pop(key, None)
        else:
            current[key] = value
    kept = game_options(options)
    if current:
        kept[SETTINGS_KEY] = current
    return kept


def with_stand_ins(table: Table, seats: Mapping[Seat, str]) -> dict[str, Any]:
    return with_settings(
        table, standing_in={str(seat): why for seat, why in sorted(seats.items())} or None
    )


def rematch_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """A rematch keeps the game's options and the take-over setting, nothing of the
    game that ended (who a computer played for)."""
    kept = game_options(options)
    found = options.get(SETTINGS_KEY)
    if isinstance(found, dict) and found.get("takeover") is True:
        kept[SETTINGS_KEY] = {"takeover": True}
    return kept

