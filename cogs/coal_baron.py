"""``/coal``: play Coal Baron in the notation, and look at the board, a mine, the orders.

- ``/coal play action:<text>`` plays a line of the notation (docs/coal-baron.md) for
  the user's seat, with autocomplete of the legal lines (`cogs.coal_baron_suggest`);
  after a draw-5 or a lone mining placement the matching panel opens for the player.
- ``/coal board``, ``/coal mine [player]``, ``/coal orders [player]`` answer anyone,
  spectators included, privately and in their language.

Loading this extension also registers the Coal Baron presenter and the persistent
components of the turn message and of the panels.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import TableBot
from bot.errors import NotPlaying
from bot.games.base import Seat
from bot.games.coal_baron.draw import DrawFive
from bot.games.coal_baron.extraction import Extraction
from bot.i18n import command_text, language_of, t
from bot.presenters import image_file
from bot.service import Table
from cogs.coal_baron_components import TURN_ITEMS
from cogs.coal_baron_draw import DRAW_ITEMS, open_draw_panel
from cogs.coal_baron_extraction import EXTRACTION_ITEMS, open_extraction_panel
from cogs.coal_baron_presenter import orders_lines, register
from cogs.coal_baron_suggest import suggestions
from cogs.coal_baron_turn import GAME_ID, NotAPlayer, coal_state
from cogs.components import Interaction, game_table, post_turn, service_of
from cogs.replies import defer_private, send_private
from cogs.validation import ACTION_TEXT_LIMIT
from renderer.coal_baron.board import render_board
from renderer.coal_baron.labels import numbered_names
from renderer.coal_baron.mine import render_mine


def _text(key: str) -> app_commands.locale_str:
    return command_text(f"coal.command.{key}")


async def coal_table(interaction: Interaction) -> Table:
    """The Coal Baron table in play in this channel."""
    table = await game_table(interaction, GAME_ID)
    if table.state is None:
        raise NotPlaying()
    return table


def seat_shown(table: Table, interaction: Interaction, member: discord.abc.User | None) -> Seat:
    """The seat of `member`; without one, the user's own seat, else the seat to act."""
    user = member or interaction.user
    seat = table.seat_of(user.id)
    if seat is not None:
        return seat
    if member is not None:
        raise NotAPlayer()
    return coal_state(table).to_act()[0] if coal_state(table).to_act() else 0


def choice_name(line: str, label: str) -> str:
    """``m8 c3 — Cage to level 3``; a space's label already starts with its id."""
    name = label if label.startswith(f"{line}:") else f"{line} — {label}"
    return name[:100]


@app_commands.guild_only()
class CoalCog(
    commands.GroupCog,
    group_name=_text("name"),
    group_description=_text("description"),
):
    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    @app_commands.command(name=_text("play.name"), description=_text("play.description"))
    @app_commands.rename(action=_text("play.action.name"))
    @app_commands.describe(action=_text("play.action.description"))
    async def play(
        self, interaction: Interaction, action: app_commands.Range[str, 1, ACTION_TEXT_LIMIT]
    ) -> None:
        await defer_private(interaction)  # acknowledged before any database or image work
        table = await coal_table(interaction)
        result = await service_of(interaction).act(table.id, interaction.user.id, action)
        await post_turn(interaction, result.table, result)
        state = coal_state(result.table)
        if result.seat not in state.to_act():
            return
        if isinstance(state.pending, DrawFive):
            await open_draw_panel(interaction, result.table, result.seat)
        elif isinstance(state.pending, Extraction):
            await open_extraction_panel(interaction, result.table, result.seat, [])

    @play.autocomplete("action")
    async def play_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        assert interaction.channel_id is not None
        table = await service_of(interaction).active_table(interaction.channel_id)
        if table is None or table.game != GAME_ID or table.state is None:
            return []
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            return []
        found = suggestions(coal_state(table), seat, current, interaction.locale)
        return [
            app_commands.Choice(name=choice_name(line, label), value=line) for line, label in found
        ]

    @app_commands.command(name=_text("board.name"), description=_text("board.description"))
    async def board(self, interaction: Interaction) -> None:
        await defer_private(interaction)  # acknowledged before any database or image work
        table = await coal_table(interaction)
        view = coal_state(table).view(table.seat_of(interaction.user.id))
        lang = language_of(interaction.locale)
        names = numbered_names(len(table.seats), lang)
        files = [await image_file("board.png", render_board, view, names, lang)]
        text = t(interaction.locale, "coal.board.text", table=table.id)
        await send_private(interaction, text, files=files)

    @app_commands.command(name=_text("mine.name"), description=_text("mine.description"))
    @app_commands.rename(player=_text("mine.player.name"))
    @app_commands.describe(player=_text("mine.player.description"))
    async def mine(self, interaction: Interaction, player: discord.Member | None = None) -> None:
        await defer_private(interaction)  # acknowledged before any database or image work
        table = await coal_table(interaction)
        seat = seat_shown(table, interaction, player)
        view = coal_state(table).view(table.seat_of(interaction.user.id))
        lang = language_of(interaction.locale)
        names = numbered_names(len(table.seats), lang)
        files = [await image_file("mine.png", render_mine, view, seat, names, lang)]
        text = t(interaction.locale, "coal.mine.text", player=f"<@{table.seats[seat]}>")
        await send_private(interaction, text, files=files)

    @app_commands.command(name=_text("orders.name"), description=_text("orders.description"))
    @app_commands.rename(player=_text("orders.player.name"))
    @app_commands.describe(player=_text("orders.player.description"))
    async def orders(self, interaction: Interaction, player: discord.Member | None = None) -> None:
        await defer_private(interaction)  # acknowledged before any database or image work
        table = await coal_table(interaction)
        seat = seat_shown(table, interaction, player)
        view = coal_state(table).view(table.seat_of(interaction.user.id))
        title = t(interaction.locale, "coal.orders.title", player=f"<@{table.seats[seat]}>")
        lines = [title, *orders_lines(interaction.locale, view, seat)]
        await send_private(interaction, "\n".join(lines))


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, TableBot):
        raise TypeError("cogs.coal_baron needs the table bot (bot.app.create_bot)")
    register()
    bot.add_dynamic_items(*TURN_ITEMS, *EXTRACTION_ITEMS, *DRAW_ITEMS)
    await bot.add_cog(CoalCog(bot))
