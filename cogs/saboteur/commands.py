"""``/sab``: Saboteur's own view, the hand (``/sab hand``), like the "My hand" button.

``/sab play`` is the old spelling of ``/game play``, kept for one release. The
tables themselves are opened, joined and started with ``/game`` (`cogs.game`).
"""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from bot.games.saboteur import SaboteurState
from cogs.platform.items import Interaction
from cogs.platform.play_command import GameCommands
from cogs.platform.private import show_private
from cogs.platform.replies import acknowledged
from cogs.platform.table_items import game_table
from cogs.platform.translator import command_text

GAME_ID = SaboteurState.game_id


def _text(key: str) -> app_commands.locale_str:
    """A name or description of `/sab`'s commands and options (``sab.command.<key>``)."""
    return command_text(f"sab.command.{key}")


@app_commands.guild_only()
class SaboteurCog(
    GameCommands,
    commands.GroupCog,
    group_name=_text("name"),
    group_description=_text("description"),
):
    game_id = GAME_ID

    @app_commands.command(name=_text("hand.name"), description=_text("hand.description"))
    @acknowledged
    async def hand(self, interaction: Interaction) -> None:
        table = await game_table(interaction, GAME_ID)
        await show_private(interaction, table.id)
