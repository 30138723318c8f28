"""Mine Out's replay frames (`renderer.replay`): the town as the players see it.

The town image (`renderer.mine_out.town.render_town`) is the public board of Mine
Out; a frame is that image, decoded back to pixels for the replay to compose.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

from bot.games.base import JSON
from renderer.mine_out.colours import PALETTE
from renderer.mine_out.town import BAR, render_town
from renderer.replay import ReplayBoard


def replay_board(view: JSON, lang: str, names: Sequence[str]) -> Image.Image:
    """The town of a replay's frame, with the players' names."""
    with Image.open(io.BytesIO(render_town(view, names, lang))) as town:
        return town.convert("RGB")


REPLAY = ReplayBoard(replay_board, PALETTE, heading=BAR)
"""Mine Out's replay frames (`cogs.mine_out.PLUGIN`); the caption covers the town's
title bar (round and who is to act)."""
