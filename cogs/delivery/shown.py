"""Which version of each table the poster last dealt with (posted, or left owed), so that
what follows a table's end in its channel comes after its last move there.

A table's end is the service's (`bot.service.life.TableEnded`), heard at once by who
listens, while the move that ended it is still being drawn and posted. A listener
that posts after that move (a tournament's next round, its podium) hands what it
does to `after_last_move`: done at once if the poster already dealt with that move,
else started by the poster as soon as it has (`dealt_with`). Every move that finishes
a table is posted by the process that played it (`cogs.platform.posting.post`, which
notes it here whatever becomes of the post, even when it cannot be tried); a process
that dies before leaves the tournament to the minute's loop of the next one. Nothing
waits meanwhile: a task left waiting would hold simcord's clock (and so a post's
retries) still, and a clock of its own would run on while images are drawn.
"""

from __future__ import annotations

import weakref
from collections.abc import Awaitable, Callable

import discord

from bot.service.background import Background
from bot.storage import Table

REMEMBERED = 10_000
"""At most this many tables are remembered per bot; the oldest are forgotten first."""

Then = Callable[[], Awaitable[None]]


class Shown:
    """One bot's record of the versions its poster dealt with, and what waits for them."""

    def __init__(self) -> None:
        self.dealt_with: dict[int, int] = {}
        self.pending: dict[int, list[tuple[int, Then]]] = {}
        self.running = Background()


_of: weakref.WeakKeyDictionary[discord.Client, Shown] = weakref.WeakKeyDictionary()


def _shown(client: discord.Client) -> Shown:
    found = _of.get(client)
    if found is None:
        found = _of[client] = Shown()
    return found


def dealt_with(client: discord.Client, table: Table) -> None:
    """The poster is done with `table` at its version (posted, owed or not postable):
    what waited for it starts."""
    shown = _shown(client)
    version = max(table.version, shown.dealt_with.pop(table.id, -1))
    shown.dealt_with[table.id] = version
    while len(shown.dealt_with) > REMEMBERED:
        del shown.dealt_with[next(iter(shown.dealt_with))]
    waiting = shown.pending.pop(table.id, [])
    later = [(at, then) for at, then in waiting if at > version]
    if later:
        shown.pending[table.id] = later
    for at, then in waiting:
        if at <= version:
            shown.running.start(then, "what followed a table's last move")


async def after_last_move(client: discord.Client, table: Table, then: Then) -> None:
    """Do `then` once the poster dealt with `table`'s version: now if it has, else when
    it does."""
    shown = _shown(client)
    if shown.dealt_with.get(table.id, -1) >= table.version:
        await then()
        return
    shown.pending.setdefault(table.id, []).append((table.version, then))


def awaited(client: discord.Client, table_id: int) -> bool:
    """Whether something waits for table `table_id`'s last move to be dealt with (what
    follows that move is then its own, not the minute's loop's)."""
    return bool(_shown(client).pending.get(table_id))
