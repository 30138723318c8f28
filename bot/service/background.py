"""Work started in the background and left to run: each task is kept until it ends
(the event loop holds only a weak reference to a task: one nobody keeps may be
collected mid-way), its failure is logged with what it was (nothing awaits it to
see the exception), and whoever started it may wait for all of them to end
(shutdown, tests)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)


class Background:
    """The tasks one owner started and has not seen end."""

    def __init__(self) -> None:
        self._running: set[asyncio.Task[None]] = set()

    def start(self, work: Callable[[], Awaitable[None]], what: str) -> None:
        """Run `work` in a task of its own; if it fails, log it as `what` failing."""
        task = asyncio.get_running_loop().create_task(_logged(work, what))
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    async def settle(self) -> None:
        """Wait until nothing started here runs (what ends may start more)."""
        while self._running:
            await asyncio.gather(*list(self._running), return_exceptions=True)


async def _logged(work: Callable[[], Awaitable[None]], what: str) -> None:
    try:
        await work()
    except Exception:
        log.exception("%s failed", what)
