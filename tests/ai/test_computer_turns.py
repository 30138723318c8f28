"""Computer seats at a table, through the real game service."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.ai.runner import ComputerRunner
from bot.ai.table_turns import ComputerTurns
from bot.games.coal_baron import CoalBaronState
from bot.service import GameService, Table
from bot.service.computers import (
    computer_id,
    computer_level,
    computer_seats,
    playing_computers,
)
from bot.service.errors import (
    ActionPlayedBySkip,
    NobodyAway,
    NotCreator,
    NotStoodIn,
    SkipTooEarly,
    TakeoverOff,
)
from bot.storage import Storage
from bot.storage.table_settings import stand_ins

ALICE, BOB = 101, 102


class Clock:
    now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def service(tmp_path: Path, clock: Clock) -> AsyncIterator[GameService]:
    storage = await Storage.open(tmp_path / "db.sqlite3")
    yield GameService(storage, clock=clock)
    await storage.close()


@pytest.fixture
def runner() -> Iterator[ComputerRunner]:
    runner = ComputerRunner(seconds=0.2)
    yield runner
    runner.close()


async def lobby(service: GameService, game: str) -> int:
    table = await service.tables.open_table(
        guild_id=1, channel_id=7, game=game, creator_id=ALICE, reminder_minutes=10, seed=3
    )
    return table.id


def test_a_computer_seat_id_says_its_level() -> None:
    assert computer_id(1, "easy") == -11 and computer_id(2, "strong") == -23
    assert [computer_level(i) for i in (-11, -22, -13, 101, -10)] == [
        "easy", "normal", "strong", None, None,
    ]


async def test_the_creator_adds_and_removes_computers(service: GameService) -> None:
    table_id = await lobby(service, "saboteur")
    await service.tables.add_computer(table_id, ALICE, "easy")
    table = await service.tables.add_computer(table_id, ALICE, "easy")
    assert table.seats == (ALICE, -11, -21)
    with pytest.raises(NotCreator):
        await service.tables.add_computer(table_id, BOB, "strong")
    table = await service.tables.remove_computer(table_id, ALICE, -11)
    assert table.seats == (ALICE, -21)
    assert computer_seats(table) == {1: "easy"}


async def test_computers_added_at_once_each_get_a_seat_of_their_own(
    service: GameService,
) -> None:
    """Two clicks of the creator at once (the slot is chosen under the table's lock,
    in the service: chosen before it, both computers had the same id)."""
    table_id = await lobby(service, "saboteur")
    await asyncio.gather(*(service.tables.add_computer(table_id, ALICE, "easy")
                           for _ in range(3)))
    table = await service.tables.get_table(table_id)
    assert table.seats == (ALICE, -11, -21, -31)


async def test_a_person_and_a_computer_take_turns_at_coal_baron(
    service: GameService, runner: ComputerRunner
) -> None:
    table_id = await lobby(service, "coal-baron")
    await service.tables.add_computer(table_id, ALICE, "easy")
    await service.tables.start(table_id, ALICE)
    turns = ComputerTurns(service, runner)
    computer_moves = 0
    while computer_moves < 25:
        computer_moves += len(await turns.play_due(table_id))
        table = await service.tables.get_table(table_id)
        assert table.state is not None and table.users_to_act() == (ALICE,)
        (seat,) = table.state.to_act()
        default = table.state.format_action(table.state.default_action(seat))
        await service.moves.act(table_id, ALICE, default)
    assert isinstance(table.state, CoalBaronState) and table.state.phase == "play"


async def test_computers_play_until_a_person_is_to_act(
    service: GameService, runner: ComputerRunner
) -> None:
    table_id = await lobby(service, "saboteur")
    for level in ("easy", "normal", "easy"):
        await service.tables.add_computer(table_id, ALICE, level)
    table = await service.tables.start(table_id, ALICE)
    assert table.state is not None and table.users_to_act() == (ALICE,)
    default = table.state.format_action(table.state.default_action(0))
    await service.moves.act(table_id, ALICE, default)
    results = await ComputerTurns(service, runner).play_due(table_id)
    assert [result.seat for result in results] == [1, 2, 3]
    assert (await service.tables.get_table(table_id)).users_to_act() == (ALICE,)


async def two_people(service: GameService, *, takeover: bool) -> tuple[Table, int, int]:
    """A started Coal Baron table of alice and bob; the user to act and the other."""
    table_id = await lobby(service, "coal-baron")
    await service.tables.join(table_id, BOB)
    await service.seats.set_takeover(table_id, ALICE, takeover)
    table = await service.tables.start(table_id, ALICE)
    (idle,) = table.users_to_act()
    return table, idle, ALICE + BOB - idle


async def test_a_computer_takes_over_an_idle_seat_until_its_player_acts_again(
    service: GameService, runner: ComputerRunner, clock: Clock
) -> None:
    table, idle, other = await two_people(service, takeover=True)
    with pytest.raises(SkipTooEarly):
        await service.seats.take_over(table.id, other)
    clock.now += 2 * 10 * 60
    taken, seat = await service.seats.take_over(table.id)
    assert table.seats[seat] == idle and stand_ins(taken) == {seat: "idle"}
    assert taken.version == table.version, "a setting is no move: the buttons stay valid"
    turns = ComputerTurns(service, runner)
    results = await turns.play_due(table.id)
    assert results and {result.seat for result in results} == {seat}
    with pytest.raises(ActionPlayedBySkip):
        await service.moves.take_back(table.id, idle)
    table = await service.tables.get_table(table.id)
    assert table.state is not None and table.users_to_act() == (other,)
    await service.moves.act(table.id, other, table.state.format_action(table.state.default_action(
        1 - seat)))
    assert {result.seat for result in await turns.play_due(table.id)} == {seat}, "still taken over"
    # the player says they are back (acting on their own turn does too: next test)
    await service.seats.hand_back(table.id, idle)
    table = await service.tables.get_table(table.id)
    assert stand_ins(table) == {}
    with pytest.raises(NotStoodIn):
        await service.seats.hand_back(table.id, idle)


async def test_acting_again_takes_the_seat_back(
    service: GameService, clock: Clock
) -> None:
    table, idle, _ = await two_people(service, takeover=True)
    clock.now += 2 * 10 * 60
    await service.seats.take_over(table.id)
    assert table.state is not None
    seat = table.seats.index(idle)
    idle_action = table.state.format_action(table.state.default_action(seat))
    await service.moves.act(table.id, idle, idle_action)
    assert stand_ins(await service.tables.get_table(table.id)) == {}


async def test_without_the_option_no_computer_takes_over(
    service: GameService, clock: Clock
) -> None:
    table, _, other = await two_people(service, takeover=False)
    clock.now += 2 * 10 * 60
    with pytest.raises(TakeoverOff):
        await service.seats.take_over(table.id, other)
    with pytest.raises(NotCreator):
        await service.seats.set_takeover(table.id, BOB, True)


async def test_the_table_votes_a_computer_in_for_a_player_away(
    service: GameService, clock: Clock
) -> None:
    table_id = await lobby(service, "saboteur")
    for user in (BOB, 103):
        await service.tables.join(table_id, user)
    table = await service.tables.start(table_id, ALICE)
    await service.preferences.set_away(BOB, clock.now + 86_400)
    with pytest.raises(NobodyAway):
        await service.seats.vote_stand_in(table_id, BOB)
    assert await service.seats.vote_stand_in(table_id, ALICE) == {BOB: (1, 2)}
    assert stand_ins(await service.tables.get_table(table_id)) == {}
    assert await service.seats.vote_stand_in(table_id, 103) == {BOB: (2, 2)}
    voted = await service.tables.get_table(table_id)
    assert stand_ins(voted) == {1: "away"} and playing_computers(voted) == {1: "normal"}
    assert voted.version == table.version
    await service.seats.hand_back(table_id, BOB)
    assert stand_ins(await service.tables.get_table(table_id)) == {}
