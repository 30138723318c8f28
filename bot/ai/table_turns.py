"""The computer players' turns at the tables: `ComputerTurns`.

Computer seats (negative user ids, `bot.service.computers`) join, leave and act
through `GameService` like anyone; the creator adds and removes them in the lobby
(`Tables.add_computer`, `Tables.remove_computer`).

`ComputerTurns` plays every computer turn due on a table, one after the other,
through a `ComputerRunner` (worker processes, a time budget, the default
action on failure), with an optional pause between moves so that people can
follow. A computer also plays for a person when the table says so
(`bot.storage.table_settings`): it took over their seat, idle past the skip delay
(`Seats.take_over`), or the table voted for it while they are away
(`Seats.vote_stand_in`); it plays until they act again or take the
seat back (`Seats.hand_back`). Its moves are then logged as played by a
computer id of slot 0 (`stand_in_id`), which no seat holds.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.ai.knowledge import knowledge_for
from bot.ai.runner import ComputerRunner
from bot.games.base import JSON, Event, Seat
from bot.service import ActResult, GameService, Table, TableStatus
from bot.service.computers import playing_computers, stand_in_id
from bot.service.errors import StaleAction

log = logging.getLogger(__name__)

class ComputerTurns:
    """Plays the computer seats' turns of the tables of `service`."""

    def __init__(
        self,
        service: GameService,
        runner: ComputerRunner,
        pause_seconds: float = 0.0,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self._service = service
        self._runner = runner
        self._pause = pause_seconds
        self._sleep = sleep

    async def play_due(
        self,
        table_id: int,
        announce: Callable[[ActResult], Awaitable[None]] | None = None,
    ) -> list[ActResult]:
        """Play every computer turn due now, in order, until a person is to act
        or the game is over; the results, to announce like any action.

        `announce` is awaited with each result as soon as it is played (before the
        pause). A move overtaken by a person's action (`StaleAction`, possible when
        people and computers act at once) is chosen again on the new state.
        """
        results: list[ActResult] = []
        while True:
            table = await self._service.tables.get_table(table_id)
            if table.status != TableStatus.PLAYING or table.state is None:
                return results
            computers = playing_computers(table)
            seat = next((s for s in table.state.to_act() if s in computers), None)
            if seat is None:
                return results
            if results and self._pause:
                await self._sleep(self._pause)
            try:
                result = await self._play_seat(table, seat, computers[seat])
            except StaleAction:
                continue
            results.append(result)
            if announce is not None:
                await announce(result)

    async def _play_seat(self, table: Table, seat: Seat, level: str) -> ActResult:
        assert table.state is not None
        history: dict[str, JSON] | list[Event] = []
        if knowledge_for(table.game).reads_history:
            history = await self._service.results.record(table.id)
        move = await self._runner.move(
            table.state, seat, history, level, seed=table.seed * 100_003 + table.version
        )
        log.info(
            "table %d: computer %s plays %s for seat %d in %.2f s",
            table.id, level, move.notation, seat, move.seconds,
        )
        user = table.seats[seat]
        played_by = user if user < 0 else stand_in_id(level)
        return await self._service.moves.play_for(
            table.id, seat, move.notation, table.version, played_by=played_by
        )
