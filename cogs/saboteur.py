"""Saboteur in Discord: the `/sab` commands, the presenter and the hand view.

`/sab play action:<notation>` plays any decision (gold picks included) with an
autocomplete of the user's legal actions; `/sab hand` answers the hand view
ephemerally, like the "My hand" button of every turn message. The tables
themselves are opened, joined and started with `/game` (cogs.game).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import TableBot
from bot.games.saboteur import SaboteurState
from bot.games.saboteur.actions import seat_label
from bot.i18n import command_text
from bot.presenters import register_presenter
from bot.service import Table
from cogs.components import Interaction, game_table, post_turn, service_of
from cogs.errors import NoTableHere, WrongGame
from cogs.replies import defer_private
from cogs.saboteur_choices import CHOICE_LIMIT, matching_choices, sab_state
from cogs.saboteur_hand import HAND_ITEMS, show_hand
from cogs.saboteur_presenter import SaboteurPresenter
from cogs.validation import ACTION_TEXT_LIMIT


def _text(key: str) -> app_commands.locale_str:
    """A name or description of `/sab`'s commands and options (``sab.command.<key>``)."""
    return command_text(f"sab.command.{key}")


def seat_names(table: Table, guild: discord.Guild | None) -> list[str]:
    """``P2 bob`` per seat when the member is known, else ``P2``."""
    names = []
    for seat, user_id in enumerate(table.seats):
        member = guild.get_member(user_id) if guild is not None else None
        names.append(f"{seat_label(seat)} {member.display_name}" if member else seat_label(seat))
    return names


async def saboteur_table(interaction: Interaction) -> Table:
    """This channel's Saboteur table, in its lobby or in play."""
    return await game_table(interaction, SaboteurState.game_id)


@app_commands.guild_only()
class SaboteurCog(
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
        table = await saboteur_table(interaction)
        result = await service_of(interaction).act(table.id, interaction.user.id, action)
        await post_turn(interaction, result.table, result)

    @play.autocomplete("action")
    async def play_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The user's legal actions matching what they typed; none when it is not their turn."""
        try:
            table = await saboteur_table(interaction)
        except (NoTableHere, WrongGame):
            return []
        seat = table.seat_of(interaction.user.id)
        if table.status != "playing" or seat is None:
            return []
        state = sab_state(table)
        names = seat_names(table, interaction.guild)
        found = matching_choices(state, seat, current, interaction.locale, names)
        return [
            app_commands.Choice(name=option.label[:CHOICE_LIMIT], value=option.notation)
            for option in found
        ]

    @app_commands.command(name=_text("hand.name"), description=_text("hand.description"))
    async def hand(self, interaction: Interaction) -> None:
        await defer_private(interaction)  # acknowledged before any database or image work
        table = await saboteur_table(interaction)
        await show_hand(interaction, table.id, edit=False)


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, TableBot):
        raise TypeError("cogs.saboteur needs the table bot (bot.app.create_bot)")
    register_presenter(SaboteurState.game_id, SaboteurPresenter())
    bot.add_dynamic_items(*HAND_ITEMS)
    await bot.add_cog(SaboteurCog(bot))
