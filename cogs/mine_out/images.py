"""Mine Out's images as Discord files, drawn in a worker thread from views only."""

from __future__ import annotations

import asyncio
import io

import discord

from bot.games.mine_out.shapes import MineOutView
from bot.i18n import LocaleLike, language_of
from bot.service import Table
from renderer.mine_out.common import numbered_names
from renderer.mine_out.holdings import render_holdings
from renderer.mine_out.town import render_town

TOWN_FILE = "mine-out-town.png"
HOLDINGS_FILE = "mine-out-player.png"


async def town_file(table: Table, view: MineOutView, locale: LocaleLike) -> discord.File:
    lang = language_of(locale)
    names = numbered_names(len(table.seats), lang)
    png = await asyncio.to_thread(render_town, view, names, lang)
    return discord.File(io.BytesIO(png), filename=TOWN_FILE)


async def holdings_file(
    table: Table, view: MineOutView, index: int, locale: LocaleLike
) -> discord.File:
    """Position `index`'s holdings; its hand only if `view` is its owner's."""
    lang = language_of(locale)
    names = numbered_names(len(table.seats), lang)
    png = await asyncio.to_thread(render_holdings, view, index, names, lang)
    return discord.File(io.BytesIO(png), filename=HOLDINGS_FILE)
