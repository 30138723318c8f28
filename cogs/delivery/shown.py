"""Which version of each table the poster last dealt with (posted, or left owed), so that
what follows a table's end in its channel comes after its last move there.

A table's end is the service's (`bot.service.life.TableEnded`), heard at once by who
listens, while the move that ended it is still being drawn and posted. A listener
that posts after that move (a tournament's next round, its podium) first waits for it
(`last_move_dealt_with`). Every move that finishes a table is posted by the process
that played it (`cogs.platform.posting.post`, which notes it here whatever becomes of
the post, even when it cannot be tried); a process that dies before leaves the
tournament to the minute's loop of the next one. The wait has no clock of its own: a
clock would run on while the images are drawn in other threads or processes.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict

from bot.storage import Table

REMEMBERED = 10_000
"""At most this many tables are remembered; the oldest are forgotten first."""

_dealt_with: dict[int, int] = {}
_waiting: defaultdict[int, list[asyncio.Event]] = defaultdict(list)


def dealt_with(table: Table) -> None:
    """The poster is done with `table` at its version (posted, owed or not postable)."""
    version = max(table.version, _dealt_with.pop(table.id, -1))
    _dealt_with[table.id] = version
    while len(_dealt_with) > REMEMBERED:
        del _dealt_with[next(iter(_dealt_with))]
    for event in _waiting.pop(table.id, []):
        event.set()


async def last_move_dealt_with(table: Table) -> None:
    """Return once the poster dealt with `table`'s version."""
    while _dealt_with.get(table.id, -1) < table.version:
        event = asyncio.Event()
        _waiting[table.id].append(event)
        await event.wait()


def awaited(table_id: int) -> bool:
    """Whether a listener of this process waits for table `table_id`'s last move to be
    dealt with (what it does after that move is its own, not the minute's loop's)."""
    return bool(_waiting.get(table_id))
