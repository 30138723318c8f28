"""Where the bot may not start a process: inside a simcord run (the local table).

Simcord replaces ``time.monotonic`` with its own clock, which stands still between
two actions. `multiprocessing` starts every process by first polling the children it
already has with a zero timeout measured on that clock (``BaseProcess.start`` →
``_cleanup`` → ``Popen.poll`` → ``connection.wait``): with a forkserver's children
alive (the render workers), that wait never ends, and the whole bot, event loop
included, freezes. So every worker pool starts before simcord runs
(`bot.app.TableBot.start_workers`), and while it runs `no_process_starts` turns any
start into `ProcessStartRefused`, raised at once by the call that would have started
it: a worker that would have to start anew (after a crash or a timeout) is then
unavailable, and says so, instead of freezing the table. Tests hold it too, so a start
from inside the run fails them.
"""

from __future__ import annotations

import multiprocessing.process
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

_Start = Callable[[multiprocessing.process.BaseProcess], None]


class ProcessStartRefused(RuntimeError):
    """A process start while `no_process_starts` holds."""


@contextmanager
def no_process_starts(where: str) -> Iterator[None]:
    """Refuse every process start of this process while the block runs (`where` says
    why, in the error). Not reentrant: one holder at a time."""
    original: _Start = multiprocessing.process.BaseProcess.start
    if getattr(original, "refusing", False):
        raise RuntimeError("process starts are refused already")

    def refused(process: multiprocessing.process.BaseProcess) -> None:
        raise ProcessStartRefused(f"no process may start {where} ({process.name})")

    marked: Any = refused
    marked.refusing = True
    multiprocessing.process.BaseProcess.start = refused  # type: ignore[method-assign, assignment]
    try:
        yield
    finally:
        multiprocessing.process.BaseProcess.start = original  # type: ignore[method-assign, assignment]
