"""Mine Out's replay frames (`renderer.replay`): the town as the players see it.

The town image (`renderer.mine_out.town.town_image`, what a turn posts as its map) is
the public board of Mine Out; a frame composes it as drawn, before any encoding.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from bot.games.base import JSON
from renderer.mine_out.colours import PALETTE
from renderer.mine_out.town import BAR, town_image
from renderer.replay import ReplayBoard


def replay_board(view: JSON, lang: str, names: Sequence[str]) -> Image.Image:
    """The town of a replay's frame, with the players' names."""
    return town_image(view, names, lang)


REPLAY = ReplayBoard(replay_board, PALETTE, heading=BAR)
"""Mine Out's replay frames (`cogs.mine_out.PLUGIN`); the caption covers the town's
title bar (round and who is to act)."""
