"""Drawing primitives shared by every game's images: text, seat marks, worker chips."""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from PIL import ImageDraw, ImageFont

from renderer.fonts import font
from renderer.palette import INK, RGB, Mark, player_colour, player_mark, text_colour_on

Box = tuple[int, int, int, int]


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    s: str,
    size: int,
    *,
    bold: bool = False,
    fill: RGB = INK,
    anchor: str = "mm",
    max_width: int | None = None,
) -> int:
    """Draw `s` anchored at `xy` (Pillow anchors: "mm" = centred); returns its width.

    With `max_width`, the size shrinks until the text fits (translations vary in length).
    What `ImageDraw.text` does for one line, with the glyphs rendered once per text,
    size and sub-pixel position (`_glyph_mask`): the same words come back on every turn.
    """
    if max_width:
        size = fitted_size(s, size, bold, max_width)
    x, y = int(xy[0]), int(xy[1])
    start = (math.modf(xy[0])[0], math.modf(xy[1])[0])
    mask, (dx, dy) = _glyph_mask(s, size, bold, anchor, start)
    ink = draw._getink(fill)[0]  # the ink ImageDraw.text would use
    draw.draw.draw_bitmap((x + dx, y + dy), mask, ink)
    return text_width(s, size, bold)


@lru_cache(maxsize=8192)
def _glyph_mask(
    s: str, size: int, bold: bool, anchor: str, start: tuple[float, float]
) -> tuple[Any, tuple[int, int]]:
    """The antialiased mask of `s` and its offset from the anchor point (FreeType's work)."""
    return font(size, bold).getmask2(s, "L", anchor=anchor, start=start)


@lru_cache(maxsize=8192)
def text_width(s: str, size: int, bold: bool = False) -> int:
    """How wide `s` is drawn at `size` px."""
    return int(font(size, bold).getlength(s))


def fit_font(s: str, size: int, bold: bool, max_width: int) -> ImageFont.FreeTypeFont:
    """The largest font of at most `size` px in which `s` is at most `max_width` wide."""
    return font(fitted_size(s, size, bold, max_width), bold)


@lru_cache(maxsize=4096)
def fitted_size(s: str, size: int, bold: bool, max_width: int) -> int:
    """The largest size of at most `size` px (in steps of 2, at least 12) in which `s` is
    at most `max_width` wide."""
    while size > 12 and font(size, bold).getlength(s) > max_width:
        size -= 2
    return size


def mark(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, shape: Mark, fill: RGB) -> None:
    """A seat's mark shape of radius `r` centred on (cx, cy)."""
    if shape == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
    elif shape == "square":
        s = r * 0.88
        draw.rectangle((cx - s, cy - s, cx + s, cy + s), fill=fill)
    elif shape == "triangle":
        draw.polygon(
            [(cx, cy - r * 1.1), (cx + r * 1.1, cy + r * 0.8), (cx - r * 1.1, cy + r * 0.8)],
            fill=fill,
        )
    else:
        draw.polygon(
            [(cx, cy - r * 1.15), (cx + r * 1.15, cy), (cx, cy + r * 1.15), (cx - r * 1.15, cy)],
            fill=fill,
        )


def pawn(
    draw: ImageDraw.ImageDraw, cx: float, top: float, height: float, seat: int, fill: RGB
) -> None:
    """A worker silhouette: the seat's mark as the head over a rounded body."""
    head_r = height * 0.2
    mark(draw, cx, top + head_r, head_r, player_mark(seat), fill)
    body_w = height * 0.36
    draw.rounded_rectangle(
        (cx - body_w, top + height * 0.46, cx + body_w, top + height),
        radius=height * 0.14,
        fill=fill,
    )


CHIP_HEIGHT = 46


CHIP_TEXT = 34
"""The count on a chip: 11 px at 400 px wide on an image up to 1200 px wide."""


def chip_width(count: int) -> int:
    return 66 if count < 10 else 88


def worker_chip(draw: ImageDraw.ImageDraw, x: int, y: int, seat: int, count: int) -> int:
    """A chip in the seat's colour: a pawn and how many workers; returns its width."""
    colour = player_colour(seat)
    ink = text_colour_on(colour)
    w = chip_width(count)
    draw.rounded_rectangle(
        (x, y, x + w, y + CHIP_HEIGHT), radius=10, fill=colour, outline=INK, width=2
    )
    pawn(draw, x + 17, y + 6, CHIP_HEIGHT - 12, seat, ink)
    middle = (x + 33, y + CHIP_HEIGHT / 2 + 1)
    text(draw, middle, str(count), CHIP_TEXT, bold=True, fill=ink, anchor="lm")
    return w


def worker_chips(
    draw: ImageDraw.ImageDraw, x: int, y: int, workers: Iterable[tuple[int, int]], gap: int = 6
) -> int:
    """Chips for (seat, count) pairs from left to right; returns the x after the last one."""
    for seat, count in workers:
        x += worker_chip(draw, x, y, seat, count) + gap
    return x

