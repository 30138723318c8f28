"""A tournament's work with Discord in the background, one lane per tournament.

Opening a round may take Discord many minutes (it makes the bot wait before each
thread past the first few; discord.py waits out each 429 inside the call), longer
than an interaction may be answered (15 minutes) and than the minute's loop may
block the other tournaments. So the start answers at once and the opening runs here,
as does every step that goes on with a tournament (a table's end, the minute's loop,
a resume): one task per tournament at a time, the bot's own (`close` cancels them).
A step asked for while one runs is run once more after it: whatever changed
meanwhile (a table ended, a call owed) is then seen.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable

import discord

log = logging.getLogger(__name__)

Work = Callable[[], Awaitable[None]]


class Lanes:
    """The background lanes of one bot's tournaments."""

    def __init__(self) -> None:
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._next: dict[int, Work] = {}

    def run(self, tournament_id: int, work: Work) -> None:
        """Run `work` in the tournament's lane: now, or after what runs there (once,
        however many times it was asked meanwhile)."""
        if tournament_id in self._tasks:
            self._next[tournament_id] = work
            return
        task = asyncio.get_running_loop().create_task(self._lane(tournament_id, work))
        self._tasks[tournament_id] = task

    async def _lane(self, tournament_id: int, work: Work) -> None:
        try:
            while True:
                try:
                    await work()
                except Exception:
                    log.exception("tournament %s: its work in the background failed",
                                  tournament_id)
                following = self._next.pop(tournament_id, None)
                if following is None:
                    return
                work = following
        finally:
            self._tasks.pop(tournament_id, None)

    async def idle(self) -> None:
        """Wait until no lane works (for tests and shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    async def close(self) -> None:
        """Stop every lane (the bot stops; the minute's loop of the next start goes on
        from what was stored)."""
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()
        self._next.clear()


_LANES: weakref.WeakKeyDictionary[discord.Client, Lanes] = weakref.WeakKeyDictionary()


def lanes_of(client: discord.Client) -> Lanes:
    """The lanes of `client`'s tournaments (made at first use)."""
    found = _LANES.get(client)
    if found is None:
        found = _LANES[client] = Lanes()
    return found
