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

import logging
from abc import ABC, abstractmethod
from collections.abc import Iterable
from pathlib import Path

from bot.games.base import Seat
from bot.storage.records import (
    Draft,
    DueReminder,
    HintGiven,
    InvitationCard,
    LoggedAction,
    PingMode,
    Presence,
    SaveAlso,
    SeenName,
    ShardSet,
    Table,
    TableMessage,
    TournamentRow,
    VerdictKept,
)

log = logging.getLogger(__name__)

# -- the interface ----------------------------------------------------------------------


class TournamentStorage(ABC):
    """The tournaments' part of the storage (docs/tournaments.md): their rows, each
    saved over the version it was read at."""

    @abstractmethod
    async def insert_tournament(self, row: TournamentRow) -> TournamentRow:
        """Store a new tournament; returns it with its id (the id of `row` is ignored)."""

    @abstractmethod
    async def tournament(self, tournament_id: int) -> TournamentRow | None: ...

    @abstractmethod
    async def save_tournament(self, row: TournamentRow, *, previous_version: int) -> bool:
        """Write `row` over the tournament if it still has `previous_version`; False (and
        nothing written) if it moved on meanwhile: of two saves over one version, from
        any process, exactly one wins."""

    @abstractmethod
    async def tournaments_of(self, guild_id: int | None) -> list[TournamentRow]:
        """The server's tournaments, whatever their status, oldest first."""

    @abstractmethod
    async def live_tournaments(self, shards: ShardSet) -> list[TournamentRow]:
        """The tournaments of the servers `shards` carry still going on (signing up,
        running or paused), oldest first: what the minute's loop looks at."""

    @abstractmethod
    async def every_tournament(self) -> list[TournamentRow]:
        """Every tournament, oldest first (to copy a database)."""

    @abstractmethod
    async def import_tournament(self, row: TournamentRow) -> None:
        """Store `row` under its own id (copying a database)."""


class MessageStorage(ABC):
    """The public messages tables left in their channels (docs/platform.md, "A table
    that ends"), kept by id so that a table's end closes them."""

    @abstractmethod
    async def remember_message(self, message: TableMessage) -> None:
        """Keep `message` among its table's messages (kept already: a no-op)."""

    @abstractmethod
    async def table_messages(self, table_id: int) -> list[TableMessage]:
        """The messages kept for the table, by message id (oldest first)."""

    @abstractmethod
    async def forget_message(self, table_id: int, message_id: int) -> None:
        """Stop keeping a message (it lost its controls, or is gone); a no-op if not kept."""

    @abstractmethod
    async def close_messages(self, table_id: int) -> None:
        """Mark every message of the table closed (`TableMessage.live` False)."""


class DeliveryStorage(ABC):
    """What the bot owes a table's channel: its reminder's claim, and whether the table
    waits to be posted."""

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

    @abstractmethod
    async def mark_reminded_now(self, table_id: int, now: float) -> None:
        """Note that the turn's reminder was posted outside the claims (the bot back on
        a server, `cogs.membership`), claimed or not (a no-op for a table not in play)."""

    # -- tables waiting to be posted (docs/platform.md, "A post that fails")

    @abstractmethod
    async def mark_unposted(self, table_id: int, since: float) -> None:
        """Note that the table's channel does not show it since `since` (kept if it
        was already waiting: the first failure dates it)."""

    @abstractmethod
    async def mark_posted(self, table_id: int) -> None:
        """The table's channel shows it again (a no-op if it was not waiting)."""

    @abstractmethod
    async def unposted_since(self, table_id: int) -> float | None:
        """Since when the table waits to be posted; None if it does not."""

    @abstractmethod
    async def unposted_tables(self, shards: ShardSet) -> list[int]:
        """The tables of `shards` in play or finished (their last move's message, with the
        standings, not posted) waiting to be posted, by id."""


class Storage(TournamentStorage, MessageStorage, DeliveryStorage):
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

    # -- invitation cards (docs/weeks.md, "Open tables in the server")

    @abstractmethod
    async def remember_card(self, card: InvitationCard) -> None:
        """Keep `card` among its table's invitation cards (kept already: a no-op)."""

    @abstractmethod
    async def invitation_cards(self, table_id: int) -> list[InvitationCard]:
        """The invitation cards kept for the table, by message id (oldest first)."""

    @abstractmethod
    async def forget_card(self, card: InvitationCard) -> None:
        """Stop keeping `card` (its message is gone); a no-op if it is not kept."""

    @abstractmethod
    async def forget_cards(self, table_id: int) -> None:
        """Stop keeping every invitation card of the table (it is no longer a lobby)."""

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

    @abstractmethod
    async def vote_stand_in(self, table_id: int, away_id: int, voter: int) -> None:
        """Record `voter`'s vote for a computer to play for `away_id` at the table
        (voting twice counts once)."""

    @abstractmethod
    async def stand_in_votes(self, table_id: int) -> dict[int, set[int]]:
        """The table's votes for a computer to stand in: player away -> voters."""

    @abstractmethod
    async def forget_stand_in_votes(self, table_id: int, away_id: int) -> None:
        """Forget the votes for a computer to play for `away_id` (they acted again or
        took their seat back)."""

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

    # -- the coach's hints (docs/ai.md, "The coach")
    @abstractmethod
    async def remember_hint(self, table_id: int, seat: Seat, hint: HintGiven) -> None:
        """Keep a hint given to `seat` (one per moment and steps: the latest)."""

    @abstractmethod
    async def hints_given(self, table_id: int, seat: Seat) -> list[HintGiven]:
        """The hints given to `seat` at the table, by moment then steps."""

    @abstractmethod
    async def keep_verdict(self, table_id: int, seat: Seat, verdict: VerdictKept) -> None:
        """Keep the coach's verdict on a position of `seat` (one per moment and steps: a
        later one, made for another record after a take-back, replaces it)."""

    @abstractmethod
    async def verdicts(self, table_id: int, seat: Seat) -> list[VerdictKept]:
        """The verdicts kept on `seat`'s positions at the table, by moment then steps."""

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
