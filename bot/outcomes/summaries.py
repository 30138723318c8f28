"""What a finished game leaves behind: who sat where, scores, winners, who beat whom, turn times.

`summarize` replays a finished table's record once, with the time of each
action, into a `GameSummary`: plain values that the statistics
(`bot.outcomes.stats`) and the ratings (`bot.outcomes.ratings`) are computed from, and that
can be stored as JSON. Pure: no discord, no storage.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.games.base import JSON, GameState, Match, Seat
from bot.games.record import initial_state, play_entry


@dataclass(frozen=True, order=True)
class Player:
    """Who sat at a seat: a Discord user (`id` = the user id) or a computer player
    (`id` = its level or name, `computer` True). Equal keys are the same player."""

    id: str
    computer: bool = False

    @property
    def key(self) -> str:
        """``user:<id>`` or ``computer:<id>``: the player's key in stored ratings."""
        return f"{'computer' if self.computer else 'user'}:{self.id}"

    @classmethod
    def from_key(cls, key: str) -> Player:
        kind, _, ident = key.partition(":")
        if kind not in ("user", "computer") or not ident:
            raise ValueError(f"not a player key: {key!r}")
        return cls(ident, kind == "computer")


@dataclass(frozen=True)
class FinishedTable:
    """A finished table as the storage holds it."""

    table_id: int
    game: str
    players: tuple[Player, ...]
    """Index = seat."""
    record: Mapping[str, JSON]
    """Its record (`bot.games.record`), actions taken back left out."""
    started_at: datetime
    """When the first turn started."""
    action_times: tuple[datetime, ...]
    """When each action of the record was played."""


@dataclass(frozen=True)
class GameSummary:
    """What statistics and ratings need of a finished game."""

    table_id: int
    game: str
    players: tuple[Player, ...]
    scores: tuple[int, ...]
    winners: tuple[Seat, ...]
    matches: tuple[Match, ...]
    turn_seconds: tuple[tuple[float, ...], ...]
    """Per seat, how long each of its turns lasted (see `turn_durations`)."""
    started_at: datetime
    ended_at: datetime

    def to_json(self) -> JSON:
        return {
            "table_id": self.table_id,
            "game": self.game,
            "players": [player.key for player in self.players],
            "scores": list(self.scores),
            "winners": list(self.winners),
            "matches": [match.to_json() for match in self.matches],
            "turn_seconds": [list(seconds) for seconds in self.turn_seconds],
            "started_at": self.started_at.isoformat(),
            "ended_at": self.ended_at.isoformat(),
        }

    @classmethod
    def from_json(cls, data: JSON) -> GameSummary:
        return cls(
            table_id=data["table_id"],
            game=data["game"],
            players=tuple(Player.from_key(key) for key in data["players"]),
            scores=tuple(data["scores"]),
            winners=tuple(data["winners"]),
            matches=tuple(Match.from_json(match) for match in data["matches"]),
            turn_seconds=tuple(tuple(seconds) for seconds in data["turn_seconds"]),
            started_at=datetime.fromisoformat(data["started_at"]),
            ended_at=datetime.fromisoformat(data["ended_at"]),
        )


# -- turn times ---------------------------------------------------------------------------


def turn_durations(
    state: GameState[Any], entries: Sequence[str], started_at: datetime, times: Sequence[datetime]
) -> list[list[float]]:
    """Play `entries` on `state` and measure, per seat, each stretch of time it was to act.

    A turn is counted from the moment a seat becomes one of the seats to act
    (the start, or the action that handed it the turn) to the action after
    which it no longer is: several steps of one turn (a draw-5, an extraction)
    make one turn, and a seat waiting in a simultaneous choice is timed from
    when the choice opened, like the reminders.
    """
    durations: list[list[float]] = [[] for _ in range(state.num_players)]
    waiting = dict.fromkeys(state.to_act(), started_at)
    for entry, at in zip(entries, times, strict=True):
        play_entry(state, entry)
        acting = state.to_act()
        for seat in [seat for seat in waiting if seat not in acting]:
            durations[seat].append((at - waiting.pop(seat)).total_seconds())
        for seat in acting:
            waiting.setdefault(seat, at)
    return durations


def summarize(table: FinishedTable) -> GameSummary:
    """Replay the game of `table` (it must be over) into its summary."""
    entries = list(table.record.get("actions", []))
    if len(entries) != len(table.action_times):
        raise ValueError(f"{len(entries)} actions but {len(table.action_times)} action times")
    state = initial_state(table.record)
    if len(table.players) != state.num_players:
        raise ValueError(f"{len(table.players)} players for {state.num_players} seats")
    turns = turn_durations(state, entries, table.started_at, table.action_times)
    outcome = state.outcome()
    if outcome is None:
        raise ValueError(f"table {table.table_id} is not over")
    return GameSummary(
        table_id=table.table_id,
        game=table.game,
        players=table.players,
        scores=outcome.scores,
        winners=outcome.winners,
        matches=tuple(state.matches()),
        turn_seconds=tuple(tuple(seconds) for seconds in turns),
        started_at=table.started_at,
        ended_at=table.action_times[-1] if table.action_times else table.started_at,
    )
