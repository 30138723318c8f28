"""Coal Baron pieces drawn from simple shapes: cubes, carts, lanterns, tiles, vehicles, orders.

No game art: every piece is a few polygons. The four coal colours differ in lightness
(yellow > grey > brown > black) and always carry their letter, so they read without colour.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import ImageDraw

from bot.games.coal_baron.components import BLACK, HAND_CART, HORSE_WAGON, LOCOMOTIVE, TRUCK
from renderer.draw import text
from renderer.palette import INK, RGB, WHITE, text_colour_on

Letters = Sequence[str]
"""The letter of each coal colour in the reader's language (index = colour)."""

COAL: tuple[RGB, ...] = (
    (246, 206, 52),  # yellow
    (139, 84, 38),  # brown
    (172, 172, 176),  # grey
    (28, 28, 30),  # black
)
LIT_BG: RGB = (255, 240, 188)
DARK_BG: RGB = (76, 79, 88)
FLAME: RGB = (230, 120, 0)
COIN: RGB = (246, 214, 110)
"""Francs."""
LIGHT_RIM: RGB = (205, 205, 210)
"""The rim of black cubes and carts (to stand out on dark tiles)."""
WHEEL_RIM: RGB = (200, 200, 200)
PALE_FRAME: RGB = (200, 200, 205)
"""An unlit lantern's frame."""
SLOT_INK: RGB = (90, 90, 90)
"""A free order slot's letter, a printed cart's frame."""
LANTERN_GLOW: RGB = (255, 214, 90)


def cube(
    draw: ImageDraw.ImageDraw, x: float, y: float, size: int, colour: int, letter: str
) -> None:
    """A coal cube with its letter; black cubes get a light rim to stand out on dark tiles."""
    fill = COAL[colour]
    rim = LIGHT_RIM if colour == BLACK else INK
    draw.rounded_rectangle(
        (x, y, x + size, y + size), radius=size // 6, fill=fill, outline=rim, width=2
    )
    text(
        draw,
        (x + size / 2, y + size / 2 + 1),
        letter,
        int(size * 0.62),
        bold=True,
        fill=text_colour_on(fill),
        max_width=size - 4,
    )


def slot(
    draw: ImageDraw.ImageDraw, x: float, y: float, size: int, colour: int, letter: str
) -> None:
    """A free place asking for `colour`: a hollow square with a thick border of that colour."""
    border = COAL[colour]
    draw.rounded_rectangle(
        (x, y, x + size, y + size), radius=size // 6, fill=WHITE, outline=INK, width=1
    )
    draw.rounded_rectangle(
        (x + 2, y + 2, x + size - 2, y + size - 2),
        radius=size // 6,
        fill=WHITE,
        outline=border,
        width=max(4, size // 8),
    )
    text(
        draw,
        (x + size / 2, y + size / 2 + 1),
        letter,
        int(size * 0.5),
        bold=True,
        fill=SLOT_INK,
    )


def filled_slot(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    size: int,
    cubes: Sequence[int],
    letters: Letters,
) -> None:
    """A slot holding one cube, or two smaller cubes (the "2 for 1" substitution)."""
    if len(cubes) == 1:
        cube(draw, x, y, size, cubes[0], letters[cubes[0]])
        return
    half = size * 2 // 3
    cube(draw, x, y, half, cubes[0], letters[cubes[0]])
    cube(draw, x + size - half, y + size - half, half, cubes[1], letters[cubes[1]])


CART_W = 56


def cart(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    colour: int,
    cube_colour: int | None,
    letters: Letters,
) -> None:
    """A minecart of `colour` in a CART_W x 78 box, with its cube on top or empty."""
    fill = COAL[colour]
    top, bottom = y + 30, y + 64
    rim = LIGHT_RIM if colour == BLACK else INK
    draw.polygon(
        [(x + 2, top), (x + CART_W - 2, top), (x + CART_W - 8, bottom), (x + 8, bottom)],
        fill=fill,
        outline=rim,
        width=2,
    )
    for wx in (x + 16, x + CART_W - 16):
        draw.ellipse((wx - 7, bottom - 2, wx + 7, bottom + 12), fill=INK, outline=WHEEL_RIM)
    text(
        draw,
        (x + CART_W / 2, (top + bottom) / 2 + 3),
        letters[colour],
        22,
        bold=True,
        fill=text_colour_on(fill),
    )
    if cube_colour is not None:
        cube(draw, x + (CART_W - 32) / 2, y + 1, 32, cube_colour, letters[cube_colour])


def lantern(draw: ImageDraw.ImageDraw, x: float, y: float, lit: bool) -> None:
    """A 22 x 30 lantern: glowing with a flame when lit, a hollow frame when dark."""
    frame: RGB = INK if lit else PALE_FRAME
    draw.arc((x + 6, y, x + 16, y + 8), 180, 360, fill=frame, width=2)
    draw.rectangle((x + 2, y + 5, x + 20, y + 9), fill=frame)
    body = (x + 3, y + 9, x + 19, y + 26)
    if lit:
        draw.rectangle(body, fill=LANTERN_GLOW, outline=frame, width=2)
        draw.ellipse((x + 7, y + 12, x + 15, y + 24), fill=FLAME)
    else:
        draw.rectangle(body, outline=frame, width=2)
        draw.line((x + 5, y + 24, x + 17, y + 11), fill=frame, width=2)
    draw.rectangle((x + 1, y + 26, x + 21, y + 30), fill=frame)


TILE_H = 100


def tile_width(carts: int) -> int:
    return 30 + carts * (CART_W + 6)


def tile(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    colour: int,
    lit: bool,
    cubes: Sequence[int | None],
    letters: Letters,
    printed: bool = False,
) -> int:
    """A gallery tile with one cart per entry of `cubes`; returns its width.

    Lit tiles are light with a glowing lantern, dark tiles dark with a hollow one; the border
    has the tile's coal colour. A cart `printed` on the mine board has no tile: a thin frame.
    """
    w = tile_width(len(cubes))
    if printed:
        draw.rounded_rectangle((x, y, x + w, y + TILE_H), radius=10, outline=SLOT_INK, width=2)
    else:
        draw.rounded_rectangle(
            (x, y, x + w, y + TILE_H), radius=10, fill=COAL[colour], outline=INK, width=2
        )
        draw.rounded_rectangle(
            (x + 6, y + 6, x + w - 6, y + TILE_H - 6), radius=6, fill=LIT_BG if lit else DARK_BG
        )
        lantern(draw, x + 4, y + 4, lit)
    for i, cube_colour in enumerate(cubes):
        cart(draw, x + 26 + i * (CART_W + 6), y + 16, colour, cube_colour, letters)
    return w


# -- vehicles: 60 x 40 icons at scale 1 ----------------------------------------------------

Point = tuple[float, float]


def _hand_cart(
    draw: ImageDraw.ImageDraw, at: Callable[[float, float], Point], s: float, fill: RGB
) -> None:
    draw.line((*at(2, 8), *at(18, 20)), fill=INK, width=round(4 * s))
    draw.polygon([at(16, 12), at(56, 12), at(50, 30), at(20, 30)], fill=fill, outline=INK, width=2)
    _wheels(draw, at, s, [35], 32, 7)


def _horse_wagon(
    draw: ImageDraw.ImageDraw, at: Callable[[float, float], Point], s: float, fill: RGB
) -> None:
    head = [
        (4, 38),
        (22, 38),
        (22, 16),
        (17, 4),
        (13, 0),
        (11, 5),
        (1, 12),
        (1, 19),
        (9, 19),
        (12, 17),
        (9, 28),
    ]  # a horse's head and neck in profile, facing left
    draw.polygon([at(hx, hy) for hx, hy in head], fill=INK)
    draw.line((*at(22, 24), *at(28, 24)), fill=INK, width=round(3 * s))
    draw.rectangle((*at(26, 10), *at(58, 28)), fill=fill, outline=INK, width=2)
    _wheels(draw, at, s, [34, 51], 31, 7)


def _truck(
    draw: ImageDraw.ImageDraw, at: Callable[[float, float], Point], s: float, fill: RGB
) -> None:
    draw.rectangle((*at(2, 4), *at(38, 28)), fill=fill, outline=INK, width=2)
    draw.polygon(
        [at(40, 12), at(52, 12), at(58, 20), at(58, 28), at(40, 28)],
        fill=fill,
        outline=INK,
        width=2,
    )
    draw.rectangle((*at(44, 15), *at(51, 20)), fill=WHITE)
    _wheels(draw, at, s, [13, 48], 31, 7)


def _locomotive(
    draw: ImageDraw.ImageDraw, at: Callable[[float, float], Point], s: float, fill: RGB
) -> None:
    draw.rectangle((*at(40, 2), *at(58, 28)), fill=fill, outline=INK, width=2)  # cab
    draw.rectangle((*at(44, 6), *at(54, 14)), fill=WHITE)
    draw.rounded_rectangle((*at(8, 12), *at(42, 28)), radius=7 * s, fill=fill, outline=INK, width=2)
    draw.polygon([at(12, 2), at(24, 2), at(21, 12), at(15, 12)], fill=INK)  # chimney
    draw.polygon([at(8, 24), at(8, 34), at(1, 34)], fill=INK)  # cowcatcher
    _wheels(draw, at, s, [16, 30, 48], 32, 6)


def _wheels(
    draw: ImageDraw.ImageDraw,
    at: Callable[[float, float], Point],
    s: float,
    xs: Sequence[float],
    y: float,
    r: float,
) -> None:
    for cx in xs:
        left, top = at(cx - r, y - r)
        draw.ellipse(
            (left, top, left + 2 * r * s, top + 2 * r * s), fill=INK, outline=WHITE, width=1
        )


_VEHICLE_DRAWERS: dict[
    int, Callable[[ImageDraw.ImageDraw, Callable[[float, float], Point], float, RGB], None]
] = {
    HAND_CART: _hand_cart,
    HORSE_WAGON: _horse_wagon,
    TRUCK: _truck,
    LOCOMOTIVE: _locomotive,
}
VEHICLE_FILL: dict[int, RGB] = {
    HAND_CART: (214, 176, 120),
    HORSE_WAGON: (160, 200, 230),
    TRUCK: (150, 210, 170),
    LOCOMOTIVE: (225, 160, 170),
}


def vehicle(draw: ImageDraw.ImageDraw, x: float, y: float, kind: int, scale: float = 1.0) -> None:
    """The icon of a vehicle (components.VEHICLES) in a 60 x 40 box times `scale`."""

    def at(dx: float, dy: float) -> Point:
        return x + dx * scale, y + dy * scale

    _VEHICLE_DRAWERS[kind](draw, at, scale, VEHICLE_FILL[kind])


# -- order cards ---------------------------------------------------------------------------

ORDER_W = 184
ORDER_H = 112
SLOT = 38


def vp_badge(draw: ImageDraw.ImageDraw, cx: float, cy: float, vp: int, size: int = 36) -> None:
    """Victory points in a dark disc."""
    r = size * 0.72
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=INK)
    text(draw, (cx, cy + 1), str(vp), size, bold=True, fill=WHITE)


def order_card(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    vehicle_kind: int,
    vp: int,
    slots: Sequence[int],
    filled: Sequence[Sequence[int]],
    letters: Letters,
) -> None:
    """An order card: vehicle and VP on top, one place per required cube below.

    `filled[i]` lists the cubes on place i (empty: free, two cubes: the 2-for-1 rule).
    """
    draw.rounded_rectangle(
        (x, y, x + ORDER_W, y + ORDER_H), radius=12, fill=WHITE, outline=INK, width=2
    )
    draw.rounded_rectangle(
        (x + 2, y + 2, x + ORDER_W - 2, y + 50), radius=10, fill=VEHICLE_FILL[vehicle_kind]
    )
    vehicle(draw, x + 10, y + 6, vehicle_kind)
    vp_badge(draw, x + ORDER_W - 32, y + 26, vp, 34)
    gap = 6
    row_w = len(slots) * SLOT + (len(slots) - 1) * gap
    sx = x + (ORDER_W - row_w) / 2
    sy = y + 62
    for i, colour in enumerate(slots):
        cubes = filled[i] if i < len(filled) else ()
        if cubes:
            filled_slot(draw, sx, sy, SLOT, cubes, letters)
        else:
            slot(draw, sx, sy, SLOT, colour, letters[colour])
        sx += SLOT + gap
