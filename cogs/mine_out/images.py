"""Mine Out's images as Discord files, drawn off the event loop (`bot.render_pool`)
from views only."""

from __future__ import annotations

import discord

from bot.games.mine_out.shapes import MineOutView
from bot.i18n import LocaleLike, language_of
from bot.service import Table
from cogs.platform.presenter import image_file
from renderer.mine_out.common import numbered_names
from renderer.mine_out.holdings import render_holdings
from renderer.mine_out.town import render_town

TOWN_FILE = "mine-out-town.png"
HOLDINGS_FILE = "mine-out-player.png"


async def town_file(table: Table, view: MineOutView, locale: LocaleLike) -> discord.File:
    lang = language_of(locale)
    names = numbered_names(len(table.seats), lang)
    return await image_file(TOWN_FILE, render_town, view, names, lang)


async def holdings_file(
    table: Table, view: MineOutView, index: int, locale: LocaleLike
) -> discord.File:
    """Position `index`'s holdings; its hand only if `view` is its owner's."""
    lang = language_of(locale)
    names = numbered_names(len(table.seats), lang)
    return await image_file(HOLDINGS_FILE, render_holdings, view, index, names, lang)
