"""Mine Out's images as Discord files, drawn off the event loop (`bot.workers.render_pool`)
from views only, with the players' display names (`cogs.platform.names`).

The town is two images (each at most 1.3 x as tall as wide, readable on a phone):
the map with the fame track and the players, then the cards for hire, waiting and
on the community spaces. Once the game is over only the map is posted: the cards
no longer matter, and the platform adds the score chart as the second image."""

from __future__ import annotations

from collections.abc import Coroutine, Sequence
from typing import Any

import discord

from bot.games.mine_out.shapes import MineOutView
from bot.i18n import LocaleLike, language_of
from cogs.platform.presenter import image_file
from renderer.mine_out.hiring import render_hiring
from renderer.mine_out.holdings import render_holdings
from renderer.mine_out.town import render_town

TOWN_FILE = "mine-out-town.png"
CARDS_FILE = "mine-out-cards.png"
HOLDINGS_FILE = "mine-out-player.png"


def town_files(
    view: MineOutView, names: Sequence[str], locale: LocaleLike,
    descriptions: tuple[str, str] | None = None,
) -> list[Coroutine[Any, Any, discord.File]]:
    """The town's images to draw: the map, and the cards while the game is on; with
    their alt texts (`cogs.mine_out.reading.town_descriptions`)."""
    lang = language_of(locale)
    town, cards = descriptions or (None, None)
    files = [image_file(TOWN_FILE, render_town, view, tuple(names), lang, description=town)]
    if view["final"] is None:
        files.append(image_file(CARDS_FILE, render_hiring, view, lang, description=cards))
    return files


async def holdings_file(
    view: MineOutView, index: int, names: Sequence[str], locale: LocaleLike,
    description: str | None = None,
) -> discord.File:
    """Position `index`'s holdings; its hand only if `view` is its owner's."""
    return await image_file(
        HOLDINGS_FILE, render_holdings, view, index, tuple(names), language_of(locale),
        description=description,
    )
