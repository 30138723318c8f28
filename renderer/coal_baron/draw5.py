"""The cards a seat chooses from: the tiles or orders of a draw-5, or the orders of the draft.

The panel's selects name each card in words (colour, carts, side, price; vehicle, coal,
VP), as the picture shows it. A view that does not show the drawn cards (anyone but the
drawing seat) gives face-down cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.games.coal_baron.components import Order, Tile
from bot.games.coal_baron.shapes import CoalView
from renderer.coal_baron import glyphs
from renderer.coal_baron.colours import PALETTE, PILE
from renderer.coal_baron.glyphs import Letters
from renderer.coal_baron.labels import label, letters, seat_names
from renderer.coal_baron.model import drawn_card, order
from renderer.draw import pawn, text, text_width
from renderer.names import fit_name
from renderer.palette import INK, MUTED, PANEL, PAPER, WHITE, player_colour

WIDTH = 1100
MARGIN = 20
PER_ROW = 5
CARD_BOX = (200, 160)
HEADER_H = 126
TEXT = 32
"""The smallest text: 11 px when the image is shown 400 px wide."""
LINE_H = 42
"""A further line of a long instruction."""

Card = Tile | Order | None
"""A tile, an order card, or None for a card the viewer may not see."""


def render_draw5(view: CoalView, names: Sequence[str], lang: str) -> bytes:
    """The choice pending in `view` (draw-5 tiles, draw-5 orders or draft), as PNG bytes;
    `names`: the players' display names, index = seat.

    Raises ValueError when no such choice is pending.
    """
    pending = view["pending"]
    kind = pending["kind"] if pending else None
    cards: list[Card]
    if pending is None or kind not in ("draft", "draw-tiles", "draw-orders"):
        raise ValueError(f"no draw-5 or draft choice is pending (pending: {kind})")
    if kind == "draft":
        cards = [order(card) for card in view["draft"]]
        title = label(lang, "choice.draft", picks=pending["picks_made"])
    else:
        shown = pending["cards"]  # None in another seat's view: the cards face down
        cards = [None] * pending["count"] if shown is None else [drawn_card(c) for c in shown]
        step = "keep" if pending["step"] == "keep" else "return"
        if step == "return" and len(pending.get("sides", ("top", "bottom"))) == 1:
            step = "return-" + pending["sides"][0]  # the table's one-side option
        title = label(
            lang,
            f"choice.{kind}.{step}",
            top=pending["returned_top"],
            bottom=pending["returned_bottom"],
        )
    seat = pending["seat"]
    name = seat_names(names, lang)[seat]
    return _choice_png(cards, title, seat, name, view["players"][seat]["money"], lang)


def _choice_png(
    cards: list[Card], title: str, seat: int, player: str, money: int, lang: str
) -> bytes:
    lines = _wrapped(title, WIDTH - 2 * MARGIN)
    top = HEADER_H + (len(lines) - 1) * LINE_H
    rows = max(1, -(-len(cards) // PER_ROW))
    gap = (WIDTH - 2 * MARGIN - PER_ROW * CARD_BOX[0]) // (PER_ROW - 1)
    image = Image.new("RGB", (WIDTH, top + rows * (CARD_BOX[1] + gap) + MARGIN), PAPER)
    draw = ImageDraw.Draw(image)
    pawn(draw, MARGIN + 24, MARGIN, 52, seat, player_colour(seat))
    name = f"{fit_name(player, 34, 700)} · {label(lang, 'francs', amount=money)}"
    text(draw, (MARGIN + 58, MARGIN + 26), name, 34, bold=True, anchor="lm")
    for number, line in enumerate(lines):
        text(draw, (MARGIN, MARGIN + 74 + number * LINE_H), line, TEXT, bold=True, anchor="lm")
    names = letters(lang)
    for index, card in enumerate(cards):
        row, col = divmod(index, PER_ROW)
        x = MARGIN + col * (CARD_BOX[0] + gap)
        y = top + row * (CARD_BOX[1] + gap)
        draw.rounded_rectangle(
            (x, y, x + CARD_BOX[0], y + CARD_BOX[1]), radius=12, fill=PANEL, outline=MUTED, width=2
        )
        _card(draw, x, y, card, names, lang)
    return PALETTE.to_png(image)


def _card(draw: ImageDraw.ImageDraw, x: int, y: int, card: Card, names: Letters, lang: str) -> None:
    """One choice in its box: the piece and, for a tile, its price."""
    w, h = CARD_BOX
    cx = x + w / 2
    if card is None:
        draw.rounded_rectangle(
            (cx - 50, y + 30, cx + 50, y + h - 30),
            radius=10,
            fill=PILE,
            outline=INK,
            width=2,
        )
        text(draw, (cx, y + h / 2), "?", 60, bold=True, fill=WHITE)
        return
    if isinstance(card, Tile):
        glyphs.tile(
            draw,
            cx - glyphs.tile_width(card.carts) / 2,
            y + 14,
            card.colour,
            card.lit,
            [None] * card.carts,
            names,
        )
        text(
            draw,
            (x + w - 14, y + h - 30),
            label(lang, "francs", amount=card.cost),
            34,
            bold=True,
            anchor="rm",
        )
    else:
        glyphs.order_card(
            draw, cx - glyphs.ORDER_W / 2, y + 14, card.vehicle, card.vp, card.slots, (), names
        )


def _wrapped(words: str, width: int) -> list[str]:
    """`words` in lines of at most `width` px at `TEXT` px bold (never a smaller font)."""
    lines = [""]
    for word in words.split():
        line = f"{lines[-1]} {word}".strip()
        if lines[-1] and text_width(line, TEXT, bold=True) > width:
            lines.append(word)
        else:
            lines[-1] = line
    return lines
