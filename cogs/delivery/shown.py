"""Which version of each table the poster last dealt with (posted, or left owed), so that
what follows a table's end in its channel comes after its last move there.

A table's end is the service's (`bot.service.life.TableEnded`), heard at once by who
listens, while the move that ended it is still being drawn and posted. A listener
that posts after that move (a tournament's next round, its podium) first waits for it
(`last_move_dealt_with`), a bounded while: a poster that died leaves it to go on.
"""

from __future__ import annotations

import asyncio

from bot.storage import Table

WAIT_LIMIT = 60.0
"""Seconds a listener waits for a table's last move to be dealt with, at most."""
POLL = 0.05
REMEMBERED = 10_000
"""At most this many tables are remembered; the oldest are forgotten first."""

_dealt_with: dict[int, int] = {}


def dealt_with(table: Table) -> None:
    """The poster is done with `table` at its version (posted, owed or not postable)."""
    version = max(table.version, _dealt_with.pop(table.id, -1))
    _dealt_with[table.id] = version
    while len(_dealt_with) > REMEMBERED:
        del _dealt_with[next(iter(_dealt_with))]


async def last_move_dealt_with(table: Table, limit: float = WAIT_LIMIT) -> None:
    """Return once the poster dealt with `table`'s version (or after `limit` seconds)."""
    loop = asyncio.get_running_loop()
    until = loop.time() + limit
    while _dealt_with.get(table.id, -1) < table.version and loop.time() < until:
        await asyncio.sleep(POLL)
