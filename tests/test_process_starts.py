"""No process starts inside a simcord run (`bot.workers.process_starts`), and the coach
says so when its worker cannot start or answer (`bot.ai.coach_worker.CoachRunner`)."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from bot.ai import coach_worker
from bot.ai.coach_worker import CoachRequest, CoachRunner, CoachUnavailable
from bot.workers.process_starts import ProcessStartRefused, no_process_starts


def test_a_process_start_is_refused_while_held_and_allowed_after() -> None:
    context = multiprocessing.get_context("fork")
    with no_process_starts("in this test"), pytest.raises(ProcessStartRefused, match="this test"):
        context.Process(target=os.getpid).start()
    process = context.Process(target=os.getpid)
    process.start()
    process.join(10)
    assert process.exitcode == 0


def test_a_pool_whose_worker_would_start_inside_refuses_at_once() -> None:
    pool = ProcessPoolExecutor(1)
    try:
        with no_process_starts("in this test"), pytest.raises(ProcessStartRefused):
            pool.submit(os.getpid)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def test_it_is_held_by_one_holder_at_a_time() -> None:
    with no_process_starts("once"), pytest.raises(RuntimeError, match="refused already"), \
            no_process_starts("twice"):
        pass


def request() -> CoachRequest:
    return CoachRequest("hint", {"actions": []}, 0, 0, 1)


def slow_compute(request: CoachRequest) -> None:
    time.sleep(1.0)


async def test_a_worker_started_before_answers_inside() -> None:
    """As at the local table: the coach's worker started first, then asked while no
    process may start."""
    runner = CoachRunner()
    try:
        await runner.start()
        with no_process_starts("in this test"):
            pids = {await asyncio.get_running_loop().run_in_executor(runner._executor(), os.getpid)
                    for _ in range(3)}
        assert len(pids) == 1 and os.getpid() not in pids
    finally:
        runner.close()


async def test_a_worker_that_cannot_start_is_unavailable_and_starts_next_time(
    caplog: pytest.LogCaptureFixture,
) -> None:
    runner = CoachRunner()
    try:
        with no_process_starts("in this test"), pytest.raises(CoachUnavailable):
            await runner.ask(request())
        assert [r.levelname for r in caplog.records] == ["WARNING"]
        assert "ProcessStartRefused" in caplog.records[0].getMessage()
        await runner.start()  # allowed again: a new worker
    finally:
        runner.close()


async def test_a_worker_that_does_not_answer_in_time_is_unavailable(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(coach_worker, "ANSWER_LIMIT", 0.1)
    monkeypatch.setattr(coach_worker, "compute", slow_compute)
    runner = CoachRunner(lambda: ThreadPoolExecutor(1))
    started = time.perf_counter()
    with pytest.raises(CoachUnavailable):
        await runner.ask(request())
    assert time.perf_counter() - started < 0.9  # not held by the stuck worker
    assert "no answer within 0.1 s" in caplog.records[0].getMessage()
    runner.close(wait=False)
