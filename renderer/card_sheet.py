"""One card, space or tile alone on a sheet, as `/game card` sends it.

A game draws the piece with its own renderer; the sheet adds a margin, the piece's
name above it when the piece does not show it (a space cut from the board), and
widens the picture where it is taller than the phone rule allows (an image more
than 1.3 times as tall as wide is shrunk again by desktop clients).
"""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from renderer.draw import text, text_width
from renderer.palette import INK, RGB

MARGIN = 12
MAX_ASPECT = 1.3
CAPTION_SIZE = 24
CAPTION_LINE = 30
CAPTION_WIDTH = 300
"""A captioned sheet is at least this wide, so that its caption is read at the size drawn."""


def card_sheet(piece: Image.Image, background: RGB, caption: str = "", ink: RGB = INK) -> bytes:
    """`piece` centred on a `background` sheet, under `caption` (in `ink`) if any, as PNG."""
    width = piece.width + 2 * MARGIN
    if caption:
        width = max(width, CAPTION_WIDTH)
    lines = _lines(caption, width - 2 * MARGIN) if caption else []
    top = MARGIN + len(lines) * CAPTION_LINE + (8 if lines else 0)
    height = top + piece.height + MARGIN
    width = max(width, -(-height * 10 // round(MAX_ASPECT * 10)))
    sheet = Image.new("RGB", (width, height), background)
    sheet.paste(piece, ((width - piece.width) // 2, top))
    draw = ImageDraw.Draw(sheet)
    for number, line in enumerate(lines):
        middle = MARGIN + (number + 0.5) * CAPTION_LINE
        text(draw, (width / 2, middle), line, CAPTION_SIZE, bold=True, fill=ink,
             max_width=width - 2 * MARGIN)
    out = io.BytesIO()
    sheet.save(out, format="PNG")
    return out.getvalue()


def _lines(caption: str, width: int) -> list[str]:
    """`caption` cut between words into lines at most `width` px wide, bold."""
    lines: list[str] = []
    for word in caption.split():
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and text_width(joined, CAPTION_SIZE, bold=True) <= width:
            lines[-1] = joined
        else:
            lines.append(word)
    return lines
