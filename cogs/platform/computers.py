"""Computer players at a Discord table: their turns, played in the background and
posted like anyone's (the lobby's buttons that add and remove them:
`cogs.platform.lobby`).

A computer seat is a negative user id (`bot.service.computers`); it is never shown
as a mention but named in words ("Computer (easy)"). After every action, at the
start and when the bot starts again, `ComputerTable.schedule` plays the turns
due to computers in a background task (the search runs in worker processes,
`bot.ai.runner`), posting one turn message per move with the configured pause
between them, until a person is to act or the game ends.
"""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.ai.table_turns import ComputerTurns
from bot.service import ActResult, Table, TableStatus
from bot.service.computers import playing_computers
from cogs.membership.lookup import absent
from cogs.platform.posting import post_computer_turn

log = logging.getLogger(__name__)


def computers_due(table: Table) -> bool:
    """Whether a computer is to act at `table` now."""
    if table.status != TableStatus.PLAYING or table.state is None:
        return False
    computers = playing_computers(table)
    return any(seat in computers for seat in table.state.to_act())


def only_computers_due(table: Table) -> bool:
    """Whether computers play every seat to act at `table` now: nobody to remind."""
    if not computers_due(table):
        return False
    assert table.state is not None
    computers = playing_computers(table)
    return all(seat in computers for seat in table.state.to_act())


class ComputerTable:
    """Plays the computer turns of the bot's tables in background tasks, one task per
    table at a time; `close()` cancels what is running."""

    def __init__(self, client: discord.Client, turns: ComputerTurns) -> None:
        self._client = client
        self._turns = turns
        self._tasks: dict[int, asyncio.Task[None]] = {}

    def schedule(self, table: Table) -> None:
        """Play the computer turns due at `table`, unless a task already does or the bot is
        off its server (they play on its return, `cogs.membership.events`)."""
        if not computers_due(table) or table.id in self._tasks:
            return
        if absent(self._client, table.guild_id):
            return
        task = asyncio.get_running_loop().create_task(self._run(table.id))
        self._tasks[table.id] = task

    async def _run(self, table_id: int) -> None:
        try:
            await self._turns.play_due(table_id, announce=self._announce)
        except Exception:
            log.exception("table %d: computer turns stopped", table_id)
        finally:
            self._tasks.pop(table_id, None)

    async def _announce(self, result: ActResult) -> None:
        try:
            await post_computer_turn(self._client, result.table, result)
        except discord.HTTPException:
            log.warning("table %d: could not post a computer turn", result.table.id, exc_info=True)

    async def idle(self) -> None:
        """Wait until no computer turn is being played (for tests and shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    async def close(self) -> None:
        for task in list(self._tasks.values()):
            task.cancel()
        await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)
        self._tasks.clear()
