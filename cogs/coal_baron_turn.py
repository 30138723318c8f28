"""Checks shared by every Coal Baron component: whose turn, which version, trial moves.

A component carries the table id and the version it was offered at. Before it
opens a panel or plays anything it makes sure the clicker is the seat to act
on that very version (`acting_seat`). Panels try steps on a copy of the state
(`trial`) with the engine's own rules, so a refused step names the engine's
reason and nothing is committed until the player confirms.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.errors import GameOver, NotPlaying, NotSeated, NotYourTurn, StaleAction
from bot.games.base import Seat
from bot.games.coal_baron.state import CoalBaronState
from bot.i18n import t
from bot.service import ActResult, Table
from cogs.components import post_turn, service_of
from cogs.errors import TableAbandoned

GAME_ID = "coal-baron"
PLAY_PREFIX = "/coal play "
"""Panels show the line they will play, as it would be typed."""

Interaction = discord.Interaction[Any]


def coal_state(table: Table) -> CoalBaronState:
    """The engine state of a Coal Baron table in play (or finished)."""
    if not isinstance(table.state, CoalBaronState):
        raise NotPlaying()
    return table.state


async def acting_seat(interaction: Interaction, table_id: int, version: int) -> tuple[Table, Seat]:
    """The table and the clicker's seat, if the clicker is to act on `version`.

    Raises the error the clicker should read: game over or abandoned, not seated,
    the table moved on (an old message), or not their turn.
    """
    table = await service_of(interaction).get_table(table_id)
    if table.status == "finished":
        raise GameOver()
    if table.status == "abandoned":
        raise TableAbandoned()
    seat = table.seat_of(interaction.user.id)
    if seat is None:
        raise NotSeated()
    if table.version != version:
        raise StaleAction()
    if seat not in coal_state(table).to_act():
        raise NotYourTurn()
    return table, seat


def trial(state: CoalBaronState, seat: Seat, steps: list[str]) -> CoalBaronState:
    """A copy of `state` after `steps` (notation), checked by the engine; raises the
    engine's `ActionSyntaxError` / `IllegalAction` if a step is refused."""
    copy = state.copy()
    if steps:
        line = " ".join(steps)
        copy.apply(seat, copy.parse_action(seat, line))
    return copy


def line_of(footer: str | None) -> list[str]:
    """The steps written in a panel's footer (``/coal play m8 c3 +g`` -> [m8, c3, +g])."""
    text = (footer or "").removeprefix(PLAY_PREFIX.strip()).strip()
    return text.split()


def footer_of(steps: list[str]) -> str:
    return PLAY_PREFIX + " ".join(steps)


async def commit(interaction: Interaction, table: Table, line: str) -> ActResult:
    """Play `line` for the clicker on the version `table` was read at, then post the turn."""
    result = await service_of(interaction).act(
        table.id, interaction.user.id, line, expected_version=table.version
    )
    await post_turn(interaction, result.table, result)
    return result


async def close_panel(interaction: Interaction, result: ActResult) -> None:
    """Replace the ephemeral panel (or choice) that was used by what was played."""
    await interaction.edit_original_response(
        content=t(interaction.locale, "coal.panel.done", line=result.notation),
        embed=None,
        attachments=[],
        view=None,
    )
