"""Timing helpers shared by the ``bench_*.py`` modules."""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Callable
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")


def timed(call: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> tuple[T, float]:
    """Run `call(*args, **kwargs)` once; returns its result and how many seconds it took."""
    started = time.perf_counter()
    result = call(*args, **kwargs)
    return result, time.perf_counter() - started


def cpu_timed(call: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> tuple[T, float]:
    """Like `timed`, in CPU seconds of this process (all its threads) rather than wall time."""
    started = time.process_time()
    result = call(*args, **kwargs)
    return result, time.process_time() - started


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def ms(seconds: float, decimals: int = 1) -> str:
    return f"{seconds * 1000:.{decimals}f} ms"


def median_p95(seconds: list[float], decimals: int = 1) -> str:
    """``median … ms, p95 … ms`` of a list of durations."""
    return f"median {ms(statistics.median(seconds), decimals)}, p95 {ms(p95(seconds), decimals)}"


TICK_SECONDS = 0.005


class StallMeter:
    """Within ``with``: sleeps `TICK_SECONDS` over and over on the running event loop,
    recording how late each wake-up comes (how long the loop could serve nothing else)."""

    def __init__(self) -> None:
        self.lags: list[float] = []
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        while True:
            expected = time.perf_counter() + TICK_SECONDS
            await asyncio.sleep(TICK_SECONDS)
            self.lags.append(time.perf_counter() - expected)

    def __enter__(self) -> StallMeter:
        self._task = asyncio.create_task(self._run())
        return self

    def __exit__(self, *_: object) -> None:
        assert self._task is not None
        self._task.cancel()

    @property
    def longest(self) -> float:
        return max(self.lags, default=0.0)
