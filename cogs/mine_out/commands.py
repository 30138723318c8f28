"""``/mineout``: Mine Out's own views. ``hand`` (privately, with the turn panel when it is
your turn), ``town`` and ``player [player]`` (images anyone may look at; only the
owner's own holdings show their hand). Playing is ``/game play`` or the panel."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.mine_out import MineOutState
from bot.i18n import t
from bot.service import Table
from bot.service.errors import NotPlaying
from cogs.mine_out.images import holdings_file, town_files
from cogs.mine_out.reading import holdings_description, town_descriptions
from cogs.platform.alt_text import seen_of
from cogs.platform.items import Interaction
from cogs.platform.names import display_names
from cogs.platform.play_command import GameCommands
from cogs.platform.private import show_private
from cogs.platform.replies import acknowledged, send_private
from cogs.platform.table_items import game_table, seat_shown
from cogs.platform.translator import command_text

GAME_ID = MineOutState.game_id


def _text(key: str) -> app_commands.locale_str:
    return command_text(f"mo.command.{key}")


async def mine_table(interaction: Interaction) -> tuple[Table, MineOutState]:
    table = await game_table(interaction, GAME_ID)
    if not isinstance(table.state, MineOutState):
        raise NotPlaying()
    return table, table.state


@app_commands.guild_only()
class MineOutCog(
    GameCommands,
    commands.GroupCog,
    group_name=_text("name"),
    group_description=_text("description"),
):
    game_id = GAME_ID

    @app_commands.command(name=_text("hand.name"), description=_text("hand.description"))
    @acknowledged
    async def hand(self, interaction: Interaction) -> None:
        table, _ = await mine_table(interaction)
        await show_private(interaction, table.id)

    @app_commands.command(name=_text("town.name"), description=_text("town.description"))
    @acknowledged
    async def town(self, interaction: Interaction) -> None:
        table, state = await mine_table(interaction)
        names = await display_names(interaction.client, table, interaction.locale)
        view = state.view(None)
        told = town_descriptions(seen_of(table, state, None, names, view), interaction.locale)
        files = [await file for file in town_files(view, names, interaction.locale, told)]
        await send_private(interaction, t(interaction.locale, "mo.town.text", table=table.id),
                           files=files)

    @app_commands.command(name=_text("player.name"), description=_text("player.description"))
    @app_commands.rename(player=_text("player.player.name"))
    @app_commands.describe(player=_text("player.player.description"))
    @acknowledged
    async def player(self, interaction: Interaction, player: discord.Member | None = None) -> None:
        table, state = await mine_table(interaction)
        seat = seat_shown(table, interaction.user.id, player.id if player else None)
        reader = table.seat_of(interaction.user.id)
        view = state.view(reader)
        names = await display_names(interaction.client, table, interaction.locale)
        shown = seen_of(table, state, reader, names, view)
        files = [await holdings_file(view, index, names, interaction.locale,
                                     holdings_description(shown, interaction.locale, index))
                 for index in state.seat_positions(seat)]
        text = t(interaction.locale, "mo.player.text", player=f"<@{table.seats[seat]}>")
        await send_private(interaction, text, files=files)
