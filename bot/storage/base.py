"""What every storage backend keeps and promises, whatever the database behind it.

A backend stores tables (`Table`) and their append-only action logs. Its
guarantees, checked against each backend by `tests/test_storage_contract.py`:

- `save` writes a table only over the version it was read at, and appends its
  action log row in the same transaction: both or neither, and of two saves
  against one version exactly one wins, even from two processes.
- The action log can only grow: the database itself refuses UPDATE and DELETE.
  When a game ends, its log is packed into one row in the save's wake
  (`pack_log`): its rows are deleted only once the packed copy is stored, and
  `actions` reads the same either way.
- At most one open table (lobby or playing) per channel (`OpenTableExists`).
- A due reminder is handed to one caller only (`claim_reminders`), and handed
  again only if its post was not confirmed (`mark_reminded`) within
  `REMINDER_LEASE_SECONDS`, as after a crash.
- A database too busy to answer soon raises `TableBusy` (a user error: the
  player reads "the table is busy, try again" within Discord's deadline).
- Opening refuses, with one `StartupError` line for the operator, a database
  it cannot use, before writing anything to it.
"""

from __future__ import annotations

import json
import logging
import re
from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import dataclass, fields
from enum import StrEnum
from importlib import resources
from pathlib import Path
from typing import Any, Protocol

from bot.games.base import GameState, Seat
from bot.games.registry import get_game

log = logging.getLogger(__name__)

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


# -- the interface ----------------------------------------------------------------------


class Storage(ABC):
    """The database of tables. Open one with `await Storage.open(location)`."""

    @staticmethod
    async def open(location: str | Path, *, scan: bool = True) -> Storage:
        """Open and migrate the database at `location`: a ``postgresql://`` URL, or a
        SQLite file (a path, or ``sqlite:PATH``), created with its folder if missing.

        `scan` False leaves out SQLite's integrity scan, which reads the whole file (about
        90 ms for 10,000 finished games): for a second opening in one process start, the
        first (`bot.app.check_storage`) having scanned it."""
        text = str(location)
        if text.startswith(("postgresql://", "postgres://")):
            from bot.storage.postgres import PostgresStorage

            return await PostgresStorage.connect(text)
        from bot.storage.sqlite import SqliteStorage

        return await SqliteStorage.connect(Path(text.removeprefix("sqlite:")), scan=scan)

    @abstractmethod
    async def close(self) -> None: ...

    # -- tables

    @abstractmethod
    async def insert(self, table: Table) -> Table:
        """Store a new table; returns it with its id (the id of `table` is ignored).

        Raises `OpenTableExists` if the channel already has an open table.
        """

    @abstractmethod
    async def get(self, table_id: int) -> Table | None: ...

    @abstractmethod
    async def open_table_in(self, channel_id: int) -> Table | None:
        """The table of `channel_id` in its lobby or in play, if any."""

    @abstractmethod
    async def last_table_in(self, channel_id: int) -> Table | None:
        """The newest table of `channel_id`, whatever its status, if any."""

    @abstractmethod
    async def playing_tables(self, guild_id: int) -> list[Table]:
        """The server's tables in play, oldest first."""

    @abstractmethod
    async def tables_in_play(self, shards: ShardSet) -> list[Table]:
        """Every table in play of the servers `shards` carry, oldest first: selected by
        the database (a server's finished games are never read), decoded off the event
        loop (what the bot reads at start-up, whatever the size of its history)."""

    @abstractmethod
    async def lobbies(self, guild_id: int) -> list[Table]:
        """The server's tables in their lobby, oldest first (to find a rematch)."""

    async def save(
        self,
        table: Table,
        *,
        previous_version: int,
        action: tuple[Seat, str] | None = None,
        played_by: int | None = None,
        taking_back: int | None = None,
        result: str | None = None,
    ) -> bool:
        """Write `table` over its row if the row still has `previous_version`.

        With `action` (seat, canonical notation), also append it to the log, stamped
        `table.updated_at`, with the user who played it (`played_by`), in the same
        transaction: either both are stored or neither. With `taking_back` (a
        logged seq), mark that action taken back, stamped `table.updated_at`, in
        the same transaction. With `result` (a game summary as JSON text: the
        table ends), store it as the table's result, ended at `table.updated_at`,
        in the same transaction too.
        Returns False (and writes nothing) if the row moved on meanwhile.
        The reminder flag is not written from `table`: it is the database's, reset
        when `table.turn_started_at` starts a new turn.
        """
        # The service either plays an action (perhaps the last) or takes one back.
        assert action is None or taking_back is None
        assert result is None or action is not None
        saved = await self._save(
            table, previous_version, SaveAlso(action, played_by, taking_back, result)
        )
        if saved and result is not None:
            # After the save, not in it: a crash or a failure in between leaves a
            # finished game with its log in rows, read the same, only larger (packed
            # later by ``python -m bot pack-logs``); the game's end stands.
            try:
                await self.pack_log(table.id)
            except Exception:
                log.warning("the log of finished table %s stays in rows: packing it failed",
                            table.id, exc_info=True)
        return saved

    @abstractmethod
    async def _save(self, table: Table, previous_version: int, also: SaveAlso) -> bool:
        """`save`, with what it writes besides the row gathered in `also`."""

    @abstractmethod
    async def actions(self, table_id: int) -> list[LoggedAction]:
        """The action log of a table, oldest first, taken-back actions included (marked)."""

    @abstractmethod
    async def pack_log(self, table_id: int) -> None:
        """Keep the log of a finished table as one compressed row instead of a row per
        action (`bot.storage.packed`); `actions` reads it back the same. Nothing can be
        appended to it afterwards. A no-op for a log already packed or empty; `save`
        calls it when a game ends."""

    @abstractmethod
    async def pack_finished_logs(self) -> int:
        """Pack the log of every finished table still kept in rows (games finished before
        logs were packed: ``python -m bot pack-logs``); how many were packed."""

    # -- results and ratings (docs/weeks.md)

    @abstractmethod
    async def results(self, guild_id: int | None) -> list[str]:
        """The summaries (JSON text) of the server's finished games, in the order they ended."""

    @abstractmethod
    async def result_count(self, guild_id: int | None) -> int:
        """How many finished games of the server have a result (`results`, counted)."""

    @abstractmethod
    async def result(self, table_id: int) -> str | None:
        """The summary of one finished table, if it has one."""

    @abstractmethod
    async def ratings(self, guild_id: int | None) -> tuple[str, int] | None:
        """The server's stored ratings (JSON text) and how many of its results they include."""

    @abstractmethod
    async def store_ratings(self, guild_id: int | None, ratings: str, through: int) -> None:
        """Replace the server's ratings (JSON text), which include `through` of its results."""

    # -- players' names (docs/weeks.md, "Names")

    @abstractmethod
    async def remember_names(self, names: Iterable[SeenName]) -> None:
        """Keep each of `names` as its player's name on its server, unless a name seen
        later is already kept."""

    @abstractmethod
    async def player_names(self, guild_id: int | None, user_ids: Iterable[int]) -> dict[int, str]:
        """The last name seen of each of `user_ids` on the server (the users never seen
        are left out)."""

    @abstractmethod
    async def every_name(self) -> list[SeenName]:
        """Every name kept, on every server (to copy a database)."""

    # -- presence

    @abstractmethod
    async def presence(self, user_ids: Iterable[int]) -> dict[int, Presence]:
        """The settings of each of `user_ids` (`Presence()` for those without any)."""

    @abstractmethod
    async def set_presence(self, user_id: int, presence: Presence) -> None:
        """Replace the user's settings."""

    @abstractmethod
    async def every_presence(self) -> dict[int, Presence]:
        """The settings of every user who has some (to copy a database)."""

    @abstractmethod
    async def vote_pause(self, table_id: int, away_id: int, away_until: float, voter: int) -> None:
        """Record `voter`'s vote to pause the table during `away_id`'s away period
        (voting twice counts once)."""

    @abstractmethod
    async def pause_votes(self, table_id: int) -> dict[tuple[int, float], set[int]]:
        """The table's votes: (player away, until) -> voters."""

    # -- ping modes (docs/platform.md, "Pings")

    @abstractmethod
    async def ping_modes(self, table_id: int) -> dict[int, PingMode]:
        """How each player of the table who chose one wants to be told it is their
        turn (the others: `PingMode.PING`)."""

    @abstractmethod
    async def set_ping_mode(self, table_id: int, user_id: int, mode: PingMode) -> None:
        """Replace the user's ping mode at the table."""

    # -- the turn builder's drafts (docs/platform.md, "The turn builder")

    @abstractmethod
    async def new_draft(self, table_id: int, seat: Seat, steps: Iterable[str]) -> int:
        """Replace the seat's draft by one of `steps` for a new panel; its token, one
        more than the replaced draft's (1 for the seat's first)."""

    @abstractmethod
    async def draft(self, table_id: int, seat: Seat) -> Draft | None:
        """The seat's latest draft, if it ever had one."""

    @abstractmethod
    async def set_draft(self, table_id: int, seat: Seat, token: int, steps: Iterable[str]) -> bool:
        """Replace the steps of the seat's draft if it is still the one of panel `token`;
        False (nothing written) if a newer panel replaced it."""

    # -- reminders

    @abstractmethod
    async def claim_reminders(self, now: float, shards: ShardSet) -> list[DueReminder]:
        """Take the tables of `shards` in play whose turn started `reminder_minutes` ago
        or more, not reminded yet this turn nor claimed by another caller within
        `REMINDER_LEASE_SECONDS`; another call (any process) will not get them again.
        By table id; ids and turns only: after a downtime they may be many, and decoding
        every state at once would hold the event loop (the caller loads them one by one,
        and skips a table whose turn moved on since the claim)."""

    @abstractmethod
    async def mark_reminded(self, table_id: int) -> None:
        """Confirm the claimed reminder was posted (a no-op if a new turn began since)."""

    # -- copying a whole database (``python -m bot migrate-db``)

    @abstractmethod
    async def counts(self) -> dict[str, int]:
        """How many rows each data table holds: ``{"tables": n, "actions": m, ...}``
        (ratings are not counted: they are recomputed from the results). Actions and
        take-backs are counted whether their log is in rows or packed."""

    @abstractmethod
    async def table_ids(self) -> list[int]:
        """The id of every table, in order."""

    @abstractmethod
    async def import_table(
        self, table: Table, actions: Iterable[LoggedAction], result: str | None = None
    ) -> None:
        """Store `table` under its own id, reminder flag included, with its log
        (who played each action and which were taken back included): packed
        (`pack_log`) if the table is finished."""
