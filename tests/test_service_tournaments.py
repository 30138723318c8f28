"""The tournaments' service piece (bot/service/tournaments.py, tournament_rounds.py): the
sign-up, the organizer's authority, rounds opened through the tables, results read at
the tables' end, the deadline, and a round advanced exactly once by two processes, on
both backends."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import tests.tinygame  # noqa: F401  (registers "tiny")
from bot.service import GameService, Table, TableStatus
from bot.service.errors import SeatKept
from bot.service.tournament_record import (
    AlreadyEntered,
    NotEntered,
    NotOrganizer,
    Settings,
    SignUpClosed,
    TakerEntered,
    TooFewEntrants,
    Tournament,
    TournamentNotPaused,
)
from bot.storage import Storage
from bot.storage.records import TournamentStatus
from bot.storage.table_settings import DEADLINE, DROPPED, WITHDRAWN, stand_ins
from bot.tournaments import Format
from tests.postgres_support import PostgresCluster

ORGANIZER = 1
GUILD = 7 << 22


@pytest.fixture(params=("sqlite", "postgresql"))
async def location(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "postgresql":
        cluster: PostgresCluster = request.getfixturevalue("postgres_cluster")
        return await cluster.create_database()
    return str(tmp_path / "db.sqlite3")


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def service(location: str) -> AsyncIterator[tuple[GameService, Clock]]:
    storage = await Storage.open(location)
    clock = Clock()
    yield GameService(storage, clock=clock), clock
    await storage.close()


def swiss(rounds: int = 3, minutes: int = 60) -> Settings:
    return Settings("tiny", Format.SWISS, rounds, 2, 2, minutes)


async def signed_up(service: GameService, people: int, settings: Settings | None = None
                    ) -> Tournament:
    tournament = await service.tournaments.create(
        guild_id=GUILD, channel_id=100, organizer=ORGANIZER, settings=settings or swiss())
    for user in range(10, 10 + people):
        tournament = await service.tournaments.join(tournament.id, user)
    return tournament


async def open_round(service: GameService, tournament_id: int) -> list[Table]:
    tournament = await service.tournaments.get(tournament_id)
    rounds = service.tournament_rounds
    tables = []
    for index in rounds.pending(tournament):
        assert await rounds.claim(tournament.id, len(tournament.rounds), index)
        channel = 1000 * len(tournament.rounds) + index
        tables.append(await rounds.open_slot(tournament.id, len(tournament.rounds), index,
                                             channel, reminder_minutes=5))
    return tables


async def play_out(service: GameService, table: Table, rng: random.Random) -> Table:
    """Random moves to the end: a person's own, or a computer's for a seat it plays."""
    while table.status == TableStatus.PLAYING:
        assert table.state is not None
        seat = table.state.to_act()[0]
        action = table.state.format_action(rng.choice(table.state.legal_actions(seat)))
        if seat in stand_ins(table):
            played = await service.moves.play_for(table.id, seat, action, table.version,
                                                  played_by=-1)
        else:
            played = await service.moves.act(table.id, table.seats[seat], action)
        table = played.table
    return table


async def test_the_sign_up_and_who_may_start(service: tuple[GameService, Clock]) -> None:
    svc, _ = service
    tournament = await signed_up(svc, 1)
    with pytest.raises(AlreadyEntered):
        await svc.tournaments.join(tournament.id, 10)
    with pytest.raises(NotEntered):
        await svc.tournaments.leave(tournament.id, 99)
    with pytest.raises(NotOrganizer):
        await svc.tournaments.add_computer(tournament.id, 10, "easy", can_manage=False)
    with pytest.raises(NotOrganizer):
        await svc.tournament_rounds.start(tournament.id, 10, can_manage=False)
    with pytest.raises(TooFewEntrants):
        await svc.tournament_rounds.start(tournament.id, ORGANIZER, can_manage=False)
    # a member who may manage the server may, as the organizer
    tournament = await svc.tournaments.add_computer(tournament.id, 10, "easy", can_manage=True)
    assert tournament.entrants[-1].user == -11
    tournament = await svc.tournaments.leave(tournament.id, 10)
    tournament = await svc.tournaments.join(tournament.id, 10)
    started = await svc.tournament_rounds.start(tournament.id, ORGANIZER, can_manage=False)
    assert started.status == TournamentStatus.RUNNING and len(started.rounds) == 1
    with pytest.raises(SignUpClosed):
        await svc.tournaments.join(tournament.id, 50)


async def test_a_swiss_tournament_runs_through_its_tables_to_the_end(
    service: tuple[GameService, Clock],
) -> None:
    svc, _ = service
    rng = random.Random(5)
    tournament = await signed_up(svc, 5)
    await svc.tournament_rounds.start(tournament.id, ORGANIZER, can_manage=False)
    byes: list[int] = []
    for number in range(1, 4):
        tables = await open_round(svc, tournament.id)
        assert len(tables) == 2 and all(t.status == TableStatus.PLAYING for t in tables)
        current = (await svc.tournaments.get(tournament.id)).current
        assert current is not None and current.number == number
        byes.extend(current.byes)
        for table in tables:
            ended = await play_out(svc, table, rng)
            assert await svc.tournament_rounds.table_ended(ended) is not None
            assert await svc.tournament_rounds.table_ended(ended) is None  # recorded once
        await svc.tournament_rounds.advance(tournament.id)
    finished = await svc.tournaments.get(tournament.id)
    assert finished.status == TournamentStatus.FINISHED
    assert len(set(byes)) == 3  # three rounds, three different byes
    lines = finished.standings()
    assert sum(line.played for line in lines) == 12 and sum(line.byes for line in lines) == 3
    assert lines[0].points >= lines[-1].points
    # tournament games count in the ratings like any other
    assert len(await svc.results.summaries(GUILD)) == 6


async def test_a_round_is_advanced_once_by_two_processes(location: str) -> None:
    first, second = await Storage.open(location), await Storage.open(location)
    one, two = GameService(first), GameService(second)
    tournament = await signed_up(one, 4)
    await one.tournament_rounds.start(tournament.id, ORGANIZER, can_manage=False)
    current = (await two.tournaments.get(tournament.id)).current
    assert current is not None
    claims = await asyncio.gather(*(svc.tournament_rounds.claim(tournament.id, 1, index)
                                    for svc in (one, two) for index in (0, 1)))
    assert sum(claim is not None for claim in claims) == 2  # each slot once
    for index in (0, 1):
        table = await one.tournament_rounds.open_slot(tournament.id, 1, index, 500 + index, 5)
        ended = await play_out(one, table, random.Random(index))
        await (one if index else two).tournament_rounds.table_ended(ended)
    advanced = await asyncio.gather(*(svc.tournament_rounds.advance(tournament.id)
                                      for svc in (one, two, one, two)))
    assert sum(result is not None for result in advanced) == 1
    assert len((await one.tournaments.get(tournament.id)).rounds) == 2
    await first.close()
    await second.close()


async def test_at_the_deadline_computers_play_the_idle_seats(
    service: tuple[GameService, Clock],
) -> None:
    svc, clock = service
    tournament = await signed_up(svc, 4, swiss(minutes=30))
    await svc.tournament_rounds.start(tournament.id, ORGANIZER, can_manage=False)
    tables = await open_round(svc, tournament.id)
    clock.now += 29 * 60
    assert await svc.tournament_rounds.overtime(tournament.id) == []
    clock.now += 2 * 60
    late = await svc.tournament_rounds.overtime(tournament.id)
    assert [t.id for t in late] == [t.id for t in tables]
    assert all(set(stand_ins(t).values()) == {"deadline"} and len(stand_ins(t)) == 2
               for t in late)
    after = await svc.tournaments.get(tournament.id)
    assert after.current is not None and after.current.overtime
    assert after.by_computer() == {}  # counted when a game ends with a result
    # the deadline's stand-in is given back on "I'm back"...
    first, second = late
    back = await svc.seats.hand_back(first.id, first.seats[0])
    assert stand_ins(back) == {1: DEADLINE}
    # ...until the player withdraws: then the computer keeps the seat to the end
    out = await svc.tournaments.withdraw(tournament.id, first.seats[1])
    kept = await svc.tournament_rounds.stand_in_for(out, first.seats[1], WITHDRAWN)
    assert kept is not None and stand_ins(kept) == {1: WITHDRAWN}
    with pytest.raises(SeatKept):
        await svc.seats.hand_back(first.id, first.seats[1])
    # a computer finished the withdrawn seat (and the second table's two); the person who
    # came back finished their own: only the computers' count, once the games ended
    rng = random.Random(3)
    for table in (await svc.tables.get_table(first.id), second):
        ended = await play_out(svc, table, rng)
        await svc.tournament_rounds.table_ended(ended)
    counted = await svc.tournaments.get(tournament.id)
    entrant = {user: counted.entrant_of(user) for user in (*first.seats, *second.seats)}
    assert counted.by_computer() == {entrant[first.seats[1]]: 1, entrant[second.seats[0]]: 1,
                                     entrant[second.seats[1]]: 1}


async def test_pause_drop_withdraw_and_cancel(service: tuple[GameService, Clock]) -> None:
    svc, clock = service
    tournament = await signed_up(svc, 5)
    tid = tournament.id
    await svc.tournament_rounds.start(tid, ORGANIZER, can_manage=False)
    tables = await open_round(svc, tid)
    with pytest.raises(NotOrganizer):
        await svc.tournaments.pause(tid, 10, can_manage=False)
    with pytest.raises(TournamentNotPaused):
        await svc.tournaments.resume(tid, ORGANIZER, can_manage=False)
    paused = await svc.tournaments.pause(tid, ORGANIZER, can_manage=False)
    assert paused.to_row().due_at is None
    clock.now += 600
    resumed = await svc.tournaments.resume(tid, ORGANIZER, can_manage=False)
    assert resumed.current is not None and paused.current is not None
    assert resumed.current.deadline == paused.current.deadline + 600
    seated = tables[0].seats[0]
    with pytest.raises(NotOrganizer):
        await svc.tournaments.drop(tid, 11, seated, can_manage=False)
    dropped = await svc.tournaments.drop(tid, ORGANIZER, seated, can_manage=False)
    table = await svc.tournament_rounds.stand_in_for(dropped, seated, DROPPED)
    assert table is not None and stand_ins(table) == {0: "dropped"}
    with pytest.raises(SeatKept) as kept:  # the computer plays it to the end
        await svc.seats.hand_back(table.id, seated)
    assert kept.value.key == "seat_kept_dropped"
    with pytest.raises(SeatKept):
        await svc.moves.act(table.id, seated, "x")
    withdrawn = await svc.tournaments.withdraw(tid, tables[1].seats[1])
    assert sum(e.active for e in withdrawn.entrants) == 3
    replaced = await svc.tournaments.replace_entrant(tid, ORGANIZER, 12, None, can_manage=False)
    assert replaced.entrants[2].user < 0 and replaced.entrants[2].former == (12,)
    cancelled = await svc.tournaments.cancel(tid, ORGANIZER, can_manage=False)
    closed = await svc.tournament_rounds.close_tables(cancelled)
    assert {t.status for t in closed} == {TableStatus.ABANDONED} and len(closed) == 2
    assert await svc.tournament_rounds.table_ended(closed[0]) is None  # cancelled: not recorded
    # the open tables count as skipped, as documented; the bye as a bye
    lines = cancelled.standings()
    assert sorted(line.skipped for line in lines) == [0, 1, 1, 1, 1]
    assert sum(line.byes for line in lines) == 1 and sum(line.played for line in lines) == 0


async def test_a_table_half_opened_by_a_claimer_that_died_is_finished_not_opened_again(
    service: tuple[GameService, Clock],
) -> None:
    svc, clock = service
    tournament = await signed_up(svc, 2)
    await svc.tournament_rounds.start(tournament.id, ORGANIZER, can_manage=False)
    rounds = svc.tournament_rounds
    assert await rounds.claim(tournament.id, 1, 0)
    # the claimer opened the table, seated its first player, then died
    half = await svc.tables.open_table(
        guild_id=GUILD, channel_id=700, game="tiny", creator_id=10, reminder_minutes=5,
        options={"table": {"tournament": [tournament.id, 1, 0]}})
    assert not await rounds.claim(tournament.id, 1, 0)  # claimed: nobody else opens it
    clock.now += 119
    assert not await rounds.claim(tournament.id, 1, 0)
    clock.now += 1  # the lease is over
    assert await rounds.claim(tournament.id, 1, 0)
    table = await rounds.open_slot(tournament.id, 1, 0, 701, 5)
    assert table.id == half.id and table.status == TableStatus.PLAYING
    assert table.seats == (10, 11) and table.channel_id == 700
    current = (await svc.tournaments.get(tournament.id)).current
    assert current is not None and current.slots[0].table_id == half.id
    assert rounds.pending(await svc.tournaments.get(tournament.id)) == []


async def test_an_entrant_is_replaced_by_someone_not_entered(
    service: tuple[GameService, Clock],
) -> None:
    svc, _ = service
    tournament = await signed_up(svc, 3)
    with pytest.raises(TakerEntered):
        await svc.tournaments.replace_entrant(tournament.id, ORGANIZER, 10, 11, can_manage=False)
    changed = await svc.tournaments.replace_entrant(tournament.id, ORGANIZER, 10, 50,
                                                    can_manage=False)
    assert changed.entrants[0].user == 50 and changed.entrants[0].former == (10,)


async def test_a_claim_renewed_while_its_holder_waits_is_never_claimed_twice(
    service: tuple[GameService, Clock],
) -> None:
    """Discord makes the holder wait minutes for a thread: renewed, its claim outlasts
    the lease; the thread made is kept on the slot at once; a holder whose claim was
    lost can neither renew it nor keep a place; a released claim is free at once."""
    svc, clock = service
    tournament = await signed_up(svc, 4)
    await svc.tournament_rounds.start(tournament.id, ORGANIZER, can_manage=False)
    rounds = svc.tournament_rounds
    token = await rounds.claim(tournament.id, 1, 0)
    assert token is not None
    for _ in range(4):  # 4 × 100 s: past the lease of 120 s, renewed meanwhile
        clock.now += 100
        assert await rounds.renew(tournament.id, 1, 0, token)
        assert await rounds.claim(tournament.id, 1, 0) is None
    assert await rounds.keep_place(tournament.id, 1, 0, token, 900)
    clock.now += 120  # its holder died after making the thread
    again = await rounds.claim(tournament.id, 1, 0)
    assert again is not None and again != token
    assert not await rounds.renew(tournament.id, 1, 0, token)
    assert not await rounds.keep_place(tournament.id, 1, 0, token, 901)
    current = (await svc.tournaments.get(tournament.id)).current
    assert current is not None and current.slots[0].channel_id == 900  # found again
    other = await rounds.claim(tournament.id, 1, 1)
    assert other is not None
    await rounds.release(tournament.id, 1, 1, other)
    assert await rounds.claim(tournament.id, 1, 1) is not None
