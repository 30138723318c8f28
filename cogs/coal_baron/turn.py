"""What every Coal Baron component shares: the state, the acting seat, committing.

A component carries the table id and the version it was offered at. Before it
opens a panel or plays anything it makes sure the clicker is the seat to act
on that very version (`acting_seat`, the service's one check).
"""

from __future__ import annotations

from bot.errors import NotPlaying, UserError
from bot.games.base import Seat
from bot.games.coal_baron.state import CoalBaronState
from bot.i18n import t
from bot.service import ActResult, Table
from cogs.platform.host import service_of
from cogs.platform.items import Interaction
from cogs.platform.table_items import post_turn

GAME_ID = "coal-baron"


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
