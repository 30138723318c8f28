"""The game service: every change to a table goes through here.

An action is: load the table, check the user may act now and that their click
was made against the current version, parse and apply it, then save the new
state, the action log row and the new version in one transaction. Calls on one
table are serialized by a per-table asyncio.Lock; the save is also guarded by
the version (``UPDATE ... WHERE version = ?``), so even a second process could
not apply two actions against the same state. Calls on different tables never
wait for each other (they only share the few milliseconds of a database write).

The state is read from the database for every call, never cached, so a failure
anywhere before COMMIT leaves nothing half-done.
"""

from __future__ import annotations

import asyncio
import math
import secrets
import time
import weakref
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from bot.errors import (
    AlreadySeated,
    ChannelBusy,
    GameOver,
    NotCreator,
    NotEnoughPlayers,
    NotInLobby,
    NotPlaying,
    NotSeated,
    NotYourTurn,
    SkipOwnTurn,
    SkipTooEarly,
    StaleAction,
    TableAbandoned,
    TableFull,
    TableNotFound,
    UnknownGame,
)
from bot.games import record as records
from bot.games.base import Event, GameState, Seat
from bot.games.registry import GAMES, get_game, load_games
from bot.storage import DueReminder, OpenTableExists, ShardSet, Storage, Table

__all__ = ["ActResult", "GameService", "Table", "TableStatus", "check_turn"]


class TableStatus(StrEnum):
    """Where a table is in its life; stored as its string (``Table.status``)."""

    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"
    ABANDONED = "abandoned"


OPEN_STATUSES = (TableStatus.LOBBY, TableStatus.PLAYING)

SKIP_AFTER_REMINDERS = 2
"""Others may skip an idle seat after this many reminder periods."""
LARGEST_TABLE_ID = 2**63 - 1
"""SQLite's largest integer: no table has a larger number (nor one below 1)."""


@dataclass(frozen=True)
class ActResult:
    """What an action did: the table after it, who played what, and the events to announce."""

    table: Table
    seat: Seat
    notation: str
    """Canonical notation, as logged."""
    events: list[Event]


class GameService:
    """Tables and their games, stored in `storage`; `clock` gives unix seconds."""

    def __init__(self, storage: Storage, clock: Callable[[], float] = time.time) -> None:
        self._storage = storage
        self._clock = clock
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )

    @asynccontextmanager
    async def _locked(self, table_id: int) -> AsyncIterator[Table]:
        """Hold the table's lock and yield the table as currently stored."""
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        async with lock:
            yield await self.get_table(table_id)

    async def _save(self, old: Table, new: Table, action: tuple[Seat, str] | None = None) -> Table:
        """Store `new` (with a bumped version) in place of `old`; StaleAction if it moved on."""
        new = replace(new, version=old.version + 1, updated_at=self._clock())
        if not await self._storage.save(new, previous_version=old.version, action=action):
            raise StaleAction("the table changed while this action was being played")
        return new

    # -- lobby ----------------------------------------------------------------------

    async def open_table(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        creator_id: int,
        options: Mapping[str, Any] | None = None,
        reminder_minutes: int,
        seed: int | None = None,
    ) -> Table:
        """Open a lobby in `channel_id` with the creator in the first seat.

        Raises ChannelBusy if the channel has a table in its lobby or in play,
        UnknownGame if no game is registered as `game`.
        """
        load_games()
        if game not in GAMES:
            raise UnknownGame(games=", ".join(sorted(GAMES)))
        existing = await self._storage.open_table_in(channel_id)
        if existing is not None:
            raise ChannelBusy(existing)
        now = self._clock()
        table = Table(
            id=0,
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            creator_id=creator_id,
            seats=(creator_id,),
            status=TableStatus.LOBBY,
            options=dict(options or {}),
            seed=secrets.randbits(63) if seed is None else seed,
            version=0,
            reminder_minutes=reminder_minutes,
            created_at=now,
            updated_at=now,
            turn_started_at=now,
            reminded=False,
            state=None,
        )
        try:
            return await self._storage.insert(table)
        except OpenTableExists:
            # Another call opened a table in this channel between our check and insert.
            existing = await self._storage.open_table_in(channel_id)
            if existing is None:
                raise
            raise ChannelBusy(existing) from None

    async def active_table(self, channel_id: int) -> Table | None:
        """The channel's table in its lobby or in play, if any."""
        return await self._storage.open_table_in(channel_id)

    async def get_table(self, table_id: int) -> Table:
        """The table numbered `table_id`; TableNotFound for any other number, even one
        SQLite could not hold (a forged custom_id may carry any digits)."""
        if not 1 <= table_id <= LARGEST_TABLE_ID:
            raise TableNotFound(table_id=table_id)
        table = await self._storage.get(table_id)
        if table is None:
            raise TableNotFound(table_id=table_id)
        return table

    async def join(self, table_id: int, user_id: int) -> Table:
        async with self._locked(table_id) as table:
            if table.status != TableStatus.LOBBY:
                raise NotInLobby()
            if user_id in table.seats:
                raise AlreadySeated()
            max_players = get_game(table.game).max_players
            if len(table.seats) >= max_players:
                raise TableFull(max_players=max_players)
            return await self._save(table, replace(table, seats=(*table.seats, user_id)))

    async def leave(self, table_id: int, user_id: int) -> Table:
        """Leave a lobby; the creator leaving closes it (status "abandoned")."""
        async with self._locked(table_id) as table:
            if table.status != TableStatus.LOBBY:
                raise NotInLobby()
            if user_id not in table.seats:
                raise NotSeated()
            if user_id == table.creator_id:
                return await self._save(table, replace(table, status=TableStatus.ABANDONED))
            seats = tuple(seat for seat in table.seats if seat != user_id)
            return await self._save(table, replace(table, seats=seats))

    async def start(self, table_id: int, user_id: int) -> Table:
        """Deal the game for the seated players; only the creator may."""
        async with self._locked(table_id) as table:
            if user_id != table.creator_id:
                raise NotCreator()
            if table.status != TableStatus.LOBBY:
                raise NotInLobby()
            game_cls = get_game(table.game)
            if len(table.seats) < game_cls.min_players:
                raise NotEnoughPlayers(min_players=game_cls.min_players)
            state = game_cls.new(len(table.seats), table.seed, table.options)
            started = replace(
                table,
                status=TableStatus.PLAYING,
                state=state,
                turn_started_at=self._clock(),
                reminded=False,
            )
            return await self._save(table, started)

    async def abandon(self, table_id: int, user_id: int, *, can_manage: bool) -> Table:
        """Close a lobby or a game in play; the creator or a channel manager may."""
        async with self._locked(table_id) as table:
            if user_id != table.creator_id and not can_manage:
                raise NotCreator()
            if table.status not in OPEN_STATUSES:
                raise NotPlaying()
            return await self._save(table, replace(table, status=TableStatus.ABANDONED))

    # -- play -----------------------------------------------------------------------

    async def act(
        self, table_id: int, user_id: int, text: str, expected_version: int | None = None
    ) -> ActResult:
        """Play the action written `text` for `user_id`.

        `expected_version` is the table version the button, panel or command was
        made against; if the table moved on since, StaleAction is raised and
        nothing is played. Raises what `check_turn` raises, then the engine's
        ActionSyntaxError or IllegalAction.
        """
        async with self._locked(table_id) as table:
            seat = check_turn(table, user_id, expected_version)
            state = _state_in_play(table)
            return await self._play(table, state, seat, state.parse_action(seat, text))

    async def authorize(
        self, table_id: int, user_id: int, version: int | None, *, to_act: bool = True
    ) -> tuple[Table, Seat]:
        """The table and `user_id`'s seat, if they may act on it at `version` (see
        `check_turn`): what a component checks before it opens a panel or tries a step.
        `to_act` False lets a seated player through when it is not their turn."""
        table = await self.get_table(table_id)
        return table, check_turn(table, user_id, version, to_act=to_act)

    async def skip(self, table_id: int, user_id: int) -> ActResult:
        """Play the default action of an idle seat, on behalf of another seated player.

        Allowed once the turn has waited `SKIP_AFTER_REMINDERS` reminder periods.
        When several seats are to act, the first one other than the caller is skipped.
        """
        async with self._locked(table_id) as table:
            caller = check_turn(table, user_id, None, to_act=False)
            state = _state_in_play(table)
            idle = [seat for seat in state.to_act() if seat != caller]
            if not idle:
                raise SkipOwnTurn()
            wait_seconds = SKIP_AFTER_REMINDERS * table.reminder_minutes * 60
            waited = self._clock() - table.turn_started_at
            if waited < wait_seconds:
                raise SkipTooEarly(minutes_left=math.ceil((wait_seconds - waited) / 60))
            return await self._play(table, state, idle[0], state.default_action(idle[0]))

    async def _play(
        self, table: Table, state: GameState[Any], seat: Seat, action: Any
    ) -> ActResult:
        """Apply `action` for `seat` (raising before any change if illegal) and save it all."""
        before = set(state.to_act())
        events = state.apply(seat, action)
        notation = state.format_action(action)
        after = set(state.to_act())
        # The turn clock restarts unless the seats still to act were already waiting.
        new_turn = bool(after) and not after <= before - {seat}
        played = replace(
            table,
            state=state,
            status=TableStatus.FINISHED if state.is_over() else "playing",
            turn_started_at=self._clock() if new_turn else table.turn_started_at,
            reminded=False if new_turn else table.reminded,
        )
        saved = await self._save(table, played, action=(seat, notation))
        return ActResult(table=saved, seat=seat, notation=notation, events=events)

    # -- records and reminders -------------------------------------------------------

    async def record(self, table_id: int) -> dict[str, Any]:
        """The game record of a started table (see `bot.games.record`)."""
        table = await self.get_table(table_id)
        if table.state is None:
            raise NotPlaying()
        moves = [(a.seat, a.notation) for a in await self._storage.actions(table_id)]
        return records.make_record(table.game, len(table.seats), table.seed, table.options, moves)

    async def due_reminders(self, shards: ShardSet | None = None) -> list[DueReminder]:
        """Claim the tables in play (of `shards`, default all) idle for their reminder
        period and not reminded yet this turn: no other call, in this process or
        another, gets them too. Table ids and turns only (load each with `get_table`,
        and skip it if its turn moved on); confirm each posted reminder with
        `mark_reminded`."""
        return await self._storage.claim_reminders(self._clock(), shards or ShardSet.all())

    async def mark_reminded(self, table_id: int) -> None:
        """Note that this turn's reminder was posted (not a change of the game: no new version)."""
        await self._storage.mark_reminded(table_id)


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
    state = _state_in_play(table)
    seat = table.seat_of(user_id)
    if seat is None:
        raise NotSeated()
    if version is not None and version != table.version:
        raise StaleAction(expected=version, current=table.version)
    if to_act and seat not in state.to_act():
        raise NotYourTurn()
    return seat


def _state_in_play(table: Table) -> GameState[Any]:
    """The state of a table in play; GameOver if finished, NotPlaying otherwise."""
    if table.status == TableStatus.FINISHED:
        raise GameOver()
    if table.status != TableStatus.PLAYING or table.state is None:
        raise NotPlaying()
    return table.state
