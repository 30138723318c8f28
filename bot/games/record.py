"""Game records: a game as JSON, replayable to exactly the same state.

A record is ``{"game", "players", "seed", "options", "actions": [entry, ...]}``,
or has ``"state"`` (a full `to_json()` state) instead of ``"seed"``, in which case
the actions apply from that state. An entry is the canonical notation when
exactly one seat is to act, else ``"@<seat> <notation>"``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bot.games.base import JSON, Event, GameState, Seat
from bot.games.errors import GameError, NotYourTurn
from bot.games.registry import get_game


class ReplayError(ValueError):
    """A record cannot be replayed. `index` is the failing action's index (None: the header)."""

    def __init__(self, index: int | None, reason: str) -> None:
        where = "record" if index is None else f"action {index}"
        super().__init__(f"{where}: {reason}")
        self.index = index
        self.reason = reason


def format_entry(state: GameState[Any], seat: Seat, notation: str) -> str:
    """The record entry for `seat` playing `notation` in `state` (before it is applied)."""
    if state.to_act() == (seat,):
        return notation
    return f"@{seat} {notation}"


def parse_entry(state: GameState[Any], entry: str) -> tuple[Seat, str]:
    """The (seat, notation) of a record entry; raises ValueError saying what is wrong."""
    if entry.startswith("@"):
        seat_text, _, notation = entry[1:].partition(" ")
        if not seat_text.isdigit() or not notation.strip():
            raise ValueError(f"expected '@<seat> <notation>', got {entry!r}")
        return int(seat_text), notation.strip()
    to_act = state.to_act()
    if len(to_act) != 1:
        who = "no seat is" if not to_act else f"seats {list(to_act)} are"
        raise ValueError(f"{who} to act; write '@<seat> {entry}'")
    return to_act[0], entry


def play_entry(state: GameState[Any], entry: str) -> str:
    """Parse and apply one entry to `state`; returns the canonical notation played.

    Raises ValueError (bad entry) or a `GameError` (syntax, turn, legality).
    """
    action, _ = _apply_entry(state, entry)
    return state.format_action(action)


def entry_events(state: GameState[Any], entry: str) -> list[Event]:
    """Parse and apply one entry to `state`; returns the events it caused (the same
    errors as `play_entry`)."""
    return _apply_entry(state, entry)[1]


def _apply_entry(state: GameState[Any], entry: str) -> tuple[Any, list[Event]]:
    seat, text = parse_entry(state, entry)
    if seat not in state.to_act():
        raise NotYourTurn(f"seat {seat} is not to act (to act: {list(state.to_act())})")
    action = state.parse_action(seat, text)
    return action, state.apply(seat, action)


def initial_state(record: Mapping[str, JSON]) -> GameState[Any]:
    """The state a record's actions start from; raises ReplayError(None, ...) if malformed."""
    try:
        game_cls = get_game(str(record["game"]))
        if "state" in record:
            return game_cls.from_json(record["state"])
        players, seed = record["players"], record["seed"]
        if not isinstance(players, int) or not isinstance(seed, int):
            raise ValueError("'players' and 'seed' must be integers")
        return game_cls.new(players, seed, record.get("options") or {})
    except KeyError as error:
        raise ReplayError(None, f"missing or unknown {error}") from None
    except (ValueError, TypeError) as error:
        raise ReplayError(None, str(error)) from None


def replay(record: Mapping[str, JSON]) -> GameState[Any]:
    """The state reached by playing every action of `record`.

    Raises ReplayError naming the first action that cannot be read or played.
    """
    state = initial_state(record)
    entries = record.get("actions", [])
    if not isinstance(entries, list):
        raise ReplayError(None, "'actions' must be a list of strings")
    for index, entry in enumerate(entries):
        if not isinstance(entry, str):
            raise ReplayError(index, f"expected a string, got {entry!r}")
        try:
            play_entry(state, entry)
        except (GameError, ValueError) as error:
            raise ReplayError(index, f"{entry!r}: {error}") from None
    return state


def score_history(record: Mapping[str, JSON]) -> list[tuple[int, ...]]:
    """Every seat's score at the start and after each turn of `record` (an action
    after which other seats are to act, and the last one): for the end-of-game chart.

    Uses `GameState.scores`, secrets included: meant for a finished game, whose
    whole record is public. Raises ReplayError as `replay` does.
    """
    state = initial_state(record)
    entries = record.get("actions", [])
    if not isinstance(entries, list):
        raise ReplayError(None, "'actions' must be a list of strings")
    history = [state.scores()]
    for index, entry in enumerate(entries):
        acting = state.to_act()
        try:
            play_entry(state, str(entry))
        except (GameError, ValueError) as error:
            raise ReplayError(index, f"{entry!r}: {error}") from None
        if state.to_act() != acting or index == len(entries) - 1:
            history.append(state.scores())
    return history


def make_record(
    game: str,
    players: int,
    seed: int,
    options: Mapping[str, JSON] | None,
    moves: Iterable[tuple[Seat, str]],
) -> dict[str, JSON]:
    """The record of a game started from (`players`, `seed`, `options`) then `moves`.

    The moves are replayed (each must be legal) to write each entry in its short
    form when only one seat was to act.
    """
    options = dict(options or {})
    state = get_game(game).new(players, seed, options)
    entries = []
    for index, (seat, notation) in enumerate(moves):
        entry = format_entry(state, seat, notation)
        try:
            play_entry(state, entry)
        except (GameError, ValueError) as error:
            raise ReplayError(index, f"{entry!r}: {error}") from None
        entries.append(entry)
    return {"game": game, "players": players, "seed": seed, "options": options, "actions": entries}
