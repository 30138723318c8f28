"""`GameService.history` (bot/service/history.py): the actions since a seat's own last
one, replayed from the log and kept between calls, for the "since your last turn"
digest; a take-back or a log that no longer replays is noticed."""

from __future__ import annotations

import logging

import pytest

from bot.games.errors import IllegalAction
from bot.service import GameService
from bot.storage import Storage
from tests.test_service import ALICE, BOB, FakeClock, clock, open_tiny, service, storage

__all__ = ["clock", "service", "storage"]  # fixtures


async def test_the_actions_since_a_seats_last_one_follow_the_log(service: GameService) -> None:
    table = await open_tiny(service, ALICE, BOB)
    alice_first = await service.history.since_last(table, 0)
    assert alice_first is not None and alice_first.steps == () and not alice_first.acted
    await service.moves.act(table.id, ALICE, "keep")
    table = (await service.moves.act(table.id, BOB, "swap")).table  # both chose: alice adds
    since = await service.history.since_last(table, 0)
    assert since is not None and since.acted
    assert [(step.seat, step.notation) for step in since.steps] == [(1, "swap")]
    assert since.now.to_json() == table.state.to_json()  # type: ignore[union-attr]
    table = (await service.moves.act(table.id, ALICE, "add 2")).table
    table = (await service.moves.act(table.id, BOB, "add 3")).table
    since = await service.history.since_last(table, 0)  # only the new actions replayed
    assert since is not None and [step.notation for step in since.steps] == ["add 3"]
    assert since.before.to_json() != since.now.to_json()


async def test_a_take_back_is_left_out(service: GameService) -> None:
    table = await open_tiny(service, ALICE, BOB)
    await service.moves.act(table.id, ALICE, "keep")
    await service.moves.act(table.id, BOB, "keep")
    table = (await service.moves.act(table.id, ALICE, "add 1")).table
    assert await service.history.since_last(table, 1) is not None  # kept up to "add 1"
    back = await service.moves.take_back(table.id, ALICE)
    since = await service.history.since_last(back.table, 1)
    assert since is not None and [step.notation for step in since.steps] == []
    since = await service.history.since_last(back.table, 0)
    assert since is not None and [step.notation for step in since.steps] == ["keep"]
    table = (await service.moves.act(table.id, ALICE, "add 3")).table
    since = await service.history.since_last(table, 1)
    assert since is not None and [step.notation for step in since.steps] == ["add 3"]


async def test_a_log_that_no_longer_replays_gives_nothing(
    service: GameService, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """An engine whose rules changed since the game began: no digest, a warning."""
    table = await open_tiny(service, ALICE, BOB)
    await service.moves.act(table.id, ALICE, "keep")
    table = (await service.moves.act(table.id, BOB, "keep")).table

    def refused(*args: object) -> None:
        raise IllegalAction("not any more")

    monkeypatch.setattr(type(table.state), "apply", refused)
    with caplog.at_level(logging.WARNING, logger="bot.service.history"):
        assert await service.history.since_last(table, 0) is None
    assert "does not replay" in caplog.text


async def test_the_last_action_is_replayed_with_its_events_from_the_log(
    service: GameService, storage: Storage, clock: FakeClock
) -> None:
    """`History.last`: what a picture drawn on demand tells as the last move, the same in a
    new service on the same storage (a restart, another process)."""
    table = await open_tiny(service, ALICE, BOB)
    assert await service.history.last(table) is None
    await service.moves.act(table.id, ALICE, "keep")
    played = await service.moves.act(table.id, BOB, "swap")
    last = await service.history.last(played.table)
    assert last is not None and (last.seat, last.notation) == (1, "swap")
    assert last.events == played.events
    assert last.state.to_json() == played.table.state.to_json()  # type: ignore[union-attr]
    assert await service.history.since_last(played.table, 1) is not None  # trims to there
    again = await service.history.last(played.table)
    assert again is not None and again.notation == "swap"  # the last step kept
    fresh = GameService(storage, clock=clock)
    told = await fresh.history.last(played.table)
    assert told is not None and (told.seat, told.notation, told.events) == (1, "swap",
                                                                           played.events)
