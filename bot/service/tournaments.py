"""Tournaments: their rows, their lock and their clock, sign-up and the organizer's
decisions (docs/tournaments.md). The rounds (pairing, tables, deadlines) are
`bot.service.tournament_rounds`'s, over the same rows.

A change is: read the tournament, compute the changed one (pure), save it over the
version read (`Storage.save_tournament`, compare-and-set), under a per-tournament
asyncio lock in this process; another process's save in between makes ours fail and
the change is computed again on what it saved. So of two processes advancing a
round at once exactly one does, and the other then finds it done.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from dataclasses import replace

from bot.games.registry import get_game
from bot.service.computers import TABLE_LEVELS, computer_id, computer_level
from bot.service.errors import StaleAction
from bot.service.store import LARGEST_TABLE_ID, TableStore
from bot.service.tournament_record import (
    MAX_ENTRANTS,
    AlreadyEntered,
    Entrant,
    NotEntered,
    Notice,
    NotOrganizer,
    Settings,
    SignUpClosed,
    TableSizesOutOfRange,
    TakerEntered,
    TooFewEntrants,
    Tournament,
    TournamentError,
    TournamentFull,
    TournamentNotFound,
    TournamentNotPaused,
    TournamentNotRunning,
    from_row,
    with_round,
)
from bot.storage import ShardSet
from bot.storage.records import LIVE_TOURNAMENTS, TournamentStatus

SAVE_ATTEMPTS = 5
"""A change computed again this many times at most when other processes keep saving."""

Change = Callable[[Tournament], Tournament | None]
"""A change of a tournament: the changed one, or None for no change (raises to refuse)."""


class TournamentRows:
    """The tournaments of `store`'s storage, read and changed one call at a time per
    tournament; dated by `store`'s clock."""

    def __init__(self, store: TableStore) -> None:
        self._store = store
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )

    def now(self) -> float:
        return self._store.clock()

    async def get(self, tournament_id: int) -> Tournament:
        """Tournament `tournament_id`; TournamentNotFound for any other number."""
        if not 1 <= tournament_id <= LARGEST_TABLE_ID:
            raise TournamentNotFound(tournament_id)
        row = await self._store.storage.tournament(tournament_id)
        if row is None:
            raise TournamentNotFound(tournament_id)
        return from_row(row)

    async def change(self, tournament_id: int, change: Change) -> Tournament:
        """Apply `change` to the tournament as stored and save it over its version;
        computed again if another process saved first. Returns the tournament saved
        (or as stored, when `change` changed nothing)."""
        lock = self._locks.get(tournament_id)
        if lock is None:
            lock = self._locks[tournament_id] = asyncio.Lock()
        storage = self._store.storage
        async with lock:
            for _ in range(SAVE_ATTEMPTS):
                current = await self.get(tournament_id)
                changed = change(current)
                if changed is None:
                    return current
                saved = replace(changed, version=current.version + 1, updated_at=self.now())
                if await storage.save_tournament(saved.to_row(),
                                                 previous_version=current.version):
                    return saved
        raise StaleAction("the tournament kept changing while this was being saved")

    async def of_server(self, guild_id: int | None) -> list[Tournament]:
        """The server's tournaments, oldest first."""
        return [from_row(row) for row in await self._store.storage.tournaments_of(guild_id)]

    async def live(self, shards: ShardSet) -> list[Tournament]:
        """The tournaments still going on of the servers `shards` carry."""
        return [from_row(row) for row in await self._store.storage.live_tournaments(shards)]

    async def in_channel(self, guild_id: int | None, channel_id: int) -> Tournament | None:
        """The channel's tournament: the newest still going on, else the newest."""
        here = [t for t in await self.of_server(guild_id) if t.channel_id == channel_id]
        live = [t for t in here if t.status in LIVE_TOURNAMENTS]
        found = live or here
        return found[-1] if found else None

    async def create(
        self, *, guild_id: int | None, channel_id: int, organizer: int, settings: Settings
    ) -> Tournament:
        """A new tournament in sign-up, with nobody entered yet."""
        check_settings(settings)
        now = self.now()
        tournament = Tournament(0, guild_id, channel_id, TournamentStatus.SIGNUP, 0, now, now,
                                organizer, settings)
        row = await self._store.storage.insert_tournament(tournament.to_row())
        return replace(tournament, id=row.id)


def check_settings(settings: Settings) -> None:
    """TableSizesOutOfRange unless the players per table fit the game, the minimum at
    most the largest."""
    game = get_game(settings.game)
    if not game.min_players <= settings.min_size <= settings.max_size <= game.max_players:
        raise TableSizesOutOfRange(game.min_players, game.max_players)


def is_organizer(tournament: Tournament, user: int, can_manage: bool) -> bool:
    """Whether `user` created the tournament or may manage the server (`can_manage`)."""
    return user == tournament.organizer or can_manage


def organizer_check(tournament: Tournament, user: int, can_manage: bool) -> None:
    """NotOrganizer unless `user` created the tournament or may manage the server."""
    if not is_organizer(tournament, user, can_manage):
        raise NotOrganizer()


def _in_signup(tournament: Tournament) -> None:
    if tournament.status != TournamentStatus.SIGNUP:
        raise SignUpClosed()


def _running(tournament: Tournament) -> None:
    if tournament.status not in (TournamentStatus.RUNNING, TournamentStatus.PAUSED):
        raise TournamentNotRunning()


class Tournaments(TournamentRows):
    """Sign-up and the organizer's decisions; `rounds` (`TournamentRounds`) opens
    the rounds, over the same rows."""

    async def set_card(self, tournament_id: int, message_id: int) -> Tournament:
        """Keep the id of the tournament's card (the message edited at every change)."""
        return await self.change(tournament_id, lambda t: replace(t, card=message_id))

    async def set_announcement(self, tournament_id: int, number: int, message_id: int
                               ) -> Tournament:
        """Keep the id of round `number`'s announcement (while it is the current round)."""
        def keep(tournament: Tournament) -> Tournament | None:
            current = tournament.current
            if current is None or current.number != number:
                return None
            return with_round(tournament, replace(current, announcement=message_id))

        return await self.change(tournament_id, keep)

    async def join(self, tournament_id: int, user: int) -> Tournament:
        def join(tournament: Tournament) -> Tournament:
            _in_signup(tournament)
            if tournament.entrant_of(user) is not None:
                raise AlreadyEntered()
            if len(tournament.entrants) >= MAX_ENTRANTS:
                raise TournamentFull()
            return replace(tournament, entrants=(*tournament.entrants, Entrant(user)))

        return await self.change(tournament_id, join)

    async def leave(self, tournament_id: int, user: int) -> Tournament:
        """Leave before the start (`withdraw` after it)."""
        def leave(tournament: Tournament) -> Tournament:
            _in_signup(tournament)
            if tournament.entrant_of(user) is None:
                raise NotEntered()
            kept = tuple(e for e in tournament.entrants if e.user != user)
            return replace(tournament, entrants=kept)

        return await self.change(tournament_id, leave)

    async def add_computer(
        self, tournament_id: int, user: int, level: str, *, can_manage: bool
    ) -> Tournament:
        """The organizer enters a computer player of `level` (sign-up only)."""
        if level not in TABLE_LEVELS:
            raise ValueError(f"unknown level {level!r}")

        def add(tournament: Tournament) -> Tournament:
            organizer_check(tournament, user, can_manage)
            _in_signup(tournament)
            if len(tournament.entrants) >= MAX_ENTRANTS:
                raise TournamentFull()
            computer = computer_id(_next_computer_slot(tournament), level)
            return replace(tournament, entrants=(*tournament.entrants, Entrant(computer)))

        return await self.change(tournament_id, add)

    async def _decide(
        self, tournament_id: int, user: int, can_manage: bool,
        allowed: tuple[TournamentStatus, ...], refusal: type[TournamentError], decision: Change,
    ) -> Tournament:
        """An organizer's decision: `decision` applied if `user` organizes the tournament
        and its status is `allowed` (else `refusal`)."""
        def decide(tournament: Tournament) -> Tournament | None:
            organizer_check(tournament, user, can_manage)
            if tournament.status not in allowed:
                raise refusal()
            return decision(tournament)

        return await self.change(tournament_id, decide)

    async def pause(self, tournament_id: int, user: int, *, can_manage: bool) -> Tournament:
        """No new round opens and the round's clock stops; the tables go on."""
        return await self._decide(
            tournament_id, user, can_manage, (TournamentStatus.RUNNING,), TournamentNotRunning,
            lambda t: replace(t, status=TournamentStatus.PAUSED, paused_at=self.now()))

    async def resume(self, tournament_id: int, user: int, *, can_manage: bool) -> Tournament:
        """Go on after a pause: the round's deadline moves by the time paused."""
        def resume(tournament: Tournament) -> Tournament:
            paused = self.now() - (tournament.paused_at or self.now())
            rounds = tournament.rounds
            if rounds:
                rounds = (*rounds[:-1], replace(rounds[-1], deadline=rounds[-1].deadline + paused))
            return replace(tournament, status=TournamentStatus.RUNNING, paused_at=None,
                           rounds=rounds)

        return await self._decide(tournament_id, user, can_manage, (TournamentStatus.PAUSED,),
                                  TournamentNotPaused, resume)

    async def cancel(self, tournament_id: int, user: int, *, can_manage: bool) -> Tournament:
        """The organizer ends the tournament: the round's tables without a result count
        as skipped, in the same change (the tables still open are then abandoned by
        `TournamentRounds.close_tables`, whose end no longer moves the tournament)."""
        return await self._decide(
            tournament_id, user, can_manage, LIVE_TOURNAMENTS, TournamentNotRunning,
            lambda t: replace(skipping_unfinished(t), status=TournamentStatus.CANCELLED))

    async def drop(
        self, tournament_id: int, user: int, entrant_user: int, *, can_manage: bool
    ) -> Tournament:
        """The organizer drops an entrant: not seated in the next rounds (before the
        start: removed)."""
        def drop(tournament: Tournament) -> Tournament:
            organizer_check(tournament, user, can_manage)
            return _without(tournament, entrant_user)

        return await self.change(tournament_id, drop)

    async def withdraw(self, tournament_id: int, user: int) -> Tournament:
        """An entrant leaves a started tournament: not seated in the next rounds."""
        def withdraw(tournament: Tournament) -> Tournament:
            _running(tournament)
            return _without(tournament, user)

        return await self.change(tournament_id, withdraw)

    async def replace_entrant(
        self, tournament_id: int, user: int, old: int, new: int | None, *, can_manage: bool
    ) -> Tournament:
        """The organizer gives `old`'s place (and points) to `new`, or to a computer of the
        normal level (`new` None), from the next table on."""
        def swap(tournament: Tournament) -> Tournament:
            organizer_check(tournament, user, can_manage)
            if tournament.status not in LIVE_TOURNAMENTS:
                raise TournamentNotRunning()
            index = tournament.entrant_of(old)
            if index is None:
                raise NotEntered()
            taker = new
            if taker is None:
                taker = computer_id(_next_computer_slot(tournament), "normal")
            if tournament.entrant_of(taker) is not None:
                raise TakerEntered()
            entrants = list(tournament.entrants)
            before = entrants[index]
            entrants[index] = Entrant(taker, True, (*before.former, before.user))
            return replace(tournament, entrants=tuple(entrants))

        return await self.change(tournament_id, swap)

    async def tell_organizer(self, tournament_id: int, notice: Notice) -> None:
        """Keep `notice` for the organizer's next tournament command."""
        await self.change(tournament_id,
                          lambda t: replace(t, notices=(*t.notices, notice)))

    async def take_notices(self, tournament_id: int, user: int) -> tuple[Notice, ...]:
        """The notices kept for the organizer, if `user` is the organizer (given once:
        they are dropped)."""
        taken: tuple[Notice, ...] = ()

        def take(tournament: Tournament) -> Tournament | None:
            nonlocal taken
            if user != tournament.organizer or not tournament.notices:
                return None
            taken = tournament.notices
            return replace(tournament, notices=())

        await self.change(tournament_id, take)
        return taken

    def check_can_start(self, tournament: Tournament) -> None:
        """TooFewEntrants unless one table can be seated."""
        if len(tournament.entrants) < max(2, tournament.settings.min_size):
            raise TooFewEntrants(max(2, tournament.settings.min_size))


def skipping_unfinished(tournament: Tournament) -> Tournament:
    """`tournament` with its current round's tables without a result counted as skipped
    (abandoned)."""
    current = tournament.current
    if current is None:
        return tournament
    slots = tuple(slot if slot.done else replace(slot, abandoned=True) for slot in current.slots)
    return with_round(tournament, replace(current, slots=slots))


def _without(tournament: Tournament, user: int) -> Tournament:
    index = tournament.entrant_of(user)
    if index is None or not tournament.entrants[index].active:
        raise NotEntered()
    if tournament.status == TournamentStatus.SIGNUP:
        kept = tuple(e for e in tournament.entrants if e.user != user)
        return replace(tournament, entrants=kept)
    if tournament.status not in LIVE_TOURNAMENTS:
        raise TournamentNotRunning()
    entrants = list(tournament.entrants)
    entrants[index] = replace(entrants[index], active=False)
    return replace(tournament, entrants=tuple(entrants))


def _next_computer_slot(tournament: Tournament) -> int:
    """A computer slot no entrant (present or former) of the tournament uses."""
    users = [u for e in tournament.entrants for u in (e.user, *e.former)]
    slots = [-u // 10 for u in users if computer_level(u) is not None]
    return max(slots, default=0) + 1
