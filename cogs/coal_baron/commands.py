"""``/coal``: Coal Baron's own views: the board, a mine, the orders.

- ``/coal board``, ``/coal mine [player]``, ``/coal orders [player]`` answer anyone,
  spectators included, privately and in their language.
- ``/coal play`` is the old spelling of ``/game play``, kept for one release.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.coal_baron.shapes import as_view
from bot.i18n import language_of, t
from bot.service import Table
from bot.service.errors import NotPlaying
from cogs.coal_baron.presenter import orders_lines
from cogs.coal_baron.turn import GAME_ID, coal_state
from cogs.platform.alt_text import description, logged_move, player_name, seen_of
from cogs.platform.host import service_of
from cogs.platform.items import Interaction
from cogs.platform.names import display_names
from cogs.platform.play_command import GameCommands
from cogs.platform.presenter import image_file
from cogs.platform.replies import acknowledged, send_private
from cogs.platform.table_items import game_table, seat_shown
from cogs.platform.translator import command_text
from renderer.coal_baron.board import render_board
from renderer.coal_baron.mine import render_mine


def _text(key: str) -> app_commands.locale_str:
    return command_text(f"coal.command.{key}")


async def coal_table(interaction: Interaction) -> Table:
    """The Coal Baron table in play in this channel."""
    table = await game_table(interaction, GAME_ID)
    if table.state is None:
        raise NotPlaying()
    return table


@app_commands.guild_only()
class CoalCog(
    GameCommands,
    commands.GroupCog,
    group_name=_text("name"),
    group_description=_text("description"),
):
    game_id = GAME_ID

    @app_commands.command(name=_text("board.name"), description=_text("board.description"))
    @acknowledged
    async def board(self, interaction: Interaction) -> None:
        table = await coal_table(interaction)
        reader = table.seat_of(interaction.user.id)
        view = as_view(coal_state(table).view(reader))
        lang = language_of(interaction.locale)
        names = await display_names(interaction.client, table, interaction.locale)
        played = await logged_move(service_of(interaction), table)
        told = description(seen_of(table, coal_state(table), reader, names, view),
                           interaction.locale, "board", played, parts=("players", "placed"))
        files = [await image_file("board.png", render_board, view, names, lang, description=told)]
        text = t(interaction.locale, "coal.board.text", table=table.id)
        await send_private(interaction, text, files=files)

    @app_commands.command(name=_text("mine.name"), description=_text("mine.description"))
    @app_commands.rename(player=_text("mine.player.name"))
    @app_commands.describe(player=_text("mine.player.description"))
    @acknowledged
    async def mine(self, interaction: Interaction, player: discord.Member | None = None) -> None:
        table = await coal_table(interaction)
        seat = seat_shown(table, interaction.user.id, player.id if player else None)
        reader = table.seat_of(interaction.user.id)
        view = as_view(coal_state(table).view(reader))
        lang = language_of(interaction.locale)
        names = await display_names(interaction.client, table, interaction.locale)
        shown = seen_of(table, coal_state(table), reader, names, view)
        played = await logged_move(service_of(interaction), table)
        told = description(shown, interaction.locale, "mine", played, parts=("mine",),
                           seats=(seat,),
                           player=player_name(shown, seat, interaction.locale))
        files = [await image_file("mine.png", render_mine, view, seat, names, lang,
                                  description=told)]
        text = t(interaction.locale, "coal.mine.text", player=f"<@{table.seats[seat]}>")
        await send_private(interaction, text, files=files)

    @app_commands.command(name=_text("orders.name"), description=_text("orders.description"))
    @app_commands.rename(player=_text("orders.player.name"))
    @app_commands.describe(player=_text("orders.player.description"))
    @acknowledged
    async def orders(self, interaction: Interaction, player: discord.Member | None = None) -> None:
        table = await coal_table(interaction)
        seat = seat_shown(table, interaction.user.id, player.id if player else None)
        view = as_view(coal_state(table).view(table.seat_of(interaction.user.id)))
        title = t(interaction.locale, "coal.orders.title", player=f"<@{table.seats[seat]}>")
        lines = [title, *orders_lines(interaction.locale, view, seat)]
        await send_private(interaction, "\n".join(lines))
