"""The local table's welcome: what this is, and a game against the computer in one click.

When the local table (`bot.local.table`) starts on an empty channel, the bot posts
a short message in the server's language, with one button per game the computers
play ("Play Coal Baron against the computer"...). A click opens a table in the
channel for whoever clicked, seats computers at the normal level (one, or as many
as the game needs to reach its minimum: two for Saboteur) and starts it; the
game's first turn is posted as after the lobby's Start. ``/game new`` stays for any
other table (more people, other levels, options).

The buttons are persistent (`WelcomeButton`, a `discord.ui.DynamicItem`: the game
is in the custom_id), so a click still works after a restart. A click while a table
is open in the channel (a second click, or another member's) changes nothing and
tells the clicker privately which table is open and how to end it. When a table of
the channel ends, the local table posts it again, short ("What next?"). Only the local
table registers and posts this: the bot on Discord never does.
"""

from __future__ import annotations

import re
from typing import Any, Self

import discord

from bot.ai.knowledge import has_computer_players
from bot.games.errors import UserError
from bot.games.registry import game_ids, get_game
from bot.i18n import LocaleLike, t
from bot.service.errors import UnknownGame
from cogs.permissions.check import check_posting
from cogs.platform.host import host_of, service_of
from cogs.platform.items import LABEL_LIMIT, Interaction
from cogs.platform.lobby import start_table
from cogs.platform.plugins import plugin_for
from cogs.platform.presenter import game_name
from cogs.platform.replies import guarded

PREFIX = "mt:welcome"
LEVEL = "normal"
"""The computers' level at a welcome's table (the lobby's middle one)."""


class TableOpenHere(UserError):
    """A welcome button clicked while the channel has a table in its lobby or in play."""

    key = "welcome_table_open"


def welcome_games() -> list[str]:
    """The games offered, one button each: every registered game computers play."""
    return [game for game in game_ids() if has_computer_players(game)]


def computers_needed(game: str) -> int:
    """How many computers sit with one person: one, or enough for the game's minimum."""
    return max(1, get_game(game).min_players - 1)


class WelcomeButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"{PREFIX}:(?P<game>[a-z0-9_-]+)"
):
    """"Play <game> against the computer": opens and starts a table for the clicker."""

    def __init__(self, game: str, label: str = "") -> None:
        super().__init__(discord.ui.Button(
            label=label[:LABEL_LIMIT] or game, style=discord.ButtonStyle.primary,
            custom_id=f"{PREFIX}:{game}",
        ))
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match["game"])

    async def callback(self, interaction: Interaction) -> None:
        # Anyone may click, in any channel the message is seen: no table to check.
        await guarded(interaction, self.play(interaction), check=_anywhere)

    async def play(self, interaction: Interaction) -> None:
        assert interaction.channel_id is not None
        offered = welcome_games()
        if self.game not in offered:  # a forged or outdated button
            raise UnknownGame(games=", ".join(game_name(interaction.locale, g) for g in offered))
        service = service_of(interaction)
        open_here = await service.tables.active_table(interaction.channel_id)
        if open_here is not None:
            raise TableOpenHere(table=open_here.id, game=game_name(interaction.locale,
                                                                   open_here.game))
        check_posting(interaction)  # before the table is stored
        plugin = plugin_for(self.game)
        table = await service.tables.open_table(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            game=self.game,
            creator_id=interaction.user.id,
            options={o.name: o.default for o in plugin.options if o.default is not None},
            reminder_minutes=host_of(interaction.client).settings.reminder_minutes,
        )
        for _ in range(computers_needed(self.game)):
            table = await service.tables.add_computer(table.id, interaction.user.id, LEVEL)
        await start_table(interaction, table.id)


async def _anywhere(interaction: Interaction) -> None:
    """A welcome button may be clicked by anyone (`cogs.platform.replies.guarded`'s check)."""


def welcome_text(locale: LocaleLike, *, again: bool = False) -> str:
    """The welcome's words; `again`: its short form, after a table of the channel ended."""
    return t(locale, "welcome.again" if again else "welcome.text")


def welcome_view(locale: LocaleLike) -> discord.ui.View:
    """One button per game of `welcome_games`, in `locale`'s words."""
    view = discord.ui.View(timeout=None)
    for game in welcome_games():
        label = t(locale, "welcome.button", game=game_name(locale, game))
        view.add_item(WelcomeButton(game, label))
    view.stop()  # the items are handled by their registered class, not by this view
    return view


async def post_welcome(
    channel: discord.abc.Messageable, locale: LocaleLike, *, again: bool = False
) -> discord.Message:
    """Post the welcome in `channel`, in `locale`'s language (`again`: its short form,
    offered again after a table ended)."""
    return await channel.send(
        welcome_text(locale, again=again), view=welcome_view(locale),
        allowed_mentions=discord.AllowedMentions.none(),
    )
