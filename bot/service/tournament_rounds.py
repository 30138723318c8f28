"""A tournament's rounds: planned (`bot.tournaments.plan_round`), their tables opened
through `Tables` like any table, their results read when the tables end, and their
deadline (docs/tournaments.md, "Rounds").

A round's tables are planned once (the save of the plan is compare-and-set: of two
processes advancing a round, one does). Each table is then claimed (`claim`, a lease
of `CLAIM_LEASE_SECONDS` in case the claimer dies, with a token; its holder renews it,
`renew`, however long Discord makes it wait for a thread), its thread kept at once
(`keep_place`: a claimer that dies leaves it to the next, never a second one), opened
(`open_slot`: the table carries its tournament, round and slot in its settings, so a
table opened by a claimer that died before saving its id is found again, not opened
twice), and its id saved; then its call kept (`mark`). At the deadline, a computer
of the normal level plays every person's seat of the round's tables still in play
(`overtime`), to the end.
"""

from __future__ import annotations

from dataclasses import replace

from bot.games.base import Seat, places
from bot.service.errors import NotPlaying
from bot.service.store import TableStore
from bot.service.tables import OPEN_STATUSES, Tables
from bot.service.tournament_record import (
    NotOrganizer,
    Round,
    SignUpClosed,
    Slot,
    TooFewEntrants,
    Tournament,
    TournamentNotFound,
    with_round,
    with_slot,
)
from bot.service.tournament_slots import LIVE, TournamentSlots
from bot.service.tournaments import Tournaments, is_organizer, organizer_check
from bot.storage import Table, TableStatus
from bot.storage.records import TournamentStatus
from bot.storage.table_settings import (
    DEADLINE,
    FORFEIT,
    SETTINGS_KEY,
    can_take_back,
    settings,
    stand_ins,
    with_stand_ins,
)
from bot.tournaments import Plan, forfeit_places, plan_round

MARKER = "tournament"
"""The key of a tournament table's settings: [tournament, round, slot]."""


def marker_of(table: Table) -> tuple[int, int, int] | None:
    """The tournament, round and slot of a tournament's table (None for another)."""
    found = settings(table).get(MARKER)
    if isinstance(found, list) and len(found) == 3 and all(isinstance(n, int) for n in found):
        return found[0], found[1], found[2]
    return None


def places_of(table: Table) -> tuple[int, ...]:
    """Each seat's place at a finished table, as the game's rules rank it
    (`bot.games.base.places`: the rules' winners and tie-breaks)."""
    assert table.state is not None
    outcome = table.state.outcome()
    assert outcome is not None
    return places(outcome)


class TournamentRounds(TournamentSlots):
    """The rounds of the tournaments of `rows`, their tables opened through `tables`
    (each slot claimed as `TournamentSlots` says)."""

    def __init__(self, rows: Tournaments, store: TableStore, tables: Tables) -> None:
        super().__init__(rows)
        self._store = store
        self._tables = tables

    def _round(self, tournament: Tournament, plan: Plan) -> Round:
        now = self._rows.now()
        return Round(len(tournament.rounds) + 1, tuple(Slot(seats) for seats in plan.tables),
                     plan.byes, now, now + tournament.settings.round_minutes * 60)

    def _plan(self, tournament: Tournament) -> Plan:
        active = [i for i, e in enumerate(tournament.entrants) if e.active]
        return plan_round(tournament.settings.rules, len(tournament.entrants), active,
                          tournament.records())

    async def start(self, tournament_id: int, user: int | None, *, can_manage: bool) -> Tournament:
        """Close the sign-up and plan round 1: by the organizer, or (`user` None) at the
        sign-up deadline. TooFewEntrants when no table can be seated."""
        def start(tournament: Tournament) -> Tournament:
            if user is not None:
                organizer_check(tournament, user, can_manage)
            if tournament.status != TournamentStatus.SIGNUP:
                raise SignUpClosed()
            self._rows.check_can_start(tournament)
            plan = self._plan(tournament)
            if plan.over:
                raise TooFewEntrants(max(2, tournament.settings.min_size))
            return replace(tournament, status=TournamentStatus.RUNNING,
                           rounds=(self._round(tournament, plan),))

        return await self._rows.change(tournament_id, start)

    async def advance(self, tournament_id: int) -> Tournament | None:
        """Once every table of the round ended: plan the next round, or finish the
        tournament. Returns the tournament if this call did so (None: nothing to do,
        or another process did it)."""
        moved = False

        def advance(tournament: Tournament) -> Tournament | None:
            nonlocal moved
            current = tournament.current
            moved = (tournament.status == TournamentStatus.RUNNING and current is not None
                     and current.done)
            if not moved:
                return None
            plan = self._plan(tournament)
            if plan.over:
                return replace(tournament, status=TournamentStatus.FINISHED)
            return replace(tournament, rounds=(*tournament.rounds, self._round(tournament, plan)))

        after = await self._rows.change(tournament_id, advance)
        return after if moved else None

    async def open_slot(
        self, tournament_id: int, number: int, index: int, channel_id: int, reminder_minutes: int
    ) -> Table:
        """Open, seat and start the table of slot `index` of round `number` in
        `channel_id` (or find the one a claimer that died opened), and keep its id."""
        tournament = await self._rows.get(tournament_id)
        slot = tournament.rounds[number - 1].slots[index]
        if slot.table_id is not None:
            return await self._tables.get_table(slot.table_id)
        users = [tournament.entrants[entrant].user for entrant in slot.seats]
        table = await self._existing(tournament, number, index)
        if table is None:
            chosen = tournament.settings
            table = await self._tables.open_table(
                guild_id=tournament.guild_id, channel_id=channel_id, game=chosen.game,
                creator_id=users[0], reminder_minutes=reminder_minutes,
                options={**chosen.options, SETTINGS_KEY: {MARKER: [tournament_id, number, index]}},
            )
        for user in users:  # all of them, or those a claimer that died left unseated
            if table.status == TableStatus.LOBBY and user not in table.seats:
                table = await self._tables.join(table.id, user)
        if table.status == TableStatus.LOBBY:
            table = await self._tables.start(table.id, table.creator_id)
        opened = table

        def keep(current: Tournament) -> Tournament | None:
            if number != len(current.rounds) or current.rounds[-1].slots[index].table_id:
                return None
            return with_slot(current, index, table_id=opened.id, channel_id=opened.channel_id)

        tournament = await self._rows.change(tournament_id, keep)
        if tournament.current is not None and tournament.current.overtime:
            table = (await self._stand_in(tournament, index, None, DEADLINE)) or table
        return table

    async def _existing(self, tournament: Tournament, number: int, index: int) -> Table | None:
        if tournament.guild_id is None:
            return None
        storage = self._store.storage
        found = [*await storage.playing_tables(tournament.guild_id),
                 *await storage.lobbies(tournament.guild_id)]
        return next((t for t in found if marker_of(t) == (tournament.id, number, index)), None)

    async def table_ended(self, table: Table) -> Tournament | None:
        """Record the result of a tournament's table that finished (or was abandoned:
        its entrants count it as skipped). The tournament if this call recorded it."""
        marker = marker_of(table)
        if marker is None or table.status not in (TableStatus.FINISHED, TableStatus.ABANDONED):
            return None
        tournament_id, number, index = marker
        recorded = False

        def record(tournament: Tournament) -> Tournament | None:
            nonlocal recorded
            if tournament.status not in LIVE or number != len(tournament.rounds):
                return None
            slot = tournament.rounds[-1].slots[index]
            recorded = slot.table_id in (None, table.id) and not slot.done
            if not recorded:
                return None
            if table.status == TableStatus.FINISHED:
                finished_by = tuple(slot.seats[seat] for seat in sorted(stand_ins(table)))
                forfeited = [seat for seat, e in enumerate(slot.seats) if e in slot.forfeits]
                places = forfeit_places(places_of(table), forfeited)
                return with_slot(tournament, index, table_id=table.id, places=places,
                                 by_computer=finished_by)
            return with_slot(tournament, index, table_id=table.id, abandoned=True)

        try:
            tournament = await self._rows.change(tournament_id, record)
        except TournamentNotFound:
            return None
        return tournament if recorded else None

    async def is_forfeit(self, table: Table, user: int, *, can_manage: bool) -> bool:
        """Whether `/game abandon` by `user` at the tournament's table `table` is their
        forfeit (a person seated there) rather than the end of the table (the organizer,
        or `can_manage`: Manage Server); NotOrganizer for anyone else."""
        marker = marker_of(table)
        assert marker is not None
        tournament = await self._rows.get(marker[0])
        if is_organizer(tournament, user, can_manage):
            return False
        if user not in table.seats:
            raise NotOrganizer()
        return True

    async def end_table(self, table: Table, user: int, *, can_manage: bool) -> tuple[Table, bool]:
        """`/game abandon` at a tournament's table (docs/tournaments.md, "Forfeits"): by the
        organizer, the table ends without a result, skipped by its entrants; by a person
        seated there, their forfeit: placed last, a computer plays their seat to the end
        (`FORFEIT`), the others play on (`is_forfeit`). Returns the table and whether it
        was a forfeit."""
        if not await self.is_forfeit(table, user, can_manage=can_manage):
            return await self._tables.abandon(table.id, table.creator_id, can_manage=True), False
        tournament_id, number, index = marker_of(table) or (0, 0, 0)
        tournament = await self._rows.get(tournament_id)
        current = tournament.current
        if table.status != TableStatus.PLAYING or current is None or number != current.number:
            raise NotPlaying()
        entrant = current.slots[index].seats[table.seats.index(user)]

        def forfeit(changed: Tournament) -> Tournament | None:
            slot = changed.rounds[-1].slots[index]
            if number != len(changed.rounds) or slot.done or entrant in slot.forfeits:
                return None
            return with_slot(changed, index, forfeits=(*slot.forfeits, entrant))

        tournament = await self._rows.change(tournament_id, forfeit)
        return (await self._stand_in(tournament, index, {user}, FORFEIT)) or table, True

    async def overtime(self, tournament_id: int) -> list[Table]:
        """Past the round's deadline: a computer plays every person's seat of the
        round's tables still in play, to the end. Returns the tables it now plays at."""
        def late(tournament: Tournament) -> Tournament | None:
            current = tournament.current
            if (tournament.status != TournamentStatus.RUNNING or current is None
                    or current.overtime or self._rows.now() < current.deadline):
                return None
            return with_round(tournament, replace(current, overtime=True))

        tournament = await self._rows.change(tournament_id, late)
        current = tournament.current
        if tournament.status != TournamentStatus.RUNNING or current is None or not current.overtime:
            return []
        changed = []
        for index, slot in enumerate(current.slots):
            if slot.table_id is not None and not slot.done:
                table = await self._stand_in(tournament, index, None, DEADLINE)
                if table is not None:
                    changed.append(table)
        return changed

    async def stand_in_for(self, tournament: Tournament, user: int, why: str) -> Table | None:
        """A computer plays `user`'s seat at their table of the current round to its end,
        if it is in play; `why`: they withdrew, were dropped or replaced
        (`table_settings.FOR_GOOD`: the seat is not given back)."""
        current = tournament.current
        entrant = tournament.entrant_of(user)
        if current is None or entrant is None:
            former = [i for i, e in enumerate(tournament.entrants) if user in e.former]
            entrant = former[0] if former else None
        if current is None or entrant is None:
            return None
        index = next((i for i, s in enumerate(current.slots) if entrant in s.seats), None)
        if index is None or current.slots[index].table_id is None:
            return None
        return await self._stand_in(tournament, index, {user}, why)

    async def _stand_in(
        self, tournament: Tournament, index: int, users: set[int] | None, why: str
    ) -> Table | None:
        """A computer plays the people's seats (of `users`, or all) at the current round's
        table `index`, for `why`: a seat a computer plays already keeps its reason,
        unless `why` is for good and that reason was not (a player who left the server,
        then withdrawn, does not get the seat back on their return)."""
        current = tournament.current
        assert current is not None
        slot = current.slots[index]
        assert slot.table_id is not None
        async with self._store.locked(slot.table_id) as table:
            if table.status != TableStatus.PLAYING:
                return None
            playing = stand_ins(table)
            seats: list[Seat] = [
                seat for seat, user in enumerate(table.seats)
                if user > 0 and (users is None or user in users)
                and (seat not in playing
                     or (can_take_back(playing[seat]) and not can_take_back(why)))
            ]
            if not seats:
                return None
            changed = replace(table, options=with_stand_ins(
                table, {**playing, **{seat: why for seat in seats}}))
            return await self._store.save_settings(table, changed)

    async def close_tables(self, tournament: Tournament) -> list[Table]:
        """Abandon the tables still open of a cancelled tournament's round."""
        closed = []
        current = tournament.current
        for slot in current.slots if current else ():
            if slot.table_id is None:
                continue
            table = await self._tables.get_table(slot.table_id)
            if table.status in OPEN_STATUSES:
                closed.append(await self._tables.abandon(table.id, table.creator_id,
                                                         can_manage=True))
        return closed
