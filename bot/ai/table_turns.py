"""Computer seats at a table: who they are, adding them in the lobby, playing their turns.

A computer seat is stored like any seat, as a user id: a negative one, which
no Discord user has. ``-(10 * slot + level)`` keeps two computers of the same
level apart (`slot` counts from 1) and says the level (1 easy, 2 normal, 3
strong), so neither the storage nor the service needs a new column: a
computer joins, leaves and acts through `GameService` like anyone.

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
from typing import Final

from bot.ai.knowledge import knowledge_for
from bot.ai.runner import ComputerRunner
from bot.games.base import JSON, Event, Seat
from bot.service import ActResult, GameService, Table, Tables, TableStatus
from bot.service.errors import NotCreator, NotSeated, StaleAction
from bot.storage.table_settings import STAND_IN_LEVEL, stand_ins

log = logging.getLogger(__name__)

TABLE_LEVELS: Final = ("easy", "normal", "strong")
"""The levels a table offers, in the order of their code (1, 2, 3)."""


def computer_id(slot: int, level: str) -> int:
    """The seat id of computer number `slot` (from 1) of `level`."""
    if slot < 1:
        raise ValueError("computer slots count from 1")
    return -(10 * slot + TABLE_LEVELS.index(level) + 1)


def stand_in_id(level: str) -> int:
    """The id logged as the player of a computer's move for a person (slot 0)."""
    return -(TABLE_LEVELS.index(level) + 1)


def computer_level(user_id: int) -> str | None:
    """The level of a computer seat id, None for a person."""
    if user_id >= 0:
        return None
    code = -user_id % 10
    return TABLE_LEVELS[code - 1] if 1 <= code <= len(TABLE_LEVELS) else None


def computer_seats(table: Table) -> dict[Seat, str]:
    """Seat -> level of the table's computer players."""
    levels = {seat: computer_level(user) for seat, user in enumerate(table.seats)}
    return {seat: level for seat, level in levels.items() if level is not None}


def playing_computers(table: Table) -> dict[Seat, str]:
    """Seat -> level of every seat a computer plays now: the computer seats and the
    people's seats a computer stands in for."""
    return {**{seat: STAND_IN_LEVEL for seat in stand_ins(table)}, **computer_seats(table)}


async def add_computer(tables: Tables, table_id: int, user_id: int, level: str) -> Table:
    """The creator adds a computer of `level` to the lobby (TableFull when full)."""
    if level not in TABLE_LEVELS:
        raise ValueError(f"unknown level {level!r}")
    table = await tables.get_table(table_id)
    if user_id != table.creator_id:
        raise NotCreator()
    slots = [-user // 10 for user in table.seats if computer_level(user) is not None]
    return await tables.join(table_id, computer_id(max(slots, default=0) + 1, level))


async def remove_computer(
    tables: Tables, table_id: int, user_id: int, computer: int
) -> Table:
    """The creator removes computer seat id `computer` from the lobby."""
    table = await tables.get_table(table_id)
    if user_id != table.creator_id:
        raise NotCreator()
    if computer_level(computer) is None:
        raise NotSeated()
    return await tables.leave(table_id, computer)


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

    async def play(
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
        return await self._service.play.play_for(
            table.id, seat, move.notation, table.version, played_by=played_by
        )
