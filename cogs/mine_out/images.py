"""Mine Out's images as Discord files, drawn off the event loop (`bot.render_pool`)
from views only, with the players' display names (`cogs.platform.names`)."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.games.mine_out.shapes import MineOutView
from bot.i18n import LocaleLike, language_of
from cogs.platform.presenter import image_file
from renderer.mine_out.holdings import render_holdings
from renderer.mine_out.town import render_town

TOWN_FILE = "mine-out-town.png"
HOLDINGS_FILE = "mine-out-player.png"


async def town_file(view: MineOutView, names: Sequence[str], locale: LocaleLike) -> discord.File:
    return await image_file(TOWN_FILE, render_town, view, tuple(names), language_of(locale))


async def holdings_file(
    view: MineOutView, index: int, names: Sequence[str], locale: LocaleLike
) -> discord.File:
    """Position `index`'s holdings; its hand only if `view` is its owner's."""
    return await image_file(
        HOLDINGS_FILE, render_holdings, view, index, tuple(names), language_of(locale)
    )
