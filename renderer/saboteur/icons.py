"""Pictograms of the action and gold cards, drawn from plain shapes.

Each function draws into a square `box` (x, y, size) of an ImageDraw. The tools
are a pickaxe, a lantern and a cart; a broken tool gets a slash, a repaired
one a tick, so the two read apart without colour.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from PIL import ImageDraw

from renderer.draw import text
from renderer.saboteur import palette

Box = tuple[float, float, float]
"""Left, top and side of the square an icon is drawn in."""

def draw_tool(draw: ImageDraw.ImageDraw, tool: str, box: Box) -> None:
    """The tool `tool` ("pick", "lamp" or "cart", as in the engine's cards) filling `box`."""
    _TOOL_DRAWERS[tool](draw, box)


def draw_pick(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x, y, s = box
    line = max(2, round(s * 0.09))
    # handle, bottom-left to top-right
    draw.line((x + s * 0.2, y + s * 0.88, x + s * 0.68, y + s * 0.3), fill=palette.LADDER,
              width=line)
    # head: a crescent blade across the top of the handle, both ends pointed
    draw.polygon(
        [(x + s * 0.3, y + s * 0.1), (x + s * 0.74, y + s * 0.14), (x + s * 0.94, y + s * 0.6),
         (x + s * 0.68, y + s * 0.3)],
        fill=palette.STONE, outline=palette.STONE_DARK, width=max(1, line // 3),
    )


def draw_lamp(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x, y, s = box
    line = max(2, round(s * 0.06))
    draw.arc((x + s * 0.36, y + s * 0.04, x + s * 0.64, y + s * 0.3), start=180, end=360,
             fill=palette.STONE, width=line)
    draw.rectangle((x + s * 0.3, y + s * 0.17, x + s * 0.7, y + s * 0.25), fill=palette.STONE_DARK)
    draw.rounded_rectangle((x + s * 0.3, y + s * 0.25, x + s * 0.7, y + s * 0.82), s * 0.06,
                           fill=palette.GOLD, outline=palette.STONE_DARK, width=line)
    draw.line((x + s * 0.5, y + s * 0.3, x + s * 0.5, y + s * 0.78), fill=palette.STONE_DARK,
              width=line)
    draw.rectangle((x + s * 0.24, y + s * 0.82, x + s * 0.76, y + s * 0.92),
                   fill=palette.STONE_DARK)


def draw_cart(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x, y, s = box
    line = max(2, round(s * 0.05))
    draw.polygon(
        [(x + s * 0.06, y + s * 0.3), (x + s * 0.94, y + s * 0.3), (x + s * 0.82, y + s * 0.7),
         (x + s * 0.18, y + s * 0.7)],
        fill=palette.ROCK, outline=palette.STONE_DARK, width=line,
    )
    draw.line((x + s * 0.12, y + s * 0.45, x + s * 0.88, y + s * 0.45), fill=palette.STONE_DARK,
              width=line)
    r = s * 0.11
    for cx in (x + s * 0.3, x + s * 0.7):
        cy = y + s * 0.76
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=palette.STONE_DARK,
                     outline=palette.STONE, width=line)


_TOOL_DRAWERS: dict[str, Callable[[ImageDraw.ImageDraw, Box], None]] = {
    "pick": draw_pick,
    "lamp": draw_lamp,
    "cart": draw_cart,
}


def draw_slash(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """A broken-tool slash across `box`, outlined so it shows on any colour."""
    x, y, s = box
    line = max(3, round(s * 0.12))
    points = (x + s * 0.1, y + s * 0.1, x + s * 0.9, y + s * 0.9)
    draw.line(points, fill=palette.INK, width=line + max(2, line // 2))
    draw.line(points, fill=palette.BROKEN, width=line)


def draw_tick(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """A repair tick in the lower-right part of `box`."""
    x, y, s = box
    line = max(3, round(s * 0.11))
    points = [(x + s * 0.5, y + s * 0.74), (x + s * 0.66, y + s * 0.9),
              (x + s * 0.96, y + s * 0.52)]
    draw.line(points, fill=palette.INK, width=line + max(2, line // 2), joint="curve")
    draw.line(points, fill=palette.REPAIR, width=line, joint="curve")


def draw_rockfall(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """Rocks tumbling down onto a broken tunnel."""
    x, y, s = box
    line = max(2, round(s * 0.04))
    draw.rectangle((x + s * 0.05, y + s * 0.72, x + s * 0.35, y + s * 0.86), fill=palette.TUNNEL)
    draw.rectangle((x + s * 0.65, y + s * 0.72, x + s * 0.95, y + s * 0.86), fill=palette.TUNNEL)
    for cx, cy, r in ((0.5, 0.74, 0.16), (0.3, 0.5, 0.12), (0.62, 0.4, 0.11), (0.42, 0.2, 0.09),
                      (0.72, 0.14, 0.07)):
        draw.ellipse((x + s * (cx - r), y + s * (cy - r), x + s * (cx + r), y + s * (cy + r)),
                     fill=palette.STONE, outline=palette.STONE_DARK, width=line)


def draw_map(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """A folded mine plan with a dashed route to a cross."""
    x, y, s = box
    line = max(2, round(s * 0.04))
    panels = [(0.08, 0.16), (0.36, 0.1), (0.64, 0.16)]
    for left, top in panels:
        draw.polygon(
            [(x + s * left, y + s * top), (x + s * (left + 0.28), y + s * (0.26 - top)),
             (x + s * (left + 0.28), y + s * (1.0 - top)), (x + s * left, y + s * (0.68 + top))],
            fill=palette.PAPER, outline=palette.STONE_DARK, width=line,
        )
    route = [(0.16, 0.74), (0.3, 0.6), (0.46, 0.66), (0.6, 0.48), (0.74, 0.42)]
    for (ax, ay), (bx, by) in itertools.pairwise(route):
        draw.line((x + s * ax, y + s * ay, x + s * bx, y + s * by), fill=palette.CARD_BACK,
                  width=line)
    c = (x + s * 0.8, y + s * 0.34)
    d = s * 0.07
    for sign in (1, -1):
        draw.line((c[0] - d, c[1] - sign * d, c[0] + d, c[1] + sign * d), fill=palette.BROKEN,
                  width=line * 2)


def draw_nuggets(draw: ImageDraw.ImageDraw, count: int, box: Box) -> None:
    """`count` gold nuggets (1 to 3) in a row across `box`."""
    x, y, s = box
    r = s * (0.2 if count < 3 else 0.15)
    step = s / (count + 1)
    line = max(2, round(s * 0.03))
    for i in range(count):
        cx = x + step * (i + 1)
        cy = y + s * 0.5
        draw.polygon(
            [(cx - r, cy), (cx - r * 0.4, cy - r), (cx + r * 0.6, cy - r * 0.8),
             (cx + r, cy + r * 0.2), (cx + r * 0.3, cy + r), (cx - r * 0.7, cy + r * 0.75)],
            fill=palette.GOLD, outline=palette.GOLD_DARK, width=line,
        )


def draw_tool_mark(
    draw: ImageDraw.ImageDraw, tool: str, box: Box, *, broken: bool, letter: str
) -> None:
    """A tool with its slash (broken) or tick (repair) and its letter in a corner.

    The letter ("P", "L", "C"...) names the tool for anyone who cannot tell the
    pictures apart.
    """
    x, y, s = box
    draw_tool(draw, tool, box)
    if broken:
        draw_slash(draw, box)
    else:
        draw_tick(draw, box)
    r = s * 0.2
    cx, cy = x + r, y + s - r
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=palette.PAPER, outline=palette.INK,
                 width=max(1, round(s * 0.03)))
    text(draw, (cx, cy), letter, max(10, round(r * 1.5)), bold=True, fill=palette.INK)


def draw_gold_card(
    draw: ImageDraw.ImageDraw, nuggets: int | None, x: float, y: float, h: float
) -> float:
    """A small gold card worth `nuggets` (None: face down, "?"), `h` tall at (x, y);
    returns its width."""
    w = h * 0.72
    draw.rounded_rectangle((x, y, x + w, y + h), h * 0.12, fill=palette.GOLD,
                           outline=palette.GOLD_DARK, width=max(2, round(h * 0.05)))
    text(draw, (x + w / 2, y + h * 0.56), "?" if nuggets is None else str(nuggets),
         round(h * 0.55), bold=True,
         fill=palette.INK)
    return w
