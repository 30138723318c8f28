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
import contextlib
import json
import math
import secrets
import time
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from bot.errors import (
    ActionPlayedBySkip,
    AlreadySeated,
    AwayInPast,
    ChannelBusy,
    GameOver,
    NobodyAway,
    NotCreator,
    NotEnoughPlayers,
    NotInLobby,
    NotPlaying,
    NotSeated,
    NotStoodIn,
    NotYourTurn,
    PanelReplaced,
    RematchBeforeEnd,
    SkipAway,
    SkipOwnTurn,
    SkipPaused,
    SkipTooEarly,
    StaleAction,
    TableAbandoned,
    TableFull,
    TableNotFound,
    TakeoverOff,
    UnknownGame,
)
from bot.games import record as records
from bot.games import undo
from bot.games.base import Event, GameState, Seat
from bot.games.registry import GAMES, get_game, load_games
from bot.ratings import Ratings, recompute, update
from bot.results import FinishedTable, GameSummary, Player, summarize
from bot.storage import (
    DueReminder,
    LoggedAction,
    OpenTableExists,
    PingMode,
    Presence,
    ShardSet,
    Storage,
    Table,
    TableStatus,
)
from bot.table_settings import (
    AWAY,
    IDLE,
    game_options,
    rematch_options,
    stand_ins,
    standin_votes,
    takes_over,
    with_settings,
    with_stand_ins,
    with_votes,
)

__all__ = ["ActResult", "GameService", "Table", "TableStatus", "TakenBack", "check_turn"]

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
    undoable: bool = False
    """Whether the actor may take it back now (`GameService.take_back`): it revealed
    nothing, did not end the game, and was played by the seat's own user."""


@dataclass(frozen=True)
class TakenBack:
    """A take-back done: the table as it was before the action, and whose it was."""

    table: Table
    seat: Seat
    notation: str
    """The action taken back: private to its player (it may name a hidden choice)."""


class GameService:
    """Tables and their games, stored in `storage`; `clock` gives unix seconds."""

    def __init__(self, storage: Storage, clock: Callable[[], float] = time.time) -> None:
        self._storage = storage
        self._clock = clock
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )
        self._ratings_locks: dict[int, asyncio.Lock] = {}
        """One per server: its ratings are read, updated and written by one call at a
        time, and its games' ends stored under it (`_play`); a server is on one shard,
        so in one process."""

    @asynccontextmanager
    async def _locked(self, table_id: int) -> AsyncIterator[Table]:
        """Hold the table's lock and yield the table as currently stored."""
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        async with lock:
            yield await self.get_table(table_id)

    async def _save(
        self,
        old: Table,
        new: Table,
        action: tuple[Seat, str] | None = None,
        *,
        played_by: int | None = None,
        taking_back: int | None = None,
        result: GameSummary | None = None,
        now: float | None = None,
    ) -> Table:
        """Store `new` (with a bumped version, updated `now` or at the clock's time) in
        place of `old`; StaleAction if it moved on."""
        now = self._clock() if now is None else now
        new = replace(new, version=old.version + 1, updated_at=now)
        saved = await self._storage.save(
            new,
            previous_version=old.version,
            action=action,
            played_by=played_by,
            taking_back=taking_back,
            result=None if result is None else json.dumps(result.to_json(), sort_keys=True),
        )
        if not saved:
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
        check_game(game)
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

    async def rematch(
        self,
        table_id: int,
        user_id: int,
        new_channel: Callable[[], Awaitable[int]] | None = None,
    ) -> tuple[Table, bool]:
        """Seat `user_id`, a player of the finished table, at its rematch: a lobby with
        the same game, options and reminder delay, opened by the first player who asks
        (in the same channel, or in the channel `new_channel` makes: a new thread when
        the old table's thread is over), with the computer players (negative ids,
        `bot.computer_turns`) of the table seated again at their levels; the other
        people's asking seats them. Returns the
        lobby and whether this call opened it. AlreadySeated if the user asks twice.
        The user's ping mode at the old table, if they chose one, is theirs at the new.

        The rematch is a lobby of the server that `_is_rematch_of` the table; calls for
        one finished table take turns, so `new_channel` runs once. Another open table
        in the channel is ChannelBusy, as for any new table.
        """
        async with self._locked(table_id) as old:
            if old.status != TableStatus.FINISHED:
                raise RematchBeforeEnd()
            if user_id not in old.seats:
                raise NotSeated()
            lobbies = await self._storage.lobbies(old.guild_id) if old.guild_id else []
            lobby = next((found for found in lobbies if _is_rematch_of(found, old)), None)
            if lobby is None and old.guild_id is None:
                lobby = await self._storage.open_table_in(old.channel_id)
                lobby = lobby if lobby is not None and _is_rematch_of(lobby, old) else None
            if lobby is not None:
                seated, opened = await self.join(lobby.id, user_id), False
            else:
                channel_id = old.channel_id if new_channel is None else await new_channel()
                seated, opened = await self.open_table(
                    guild_id=old.guild_id,
                    channel_id=channel_id,
                    game=old.game,
                    creator_id=user_id,
                    options=rematch_options(old.options),
                    reminder_minutes=old.reminder_minutes,
                ), True
                for computer in (user for user in old.seats if user < 0):
                    seated = await self.join(seated.id, computer)
            mode = (await self._storage.ping_modes(old.id)).get(user_id)
            if mode is not None:  # the player's ping mode comes along
                await self._storage.set_ping_mode(seated.id, user_id, mode)
            return seated, opened

    async def active_table(self, channel_id: int) -> Table | None:
        """The channel's table in its lobby or in play, if any."""
        return await self._storage.open_table_in(channel_id)

    async def last_table(self, channel_id: int) -> Table | None:
        """The channel's newest table, whatever its status (`/game status` after the
        end shows the game that ended there)."""
        return await self._storage.last_table_in(channel_id)

    async def tables_of(self, guild_id: int, user_id: int) -> list[Table]:
        """The server's tables in play where `user_id` sits: those waiting for them
        first, then the others, each group by how long its turn has waited."""
        tables = [t for t in await self._storage.playing_tables(guild_id) if user_id in t.seats]
        return sorted(tables, key=lambda t: (user_id not in t.users_to_act(), t.turn_started_at))

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

    async def step_out(self, table_id: int, user_id: int) -> Table:
        """The creator gives up their seat but keeps the lobby (to watch computer
        players, `bot.computer_turns`); they may join again or start it."""
        async with self._locked(table_id) as table:
            if user_id != table.creator_id:
                raise NotCreator()
            if table.status != TableStatus.LOBBY:
                raise NotInLobby()
            if user_id not in table.seats:
                raise NotSeated()
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
            state = game_cls.new(len(table.seats), table.seed, game_options(table.options))
            now = self._clock()
            started = replace(
                table,
                status=TableStatus.PLAYING,
                state=state,
                turn_started_at=now,
                started_at=now,
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
            action = state.parse_action(seat, text)
            if seat in stand_ins(table):
                # Acting again is taking the seat back from the computer playing it.
                table = replace(table, options=_handed_back(table, seat))
            return await self._play(table, state, seat, action, played_by=user_id)

    async def play_for(
        self, table_id: int, seat: Seat, text: str, version: int, *, played_by: int
    ) -> ActResult:
        """A computer's move for `seat`: a computer seat, or a person's a computer stands
        in for (`played_by` then names the computer, so the person cannot take it
        back). StaleAction if the table moved on, or the person took the seat back,
        since the move was chosen at `version`."""
        async with self._locked(table_id) as table:
            if version != table.version:
                raise StaleAction(expected=version, current=table.version)
            state = _state_in_play(table)
            if seat not in state.to_act():
                raise NotYourTurn()
            if table.seats[seat] > 0 and seat not in stand_ins(table):
                raise StaleAction(expected=version, current=table.version)
            action = state.parse_action(seat, text)
            return await self._play(table, state, seat, action, played_by=played_by)

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

        Allowed once the turn has waited `SKIP_AFTER_REMINDERS` reminder periods, and
        not while the idle player is away (`set_away`; SkipAway). When several seats
        are to act, the first one other than the caller is skipped.
        """
        async with self._locked(table_id) as table:
            caller = check_turn(table, user_id, None, to_act=False)
            state = _state_in_play(table)
            idle = await self._idle_seat(table, caller)
            default = state.default_action(idle)
            return await self._play(table, state, idle, default, played_by=user_id)

    async def _idle_seat(self, table: Table, caller: Seat | None) -> Seat:
        """The first seat to act but `caller`'s and those computers play, once the turn
        has waited `SKIP_AFTER_REMINDERS` reminder periods (SkipOwnTurn, SkipTooEarly),
        unless its player is away (SkipAway) or the table paused (SkipPaused)."""
        state = _state_in_play(table)
        playing = stand_ins(table)
        idle = [seat for seat in state.to_act() if seat != caller and seat not in playing]
        if not idle:
            raise SkipOwnTurn()
        wait_seconds = SKIP_AFTER_REMINDERS * table.reminder_minutes * 60
        waited = self._clock() - table.turn_started_at
        if waited < wait_seconds:
            raise SkipTooEarly(minutes_left=math.ceil((wait_seconds - waited) / 60))
        idle_user = table.seats[idle[0]]
        if idle_user in await self.away(table.seats):
            raise SkipAway(player=f"<@{idle_user}>")
        paused = await self.paused(table)
        if paused:
            raise SkipPaused(player=" ".join(f"<@{user}>" for user in paused))
        return idle[0]

    # -- computers standing in for people (bot/table_settings.py) ----------------------

    async def _save_settings(self, old: Table, new: Table) -> Table:
        """Store a change of the table's settings alone. It is no change of the game:
        the version stays, so the turn's buttons stay valid (the table's lock
        orders it with the actions)."""
        if not await self._storage.save(new, previous_version=old.version):
            raise StaleAction("the table changed while its settings were being saved")
        return new

    async def set_takeover(self, table_id: int, user_id: int, on: bool) -> Table:
        """The creator turns on or off, in the lobby, the option "a computer takes over
        the seat of a player idle past the skip delay"."""
        async with self._locked(table_id) as table:
            if user_id != table.creator_id:
                raise NotCreator()
            if table.status != TableStatus.LOBBY:
                raise NotInLobby()
            changed = replace(table, options=with_settings(table, takeover=True if on else None))
            return await self._save_settings(table, changed)

    async def take_over(self, table_id: int, user_id: int | None = None) -> tuple[Table, Seat]:
        """At a table with the take-over option, a computer takes over the seat of the
        player idle past the skip delay (the checks of `skip`; `user_id` is the
        player asking, None for the reminder loop): it plays that seat until its
        player acts again. Returns the table and the seat taken over."""
        async with self._locked(table_id) as table:
            caller = None if user_id is None else check_turn(table, user_id, None, to_act=False)
            if not takes_over(table):
                raise TakeoverOff()
            seat = await self._idle_seat(table, caller)
            seats = {**stand_ins(table), seat: IDLE}
            changed = replace(table, options=with_stand_ins(table, seats))
            return await self._save_settings(table, changed), seat

    async def takeovers_due(self, guild_ids: list[int]) -> list[Table]:
        """The tables in play of these servers with the take-over option where a person
        no computer plays for has waited past the skip delay (`take_over` checks
        the rest: away, paused)."""
        now = self._clock()
        due = []
        for guild_id in guild_ids:
            for table in await self._storage.playing_tables(guild_id):
                if not takes_over(table) or table.state is None:
                    continue
                waited = now - table.turn_started_at
                people = [
                    seat for seat in table.state.to_act()
                    if table.seats[seat] > 0 and seat not in stand_ins(table)
                ]
                if people and waited >= SKIP_AFTER_REMINDERS * table.reminder_minutes * 60:
                    due.append(table)
        return due

    async def hand_back(self, table_id: int, user_id: int) -> Table:
        """`user_id` takes their seat back from the computer playing it (NotStoodIn if
        none does)."""
        async with self._locked(table_id) as table:
            seat = check_turn(table, user_id, None, to_act=False)
            if seat not in stand_ins(table):
                raise NotStoodIn()
            handed = replace(table, options=_handed_back(table, seat))
            return await self._save_settings(table, handed)

    async def vote_stand_in(self, table_id: int, user_id: int) -> dict[int, tuple[int, int]]:
        """`user_id`, seated, votes for a computer to play for the table's other players
        away now (NobodyAway if none), until they act again or are back. Returns,
        per player away, the votes for it and the votes it needs: a majority of the
        others. Once reached, the computer plays that seat."""
        async with self._locked(table_id) as table:
            check_turn(table, user_id, None, to_act=False)
            away = sorted(user for user in await self.away(table.seats) if user != user_id)
            if not away:
                raise NobodyAway()
            votes, seats = standin_votes(table), stand_ins(table)
            needed = _majority_of_others(table)
            for user in away:
                votes.setdefault(user, set()).add(user_id)
                if len(votes[user]) >= needed:
                    seats.setdefault(table.seats.index(user), AWAY)
            changed = replace(table, options=with_stand_ins(table, seats))
            changed = replace(changed, options=with_votes(changed, votes))
            await self._save_settings(table, changed)
            return {user: (len(votes[user]), needed) for user in away}

    async def _play(
        self, table: Table, state: GameState[Any], seat: Seat, action: Any, *, played_by: int
    ) -> ActResult:
        """Apply `action` for `seat` (raising before any change if illegal) and save it all."""
        before = set(state.to_act())
        undoable = played_by == table.seats[seat] and not state.reveals(seat, action)
        events = state.apply(seat, action)
        notation = state.format_action(action)
        after = set(state.to_act())
        # The turn clock restarts unless the seats still to act were already waiting.
        new_turn = bool(after) and not after <= before - {seat}
        over = state.is_over()
        # A game's end is timed, stored and rated under its server's ratings lock: the
        # server's results then come in the order they are rated, and each adds to the
        # stored ratings (two games ending at once made the second recompute them all).
        async with self._ratings_lock(table.guild_id) if over else contextlib.nullcontext():
            now = self._clock()
            played = replace(
                table,
                state=state,
                status=TableStatus.FINISHED if over else TableStatus.PLAYING,
                turn_started_at=now if new_turn else table.turn_started_at,
                reminded=False if new_turn else table.reminded,
            )
            summary = await self._summary(table, (seat, notation), now) if over else None
            saved = await self._save(
                table, played, action=(seat, notation), played_by=played_by, result=summary,
                now=now,
            )
            if summary is not None:
                await self._rate(table.guild_id, summary)
        return ActResult(saved, seat, notation, events, undoable=undoable and not over)

    async def _summary(self, table: Table, last: tuple[Seat, str], now: float) -> GameSummary:
        """The summary of the game `last` ends, played at `now` (docs/weeks.md); made on
        a thread, as it replays the whole game (6-31 ms).

        StaleAction if another process played at the table since it was read: its
        move is then in the log, and `last` may no longer replay after it."""
        log = [entry for entry in await self._storage.actions(table.id) if not entry.taken_back]
        try:
            return await asyncio.to_thread(_summarized, table, log, last, now)
        except records.ReplayError:
            current = await self.get_table(table.id)
            if current.version != table.version:
                raise StaleAction(expected=table.version, current=current.version) from None
            raise

    def _ratings_lock(self, guild_id: int | None) -> asyncio.Lock:
        return self._ratings_locks.setdefault(guild_id or 0, asyncio.Lock())

    async def _rate(self, guild_id: int | None, summary: GameSummary) -> None:
        """Add a game just stored to its server's ratings, under the server's ratings lock
        (recomputed if they missed one)."""
        stored = await self._storage.ratings(guild_id) or ("{}", 0)
        count = await self._storage.result_count(guild_id)
        if stored[1] == count - 1:
            ratings = Ratings.from_json(json.loads(stored[0]))
            update(ratings, summary)
        else:
            ratings = await self._recompute(guild_id)
        await self._store_ratings(guild_id, ratings, count)

    async def _recompute(self, guild_id: int | None) -> Ratings:
        """The server's ratings from all its results: rare (a result stored without its
        rating, by a crash between the two writes), and as long as the server's history,
        so on a thread, not in one step of the event loop."""
        results = await self._storage.results(guild_id)
        return await asyncio.to_thread(lambda: recompute(_summaries(results)))

    async def _store_ratings(self, guild_id: int | None, ratings: Ratings, through: int) -> None:
        text = json.dumps(ratings.to_json(), sort_keys=True)
        await self._storage.store_ratings(guild_id, text, through)

    # -- presence ---------------------------------------------------------------------

    async def set_away(self, user_id: int, until: float | None) -> None:
        """Mark `user_id` away until the unix time `until` (None: back now); AwayInPast
        for a time not in the future."""
        if until is not None and until <= self._clock():
            raise AwayInPast()
        current = (await self._storage.presence([user_id]))[user_id]
        await self._storage.set_presence(user_id, replace(current, away_until=until))

    async def set_dm_reminders(self, user_id: int, on: bool) -> None:
        current = (await self._storage.presence([user_id]))[user_id]
        await self._storage.set_presence(user_id, replace(current, dm_reminders=on))

    async def set_ping_mode(self, table_id: int, user_id: int, mode: PingMode) -> Table:
        """How `user_id`, seated at the table (in its lobby or in play), wants it to tell
        them it is their turn (docs/platform.md, "Pings"). Returns the table."""
        table = await self.get_table(table_id)
        if table.status == TableStatus.LOBBY:
            if user_id not in table.seats:
                raise NotSeated()
        else:
            check_turn(table, user_id, None, to_act=False)
        await self._storage.set_ping_mode(table_id, user_id, mode)
        return table

    async def ping_modes(self, table_id: int) -> dict[int, PingMode]:
        """The ping mode of each player of the table who chose one (others: ping)."""
        return await self._storage.ping_modes(table_id)

    async def new_draft(self, table: Table, seat: Seat, steps: list[str]) -> int:
        """Start a turn-builder panel of `seat` from `steps`; its token (an older panel of
        the seat is refused from now on: `draft`)."""
        return await self._storage.new_draft(table.id, seat, steps)

    async def draft(self, table: Table, seat: Seat, token: int) -> list[str]:
        """The steps chosen so far on the seat's panel `token`; PanelReplaced if the seat
        opened a newer panel since (or the panel's draft was lost)."""
        found = await self._storage.draft(table.id, seat)
        if found is None or found.token != token:
            raise PanelReplaced()
        return list(found.steps)

    async def set_draft(self, table: Table, seat: Seat, token: int, steps: list[str]) -> None:
        """Record the steps of the seat's panel `token`; PanelReplaced if a newer one
        replaced it meanwhile."""
        if not await self._storage.set_draft(table.id, seat, token, steps):
            raise PanelReplaced()

    async def presence(self, user_ids: tuple[int, ...]) -> dict[int, Presence]:
        return await self._storage.presence(user_ids)

    async def away(self, user_ids: tuple[int, ...]) -> dict[int, float]:
        """Which of `user_ids` are away now, and until when."""
        now = self._clock()
        return {
            user: found.away_until
            for user, found in (await self._storage.presence(user_ids)).items()
            if found.away_until is not None and found.away_until > now
        }

    async def vote_pause(self, table_id: int, user_id: int) -> dict[int, tuple[int, int]]:
        """`user_id`, seated, votes to pause the table while its other players who are
        away now are away (NobodyAway if none). Returns, per player away, the votes
        for the pause and the votes it needs: a majority of the others."""
        table = await self.get_table(table_id)
        check_turn(table, user_id, None, to_act=False)
        away = {user: until for user, until in (await self.away(table.seats)).items()
                if user != user_id}
        if not away:
            raise NobodyAway()
        for user, until in away.items():
            await self._storage.vote_pause(table_id, user, until, user_id)
        votes = await self._storage.pause_votes(table_id)
        return {
            user: (len(votes.get((user, until), set())), _majority_of_others(table))
            for user, until in away.items()
        }

    async def paused(self, table: Table) -> dict[int, float]:
        """The players away now for whom the table voted a pause, and until when: while
        there is one, nobody at the table is reminded or skipped."""
        votes = await self._storage.pause_votes(table.id)
        return {
            user: until
            for user, until in (await self.away(table.seats)).items()
            if len(votes.get((user, until), set())) >= _majority_of_others(table)
        }

    # -- statistics ------------------------------------------------------------------

    async def summaries(self, guild_id: int | None) -> list[GameSummary]:
        """The summaries of the server's finished games, in the order they ended; read
        on a thread, as they are as many as the server's games (a thousand: 75 ms)."""
        return await asyncio.to_thread(_summaries, await self._storage.results(guild_id))

    async def ratings(self, guild_id: int | None) -> Ratings:
        """The server's ratings; recomputed from its results if they lack some."""
        async with self._ratings_lock(guild_id):
            stored = await self._storage.ratings(guild_id)
            count = await self._storage.result_count(guild_id)
            if stored is not None and stored[1] == count:
                return Ratings.from_json(json.loads(stored[0]))
            ratings = await self._recompute(guild_id)
            await self._store_ratings(guild_id, ratings, count)
            return ratings

    async def take_back(self, table_id: int, user_id: int) -> TakenBack:
        """Take back `user_id`'s last action (docs/weeks.md): only while it is the
        last action of the game, never once it revealed anything nor after the end.

        Raises what `check_turn` raises (not the turn), then `bot.games.undo`'s
        errors, or `ActionPlayedBySkip` if the user did not play it themselves.
        """
        async with self._locked(table_id) as table:
            seat = check_turn(table, user_id, None, to_act=False)
            log = [entry for entry in await self._storage.actions(table_id) if not entry.taken_back]
            allowed = await asyncio.to_thread(lambda: undo.take_back(_record(table, log), seat))
            last = log[-1]
            if last.played_by != user_id:
                raise ActionPlayedBySkip()
            before = replace(
                table, state=allowed.state, turn_started_at=_turn_start(table, log, seat)
            )
            saved = await self._save(table, before, taking_back=last.seq)
            return TakenBack(table=saved, seat=seat, notation=allowed.notation)

    # -- records and reminders -------------------------------------------------------

    async def record(self, table_id: int) -> dict[str, Any]:
        """The game record of a started table (see `bot.games.record`); made on a thread,
        as it replays the whole game."""
        table = await self.get_table(table_id)
        if table.state is None:
            raise NotPlaying()
        log = [entry for entry in await self._storage.actions(table_id) if not entry.taken_back]
        return await asyncio.to_thread(_record, table, log)

    async def playing_tables(self, shards: ShardSet | None = None) -> list[Table]:
        """Every table in play of `shards` (default all), read at start-up to resume the
        computer players' turns: finished games are not read (`Storage.tables_in_play`)."""
        return await self._storage.tables_in_play(shards or ShardSet.all())

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
    state = _state_in_play(table)
    seat = table.seat_of(user_id)
    if seat is None:
        raise NotSeated()
    if version is not None and version != table.version:
        raise StaleAction(expected=version, current=table.version)
    if to_act and seat not in state.to_act():
        raise NotYourTurn()
    return seat


def _is_rematch_of(lobby: Table, old: Table) -> bool:
    """Whether `lobby` is the rematch of the finished `old`: opened after its end by one
    of its players, with the same game and settings."""
    return (
        lobby.status == TableStatus.LOBBY
        and lobby.created_at >= old.updated_at
        and lobby.creator_id in old.seats
        and (lobby.game, lobby.options, lobby.reminder_minutes)
        == (old.game, rematch_options(old.options), old.reminder_minutes)
    )


def _handed_back(table: Table, seat: Seat) -> dict[str, Any]:
    """The table's options once the person of `seat` took it back from the computer
    (and the votes for a computer to play for them are forgotten)."""
    seats = {s: why for s, why in stand_ins(table).items() if s != seat}
    votes = {u: v for u, v in standin_votes(table).items() if u != table.seats[seat]}
    handed = replace(table, options=with_stand_ins(table, seats))
    return with_votes(handed, votes)


def _majority_of_others(table: Table) -> int:
    """Votes that pause a table for one player away: more than half of the others."""
    return (len(table.seats) - 1) // 2 + 1


def _moment(unix: float) -> datetime:
    return datetime.fromtimestamp(unix, UTC)


def _record(
    table: Table, log: list[LoggedAction], last: tuple[Seat, str] | None = None
) -> dict[str, Any]:
    """The record of `table`'s game: `log` (taken-back actions left out), then `last`.
    It replays the whole game (6-31 ms for the shipped games): callers run it on a
    thread, not on the event loop."""
    moves = [(entry.seat, entry.notation) for entry in log]
    return records.make_record(
        table.game, len(table.seats), table.seed, game_options(table.options),
        moves if last is None else [*moves, last],
    )


def _summarized(
    table: Table, log: list[LoggedAction], last: tuple[Seat, str], now: float
) -> GameSummary:
    """The summary of `table`'s game: `log` (taken-back actions left out), then `last`
    played at `now`."""
    record = _record(table, log, last)
    times = [entry.created_at for entry in log] + [now]
    return summarize(
        FinishedTable(
            table_id=table.id,
            game=table.game,
            players=tuple(Player(str(user)) for user in table.seats),
            record=record,
            started_at=_moment(table.started_at or table.created_at),
            action_times=tuple(_moment(at) for at in times),
        )
    )


def _summaries(texts: list[str]) -> list[GameSummary]:
    return [GameSummary.from_json(json.loads(text)) for text in texts]


def _turn_start(table: Table, log: list[LoggedAction], seat: Seat) -> float:
    """When `seat`'s turn began, for a take-back of the last entry of `log`: the
    latest other seat's action before it (which handed the turn over), else the
    table's start. Never later than the clock already showed, so acting then
    taking back cannot postpone reminders or skips."""
    handed = [entry.created_at for entry in log[:-1] if entry.seat != seat]
    return min(table.turn_started_at, handed[-1] if handed else table.created_at)


def _state_in_play(table: Table) -> GameState[Any]:
    """The state of a table in play; GameOver if finished, NotPlaying otherwise."""
    if table.status == TableStatus.FINISHED:
        raise GameOver()
    if table.status != TableStatus.PLAYING or table.state is None:
        raise NotPlaying()
    return table.state
