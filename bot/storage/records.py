"""What the storage keeps, as the service and the backends handle it: a table
(`Table`) and its status, a logged action, a player's presence, ping mode and name,
a lobby's invitation card, a table's public messages, a turn builder's draft, a
process's shards; and how a table goes to a database row and back (`row_values`,
`table_from_row`), and the backends' migration scripts.
The interface that stores them is `bot.storage.base.Storage`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, fields
from enum import StrEnum
from importlib import resources
from typing import Any, Protocol

from bot.games.base import GameState, Seat
from bot.games.errors import UserError
from bot.games.registry import get_game

REMINDER_LEASE_SECONDS = 10 * 60
"""A claimed reminder not confirmed within this delay (its poster died) is claimable again."""

MIGRATION_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


class TableStatus(StrEnum):
    """Where a table is in its life; stored as its string (the ``status`` column)."""

    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"
    ABANDONED = "abandoned"


@dataclass(frozen=True, order=True)
class DueReminder:
    """A reminder claimed by `Storage.claim_reminders`: which table, and which turn (its
    start) the reminder is for."""

    table_id: int
    turn_started_at: float


@dataclass(frozen=True)
class Table:
    """One row of `tables`, with its state decoded: a game in a channel."""

    id: int
    guild_id: int | None
    channel_id: int
    game: str
    creator_id: int
    seats: tuple[int, ...]
    """Discord user ids; the index is the engine seat."""
    status: TableStatus
    options: dict[str, Any]
    seed: int
    version: int
    """Bumped by every change, so a click can say which state it was made against."""
    reminder_minutes: int
    created_at: float
    updated_at: float
    turn_started_at: float
    """When the current seat(s) became to act; it also names the turn for its reminder."""
    reminded: bool
    """One reminder was already posted for this turn."""
    state: GameState[Any] | None
    """None in the lobby."""
    started_at: float | None = None
    """When the game was dealt (None in the lobby, and for games started before
    migration 4 of SQLite)."""

    def seat_of(self, user_id: int) -> Seat | None:
        """The engine seat of `user_id`, or None if they are not seated."""
        try:
            return self.seats.index(user_id)
        except ValueError:
            return None

    def users_to_act(self) -> tuple[int, ...]:
        """User ids of the seats the game waits for (empty outside play)."""
        if self.status != TableStatus.PLAYING or self.state is None:
            return ()
        return tuple(self.seats[seat] for seat in self.state.to_act())


@dataclass(frozen=True)
class LoggedAction:
    """One entry of a table's append-only action log."""

    seq: int
    seat: Seat
    notation: str
    created_at: float
    played_by: int | None = None
    """The user who played it; None if unknown (logged before migration 3 of SQLite)."""
    taken_back_at: float | None = None
    """When its player took it back (None: never); then it is left out of every
    record (docs/weeks.md)."""

    @property
    def taken_back(self) -> bool:
        return self.taken_back_at is not None


@dataclass(frozen=True)
class Presence:
    """A user's presence settings; the default for a user who never set any."""

    away_until: float | None = None
    """Unix time the user is away until (no reminders, no skips on their turns)."""
    dm_reminders: bool = False
    """Reminders of their turns also come by direct message."""


class PingMode(StrEnum):
    """How a player wants one table to tell them it is their turn; stored as its string."""

    PING = "ping"
    """Pinged in the table's channel (the default)."""
    DM = "dm"
    """Named without a ping in the channel, and told by direct message."""
    OFF = "off"
    """Named without a ping; nothing else (reminders by DM still follow `/game dm`)."""


@dataclass(frozen=True)
class HintGiven:
    """A hint the coach gave a seat (`cogs.platform.coach`): at which moment (the record's
    length), after which steps of the seat's panel, and the line it gave (its move, then
    the coach's plan), all in notation, one engine step each."""

    moment: int
    steps: tuple[str, ...]
    line: tuple[str, ...]


@dataclass(frozen=True)
class VerdictKept:
    """The coach's verdict on a seat's position (`bot.ai.coach_worker`), kept with the
    table so that the hint, the note and the review read one judgement: keyed as a hint
    (the moment, the steps already chosen on the seat's panel, in notation), with the
    position's record (`position`: a digest of the record's first `moment` actions, so
    a verdict made before a take-back is never read for the line played after it) and
    the verdict itself (JSON, written and read by the coach's worker only)."""

    moment: int
    steps: tuple[str, ...]
    position: str
    verdict: str


@dataclass(frozen=True)
class Draft:
    """The steps chosen so far on a seat's turn-builder panel (`cogs.platform.builder`),
    and the panel's token: each new panel of the seat gets the next one."""

    token: int
    steps: tuple[str, ...]


@dataclass(frozen=True)
class ShardSet:
    """The Discord shards one bot process holds: it serves the servers they carry.

    Discord puts a server on shard ``(guild_id >> 22) % count``; a table without
    a server (a direct message) belongs to shard 0, as direct messages do.
    """

    count: int
    ids: frozenset[int]

    @classmethod
    def all(cls) -> ShardSet:
        return cls(1, frozenset({0}))

    def holds(self, guild_id: int | None) -> bool:
        return shard_of(guild_id, self.count) in self.ids


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard that carries the server `guild_id` (Discord's formula)."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


@dataclass(frozen=True)
class SaveAlso:
    """What a `Storage.save` writes besides the table's row, in the same transaction:
    an action to log (and who played it), or a logged action taken back; and the
    result of a table that ends with this action."""

    action: tuple[Seat, str] | None = None
    played_by: int | None = None
    taking_back: int | None = None
    result: str | None = None


@dataclass(frozen=True)
class SeenName:
    """A player's display name on a server as last seen (`Storage.remember_names`)."""

    guild_id: int | None
    user_id: int
    name: str
    seen_at: float
    """Unix time it was seen."""


@dataclass(frozen=True, order=True)
class InvitationCard:
    """A message advertising a lobby in another channel (`/game invite channel:`), kept
    so that any process edits it when the lobby changes (`Storage.remember_card`)."""

    table_id: int
    channel_id: int
    message_id: int


class MessageKind(StrEnum):
    """What a public message of a table is (`TableMessage.kind`); stored as its string."""

    LOBBY = "lobby"
    """A lobby post (Join, Leave, Start...)."""
    TURN = "turn"
    """A turn message or a reminder, with the table's controls."""
    NOTICE = "notice"
    """A message without controls that tells the table's end (an abandon)."""


@dataclass(frozen=True, order=True)
class TableMessage:
    """A public message a table left in its channel (docs/platform.md, "A table that
    ends"), kept so that the table's end closes it, from any process, after a restart
    and however busy the channel (`Storage.remember_message`)."""

    table_id: int
    message_id: int
    channel_id: int
    kind: MessageKind
    live: bool = True
    """It may still show the table's controls; False once closed (or never had any)."""


class OpenTableExists(Exception):
    """The channel already has a table in its lobby or in play."""


class StartupError(Exception):
    """The database cannot be used; the message is one line telling the operator
    what is wrong, with which file or setting, and what to do."""


# -- rows -----------------------------------------------------------------------------

COLUMNS = (
    "guild_id", "channel_id", "game", "creator_id", "seats", "status", "options", "seed",
    "state", "version", "reminder_minutes", "created_at", "updated_at", "turn_started_at",
    "started_at", "reminded",
)
"""The columns of `tables` that `Table` holds, besides `id`, in the order of `row_values`
(`reminded` last: a save writes all but it)."""


def row_values(table: Table) -> tuple[Any, ...]:
    """`table` as the values of `COLUMNS`, in order (JSON as text, `reminded` a bool)."""
    return (
        table.guild_id,
        table.channel_id,
        table.game,
        table.creator_id,
        json.dumps(list(table.seats)),
        table.status,
        json.dumps(table.options, sort_keys=True),
        table.seed,
        None if table.state is None else json.dumps(table.state.to_json(), sort_keys=True),
        table.version,
        table.reminder_minutes,
        table.created_at,
        table.updated_at,
        table.turn_started_at,
        table.started_at,
        table.reminded,
    )


class Row(Protocol):
    """A database row whose values are read by column name or position (sqlite3.Row,
    asyncpg.Record)."""

    def __getitem__(self, column: str | int, /) -> Any: ...


DECODED = frozenset({"seats", "status", "options", "state", "reminded"})
"""The fields of `Table` that a row holds encoded (JSON text, a string, an integer)."""


def table_from_row(row: Row) -> Table:
    """The `Table` of a `tables` row."""
    state_json = row["state"]
    state = None if state_json is None else get_game(row["game"]).from_json(json.loads(state_json))
    return Table(
        **{field.name: row[field.name] for field in fields(Table) if field.name not in DECODED},
        seats=tuple(json.loads(row["seats"])),
        status=TableStatus(row["status"]),
        options=json.loads(row["options"]),
        reminded=bool(row["reminded"]),
        state=state,
    )


def logged_action(row: Row) -> LoggedAction:
    """The `LoggedAction` of a row of `bot.storage.sql.ACTIONS` (the same names)."""
    return LoggedAction(**{field.name: row[field.name] for field in fields(LoggedAction)})


def migration_scripts(package: str) -> list[tuple[int, str, str]]:
    """The (number, name, sql) of every ``NNNN_name.sql`` file in `package`, by number."""
    found = []
    for entry in resources.files(package).iterdir():
        match = MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match[1]), match[2], entry.read_text(encoding="utf-8")))
    found.sort()
    numbers = [number for number, _, _ in found]
    if len(set(numbers)) != len(numbers):
        raise RuntimeError(f"two migrations in {package} share a number: {numbers}")
    return found


class TableBusy(UserError):
    """The database stayed locked (by another process) longer than a player can wait."""

    key = "table_busy"


class TournamentStatus(StrEnum):
    """Where a tournament is in its life (the ``status`` column of ``tournaments``)."""

    SIGNUP = "signup"
    RUNNING = "running"
    PAUSED = "paused"
    FINISHED = "finished"
    CANCELLED = "cancelled"


LIVE_TOURNAMENTS = (TournamentStatus.SIGNUP, TournamentStatus.RUNNING, TournamentStatus.PAUSED)
"""The statuses of a tournament still going on."""


@dataclass(frozen=True)
class TournamentRow:
    """One row of ``tournaments``: what is looked up in columns, the rest in `data`
    (`bot.service.tournaments` reads and writes it)."""

    id: int
    guild_id: int | None
    channel_id: int
    status: TournamentStatus
    version: int
    """Bumped by every change: a change is saved only over the version it read."""
    due_at: float | None
    """When the bot has something to do unasked (the sign-up's or the round's deadline)."""
    created_at: float
    updated_at: float
    data: dict[str, Any]
