"""Computer moves in worker processes: a legal move, or the default action on failure."""

from __future__ import annotations

import logging
import time

import pytest

from bot.ai.runner import ComputerRunner, MoveRequest, compute_move, make_request
from bot.games.coal_baron.state import CoalBaronState
from bot.games.saboteur.state import SaboteurState
from tests.ai.positions import midgame


def crashing(request: MoveRequest) -> str:
    raise RuntimeError("the search fell over")


def stuck(request: MoveRequest) -> str:
    time.sleep(30)
    return "never"


def illegal(request: MoveRequest) -> str:
    return "bank bank bank"


def test_a_worker_answers_from_the_request_alone() -> None:
    state, events = midgame(SaboteurState, 4, 3, 10)
    seat = state.to_act()[0]
    request = make_request(state, seat, events, "easy", 1.0, seed=1)
    assert all(seat_told in (None, seat) for _, _, seat_told in request.events)
    action = state.parse_action(seat, compute_move(request))
    assert action in state.legal_actions(seat)


async def test_the_runner_plays_the_computers_move() -> None:
    state, events = midgame(CoalBaronState, 2, 3, 12)
    seat = state.to_act()[0]
    runner = ComputerRunner(seconds=0.2)
    try:
        move = await runner.move(state, seat, events, "normal", seed=4)
    finally:
        runner.close()
    assert move.fallback is None
    assert move.action in state.legal_actions(seat)


@pytest.mark.parametrize("compute", [crashing, illegal])
async def test_a_failed_search_plays_the_default_action(
    compute: object, caplog: pytest.LogCaptureFixture
) -> None:
    state, events = midgame(CoalBaronState, 2, 3, 12)
    seat = state.to_act()[0]
    runner = ComputerRunner(compute=compute)  # type: ignore[arg-type]
    try:
        with caplog.at_level(logging.WARNING, logger="bot.ai.runner"):
            move = await runner.move(state, seat, events, "easy", seed=4)
    finally:
        runner.close()
    assert move.action == state.default_action(seat)
    assert move.fallback is not None
    assert "default action" in caplog.text


async def test_a_search_past_the_hard_limit_is_killed_and_replaced() -> None:
    state, events = midgame(CoalBaronState, 2, 3, 12)
    seat = state.to_act()[0]
    runner = ComputerRunner(hard_limit=0.5, compute=stuck)
    try:
        started = time.perf_counter()
        move = await runner.move(state, seat, events, "easy", seed=4)
        assert time.perf_counter() - started < 5
        assert move.action == state.default_action(seat)
        assert move.fallback is not None and "0.5 s" in move.fallback
        runner._compute = compute_move
        again = await runner.move(state, seat, events, "easy", seed=4)
        assert again.fallback is None
    finally:
        runner.close()
