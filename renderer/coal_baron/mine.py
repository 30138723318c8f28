"""A player's mine: levels 1-4 with their lit (left) and dark (right) galleries around the
shaft, the cage and its 5 places, the private stock, orders in progress and delivered,
money, workers left and VP.

Galleries go outward from the shaft, printed cart first; a side too full for one line
goes on with a second line under the first, so the image keeps its width and the level
grows taller. The frame (bands, shaft, labels) is cached per (lines per level, language).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.games.coal_baron.components import CAGE_PLACES, COLOURS, LEVELS, VEHICLES, Order
from bot.games.coal_baron.scoring import coal_delivered, vehicle_slots_delivered
from bot.games.coal_baron.shapes import CoalView
from renderer.coal_baron import glyphs
from renderer.coal_baron.colours import (
    CABLE,
    CAGE,
    CAGE_PLACE_FRAME,
    DARK_SIDE,
    LEVEL_NUMBER,
    LIT_SIDE,
    PALETTE,
    RAIL,
    SHAFT,
    SURFACE,
)
from renderer.coal_baron.glyphs import Letters
from renderer.coal_baron.labels import label, letters, seat_names
from renderer.coal_baron.model import Gallery, Mine, mine_from_view
from renderer.draw import pawn, text, text_width
from renderer.names import fit_name
from renderer.palette import HIGHLIGHT, INK, MUTED, PAPER, WHITE, player_colour

MARGIN = 20
TEXT = 32
"""The smallest text of the mine: 11 px when the image is shown 400 px wide."""
TITLE_H = 44
HEADER_H = 96
SURFACE_H = 120
SIDE_LABEL_H = 40
LINE_H = 122
"""Height of one line of galleries; a level has one line or more."""
SIDE_W = 440
"""Room on each side of the shaft: the printed cart and two 2-cart tiles."""
SHAFT_W = 200
WIDTH = 2 * SIDE_W + SHAFT_W + 2 * MARGIN
SHAFT_X = MARGIN + SIDE_W
TILE_GAP = 10
GRID_Y = HEADER_H + SURFACE_H + SIDE_LABEL_H
ORDER_ROW_H = glyphs.ORDER_H + 14
ORDER_COLUMNS = (WIDTH - 2 * MARGIN + 16) // (glyphs.ORDER_W + 16)
DELIVERED_H = 110
CAGE_PLACE = 36



@dataclass(frozen=True)
class Placed:
    """A gallery and where it goes: its level, line within the level, and left edge."""

    gallery: Gallery
    level: int
    line: int
    x: int


def render_mine(view: CoalView, seat: int, names: Sequence[str], lang: str) -> bytes:
    """`seat`'s mine as seen in `view`, as PNG bytes; `names`: display names, index = seat."""
    mine = mine_from_view(view, seat)
    return PALETTE.to_png(mine_image(mine, seat_names(names, lang)[seat], lang))


def mine_image(mine: Mine, name: str, lang: str) -> Image.Image:
    """The mine as an RGB image (see `render_mine`); `name`: its player's display name."""
    lines, placed = arrange(mine.galleries)
    orders_y = _orders_y(lines)
    order_rows = max(1, -(-len(mine.orders) // ORDER_COLUMNS))
    delivered_y = orders_y + TITLE_H + order_rows * ORDER_ROW_H + 8
    image = Image.new("RGB", (WIDTH, delivered_y + DELIVERED_H + MARGIN), PAPER)
    image.paste(_frame(lines, lang), (0, 0))
    draw = ImageDraw.Draw(image)
    names = letters(lang)
    _draw_header(draw, mine, name, lang)
    _draw_stock(draw, mine.stock, names)
    for place in placed:
        y = _level_top(lines, place.level) + place.line * LINE_H + (LINE_H - glyphs.TILE_H) / 2
        gallery = place.gallery
        glyphs.tile(
            draw,
            place.x,
            y,
            gallery.colour,
            gallery.lit,
            gallery.cubes,
            names,
            printed=gallery.printed,
        )
    _draw_cage(draw, lines, mine.cage_level, mine.cage, names)
    _draw_orders(draw, mine, orders_y + TITLE_H, lang)
    _draw_delivered(draw, mine.delivered, delivered_y, lang)
    return image


def arrange(galleries: tuple[Gallery, ...]) -> tuple[tuple[int, ...], list[Placed]]:
    """Lines needed by each level, and the place of every gallery: from the shaft outward,
    on a new line under the last when the side is full."""
    lines = dict.fromkeys(LEVELS, 1)
    used: dict[tuple[int, bool], tuple[int, int]] = {}
    """(level, lit) -> (current line, width used on it from the shaft)."""
    placed = []
    for gallery in galleries:
        level = gallery.colour + 1
        width = glyphs.tile_width(len(gallery.cubes))
        line, taken = used.get((level, gallery.lit), (0, 0))
        if taken and taken + TILE_GAP + width > SIDE_W - TILE_GAP:
            line, taken = line + 1, 0
        near = taken + TILE_GAP
        x = SHAFT_X - near - width if gallery.lit else SHAFT_X + SHAFT_W + near
        used[level, gallery.lit] = (line, near + width)
        lines[level] = max(lines[level], line + 1)
        placed.append(Placed(gallery, level, line, x))
    return tuple(lines[level] for level in LEVELS), placed


def _level_top(lines: tuple[int, ...], level: int) -> int:
    return GRID_Y + sum(lines[: level - 1]) * LINE_H


def _orders_y(lines: tuple[int, ...]) -> int:
    return GRID_Y + sum(lines) * LINE_H + 16


# -- the frame layer ----------------------------------------------------------------------


@lru_cache(maxsize=16)
def _frame(lines: tuple[int, ...], lang: str) -> Image.Image:
    """Surface, side labels, level bands and the shaft: everything that never moves."""
    grid_bottom = GRID_Y + sum(lines) * LINE_H
    image = Image.new("RGB", (WIDTH, _orders_y(lines) + TITLE_H), PAPER)
    draw = ImageDraw.Draw(image)
    right = WIDTH - MARGIN
    draw.rectangle((MARGIN, HEADER_H, right, HEADER_H + SURFACE_H), fill=SURFACE)
    text(draw, (MARGIN + 12, HEADER_H + 22), label(lang, "stock"), TEXT, bold=True, anchor="lm")
    text(draw, (right - 12, HEADER_H + 22), label(lang, "surface"), TEXT, bold=True, anchor="rm")
    y = HEADER_H + SURFACE_H
    draw.rectangle((MARGIN, y, SHAFT_X, grid_bottom), fill=LIT_SIDE)
    draw.rectangle((SHAFT_X + SHAFT_W, y, right, grid_bottom), fill=DARK_SIDE)
    glyphs.lantern(draw, SHAFT_X - 40, y + 5, lit=True)
    text(draw, (SHAFT_X - 48, y + 21), label(lang, "lit"), TEXT, bold=True, anchor="rm")
    glyphs.lantern(draw, SHAFT_X + SHAFT_W + 16, y + 5, lit=False)
    text(
        draw,
        (SHAFT_X + SHAFT_W + 46, y + 21),
        label(lang, "dark"),
        TEXT,
        bold=True,
        fill=WHITE,
        anchor="lm",
    )
    draw.rectangle((SHAFT_X, y, SHAFT_X + SHAFT_W, grid_bottom), fill=SHAFT)
    for rail in (SHAFT_X + 14, SHAFT_X + SHAFT_W - 14):
        draw.line((rail, HEADER_H + 30, rail, grid_bottom), fill=RAIL, width=6)
    for level in LEVELS:
        top = _level_top(lines, level)
        bottom = top + lines[level - 1] * LINE_H
        coal = glyphs.COAL[COLOURS[level - 1]]
        draw.line((MARGIN, top, right, top), fill=INK, width=2)
        draw.rectangle((SHAFT_X, top + 2, SHAFT_X + 10, bottom), fill=coal)
        draw.rectangle((SHAFT_X + SHAFT_W - 10, top + 2, SHAFT_X + SHAFT_W, bottom), fill=coal)
        text(
            draw,
            (SHAFT_X + SHAFT_W / 2, (top + bottom) / 2),
            str(level),
            64,
            bold=True,
            fill=LEVEL_NUMBER,
        )
    draw.rectangle((MARGIN, HEADER_H, right, grid_bottom), outline=INK, width=2)
    text(
        draw,
        (MARGIN + 2, _orders_y(lines) + TITLE_H // 2 + 2),
        label(lang, "orders_in_progress"),
        TEXT,
        bold=True,
        anchor="lm",
    )
    return image


# -- what changes -------------------------------------------------------------------------


def _draw_header(draw: ImageDraw.ImageDraw, mine: Mine, name: str, lang: str) -> None:
    """Name, VP, money, workers left; the seat to act gets an orange frame."""
    box = (MARGIN, MARGIN - 6, WIDTH - MARGIN, HEADER_H - 12)
    acting = mine.to_act
    draw.rounded_rectangle(
        box, radius=12, fill=WHITE, outline=HIGHLIGHT if acting else MUTED, width=6 if acting else 2
    )
    cy = (box[1] + box[3]) // 2
    colour = player_colour(mine.seat)
    pawn(draw, MARGIN + 34, cy - 28, 56, mine.seat, colour)
    tags = (" · " + label(lang, "first_player") if mine.first_player else "") + (
        " ▶" if acting else ""
    )
    vp = label(lang, "vp", vp=mine.vp)
    money = label(lang, "francs", amount=mine.money)
    coin_w = max(96, text_width(money, TEXT, bold=True) + 30)
    workers = label(lang, "workers_left", count=mine.workers)
    rest = (
        text_width(tags, 34, bold=True) + 30 + text_width(vp, 34, bold=True) + 30 + coin_w + 24
        + 40 + text_width(workers, TEXT, bold=True)
    )
    shown = fit_name(name, 34, WIDTH - 2 * MARGIN - 90 - rest) + tags
    x = MARGIN + 70
    x += text(draw, (x, cy), shown, 34, bold=True, anchor="lm") + 30
    x += text(draw, (x, cy), vp, 34, bold=True, anchor="lm") + 30
    draw.ellipse((x, cy - 26, x + coin_w, cy + 26), fill=glyphs.COIN, outline=INK, width=2)
    text(draw, (x + coin_w / 2, cy + 1), money, TEXT, bold=True)
    x += coin_w + 24
    pawn(draw, x + 16, cy - 24, 48, mine.seat, colour)
    text(draw, (x + 40, cy), workers, TEXT, bold=True, anchor="lm")


def _draw_stock(draw: ImageDraw.ImageDraw, stock: tuple[int, ...], names: Letters) -> None:
    """The private stock: each colour's cube and how many."""
    x, y = MARGIN + 12, HEADER_H + 50
    for colour, count in zip(COLOURS, stock, strict=True):
        glyphs.cube(draw, x, y, 42, colour, names[colour])
        x += 46 + _count(draw, x + 46, y + 22, count) + 12


def _draw_cage(
    draw: ImageDraw.ImageDraw,
    lines: tuple[int, ...],
    level: int,
    cubes: tuple[int, ...],
    names: Letters,
) -> None:
    """The cage at its level (0 = surface) with its 5 places, 3 above 2."""
    w, h = 3 * CAGE_PLACE + 4 * 8, 2 * CAGE_PLACE + 3 * 8
    x = SHAFT_X + (SHAFT_W - w) / 2
    at_surface = HEADER_H + SURFACE_H - h - 6
    y = at_surface if level == 0 else _level_top(lines, level) + (LINE_H - h) // 2
    for cable in (x + 20, x + w - 20):
        draw.line((cable, HEADER_H + 30, cable, y), fill=CABLE, width=3)
    draw.rectangle((x, y, x + w, y + h), fill=CAGE, outline=INK, width=4)
    for place in range(CAGE_PLACES):
        row, col = divmod(place, 3)
        px = x + 8 + col * (CAGE_PLACE + 8) + (row * (CAGE_PLACE + 8) / 2)
        py = y + 8 + row * (CAGE_PLACE + 8)
        if place < len(cubes):
            glyphs.cube(draw, px, py, CAGE_PLACE, cubes[place], names[cubes[place]])
        else:
            draw.rounded_rectangle(
                (px, py, px + CAGE_PLACE, py + CAGE_PLACE),
                radius=6,
                outline=CAGE_PLACE_FRAME,
                width=2,
            )


def _draw_orders(draw: ImageDraw.ImageDraw, mine: Mine, top: int, lang: str) -> None:
    """Orders in progress, ORDER_COLUMNS to a row, with their filled and free slots."""
    names = letters(lang)
    if not mine.orders:
        text(draw, (MARGIN + 10, top + 30), label(lang, "no_orders"), TEXT, fill=MUTED, anchor="lm")
        return
    gap = (WIDTH - 2 * MARGIN - ORDER_COLUMNS * glyphs.ORDER_W) // (ORDER_COLUMNS - 1)
    for index, order in enumerate(mine.orders):
        row, col = divmod(index, ORDER_COLUMNS)
        card = order.card
        glyphs.order_card(
            draw,
            MARGIN + col * (glyphs.ORDER_W + gap),
            top + row * ORDER_ROW_H,
            card.vehicle,
            card.vp,
            card.slots,
            order.filled,
            names,
        )


def _draw_delivered(
    draw: ImageDraw.ImageDraw, delivered: tuple[Order, ...], y: int, lang: str
) -> None:
    """Delivered orders as the shift scoring counts them: slots per colour, per vehicle."""
    names = letters(lang)
    text(
        draw,
        (MARGIN + 2, y + TITLE_H // 2 + 2),
        label(lang, "delivered", count=len(delivered)),
        TEXT,
        bold=True,
        anchor="lm",
    )
    x, cy = MARGIN + 4, y + TITLE_H + 30
    for colour in COLOURS:
        count = coal_delivered(delivered, colour)
        glyphs.cube(draw, x, cy - 20, 40, colour, names[colour])
        x += 46 + _count(draw, x + 46, cy, count) + 18
    x += 14
    for vehicle in VEHICLES:
        count = vehicle_slots_delivered(delivered, vehicle)
        glyphs.vehicle(draw, x, cy - 22, vehicle, scale=1.1)
        x += 68 + _count(draw, x + 68, cy, count) + 16


def _count(draw: ImageDraw.ImageDraw, x: float, cy: float, count: int) -> int:
    """ "×n" after an icon, muted when 0; returns its width."""
    return text(
        draw, (x, cy), f"×{count}", TEXT, bold=True, fill=INK if count else MUTED, anchor="lm"
    )
