"""Every process the bot starts ends when the bot's process ends, however it ends.

The bot starts worker processes: the render pool's (`bot.workers.render_pool`: a forkserver,
which forks the workers) and the computer players' (`bot.ai.runner`). A clean stop
closes them; but a bot killed with SIGKILL, by the OOM killer or by a crash in C runs
no clean-up, and its workers used to live on with parent 1 (the render workers even
in sessions of their own), more of them at every restart.

On Linux each of those processes asks the kernel, as it starts, to be sent SIGKILL when
its parent dies (``prctl(PR_SET_PDEATHSIG)``, called through ctypes): the forkserver
when the bot dies (`bot.workers.forkserver_lifeline`, which it imports first), a render worker
when the forkserver dies, a computer player's worker when the bot dies. Elsewhere
(macOS, Windows) nothing is set, and the clean stop is all there is.

The kernel sends the signal when the *thread* that started the process ends: every
pool here starts its processes from the event loop's thread, which lives as long as
the bot.
"""

from __future__ import annotations

import ctypes
import logging
import os
import signal
import sys
from concurrent.futures import Executor

log = logging.getLogger(__name__)

PR_SET_PDEATHSIG = 1
"""`prctl` option: the signal this process gets when its parent dies (linux/prctl.h)."""


def end_with_parent() -> None:
    """Have this process killed (SIGKILL) as soon as its parent process dies.

    If the parent died already, before the request was made, exit now: the kernel
    would never send the signal.
    """
    if not sys.platform.startswith("linux"):
        return
    parent = os.getppid()
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
        error = ctypes.get_errno()
        log.warning("cannot tie process %d to its parent: %s", os.getpid(), os.strerror(error))
        return
    if parent == 1 or os.getppid() != parent:  # orphaned before or while asking
        os._exit(0)


def kill_workers(pool: Executor) -> None:
    """Kill `pool`'s worker processes (one may be stuck) and shut it down without
    waiting for them: the pool is dropped, and a new one started when next needed (a
    pool of threads has no processes to kill: it is only shut down)."""
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        process.kill()
    pool.shutdown(wait=False, cancel_futures=True)
