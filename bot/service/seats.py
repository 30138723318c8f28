"""A seat whose player is idle or away: when it may be skipped, the pause the others
vote, and a computer standing in for its person (taking over an idle seat, voted in
for a player away, handing the seat back; `bot.storage.table_settings` stores which)."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from bot.games.base import Seat
from bot.service.checks import check_turn, state_in_play
from bot.service.errors import (
    NobodyAway,
    NotStoodIn,
    SeatKept,
    SkipAway,
    SkipOwnTurn,
    SkipPaused,
    SkipTooEarly,
    TakeoverOff,
)
from bot.service.life import PlayerLeft
from bot.service.preferences import Preferences
from bot.service.store import TableStore
from bot.storage import Table, TableStatus
from bot.storage.table_settings import (
    AWAY,
    IDLE,
    LEFT,
    can_take_back,
    stand_ins,
    takes_over,
    with_stand_ins,
)

SKIP_AFTER_REMINDERS = 2
"""Others may skip an idle seat after this many reminder periods."""


def skip_delay(table: Table) -> float:
    """Seconds a turn of `table` waits before its idle seat may be skipped or taken
    over: `SKIP_AFTER_REMINDERS` of its reminder periods."""
    return SKIP_AFTER_REMINDERS * table.reminder_minutes * 60


class Seats:
    """Idle and away seats, on `store`; who is away comes from `preferences`."""

    def __init__(self, store: TableStore, preferences: Preferences) -> None:
        self._store = store
        self._preferences = preferences

    async def idle_seat(self, table: Table, caller: Seat | None) -> Seat:
        """The first seat to act but `caller`'s and those computers play, once the turn
        has waited `SKIP_AFTER_REMINDERS` reminder periods (SkipOwnTurn, SkipTooEarly),
        unless its player is away (SkipAway) or the table paused (SkipPaused): the seat
        a skip plays (`bot.service.moves.Moves.skip`) or a computer takes over."""
        state = state_in_play(table)
        playing = stand_ins(table)
        idle = [seat for seat in state.to_act() if seat != caller and seat not in playing]
        if not idle:
            raise SkipOwnTurn()
        wait_seconds = skip_delay(table)
        waited = self._store.clock() - table.turn_started_at
        if waited < wait_seconds:
            raise SkipTooEarly(minutes_left=math.ceil((wait_seconds - waited) / 60))
        idle_user = table.seats[idle[0]]
        if idle_user in await self._preferences.away(table.seats):
            raise SkipAway(player=f"<@{idle_user}>")
        paused = await self.paused(table)
        if paused:
            raise SkipPaused(player=" ".join(f"<@{user}>" for user in paused))
        return idle[0]

    # -- the pause voted for players away ----------------------------------------------

    async def vote_pause(self, table_id: int, user_id: int) -> dict[int, tuple[int, int]]:
        """`user_id`, seated, votes to pause the table while its other players who are
        away now are away (NobodyAway if none). Returns, per player away, the votes
        for the pause and the votes it needs: a majority of the others."""
        table = await self._store.get(table_id)
        check_turn(table, user_id, None, to_act=False)
        away = {user: until for user, until in (await self._preferences.away(table.seats)).items()
                if user != user_id}
        if not away:
            raise NobodyAway()
        storage = self._store.storage
        for user, until in away.items():
            await storage.vote_pause(table_id, user, until, user_id)
        votes = await storage.pause_votes(table_id)
        return {
            user: (len(votes.get((user, until), set())), _majority_of_others(table))
            for user, until in away.items()
        }

    async def paused(self, table: Table) -> dict[int, float]:
        """The players away now for whom the table voted a pause, and until when: while
        there is one, nobody at the table is reminded or skipped."""
        votes = await self._store.storage.pause_votes(table.id)
        return {
            user: until
            for user, until in (await self._preferences.away(table.seats)).items()
            if len(votes.get((user, until), set())) >= _majority_of_others(table)
        }

    # -- computers standing in for people (bot/storage/table_settings.py) ----------------------

    async def set_takeover(self, table_id: int, user_id: int, on: bool) -> Table:
        """The creator turns on or off, in the lobby, the option "a computer takes over
        the seat of a player idle past the skip delay"."""
        return await self._store.set_lobby_settings(table_id, user_id, takeover=on or None)

    async def take_over(self, table_id: int, user_id: int | None = None) -> tuple[Table, Seat]:
        """At a table with the take-over option, a computer takes over the seat of the
        player idle past the skip delay (the checks of `Moves.skip`; `user_id` is the
        player asking, None for the reminder loop): it plays that seat until its
        player acts again. Returns the table and the seat taken over."""
        async with self._store.locked(table_id) as table:
            caller = None if user_id is None else check_turn(table, user_id, None, to_act=False)
            if not takes_over(table):
                raise TakeoverOff()
            seat = await self.idle_seat(table, caller)
            seats = {**stand_ins(table), seat: IDLE}
            changed = replace(table, options=with_stand_ins(table, seats))
            return await self._store.save_settings(table, changed), seat

    async def takeovers_due(self, guild_ids: list[int]) -> list[Table]:
        """The tables in play of these servers with the take-over option where a person
        no computer plays for has waited past the skip delay (`take_over` checks
        the rest: away, paused)."""
        now = self._store.clock()
        due = []
        for guild_id in guild_ids:
            for table in await self._store.storage.playing_tables(guild_id):
                if not takes_over(table) or table.state is None:
                    continue
                waited = now - table.turn_started_at
                people = [
                    seat for seat in table.state.to_act()
                    if table.seats[seat] > 0 and seat not in stand_ins(table)
                ]
                if people and waited >= skip_delay(table):
                    due.append(table)
        return due

    async def hand_back(self, table_id: int, user_id: int) -> Table:
        """`user_id` takes their seat back from the computer playing it (NotStoodIn if
        none does; SeatKept if it plays to the end: `table_settings.FOR_GOOD`)."""
        async with self._store.locked(table_id) as table:
            seat = check_turn(table, user_id, None, to_act=False)
            why = stand_ins(table).get(seat)
            if why is None:
                raise NotStoodIn()
            if not can_take_back(why):
                raise SeatKept(why)
            handed = replace(table, options=handed_back(table, seat))
            saved = await self._store.save_settings(table, handed)
            await self.forget_stand_in_votes(table, seat)
            return saved

    async def vote_stand_in(self, table_id: int, user_id: int) -> dict[int, tuple[int, int]]:
        """`user_id`, seated, votes for a computer to play for the table's other players
        away now (NobodyAway if none), until they act again or are back. Returns,
        per player away, the votes for it and the votes it needs: a majority of the
        others. Once reached, the computer plays that seat."""
        async with self._store.locked(table_id) as table:
            check_turn(table, user_id, None, to_act=False)
            away_now = await self._preferences.away(table.seats)
            away = sorted(user for user in away_now if user != user_id)
            if not away:
                raise NobodyAway()
            storage = self._store.storage
            for user in away:
                await storage.vote_stand_in(table_id, user, user_id)
            votes, seats = await storage.stand_in_votes(table_id), stand_ins(table)
            needed = _majority_of_others(table)
            for user in away:
                if len(votes[user]) >= needed:
                    seats.setdefault(table.seats.index(user), AWAY)
            changed = replace(table, options=with_stand_ins(table, seats))
            await self._store.save_settings(table, changed)
            return {user: (len(votes[user]), needed) for user in away}

    async def player_left(self, guild_id: int, user_id: int) -> list[Table]:
        """`user_id` left server `guild_id` (Discord said so): at each of its tables in
        play where they sit, a computer plays their seat from now on (`LEFT`), as for
        any stand-in: it is never pinged, and "I'm back" gives the seat back if they
        return. Told as `PlayerLeft` with the tables changed (maybe none: they may be
        in a tournament's sign-up only). Returns those tables."""
        changed = []
        for found in await self._store.storage.playing_tables(guild_id):
            if user_id not in found.seats:
                continue
            async with self._store.locked(found.id) as table:
                seat = table.seats.index(user_id)
                playing = stand_ins(table)
                why = playing.get(seat)
                if table.status != TableStatus.PLAYING or why == LEFT or (
                        why is not None and not can_take_back(why)):
                    continue  # told already, or the computer plays it to the end anyway
                options = with_stand_ins(table, {**playing, seat: LEFT})
                changed.append(await self._store.save_settings(table, replace(table,
                                                                              options=options)))
        self._store.life.publish(PlayerLeft(guild_id, user_id, tuple(changed)))
        return changed

    async def forget_stand_in_votes(self, table: Table, seat: Seat) -> None:
        """Forget the votes for a computer to play for the person of `seat`, who took
        their seat back (`hand_back`, or acting again: `Moves.act`), after the table
        was saved so: a crash in between leaves votes that count only the next time
        that person is away, as a vote of that time would."""
        await self._store.storage.forget_stand_in_votes(table.id, table.seats[seat])


def handed_back(table: Table, seat: Seat) -> dict[str, Any]:
    """The table's options once the person of `seat` took it back from the computer
    (the votes for a computer to play for them: `Seats.forget_stand_in_votes`)."""
    seats = {s: why for s, why in stand_ins(table).items() if s != seat}
    return with_stand_ins(table, seats)


def _majority_of_others(table: Table) -> int:
    """Votes that pause a table for one player away: more than half of the others."""
    return (len(table.seats) - 1) // 2 + 1
