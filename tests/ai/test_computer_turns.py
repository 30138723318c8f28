"""Computer seats at a table, through the real game service."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.ai.runner import ComputerRunner
from bot.computer_turns import (
    ComputerTurns,
    add_computer,
    computer_id,
    computer_level,
    computer_seats,
    remove_computer,
)
from bot.errors import NotCreator, SkipTooEarly
from bot.games.coal_baron import CoalBaronState
from bot.service import GameService
from bot.storage import Storage

ALICE, BOB = 101, 102


class Clock:
    now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    storage = await Storage.open(tmp_path / "db.sqlite3")
    yield GameService(storage, clock=Clock())
    await storage.close()


@pytest.fixture
def runner() -> Iterator[ComputerRunner]:
    runner = ComputerRunner(seconds=0.2)
    yield runner
    runner.close()


async def lobby(service: GameService, game: str) -> int:
    table = await service.open_table(
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
    await add_computer(service, table_id, ALICE, "easy")
    table = await add_computer(service, table_id, ALICE, "easy")
    assert table.seats == (ALICE, -11, -21)
    with pytest.raises(NotCreator):
        await add_computer(service, table_id, BOB, "strong")
    table = await remove_computer(service, table_id, ALICE, -11)
    assert table.seats == (ALICE, -21)
    assert computer_seats(table) == {1: "easy"}


async def test_a_person_and_a_computer_take_turns_at_coal_baron(
    service: GameService, runner: ComputerRunner
) -> None:
    table_id = await lobby(service, "coal-baron")
    await add_computer(service, table_id, ALICE, "easy")
    await service.start(table_id, ALICE)
    turns = ComputerTurns(service, runner)
    computer_moves = 0
    while computer_moves < 25:
        computer_moves += len(await turns.play(table_id))
        table = await service.get_table(table_id)
        assert table.state is not None and table.users_to_act() == (ALICE,)
        (seat,) = table.state.to_act()
        default = table.state.format_action(table.state.default_action(seat))
        await service.act(table_id, ALICE, default)
    assert isinstance(table.state, CoalBaronState) and table.state.phase == "play"


async def test_computers_play_until_a_person_is_to_act(
    service: GameService, runner: ComputerRunner
) -> None:
    table_id = await lobby(service, "saboteur")
    for level in ("easy", "normal", "easy"):
        await add_computer(service, table_id, ALICE, level)
    table = await service.start(table_id, ALICE)
    assert table.state is not None and table.users_to_act() == (ALICE,)
    default = table.state.format_action(table.state.default_action(0))
    await service.act(table_id, ALICE, default)
    results = await ComputerTurns(service, runner).play(table_id)
    assert [result.seat for result in results] == [1, 2, 3]
    assert (await service.get_table(table_id)).users_to_act() == (ALICE,)


async def test_a_computer_takes_over_an_idle_seat_after_the_skip_delay(
    service: GameService, runner: ComputerRunner
) -> None:
    table_id = await lobby(service, "coal-baron")
    await service.join(table_id, BOB)
    table = await service.start(table_id, ALICE)
    turns = ComputerTurns(service, runner)
    with pytest.raises(SkipTooEarly):
        await turns.take_over(table_id, "easy", now=table.turn_started_at + 60)
    idle = table.users_to_act()
    result = await turns.take_over(table_id, "easy", now=table.turn_started_at + 2 * 10 * 60)
    assert table.seats[result.seat] in idle
    after = await service.get_table(table_id)
    assert after.version == table.version + 1
