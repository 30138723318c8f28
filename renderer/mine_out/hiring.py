"""The town's cards, the second Mine Out image: the hiring display, the waiting cards
and the 3 community spaces as card tiles; a card the last turn played to a community
space is outlined in the colour of its player (`last_turn`).

Drawn from a view alone (no hand is drawn), 800 px wide, every word at least 22 px.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.games.mine_out.components import COMMUNITY_SPACES
from bot.games.mine_out.shapes import MineOutView
from renderer.draw import text
from renderer.mine_out.cards import TILE_H, tile_row
from renderer.mine_out.colours import PALETTE
from renderer.mine_out.common import WIDTH, label
from renderer.mine_out.last_turn import mover
from renderer.palette import PAPER

MARGIN = 9
SECTION = 38
ROW_GAP = 12


def render_hiring(view: MineOutView, lang: str) -> bytes:
    """The cards for hire, waiting and on the community spaces, from a view."""
    free = [None] * (COMMUNITY_SPACES - len(view["community"]))
    rows = (("display", view["display"], "refilled"), ("waiting", view["waiting"], "free_space"),
            ("community", [*view["community"], *free], "free_space"))
    height = len(rows) * (SECTION + TILE_H + ROW_GAP) + 8
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    last = view["last"]
    played = last["community"] if last else []
    y = 4
    for key, cards, empty in rows:
        title = label(lang, key, count=sum(1 for card in cards if card))
        text(draw, (MARGIN + 4, y + SECTION // 2), title, 24, bold=True, anchor="lm")
        y += SECTION
        tile_row(draw, MARGIN, y, cards, lang, empty=label(lang, empty),
                 marked=played if key == "community" else (), mover=mover(view))
        y += TILE_H + ROW_GAP
    return PALETTE.to_png(image)
