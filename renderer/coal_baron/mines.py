"""Every player's mine, one compact panel per seat, read on a phone.

Posted after each turn next to the board. The image is MINES_WIDTH (800) pixels wide and
every word is at least 22 px, so at 400 px wide on a phone nothing is under 11 px; it is
at most 1.3 times as tall as wide, so the mines of 3 or 4 players take two images
(`mine_groups`; a panel is compact enough for two to an image up to 12 orders in
progress each). A panel holds: name, VP, Francs,
workers left; the four levels with the lit galleries left of the shaft and the dark
ones right, a cart per square (a cube when loaded), the cage's level marked in the
shaft; the stock and the cage's cubes; the orders in progress; what was delivered, as
the shift scoring counts it. The full-size mine (`mine.render_mine`) stays the private,
detailed view.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.games.coal_baron.components import BLACK, COLOURS, LEVELS, VEHICLES
from bot.games.coal_baron.scoring import coal_delivered, vehicle_slots_delivered
from bot.games.coal_baron.shapes import CoalView
from renderer.coal_baron import glyphs
from renderer.coal_baron.colours import CAGE, DARK_SIDE, DIM_LEVEL, LIT_SIDE, PALETTE, SHAFT
from renderer.coal_baron.glyphs import Letters
from renderer.coal_baron.labels import label, letters, seat_names
from renderer.coal_baron.model import Gallery, Mine, OrderInProgress, mine_from_view
from renderer.draw import pawn, text, text_width
from renderer.names import fit_name
from renderer.palette import HIGHLIGHT, INK, MUTED, PAPER, WHITE, player_colour

MINES_WIDTH = 800
MARGIN = 16
PANEL_GAP = 14
HEADER_H = 58
LEVEL_H = 40
SIDE_W = 218
SHAFT_W = 76
GRID_X = MARGIN + 8
SHAFT_X = GRID_X + SIDE_W
GRID_W = 2 * SIDE_W + SHAFT_W
CART = 28
"""Side of a cart square; a side with too many carts for one line gets smaller squares."""
CART_GAP = 4
ORDER_W = 246
ORDER_H = 46
ORDER_SLOT = 28
DELIVERED_H = 44
ORDER_GAP = 6
MAX_HEIGHT = MINES_WIDTH * 13 // 10
"""An image at most 1.3 times as tall as wide: more mines go to a next image."""


def render_mines(
    view: CoalView, names: Sequence[str], lang: str, seats: Sequence[int] | None = None
) -> bytes:
    """The mines of `seats` (default: every seat) as seen in `view`, one panel per seat in
    seat order, as PNG bytes; `names`: the players' display names, index = seat."""
    shown = range(view["num_players"]) if seats is None else seats
    mines = [mine_from_view(view, seat) for seat in shown]
    return PALETTE.to_png(mines_image(mines, seat_names(names, lang), lang))


def mine_groups(view: CoalView) -> list[tuple[int, ...]]:
    """The seats of each all-mines image, in seat order: as many panels per image as keep
    it at most `MAX_HEIGHT` tall (a taller image is shrunk to the chat's height)."""
    groups: list[tuple[int, ...]] = []
    height = MAX_HEIGHT
    for seat in range(view["num_players"]):
        panel = _panel_height(mine_from_view(view, seat))
        if groups and height + PANEL_GAP + panel <= MAX_HEIGHT:
            groups[-1] += (seat,)
            height += PANEL_GAP + panel
        else:
            groups.append((seat,))
            height = 2 * MARGIN + panel
    return groups


def mines_image(mines: Sequence[Mine], names: Sequence[str], lang: str) -> Image.Image:
    heights = [_panel_height(mine) for mine in mines]
    height = MARGIN + sum(heights) + PANEL_GAP * (len(mines) - 1) + MARGIN
    image = Image.new("RGB", (MINES_WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    y = MARGIN
    for mine, panel_h in zip(mines, heights, strict=True):
        _panel(draw, mine, names[mine.seat], y, panel_h, lang)
        y += panel_h + PANEL_GAP
    return image


def _order_rows(mine: Mine) -> int:
    return max(1, -(-len(mine.orders) // 3))


def _panel_height(mine: Mine) -> int:
    orders = _order_rows(mine) * (ORDER_H + ORDER_GAP)
    return HEADER_H + 10 + 4 * LEVEL_H + 12 + orders + DELIVERED_H


def _panel(
    draw: ImageDraw.ImageDraw, mine: Mine, name: str, top: int, height: int, lang: str
) -> None:
    right = MINES_WIDTH - MARGIN
    acting = mine.to_act
    draw.rounded_rectangle(
        (MARGIN, top, right, top + height),
        radius=14,
        fill=WHITE,
        outline=HIGHLIGHT if acting else MUTED,
        width=6 if acting else 2,
    )
    _header(draw, mine, name, top, lang)
    grid_top = top + HEADER_H + 10
    _grid(draw, mine, grid_top, lang)
    _side_column(draw, mine, grid_top, lang)
    orders_top = grid_top + 4 * LEVEL_H + 12
    _orders(draw, mine.orders, orders_top, lang)
    _delivered(draw, mine, top + height - DELIVERED_H, lang)


def _header(draw: ImageDraw.ImageDraw, mine: Mine, name: str, top: int, lang: str) -> None:
    """Pawn and name (▶ when to act), first-player tag; VP, Francs, workers left on the right."""
    cy = top + HEADER_H // 2 + 2
    right = MINES_WIDTH - MARGIN - 14
    workers = label(lang, "workers_left", count=mine.workers)
    x = right - text(draw, (right, cy), workers, 26, bold=True, anchor="rm") - 36
    pawn(draw, x + 14, cy - 17, 34, mine.seat, player_colour(mine.seat))
    x -= 12
    money = label(lang, "francs", amount=mine.money)
    coin_w = max(66, text_width(money, 26, bold=True) + 22)
    draw.ellipse((x - coin_w, cy - 20, x, cy + 20), fill=glyphs.COIN, outline=INK, width=2)
    text(draw, (x - coin_w / 2, cy + 1), money, 26, bold=True)
    x -= coin_w + 16
    x -= text(draw, (x, cy), label(lang, "vp", vp=mine.vp), 30, bold=True, anchor="rm") + 16
    pawn(draw, MARGIN + 34, cy - 22, 44, mine.seat, player_colour(mine.seat))
    left = MARGIN + 62
    if mine.first_player:
        tag = label(lang, "first_player")
        tag_w = text_width(tag, 22, bold=True) + 14
        draw.rounded_rectangle((x - tag_w, cy - 15, x, cy + 15), 8, fill=INK)
        text(draw, (x - tag_w / 2, cy + 1), tag, 22, bold=True, fill=WHITE)
        x -= tag_w + 12
    shown = fit_name(("▶ " if mine.to_act else "") + name, 30, x - left)
    text(draw, (left, cy), shown, 30, bold=True, anchor="lm")


def _grid(draw: ImageDraw.ImageDraw, mine: Mine, top: int, lang: str) -> None:
    """The four levels: lit side, shaft (level number, cage), dark side."""
    colour_letters = letters(lang)
    bottom = top + 4 * LEVEL_H
    draw.rectangle((GRID_X, top, SHAFT_X, bottom), fill=LIT_SIDE)
    draw.rectangle((SHAFT_X + SHAFT_W, top, GRID_X + GRID_W, bottom), fill=DARK_SIDE)
    draw.rectangle((SHAFT_X, top, SHAFT_X + SHAFT_W, bottom), fill=SHAFT)
    for level in LEVELS:
        y = top + (level - 1) * LEVEL_H
        draw.line((GRID_X, y, GRID_X + GRID_W, y), fill=INK, width=1)
        cage_here = mine.cage_level == level
        if cage_here:
            draw.rectangle(
                (SHAFT_X + 6, y + 5, SHAFT_X + SHAFT_W - 6, y + LEVEL_H - 5),
                fill=CAGE,
                outline=INK,
                width=3,
            )
        text(
            draw,
            (SHAFT_X + SHAFT_W / 2, y + LEVEL_H / 2 + 1),
            str(level),
            28,
            bold=True,
            fill=INK if cage_here else DIM_LEVEL,
        )
        for lit in (True, False):
            side = [g for g in mine.galleries if g.colour == level - 1 and g.lit == lit]
            _side(draw, side, lit, y, colour_letters)
    draw.rectangle((GRID_X, top, GRID_X + GRID_W, bottom), outline=INK, width=2)


def _side(
    draw: ImageDraw.ImageDraw, galleries: list[Gallery], lit: bool, y: int, colour_letters: Letters
) -> None:
    """One side of a level, from the shaft outward: a square per cart, a tile's carts
    on one backing of the tile's side colour."""
    carts = sum(len(g.cubes) for g in galleries)
    gaps = carts + len(galleries)
    size = min(CART, (SIDE_W - 8 - gaps * CART_GAP) // max(1, carts))
    cy = y + LEVEL_H / 2
    x = SHAFT_X - 6 if lit else SHAFT_X + SHAFT_W + 6
    step = -1 if lit else 1
    for gallery in galleries:
        edge = _edge(gallery.colour)
        span = len(gallery.cubes) * (size + CART_GAP) + CART_GAP
        x0, x1 = (x - span, x) if lit else (x, x + span)
        if not gallery.printed:
            backing = glyphs.LIT_BG if lit else glyphs.DARK_BG
            draw.rounded_rectangle(
                (x0, cy - size / 2 - 5, x1, cy + size / 2 + 5),
                radius=6,
                fill=backing,
                outline=edge,
                width=3,
            )
        cubes = gallery.cubes if not lit else tuple(reversed(gallery.cubes))
        cx = x0 + CART_GAP
        for cube in cubes:
            if cube is None:
                draw.rounded_rectangle(
                    (cx, cy - size / 2, cx + size, cy + size / 2),
                    radius=4,
                    outline=edge,
                    width=3,
                )
            else:
                glyphs.cube(draw, cx, cy - size / 2, size, cube, colour_letters[cube])
            cx += size + CART_GAP
        x += step * (span + CART_GAP)


def _edge(colour: int) -> tuple[int, int, int]:
    """The outline of a tile or an empty cart of `colour`: its coal colour, but a light
    grey for black, which would vanish on the dark side."""
    return glyphs.LIGHT_RIM if colour == BLACK else glyphs.COAL[colour]


def _side_column(draw: ImageDraw.ImageDraw, mine: Mine, top: int, lang: str) -> None:
    """Right of the levels: the private stock (cubes and counts) and the cage's cubes."""
    colour_letters = letters(lang)
    x0 = GRID_X + GRID_W + 16
    text(draw, (x0, top + 12), label(lang, "stock"), 24, bold=True, anchor="lm")
    for colour, count in zip(COLOURS, mine.stock, strict=True):
        row, col = divmod(colour, 2)
        x, y = x0 + col * 110, top + 28 + row * 32
        glyphs.cube(draw, x, y, 26, colour, colour_letters[colour])
        _count(draw, x + 32, y + 13, count)
    y = top + 92
    where = label(lang, "cage_at." + ("surface" if mine.cage_level == 0 else "level"),
                  level=mine.cage_level)
    text(draw, (x0, y + 10), where, 24, bold=True, anchor="lm",
         max_width=MINES_WIDTH - MARGIN - x0 - 10)
    x = x0
    for cube in mine.cage:
        glyphs.cube(draw, x, y + 26, 28, cube, colour_letters[cube])
        x += 34
    if not mine.cage:
        text(draw, (x0, y + 40), label(lang, "cage_empty"), 22, fill=MUTED, anchor="lm")


def _orders(
    draw: ImageDraw.ImageDraw, orders: Sequence[OrderInProgress], top: int, lang: str
) -> None:
    """Orders in progress, three to a row: vehicle, slots (filled or free), VP."""
    colour_letters = letters(lang)
    if not orders:
        text(draw, (GRID_X, top + ORDER_H / 2), label(lang, "no_orders_in_progress"), 24,
             fill=MUTED, anchor="lm")
        return
    for index, order in enumerate(orders):
        row, col = divmod(index, 3)
        x = GRID_X + col * (ORDER_W + 8)
        y = top + row * (ORDER_H + ORDER_GAP)
        card = order.card
        draw.rounded_rectangle((x, y, x + ORDER_W, y + ORDER_H), radius=10,
                               fill=glyphs.VEHICLE_FILL[card.vehicle], outline=INK, width=2)
        glyphs.vehicle(draw, x + 6, y + 7, card.vehicle, scale=0.8)
        sx = x + 58
        for i, colour in enumerate(card.slots):
            cubes = order.filled[i] if i < len(order.filled) else ()
            if cubes:
                glyphs.filled_slot(draw, sx, y + 9, ORDER_SLOT, cubes, colour_letters)
            else:
                glyphs.slot(draw, sx, y + 9, ORDER_SLOT, colour, colour_letters[colour])
            sx += ORDER_SLOT + 4
        glyphs.vp_badge(draw, x + ORDER_W - 24, y + ORDER_H / 2, card.vp, 24)


def _delivered(draw: ImageDraw.ImageDraw, mine: Mine, top: int, lang: str) -> None:
    """Delivered orders as the shift scoring counts them: slots per colour and per vehicle."""
    colour_letters = letters(lang)
    count = len(mine.delivered)
    cy = top + DELIVERED_H / 2 - 4
    words = label(lang, "delivered_short", count=count)
    x = GRID_X + text(draw, (GRID_X, cy), words, 24, bold=True, anchor="lm") + 14
    for colour in COLOURS:
        glyphs.cube(draw, x, cy - 12, 24, colour, colour_letters[colour])
        x += 27 + _count(draw, x + 27, cy, coal_delivered(mine.delivered, colour)) + 6
    for vehicle in VEHICLES:
        glyphs.vehicle(draw, x, cy - 12, vehicle, scale=0.6)
        x += 38 + _count(draw, x + 38, cy, vehicle_slots_delivered(mine.delivered, vehicle)) + 6


def _count(draw: ImageDraw.ImageDraw, x: float, cy: float, count: int) -> int:
    """ "×n" after an icon, muted when 0; returns its width."""
    return text(draw, (x, cy), f"×{count}", 22, bold=True, fill=INK if count else MUTED,
                anchor="lm")
