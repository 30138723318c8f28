"""A table's life told by the service (`bot.service.life`): each change stored is
published once committed, with its cause, whatever path made it (issue 41)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from bot.service import GameService
from bot.service.life import Event, PlayerLeft, SeatHandedOver, TableEnded
from bot.storage import Storage
from bot.storage.table_settings import LEFT, PLACE_GONE, stand_ins
from tests.test_service import ALICE, BOB, CAROL, CHANNEL, FakeClock, open_tiny, play_any

__all__ = ["FakeClock"]


@pytest.fixture
async def service(database_location: str) -> AsyncIterator[GameService]:
    storage = await Storage.open(database_location)
    yield GameService(storage, clock=FakeClock())
    await storage.close()


def heard(service: GameService) -> list[Event]:
    """Every event the service publishes from now on, in order."""
    events: list[Event] = []

    async def keep(event: Event) -> None:
        events.append(event)

    service.life.listen(TableEnded, keep)
    service.life.listen(SeatHandedOver, keep)
    service.life.listen(PlayerLeft, keep)
    return events


async def test_every_end_is_told_once_with_its_cause(service: GameService) -> None:
    events = heard(service)
    abandoned = await open_tiny(service, ALICE, BOB)
    await service.tables.abandon(abandoned.id, ALICE, can_manage=False)
    gone = await open_tiny(service, ALICE, BOB)
    await service.tables.place_gone(CHANNEL)
    finished = await open_tiny(service, ALICE, BOB)
    rng = random.Random(1)
    while finished.status == "playing":
        finished = await play_any(service, finished, rng)
    lobby = await service.tables.open_table(guild_id=1, channel_id=CHANNEL, game="tiny",
                                            creator_id=CAROL, reminder_minutes=10)
    await service.tables.leave(lobby.id, CAROL)  # the creator closes the lobby
    await service.life.settle()
    ended = [(e.table.id, e.cause) for e in events if isinstance(e, TableEnded)]
    assert ended == [(abandoned.id, "abandoned"), (gone.id, PLACE_GONE),
                     (finished.id, "finished"), (lobby.id, "abandoned")]
    assert all(isinstance(e, TableEnded) for e in events)  # nothing else happened


async def test_a_player_who_left_is_told_with_the_seats_handed_to_a_computer(
    service: GameService,
) -> None:
    events = heard(service)
    first = await open_tiny(service, ALICE, BOB)
    second = await open_tiny(service, BOB, CAROL, channel=CHANNEL + 1)
    changed = await service.seats.player_left(1, BOB)
    await service.life.settle()
    assert sorted(t.id for t in changed) == [first.id, second.id]
    assert stand_ins(changed[0]) in ({1: LEFT}, {0: LEFT})
    handed = sorted((e.table.id, e.seat, e.reason) for e in events
                    if isinstance(e, SeatHandedOver))
    assert handed == [(first.id, 1, LEFT), (second.id, 0, LEFT)]
    (left,) = [e for e in events if isinstance(e, PlayerLeft)]
    assert (left.guild_id, left.user_id) == (1, BOB)
    assert sorted(t.id for t in left.tables) == [first.id, second.id]
    assert await service.seats.player_left(1, BOB) == []  # said twice: nothing changes
    await service.life.settle()
    assert len([e for e in events if isinstance(e, SeatHandedOver)]) == 2


async def test_a_listener_that_fails_leaves_the_change_stored(
    service: GameService, caplog: pytest.LogCaptureFixture
) -> None:
    async def broken(event: TableEnded) -> None:
        raise RuntimeError("a listener's bug")

    service.life.listen(TableEnded, broken)
    table = await open_tiny(service, ALICE, BOB)
    await service.tables.abandon(table.id, ALICE, can_manage=False)
    await service.life.settle()
    assert (await service.tables.get_table(table.id)).status == "abandoned"
    assert "a listener of TableEnded failed" in caplog.text  # a bug: an error, on purpose
    caplog.clear()
