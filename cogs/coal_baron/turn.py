"""Checks shared by every Coal Baron component: whose turn, which version, trial moves.

A component carries the table id and the version it was offered at. Before it
opens a panel or plays anything it makes sure the clicker is the seat to act
on that very version (`acting_seat`). Panels try steps on a copy of the state
(`trial`) with the engine's own rules, so a refused step names the engine's
reason and nothing is committed until the player confirms.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.errors import NotPlaying, UserError
from bot.games.base import Seat
from bot.games.coal_baron.actions import Action
from bot.games.coal_baron.state import CoalBaronState
from bot.i18n import LocaleLike, t
from bot.service import ActResult, Table
from cogs.coal_baron.labels import step_label
from cogs.platform.host import service_of
from cogs.platform.items import Interaction
from cogs.platform.table_items import post_turn

GAME_ID = "coal-baron"
PLAY_COMMAND = "/game play"
"""Panels show the line they will play, as it would be typed (panels opened before
``/game play`` existed wrote ``/coal play``: both are read)."""

OPTIONS_PER_SELECT = 25
LABEL_LIMIT = 100



class NotAPlayer(UserError):
    key = "coal.not_a_player"


def coal_state(table: Table) -> CoalBaronState:
    """The engine state of a Coal Baron table in play (or finished)."""
    if not isinstance(table.state, CoalBaronState):
        raise NotPlaying()
    return table.state


async def acting_seat(interaction: Interaction, table_id: int, version: int) -> tuple[Table, Seat]:
    """The table and the clicker's seat, if the clicker is to act on `version`
    (`bot.service.check_turn` says otherwise what the clicker should read)."""
    return await service_of(interaction).authorize(table_id, interaction.user.id, version)


def trial(state: CoalBaronState, seat: Seat, steps: list[str]) -> CoalBaronState:
    """A copy of `state` after `steps` (notation), checked by the engine; raises the
    engine's `ActionSyntaxError` / `IllegalAction` if a step is refused."""
    copy = state.copy()
    if steps:
        line = " ".join(steps)
        copy.apply(seat, copy.parse_action(seat, line))
    return copy


def action_options(
    locale: LocaleLike, state: CoalBaronState, seat: Seat, actions: Sequence[Action]
) -> list[discord.SelectOption]:
    """Select options for `actions` (at most 25): the action in words, its notation as value."""
    view = state.view(seat)
    return [
        discord.SelectOption(
            label=step_label(locale, view, seat, action)[:LABEL_LIMIT],
            value=state.format_action(action),
        )
        for action in actions[:OPTIONS_PER_SELECT]
    ]


def line_of(footer: str | None) -> list[str]:
    """The steps written in a panel's footer (``/coal play m8 c3 +g`` -> [m8, c3, +g])."""
    tokens = (footer or "").split()
    return tokens[2:] if tokens[:1] in (["/game"], ["/coal"]) else tokens


def footer_of(steps: list[str]) -> str:
    return " ".join([PLAY_COMMAND, *steps])


def panel_tokens(interaction: Interaction) -> list[str]:
    """The line written on the pressed panel, as tokens (its moves so far)."""
    message = interaction.message
    if message is None or not message.embeds:
        return []
    return line_of(message.embeds[0].footer.text)


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
