"""Tables and lobbies: opening one (or its rematch), joining, leaving, the creator
adding and removing computer seats, starting, abandoning; finding a channel's or a
player's tables."""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from typing import Any

from bot.games.registry import get_game
from bot.service.checks import check_game
from bot.service.computers import TABLE_LEVELS, computer_id, computer_level
from bot.service.errors import (
    AlreadySeated,
    ChannelBusy,
    NotCreator,
    NotEnoughPlayers,
    NotInLobby,
    NotPlaying,
    NotSeated,
    RematchBeforeEnd,
    TableFull,
)
from bot.service.preferences import Preferences
from bot.service.store import TableStore
from bot.storage import OpenTableExists, ShardSet, Table, TableStatus
from bot.storage.table_settings import (
    PLACE_GONE,
    changed_settings,
    game_options,
    parent_of,
    rematch_options,
    with_settings,
)

OPEN_STATUSES = (TableStatus.LOBBY, TableStatus.PLAYING)


class Tables:
    """The tables' lives from the lobby to their start or end, on `store`; a rematch
    carries each player's ping mode over through `preferences`, which owns them."""

    def __init__(self, store: TableStore, preferences: Preferences) -> None:
        self._store = store
        self._preferences = preferences

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
        parent_id: int | None = None,
    ) -> Table:
        """Open a lobby in `channel_id` with the creator in the first seat; `parent_id`:
        the channel of the thread `channel_id` if the table opened it (kept in its
        settings, `bot.storage.table_settings.parent_of`).

        Raises ChannelBusy if the channel has a table in its lobby or in play,
        UnknownGame if no game is registered as `game`.
        """
        check_game(game)
        storage = self._store.storage
        existing = await storage.open_table_in(channel_id)
        if existing is not None:
            raise ChannelBusy(existing)
        now = self._store.clock()
        table = Table(
            id=0,
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            creator_id=creator_id,
            seats=(creator_id,),
            status=TableStatus.LOBBY,
            options=changed_settings(options or {}, parent=parent_id),
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
            return await storage.insert(table)
        except OpenTableExists:
            # Another call opened a table in this channel between our check and insert.
            existing = await storage.open_table_in(channel_id)
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
        `bot.service.computers`) of the table seated again at their levels; the other
        people's asking seats them. Returns the
        lobby and whether this call opened it. AlreadySeated if the user asks twice.
        The user's ping mode at the old table, if they chose one, is theirs at the new.

        The rematch is a lobby of the server that `_is_rematch_of` the table; calls for
        one finished table take turns, so `new_channel` runs once. Another open table
        in the channel is ChannelBusy, as for any new table.
        """
        storage = self._store.storage
        async with self._store.locked(table_id) as old:
            if old.status != TableStatus.FINISHED:
                raise RematchBeforeEnd()
            if user_id not in old.seats:
                raise NotSeated()
            lobbies = await storage.lobbies(old.guild_id) if old.guild_id else []
            lobby = next((found for found in lobbies if _is_rematch_of(found, old)), None)
            if lobby is None and old.guild_id is None:
                lobby = await storage.open_table_in(old.channel_id)
                lobby = lobby if lobby is not None and _is_rematch_of(lobby, old) else None
            if lobby is not None:
                seated, opened = await self.join(lobby.id, user_id), False
            else:
                channel_id = old.channel_id if new_channel is None else await new_channel()
                parent = parent_of(old)
                seated, opened = await self.open_table(
                    guild_id=old.guild_id,
                    channel_id=channel_id,
                    game=old.game,
                    creator_id=user_id,
                    options=rematch_options(old.options),
                    reminder_minutes=old.reminder_minutes,
                    parent_id=parent if channel_id != parent else None,
                ), True
                for computer in (user for user in old.seats if user < 0):
                    seated = await self.join(seated.id, computer)
            await self._preferences.carry_ping_mode(old.id, seated.id, user_id)
            return seated, opened

    async def get_table(self, table_id: int) -> Table:
        """The table numbered `table_id`; TableNotFound for any other number, even one
        SQLite could not hold (a forged custom_id may carry any digits)."""
        return await self._store.get(table_id)

    async def active_table(self, channel_id: int) -> Table | None:
        """The channel's table in its lobby or in play, if any."""
        return await self._store.storage.open_table_in(channel_id)

    async def last_table(self, channel_id: int) -> Table | None:
        """The channel's newest table, whatever its status (`/game status` after the
        end shows the game that ended there)."""
        return await self._store.storage.last_table_in(channel_id)

    async def tables_of(self, guild_id: int, user_id: int) -> list[Table]:
        """The server's tables in play where `user_id` sits: those waiting for them
        first, then the others, each group by how long its turn has waited."""
        playing = await self._store.storage.playing_tables(guild_id)
        tables = [t for t in playing if user_id in t.seats]
        return sorted(tables, key=lambda t: (user_id not in t.users_to_act(), t.turn_started_at))

    async def playing_on(self, guild_id: int) -> list[Table]:
        """The server's tables in play (the bot back on it posts them again)."""
        return await self._store.storage.playing_tables(guild_id)

    async def open_lobbies(self, guild_id: int) -> list[Table]:
        """The server's lobbies with a seat free, oldest first (`/game open`); read and
        filtered by server and status in the database."""
        lobbies = await self._store.storage.lobbies(guild_id)
        return [t for t in lobbies if len(t.seats) < get_game(t.game).max_players]

    async def playing_tables(self, shards: ShardSet | None = None) -> list[Table]:
        """Every table in play of `shards` (default all), read at start-up to resume the
        computer players' turns: finished games are not read (`Storage.tables_in_play`)."""
        return await self._store.storage.tables_in_play(shards or ShardSet.all())

    async def join(self, table_id: int, user_id: int) -> Table:
        async with self._store.locked(table_id) as table:
            return await self._seat(table, user_id)

    async def leave(self, table_id: int, user_id: int) -> Table:
        """Leave a lobby; the creator leaving closes it (status "abandoned")."""
        async with self._store.locked(table_id) as table:
            return await self._unseat(table, user_id)

    async def add_computer(self, table_id: int, user_id: int, level: str) -> Table:
        """The creator adds a computer of `level` to the lobby (NotCreator for anyone
        else, then the checks of `join`: TableFull when full)."""
        if level not in TABLE_LEVELS:
            raise ValueError(f"unknown level {level!r}")
        async with self._store.locked(table_id) as table:
            if user_id != table.creator_id:
                raise NotCreator()
            slots = [-user // 10 for user in table.seats if computer_level(user) is not None]
            return await self._seat(table, computer_id(max(slots, default=0) + 1, level))

    async def remove_computer(self, table_id: int, user_id: int, computer: int) -> Table:
        """The creator removes computer seat id `computer` from the lobby (NotCreator for
        anyone else, NotSeated for a person's id, then the checks of `leave`)."""
        async with self._store.locked(table_id) as table:
            if user_id != table.creator_id:
                raise NotCreator()
            if computer_level(computer) is None:
                raise NotSeated()
            return await self._unseat(table, computer)

    async def _seat(self, table: Table, user_id: int) -> Table:
        """Seat `user_id` in the lobby `table` (its lock held)."""
        if table.status != TableStatus.LOBBY:
            raise NotInLobby()
        if user_id in table.seats:
            raise AlreadySeated()
        max_players = get_game(table.game).max_players
        if len(table.seats) >= max_players:
            raise TableFull(max_players=max_players)
        return await self._store.save(table, replace(table, seats=(*table.seats, user_id)))

    async def _unseat(self, table: Table, user_id: int) -> Table:
        """`user_id` leaves the lobby `table` (its lock held); the creator closes it."""
        if table.status != TableStatus.LOBBY:
            raise NotInLobby()
        if user_id not in table.seats:
            raise NotSeated()
        if user_id == table.creator_id:
            return await self._store.save(table, replace(table, status=TableStatus.ABANDONED))
        seats = tuple(seat for seat in table.seats if seat != user_id)
        return await self._store.save(table, replace(table, seats=seats))

    async def step_out(self, table_id: int, user_id: int) -> Table:
        """The creator gives up their seat but keeps the lobby (to watch computer
        players); they may join again or start it."""
        async with self._store.locked(table_id) as table:
            if user_id != table.creator_id:
                raise NotCreator()
            if table.status != TableStatus.LOBBY:
                raise NotInLobby()
            if user_id not in table.seats:
                raise NotSeated()
            seats = tuple(seat for seat in table.seats if seat != user_id)
            return await self._store.save(table, replace(table, seats=seats))

    async def start(self, table_id: int, user_id: int) -> Table:
        """Deal the game for the seated players; only the creator may."""
        async with self._store.locked(table_id) as table:
            if user_id != table.creator_id:
                raise NotCreator()
            if table.status != TableStatus.LOBBY:
                raise NotInLobby()
            game_cls = get_game(table.game)
            if len(table.seats) < game_cls.min_players:
                raise NotEnoughPlayers(min_players=game_cls.min_players)
            state = game_cls.new(len(table.seats), table.seed, game_options(table.options))
            now = self._store.clock()
            started = replace(
                table,
                status=TableStatus.PLAYING,
                state=state,
                turn_started_at=now,
                started_at=now,
                reminded=False,
            )
            return await self._store.save(table, started)

    async def abandon(self, table_id: int, user_id: int, *, can_manage: bool) -> Table:
        """Close a lobby or a game in play; the creator or a channel manager may."""
        async with self._store.locked(table_id) as table:
            if user_id != table.creator_id and not can_manage:
                raise NotCreator()
            if table.status not in OPEN_STATUSES:
                raise NotPlaying()
            return await self._store.save(table, replace(table, status=TableStatus.ABANDONED))

    async def place_gone(self, channel_id: int) -> Table | None:
        """The thread or channel `channel_id` was deleted: its table in its lobby or in
        play, if any, ends as abandoned, with that reason kept in its settings
        (`table_settings.ended_because`), no result and so no rating change, as
        `abandon`. Returns the table as saved (None: no open table played there)."""
        found = await self._store.storage.open_table_in(channel_id)
        if found is None:
            return None
        async with self._store.locked(found.id) as table:
            if table.status not in OPEN_STATUSES:
                return None  # ended meanwhile
            options = with_settings(table, ended=PLACE_GONE)
            closed = replace(table, status=TableStatus.ABANDONED, options=options)
            return await self._store.save(table, closed)


def _is_rematch_of(lobby: Table, old: Table) -> bool:
    """Whether `lobby` is the rematch of the finished `old`: opened after its end by one
    of its players, with the same game and settings."""
    return (
        lobby.status == TableStatus.LOBBY
        and lobby.created_at >= old.updated_at
        and lobby.creator_id in old.seats
        and (lobby.game, rematch_options(lobby.options), lobby.reminder_minutes)
        == (old.game, rematch_options(old.options), old.reminder_minutes)
    )
