"""The main board image: worker spaces with their workers, tiles and orders on display,
bank, canteen, piles, the shift and what it scores, and every player's VP.

The frame, titles, fixed space contents and lock tiles are drawn once per (player count,
language) into a cached layer; each render copies it and draws what changes.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.games.coal_baron.components import (
    COAL_ELEMENT,
    DELIVERY,
    ELEMENTS_SCORED,
    FACTORY_DRAW,
    MINING,
    MONEY,
    ORDER_DRAW,
    SCORING_ELEMENTS,
    SPACES,
    VEHICLE_ELEMENT,
)
from renderer.coal_baron import glyphs
from renderer.coal_baron.colours import COIN, HATCH, PALETTE, PILE
from renderer.coal_baron.labels import label, letters, player_name
from renderer.coal_baron.model import Board, Pending, Workers, board_from_view
from renderer.draw import CHIP_HEIGHT, Box, pawn, text, worker_chips
from renderer.palette import (
    HIGHLIGHT,
    INK,
    LOCKED,
    MUTED,
    PANEL,
    PAPER,
    WHITE,
    player_colour,
)

WIDTH = 1100
MARGIN = 20
GAP = 10
TITLE_H = 44
INNER = WIDTH - 2 * MARGIN

HEADER_H = 196
FACTORY_Y = HEADER_H
FACTORY_SPACE = (204, 172)
MINING_Y = FACTORY_Y + TITLE_H + 2 * FACTORY_SPACE[1] + GAP + 16
VALUE_SPACE = (120, 140)
ORDERS_Y = MINING_Y + TITLE_H + VALUE_SPACE[1] + 16
ORDER_SPACE = (204, 184)
DELIVERY_Y = ORDERS_Y + TITLE_H + ORDER_SPACE[1] + 16
DELIVERY_SPACE = (120, 140)
SCORING_Y = DELIVERY_Y + TITLE_H + DELIVERY_SPACE[1] + 16
ELEMENT_BOX = (82, 104)
HEIGHT = SCORING_Y + TITLE_H + ELEMENT_BOX[1] + MARGIN

SPACE_BY_ID = {space.id: space for space in SPACES}


def _row(ids: list[str], x: int, y: int, size: tuple[int, int], gap: int = GAP) -> dict[str, Box]:
    boxes = {}
    for space_id in ids:
        boxes[space_id] = (x, y, x + size[0], y + size[1])
        x += size[0] + gap
    return boxes


def _space_boxes() -> dict[str, Box]:
    """Where every worker space sits on the image, by space id."""
    top = FACTORY_Y + TITLE_H
    fw, fh = FACTORY_SPACE
    factory_gap = (INNER - 5 * fw) // 4
    boxes = _row(["f1", "f2", "f3", "f4", "f5"], MARGIN, top, FACTORY_SPACE, factory_gap)
    boxes |= _row(["f6", "f7", "f8", "fd"], MARGIN, top + fh + GAP, FACTORY_SPACE, factory_gap)
    value_gap = (INNER - 8 * VALUE_SPACE[0] - 40) // 6
    y = MINING_Y + TITLE_H
    boxes |= _row(["m4", "m6", "m8", "m10"], MARGIN, y, VALUE_SPACE, value_gap)
    money_x = WIDTH - MARGIN - 4 * VALUE_SPACE[0] - 3 * value_gap
    boxes |= _row(["$3", "$4", "$5", "$6"], money_x, y, VALUE_SPACE, value_gap)
    boxes |= _row(
        ["o1", "o2", "o3", "o4", "od"],
        MARGIN,
        ORDERS_Y + TITLE_H,
        ORDER_SPACE,
        (INNER - 5 * ORDER_SPACE[0]) // 4,
    )
    y = DELIVERY_Y + TITLE_H
    boxes |= _row(["dh", "dw", "dt", "dl"], MARGIN, y, DELIVERY_SPACE)
    bank_x = MARGIN + 4 * DELIVERY_SPACE[0] + 3 * GAP + 30
    boxes["bank"] = (bank_x, y, bank_x + 200, y + DELIVERY_SPACE[1])
    return boxes


SPACE_BOXES = _space_boxes()
CANTEEN_BOX: Box = (
    SPACE_BOXES["bank"][2] + 30,
    SPACE_BOXES["bank"][1],
    WIDTH - MARGIN,
    SPACE_BOXES["bank"][3],
)


def render_board(view: dict[str, Any], lang: str) -> bytes:
    """The board as seen in `view` (any seat's or a spectator's), as PNG bytes."""
    return PALETTE.to_png(board_image(board_from_view(view), lang))


def board_image(board: Board, lang: str) -> Image.Image:
    """The board as an RGB image (see `render_board`)."""
    image = _static_layer(board.players, lang).copy()
    draw = ImageDraw.Draw(image)
    _draw_header(draw, board, lang)
    _draw_factory(draw, board, lang)
    _draw_order_display(draw, board, lang)
    for space_id, workers in board.workers.items():
        if space_id != "bank":
            x0, _, _, y1 = SPACE_BOXES[space_id]
            worker_chips(draw, x0 + 8, y1 - CHIP_HEIGHT - 8, workers)
    _draw_worker_area(draw, SPACE_BOXES["bank"], board.workers.get("bank", ()))
    _draw_worker_area(draw, CANTEEN_BOX, board.canteen)
    image.paste(_scoring_row(board.players, board.shift, lang), (0, SCORING_Y))
    return image


# -- the static layer ---------------------------------------------------------------------


@lru_cache(maxsize=8)
def _static_layer(players: int, lang: str) -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(image)
    _title(draw, MARGIN, FACTORY_Y, label(lang, "factory"))
    _title(draw, MARGIN, MINING_Y, label(lang, "mining"))
    _title(draw, SPACE_BOXES["$3"][0], MINING_Y, label(lang, "money"))
    _title(draw, MARGIN, ORDERS_Y, label(lang, "orders"))
    _title(draw, MARGIN, DELIVERY_Y, label(lang, "delivery"))
    _title(draw, SPACE_BOXES["bank"][0], DELIVERY_Y, label(lang, "bank"))
    _title(draw, CANTEEN_BOX[0], DELIVERY_Y, label(lang, "canteen"))
    for space_id, box in SPACE_BOXES.items():
        draw.rounded_rectangle(box, radius=12, fill=PANEL, outline=MUTED, width=2)
        _draw_fixed_content(draw, space_id, box, lang)
        if SPACE_BY_ID[space_id].min_players > players:
            _draw_lock(draw, box)
    draw.rounded_rectangle(CANTEEN_BOX, radius=12, fill=PANEL, outline=MUTED, width=2)
    return image


def _title(draw: ImageDraw.ImageDraw, x: int, y: int, words: str) -> None:
    text(draw, (x + 2, y + TITLE_H // 2 + 2), words, 30, bold=True, anchor="lm", max_width=INNER)


def _draw_fixed_content(draw: ImageDraw.ImageDraw, space_id: str, box: Box, lang: str) -> None:
    """What is printed on a space: moves, Francs, vehicle, draw-5 pile."""
    space = SPACE_BY_ID[space_id]
    x0, y0, x1, y1 = box
    cx = (x0 + x1) / 2
    if space.kind == MINING:
        text(draw, (cx, y0 + 42), str(space.param), 52, bold=True)
    elif space.kind == MONEY:
        _coin(draw, cx, y0 + 44, label(lang, "francs", amount=space.param))
    elif space.kind == DELIVERY:
        glyphs.vehicle(draw, cx - 51, y0 + 10, space.param, scale=1.7)
    elif space.kind in (FACTORY_DRAW, ORDER_DRAW):
        _face_down_pile(draw, cx - 36, y0 + 12)
        text(
            draw,
            (x1 - 12, y1 - 8 - CHIP_HEIGHT / 2),
            label(lang, "draw5"),
            28,
            bold=True,
            anchor="rm",
            max_width=x1 - x0 - 90,
        )


def _coin(draw: ImageDraw.ImageDraw, cx: float, cy: float, amount: str) -> None:
    draw.ellipse((cx - 42, cy - 32, cx + 42, cy + 32), fill=COIN, outline=INK, width=2)
    text(draw, (cx, cy + 1), amount, 32, bold=True)


def _face_down_pile(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """Three offset face-down items and a "5", for the draw-5 spaces."""
    for i in range(3):
        ox, oy = x + i * 8, y + i * 8
        draw.rounded_rectangle(
            (ox, oy, ox + 56, oy + 66), radius=6, fill=PILE, outline=INK, width=2
        )
    text(draw, (x + 44, y + 52), "5", 36, bold=True, fill=WHITE)


def _draw_lock(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """A lock tile: grey hatching and a padlock over the whole space."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=12, fill=LOCKED, outline=INK, width=2)
    for offset in range(-(y1 - y0), x1 - x0, 22):
        ax, ay = x0 + max(offset, 0), y0 + max(-offset, 0)
        length = min(x1 - ax, y1 - ay)
        draw.line((ax, ay, ax + length, ay + length), fill=HATCH, width=6)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    draw.arc((cx - 18, cy - 40, cx + 18, cy), 180, 360, fill=INK, width=8)
    draw.line((cx - 18, cy - 20, cx - 18, cy), fill=INK, width=8)
    draw.line((cx + 18, cy - 20, cx + 18, cy), fill=INK, width=8)
    draw.rounded_rectangle((cx - 30, cy - 6, cx + 30, cy + 38), radius=6, fill=INK)
    draw.ellipse((cx - 6, cy + 6, cx + 6, cy + 18), fill=LOCKED)


# -- the dynamic parts --------------------------------------------------------------------


def _draw_header(draw: ImageDraw.ImageDraw, board: Board, lang: str) -> None:
    """Shift, supply, piles, what the seat to act is doing and one box per player: VP,
    first player, to act."""
    y = MARGIN
    heading = label(lang, "game_over") if board.over else label(lang, "shift", shift=board.shift)
    x = MARGIN + 20 + text(draw, (MARGIN, y + 20), heading, 32, bold=True, anchor="lm")
    names = letters(lang)
    for colour, count in enumerate(board.supply):
        glyphs.cube(draw, x, y + 4, 32, colour, names[colour])
        x += 40 + text(draw, (x + 38, y + 20), str(count), 28, anchor="lm") + 12
    piles = f"{label(lang, 'tiles_left', count=board.tiles_left)}   " + label(
        lang, "orders_left", count=board.orders_left
    )
    text(draw, (WIDTH - MARGIN, y + 20), piles, 28, anchor="rm", max_width=WIDTH - MARGIN - x)
    top = y + 46
    width = (INNER - GAP * (board.players - 1)) // board.players
    for seat in range(board.players):
        x = MARGIN + seat * (width + GAP)
        _player_box(draw, (x, top, x + width, top + 92), board, seat, lang)
    message = _pending_message(board.pending, lang)
    if message and board.pending:
        text(
            draw,
            (MARGIN, HEADER_H - 18),
            message,
            26,
            bold=True,
            fill=player_colour(board.pending.seat),
            anchor="lm",
            max_width=INNER,
        )


def _pending_message(pending: Pending | None, lang: str) -> str | None:
    """What the seat to act is in the middle of (nothing for a plain placement)."""
    if pending is None or pending.kind == "place":
        return None
    return label(
        lang,
        "pending." + pending.kind,
        player=player_name(lang, pending.seat),
        moves=pending.moves,
        left=pending.moves_left,
    )


def _player_box(draw: ImageDraw.ImageDraw, box: Box, board: Board, seat: int, lang: str) -> None:
    x0, y0, x1, y1 = box
    acting = seat in board.to_act
    draw.rounded_rectangle(
        box, radius=12, fill=WHITE, outline=HIGHLIGHT if acting else MUTED, width=6 if acting else 2
    )
    pawn(draw, x0 + 30, y0 + 18, 56, seat, player_colour(seat))
    text(draw, (x0 + 62, y0 + 30), player_name(lang, seat), 30, bold=True, anchor="lm")
    text(
        draw,
        (x1 - 14, y0 + 30),
        label(lang, "vp", vp=board.scores[seat]),
        30,
        bold=True,
        anchor="rm",
    )
    tags = []
    if seat == board.first_player:
        tags.append(label(lang, "first_player"))
    if acting:
        tags.append("▶ " + label(lang, "to_act"))
    if tags:
        text(
            draw,
            (x0 + 62, y1 - 24),
            " · ".join(tags),
            24,
            bold=True,
            fill=INK,
            anchor="lm",
            max_width=x1 - x0 - 74,
        )


def _draw_factory(draw: ImageDraw.ImageDraw, board: Board, lang: str) -> None:
    names = letters(lang)
    for number, tile in enumerate(board.factory, start=1):
        if tile is None:
            continue
        x0, y0, x1, y1 = SPACE_BOXES[f"f{number}"]
        width = glyphs.tile_width(tile.carts)
        glyphs.tile(
            draw, (x0 + x1 - width) / 2, y0 + 10, tile.colour, tile.lit, [None] * tile.carts, names
        )
        text(
            draw,
            (x1 - 12, y1 - 8 - CHIP_HEIGHT / 2),
            label(lang, "francs", amount=tile.cost),
            34,
            bold=True,
            anchor="rm",
        )


def _draw_order_display(draw: ImageDraw.ImageDraw, board: Board, lang: str) -> None:
    names = letters(lang)
    for number, card in enumerate(board.orders, start=1):
        if card is None:
            continue
        x0, y0, x1, _ = SPACE_BOXES[f"o{number}"]
        glyphs.order_card(
            draw,
            (x0 + x1 - glyphs.ORDER_W) / 2,
            y0 + 10,
            card.vehicle,
            card.vp,
            card.slots,
            (),
            names,
        )


def _draw_worker_area(draw: ImageDraw.ImageDraw, box: Box, workers: Workers) -> None:
    """Chips of several seats wrapping inside `box` (bank, canteen)."""
    x0, y0, x1, _ = box
    x, y = x0 + 10, y0 + 14
    for seat, count in workers:
        if x + 80 > x1:
            x, y = x0 + 10, y + CHIP_HEIGHT + 12
        x = worker_chips(draw, x, y, [(seat, count)])


@lru_cache(maxsize=32)
def _scoring_row(players: int, shift: int, lang: str) -> Image.Image:
    """The 12 elements of the time clock; those scored at the end of `shift` stand out."""
    image = Image.new("RGB", (WIDTH, HEIGHT - SCORING_Y), PAPER)
    draw = ImageDraw.Draw(image)
    _title(draw, MARGIN, 0, label(lang, "scoring", shift=shift))
    names = letters(lang)
    w, h = ELEMENT_BOX
    gap = (INNER - len(SCORING_ELEMENTS) * w) // (len(SCORING_ELEMENTS) - 1)
    scored = ELEMENTS_SCORED[shift]
    for index, element in enumerate(SCORING_ELEMENTS):
        x, y = MARGIN + index * (w + gap), TITLE_H
        active = index < scored
        draw.rounded_rectangle(
            (x, y, x + w, y + h),
            radius=10,
            fill=WHITE if active else PANEL,
            outline=HIGHLIGHT if active else MUTED,
            width=5 if active else 2,
        )
        cx = x + w / 2
        if element.kind == COAL_ELEMENT:
            glyphs.cube(draw, cx - 20, y + 10, 40, element.param, names[element.param])
        elif element.kind == VEHICLE_ELEMENT:
            glyphs.vehicle(draw, cx - 33, y + 10, element.param, scale=1.1)
        else:
            glyphs.cart(draw, cx - glyphs.CART_W / 2, y - 14, element.param, None, names)
        second = str(element.second) if players > 2 else "–"
        text(
            draw,
            (cx, y + h - 22),
            f"{element.first}/{second}",
            28,
            bold=True,
            fill=INK if active else MUTED,
        )
    return image
