"""What every Coal Baron Discord module shares: the state, the acting seat.

A component carries the table id and the version it was offered at. Before it
opens a panel or plays anything it makes sure the clicker is the seat to act
on that very version (`acting_seat`, the service's one check).
"""

from __future__ import annotations

from bot.games.base import Seat
from bot.games.coal_baron.state import CoalBaronState
from bot.service import Table
from bot.service.errors import NotPlaying
from cogs.platform.host import service_of
from cogs.platform.items import Interaction

GAME_ID = "coal-baron"


def coal_state(table: Table) -> CoalBaronState:
    """The engine state of a Coal Baron table in play (or finished)."""
    if not isinstance(table.state, CoalBaronState):
        raise NotPlaying()
    return table.state


async def acting_seat(interaction: Interaction, table_id: int, version: int) -> tuple[Table, Seat]:
    """The table and the clicker's seat, if the clicker is to act on `version`
    (`bot.service.check_turn` says otherwise what the clicker should read)."""
    return await service_of(interaction).moves.authorize(table_id, interaction.user.id, version)
