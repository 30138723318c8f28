"""The moves at a table: a person's action, a computer's move, a skip of an idle seat,
taking an action back. A move that ends the game is stored by `Results.finish`."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, replace
from typing import Any

from bot.games import undo
from bot.games.base import Event, GameState, Seat
from bot.service.checks import check_turn, state_in_play
from bot.service.errors import ActionPlayedBySkip, NotYourTurn, SeatKept, StaleAction
from bot.service.results import Results, game_record
from bot.service.seats import Seats, handed_back
from bot.service.store import TableStore
from bot.storage import LoggedAction, Table
from bot.storage.table_settings import can_take_back, stand_ins


@dataclass(frozen=True)
class ActResult:
    """What an action did: the table after it, who played what, and the events to announce."""

    table: Table
    seat: Seat
    notation: str
    """Canonical notation, as logged."""
    events: list[Event]
    undoable: bool = False
    """Whether the actor may take it back now (`Moves.take_back`): it revealed
    nothing, did not end the game, and was played by the seat's own user."""


@dataclass(frozen=True)
class TakenBack:
    """A take-back done: the table as it was before the action, and whose it was."""

    table: Table
    seat: Seat
    notation: str
    """The action taken back: private to its player (it may name a hidden choice)."""


class Moves:
    """The moves at the tables of `store`: `seats` says which seat a skip plays and
    who a computer stands in for, `results` stores a game's last move, its end."""

    def __init__(self, store: TableStore, seats: Seats, results: Results) -> None:
        self._store = store
        self._seats = seats
        self._results = results

    async def act(
        self, table_id: int, user_id: int, text: str, expected_version: int | None = None
    ) -> ActResult:
        """Play the action written `text` for `user_id`.

        `expected_version` is the table version the button, panel or command was
        made against; if the table moved on since, StaleAction is raised and
        nothing is played. Raises what `check_turn` raises, then the engine's
        ActionSyntaxError or IllegalAction.
        """
        async with self._store.locked(table_id) as table:
            seat = check_turn(table, user_id, expected_version)
            why = stand_ins(table).get(seat)
            if why is not None and not can_take_back(why):
                raise SeatKept(why)
            state = state_in_play(table)
            action = state.parse_action(seat, text)
            stood_in = why is not None
            if stood_in:
                # Acting again is taking the seat back from the computer playing it.
                table = replace(table, options=handed_back(table, seat))
            result = await self._play(table, state, seat, action, played_by=user_id)
            if stood_in:
                await self._seats.forget_stand_in_votes(table, seat)
            return result

    async def play_for(
        self, table_id: int, seat: Seat, text: str, version: int, *, played_by: int
    ) -> ActResult:
        """A computer's move for `seat`: a computer seat, or a person's a computer stands
        in for (`played_by` then names the computer, so the person cannot take it
        back). StaleAction if the table moved on, or the person took the seat back,
        since the move was chosen at `version`."""
        async with self._store.locked(table_id) as table:
            if version != table.version:
                raise StaleAction(expected=version, current=table.version)
            state = state_in_play(table)
            if seat not in state.to_act():
                raise NotYourTurn()
            if table.seats[seat] > 0 and seat not in stand_ins(table):
                raise StaleAction(expected=version, current=table.version)
            action = state.parse_action(seat, text)
            return await self._play(table, state, seat, action, played_by=played_by)

    async def authorize(
        self, table_id: int, user_id: int, version: int | None, *, to_act: bool = True
    ) -> tuple[Table, Seat]:
        """The table and `user_id`'s seat, if they may act on it at `version` (see
        `check_turn`): what a component checks before it opens a panel or tries a step.
        `to_act` False lets a seated player through when it is not their turn."""
        table = await self._store.get(table_id)
        return table, check_turn(table, user_id, version, to_act=to_act)

    async def skip(self, table_id: int, user_id: int) -> ActResult:
        """Play the default action of an idle seat, on behalf of another seated player.

        Allowed once the turn has waited `SKIP_AFTER_REMINDERS` reminder periods, and
        not while the idle player is away (`Preferences.set_away`; SkipAway). When
        several seats are to act, the first one other than the caller is skipped
        (`Seats.idle_seat`).
        """
        async with self._store.locked(table_id) as table:
            caller = check_turn(table, user_id, None, to_act=False)
            state = state_in_play(table)
            idle = await self._seats.idle_seat(table, caller)
            default = state.default_action(idle)
            return await self._play(table, state, idle, default, played_by=user_id)

    async def take_back(self, table_id: int, user_id: int) -> TakenBack:
        """Take back `user_id`'s last action (docs/weeks.md): only while it is the
        last action of the game, never once it revealed anything nor after the end.

        Raises what `check_turn` raises (not the turn), then `bot.games.undo`'s
        errors, or `ActionPlayedBySkip` if the user did not play it themselves.
        """
        async with self._store.locked(table_id) as table:
            seat = check_turn(table, user_id, None, to_act=False)
            log = await self._store.log(table_id)
            allowed = await asyncio.to_thread(
                lambda: undo.take_back(game_record(table, log), seat)
            )
            last = log[-1]
            if last.played_by != user_id:
                raise ActionPlayedBySkip()
            before = replace(
                table, state=allowed.state, turn_started_at=_turn_start(table, log, seat)
            )
            saved = await self._store.save(table, before, taking_back=last.seq)
            return TakenBack(table=saved, seat=seat, notation=allowed.notation)

    async def _play(
        self, table: Table, state: GameState[Any], seat: Seat, action: Any, *, played_by: int
    ) -> ActResult:
        """Apply `action` for `seat` (raising before any change if illegal) and save it all."""
        before = set(state.to_act())
        undoable = played_by == table.seats[seat] and not state.reveals(seat, action)
        events = state.apply(seat, action)
        notation = state.format_action(action)
        after = set(state.to_act())
        # The turn clock restarts unless the seats still to act were already waiting.
        new_turn = bool(after) and not after <= before - {seat}
        over = state.is_over()
        if over:
            saved = await self._results.finish(
                table, state, (seat, notation), played_by=played_by
            )
        else:
            now = self._store.clock()
            played = replace(
                table,
                state=state,
                turn_started_at=now if new_turn else table.turn_started_at,
                reminded=False if new_turn else table.reminded,
            )
            saved = await self._store.save(
                table, played, action=(seat, notation), played_by=played_by, now=now
            )
        return ActResult(saved, seat, notation, events, undoable=undoable and not over)


def _turn_start(table: Table, log: list[LoggedAction], seat: Seat) -> float:
    """When `seat`'s turn began, for a take-back of the last entry of `log`: the
    latest other seat's action before it (which handed the turn over), else the
    table's start. Never later than the clock already showed, so acting then
    taking back cannot postpone reminders or skips."""
    handed = [entry.created_at for entry in log[:-1] if entry.seat != seat]
    return min(table.turn_started_at, handed[-1] if handed else table.created_at)
