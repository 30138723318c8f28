"""Images are drawn in worker processes, so that drawing never holds the event loop.

A renderer is a pure function of plain data (a view, a language...) returning PNG
bytes: it pickles by reference, its arguments and its result are cheap to send.
Drawing in a thread would still stall the loop, as Pillow holds the GIL for most of
its work; a process of its own does not. The bot starts one `RenderPool` in its
`setup_hook` (one worker per core, warmed up: modules imported, fonts loaded, static
layers drawn) and closes it with itself. Workers run in sessions of their own at a
lower priority than the bot's process, so that on a busy machine the event loop gets
the CPU first and the images wait (`_start_worker`); they and their forkserver end with
the bot however it ends, kill -9 included (`bot.workers.lifeline`).

`render_png` is what presenters call. It uses the pool the bot installed, or, with
no pool (tests, scripts, ``RENDER_WORKERS=0``), a worker thread. Whatever goes
wrong (the renderer raises, the render takes longer than the pool's timeout, a
worker dies) comes out as `RenderFailed`, so that a caller can still post the
turn's text without its images (with a button to draw them again). A worker times
its render with a real-time timer and stops it when late, so that it is free for
the next image (a thread cannot be stopped: a late one is only no longer waited for).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot.workers.lifeline import end_with_parent

log = logging.getLogger(__name__)

Renderer = Callable[..., bytes]

DEFAULT_TIMEOUT_SECONDS = 15.0
"""A render taking longer is given up (the turn goes out without its images)."""
WORKER_NICENESS = 10
"""How much lower the workers' priority is than the bot's (see the module docstring)."""
BACKSTOP_SECONDS = 5.0
"""Beyond the timeout, how long the bot waits for a worker that did not stop itself."""


FORKSERVER_PRELOAD = "bot.workers.forkserver_lifeline"
"""Imported by the forkserver as it starts (by name: importing it here would tie the bot
itself to its parent)."""


class RenderFailed(Exception):
    """An image could not be drawn: the renderer raised, timed out, or the pool is down."""


def core_count() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _start_worker() -> None:
    """Run in each worker as it starts: a session of its own, and a lower priority.

    On Linux with autogroups (the default of most distributions), the scheduler
    shares the cores between sessions first, then between the processes of a session
    by their nice values. Workers in the bot's session made the whole session, event
    loop included, wait behind other programs for its share once they had drawn for
    a while: on a shared machine, the longest stall with 20 tables playing went from
    16-63 ms to 8-12 ms when each worker got a session of its own
    (docs/performance.md). Without autogroups, the nice value puts them below the bot.
    """
    end_with_parent()  # its parent: the forkserver, itself tied to the bot
    with contextlib.suppress(OSError):  # a group leader already: stays in the bot's session
        os.setsid()
    try:
        os.nice(WORKER_NICENESS)
    except OSError:
        log.warning("could not lower the priority of a render worker")


def _render_within(timeout: float, fn: Renderer, *args: Any) -> bytes:
    """Run in a worker: `fn(*args)`, interrupted by a real-time timer after `timeout`
    seconds, which frees the worker for the next image."""

    def expire(signum: int, frame: object) -> None:
        raise TimeoutError(f"{fn.__name__} took more than {timeout:g} s")

    signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        return fn(*args)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


WarmUp = Callable[[str], object]
"""A game's warm-up (its plugin's ``warm_up``): draws its usual images in one language."""


def warm_up(games: Sequence[WarmUp], languages: Sequence[str]) -> int:
    """Run every game's warm-up in each of `languages`: imports the renderers, loads the
    fonts, fills the caches of static layers and glyphs. Returns the worker's process id."""
    for lang in languages:
        for game in games:
            game(lang)
    return os.getpid()


class RenderPool:
    """`workers` processes drawing images; 0 draws in threads of this process instead."""

    def __init__(self, workers: int, timeout: float = DEFAULT_TIMEOUT_SECONDS) -> None:
        self.workers = workers
        self.timeout = timeout
        self._executor: ProcessPoolExecutor | None = None

    async def start(
        self, warm_ups: Sequence[WarmUp] = (), languages: Sequence[str] = ()
    ) -> None:
        """Start the workers and wait until each has run the games' `warm_ups` in every
        one of `languages` (`bot.i18n.languages`: this layer reads no catalog)
        (nothing to do if they are running already)."""
        if self.workers and self._executor is None:
            self._executor = self._new_executor()
            if warm_ups:
                games = tuple(warm_ups)
                await asyncio.gather(*(self._run(warm_up, games, tuple(languages))
                                       for _ in range(self.workers)))

    def _new_executor(self) -> ProcessPoolExecutor:
        # forkserver: workers start from a clean process, not a copy of the bot's
        # (its open database, its event loop, its threads).
        methods = multiprocessing.get_all_start_methods()
        method = "forkserver" if "forkserver" in methods else "spawn"
        context = multiprocessing.get_context(method)
        if method == "forkserver":  # it ends with the bot, however the bot ends
            context.set_forkserver_preload([FORKSERVER_PRELOAD])
        return ProcessPoolExecutor(self.workers, mp_context=context, initializer=_start_worker)

    async def _run(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)

    def worker_pids(self) -> list[int]:
        """The process ids of the workers (for measuring their CPU time)."""
        processes = getattr(self._executor, "_processes", None) or {}
        return list(processes)

    async def render(self, fn: Renderer, *args: Any) -> bytes:
        """`fn(*args)` drawn by a worker (or a thread without workers), within the timeout.

        Raises RenderFailed.
        """
        executor = self._executor
        if self.workers and executor is None:
            raise RenderFailed("the render pool is not running")
        try:
            if executor is None:
                png: bytes = await asyncio.wait_for(asyncio.to_thread(fn, *args), self.timeout)
            else:
                work = self._run(_render_within, self.timeout, fn, *args)
                png = await asyncio.wait_for(work, self.timeout + BACKSTOP_SECONDS)
            return png
        except TimeoutError:  # raised by the worker's timer, or the wait here
            raise RenderFailed(f"{fn.__name__} took more than {self.timeout:g} s") from None
        except BrokenProcessPool as error:
            if self._executor is executor:  # the first of the renders it broke restarts it
                self._restart()
            raise RenderFailed("a render worker died; the pool was restarted") from error
        except Exception as error:
            log.warning("%s failed", fn.__name__, exc_info=error)
            raise RenderFailed(f"{fn.__name__} failed: {error!r}") from error

    def _restart(self) -> None:
        old, self._executor = self._executor, self._new_executor()
        if old is not None:
            old.shutdown(wait=False, cancel_futures=True)

    async def close(self) -> None:
        """Stop the workers: renders waiting for one are cancelled, running ones finish."""
        executor, self._executor = self._executor, None
        if executor is not None:
            await asyncio.to_thread(executor.shutdown, wait=True, cancel_futures=True)


_installed: RenderPool | None = None
_threads = RenderPool(0)


def install(pool: RenderPool) -> None:
    """Make `pool` the one `render_png` uses."""
    global _installed
    _installed = pool


def uninstall(pool: RenderPool) -> None:
    """Back to threads, if `pool` is the installed one."""
    global _installed
    if _installed is pool:
        _installed = None


async def render_png(fn: Renderer, *args: Any) -> bytes:
    """`fn(*args)` drawn by the installed pool, else in a thread. Raises RenderFailed."""
    return await (_installed or _threads).render(fn, *args)
