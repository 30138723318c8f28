"""Mine Out's images as Discord files, drawn in a worker thread from views only, with
the players' display names (`cogs.platform.names`)."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Sequence

import discord

from bot.games.base import JSON
from bot.i18n import LocaleLike, language_of
from renderer.mine_out.holdings import render_holdings
from renderer.mine_out.town import render_town

TOWN_FILE = "mine-out-town.png"
HOLDINGS_FILE = "mine-out-player.png"


async def town_file(view: JSON, names: Sequence[str], locale: LocaleLike) -> discord.File:
    png = await asyncio.to_thread(render_town, view, names, language_of(locale))
    return discord.File(io.BytesIO(png), filename=TOWN_FILE)


async def holdings_file(
    view: JSON, index: int, names: Sequence[str], locale: LocaleLike
) -> discord.File:
    """Position `index`'s holdings; its hand only if `view` is its owner's."""
    png = await asyncio.to_thread(render_holdings, view, index, names, language_of(locale))
    return discord.File(io.BytesIO(png), filename=HOLDINGS_FILE)
