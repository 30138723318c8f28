"""The main board image: worker spaces (with their ids, the ones the selects use) and their
workers, tiles and orders on display, bank, canteen, piles, the shift and what it scores;
one panel per player (name, VP, Francs, workers left, orders in progress and delivered);
during the draft, the orders still on offer.

The frame, titles, fixed space contents and lock tiles are drawn once per (player count,
language) into a cached layer; each render copies it and draws what changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

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
from bot.games.coal_baron.shapes import CoalView
from renderer.coal_baron import glyphs
from renderer.coal_baron.colours import HATCH, PALETTE, PILE
from renderer.coal_baron.labels import Names, label, letters, seat_names
from renderer.coal_baron.model import Board, Pending, Workers, board_from_view
from renderer.draw import CHIP_HEIGHT, Box, pawn, text, text_width, worker_chips
from renderer.names import fit_name
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
from renderer.replay import ReplayBoard

WIDTH = 1100
MARGIN = 20
GAP = 10
TITLE_H = 58
"""A section title, and room above its spaces for their id tabs."""
INNER = WIDTH - 2 * MARGIN

PLAYER_BOX_H = 124
HEADER_H = 46 + 2 * (PLAYER_BOX_H + GAP) + 36
"""Shift line, two rows of player panels, the line saying what the seat to act is doing."""
DRAFT_PER_ROW = 5
DRAFT_ROW_H = glyphs.ORDER_H + 12
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


def render_board(view: CoalView, names: Sequence[str], lang: str) -> bytes:
    """The board as seen in `view` (any seat's or a spectator's), as PNG bytes; `names` are
    the players' display names, index = seat."""
    return PALETTE.to_png(board_image(board_from_view(view), seat_names(names, lang), lang))


def replay_board(view: CoalView, lang: str, names: Sequence[str]) -> Image.Image:
    """The public board of a replay's frame (`renderer.replay`), with the players' names."""
    return board_image(board_from_view(view), seat_names(names, lang), lang)


REPLAY = ReplayBoard(replay_board, PALETTE)
"""Coal Baron's replay frames (`cogs.coal_baron.PLUGIN`)."""


def board_image(board: Board, names: Names, lang: str) -> Image.Image:
    """The board as a Pillow image (see `render_board`)."""
    image = _static_layer(board.players, lang).copy()
    draw = ImageDraw.Draw(image)
    _draw_header(draw, board, names, lang)
    _draw_factory(draw, board, lang)
    _draw_order_display(draw, board, lang)
    for space_id, workers in board.workers.items():
        if space_id != "bank":
            x0, _, _, y1 = SPACE_BOXES[space_id]
            worker_chips(draw, x0 + 8, y1 - CHIP_HEIGHT - 8, workers)
    _draw_worker_area(draw, SPACE_BOXES["bank"], board.workers.get("bank", ()))
    _draw_worker_area(draw, CANTEEN_BOX, board.canteen)
    image.paste(_scoring_row(board.players, board.shift, lang), (0, SCORING_Y))
    if board.draft:
        image = _with_draft(image, board, lang)
    return image


def _with_draft(board_image: Image.Image, board: Board, lang: str) -> Image.Image:
    """The board with the draft offer inserted under the header (during the draft only)."""
    rows = -(-len(board.draft) // DRAFT_PER_ROW)
    extra = TITLE_H + rows * DRAFT_ROW_H + GAP
    image = Image.new("RGB", (WIDTH, HEIGHT + extra), PAPER)
    image.paste(board_image.crop((0, 0, WIDTH, HEADER_H)), (0, 0))
    image.paste(board_image.crop((0, HEADER_H, WIDTH, HEIGHT)), (0, HEADER_H + extra))
    draw = ImageDraw.Draw(image)
    count = len(board.draft)
    _title(draw, MARGIN, HEADER_H, label(lang, "draft", count=count))
    names = letters(lang)
    gap = (INNER - DRAFT_PER_ROW * glyphs.ORDER_W) // (DRAFT_PER_ROW - 1)
    for index, card in enumerate(board.draft):
        row, col = divmod(index, DRAFT_PER_ROW)
        x = MARGIN + col * (glyphs.ORDER_W + gap)
        y = HEADER_H + TITLE_H + row * DRAFT_ROW_H
        glyphs.order_card(draw, x, y, card.vehicle, card.vp, card.slots, (), names)
    return image


def space_image(space_id: str, lang: str) -> Image.Image:
    """Worker space `space_id` as the board prints it, its name tab included, cut from
    an empty board of four players (no lock): what `/game card` shows of a space."""
    x0, y0, x1, y1 = SPACE_BOXES[space_id]
    return _static_layer(4, lang).crop((x0 - 6, y0 - 12, x1 + 6, y1 + 1))


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
        elif space_id != "bank":
            _space_id_tab(draw, space_id, box)
    draw.rounded_rectangle(CANTEEN_BOX, radius=12, fill=PANEL, outline=MUTED, width=2)
    return image


def _space_id_tab(draw: ImageDraw.ImageDraw, space_id: str, box: Box) -> None:
    """The space's id (f1, m6, $4, o2...: what the selects and typed moves name) on a dark
    tab across its top edge."""
    x0, y0 = box[0] + 10, box[1] - 12
    w = text_width(space_id, 24, bold=True) + 16
    draw.rounded_rectangle((x0, y0, x0 + w, y0 + 28), radius=8, fill=INK)
    text(draw, (x0 + w / 2, y0 + 14), space_id, 24, bold=True, fill=WHITE)


def _title(draw: ImageDraw.ImageDraw, x: int, y: int, words: str) -> None:
    text(draw, (x + 2, y + 22), words, 30, bold=True, anchor="lm", max_width=INNER)


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
    draw.ellipse((cx - 42, cy - 32, cx + 42, cy + 32), fill=glyphs.COIN, outline=INK, width=2)
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


def _draw_header(draw: ImageDraw.ImageDraw, board: Board, names: Names, lang: str) -> None:
    """Shift, supply, piles, what the seat to act is doing and one panel per player."""
    y = MARGIN
    heading = label(lang, "game_over") if board.over else label(lang, "shift", shift=board.shift)
    x = MARGIN + 20 + text(draw, (MARGIN, y + 20), heading, 32, bold=True, anchor="lm")
    colour_letters = letters(lang)
    for colour, count in enumerate(board.supply):
        glyphs.cube(draw, x, y + 4, 32, colour, colour_letters[colour])
        x += 40 + text(draw, (x + 38, y + 20), str(count), 28, anchor="lm") + 12
    piles = f"{label(lang, 'tiles_left', count=board.tiles_left)}   " + label(
        lang, "orders_left", count=board.orders_left
    )
    text(draw, (WIDTH - MARGIN, y + 20), piles, 28, anchor="rm", max_width=WIDTH - MARGIN - x)
    columns = 1 if board.players == 2 else 2
    width = (INNER - GAP * (columns - 1)) // columns
    for seat in range(board.players):
        row, column = divmod(seat, columns)
        x = MARGIN + column * (width + GAP)
        top = y + 46 + row * (PLAYER_BOX_H + GAP)
        _player_box(draw, (x, top, x + width, top + PLAYER_BOX_H), board, seat, names, lang)
    message = _pending_message(board.pending, names, lang)
    if message and board.pending:
        text(
            draw,
            (MARGIN, HEADER_H - 16),
            message,
            26,
            bold=True,
            fill=player_colour(board.pending.seat),
            anchor="lm",
            max_width=INNER,
        )


def _pending_message(pending: Pending | None, names: Names, lang: str) -> str | None:
    """What the seat to act is in the middle of (nothing for a plain placement)."""
    if pending is None or pending.kind == "place":
        return None
    return label(
        lang,
        "pending." + pending.kind,
        player=names[pending.seat],
        moves=pending.moves,
        left=pending.moves_left,
    )


def _player_box(
    draw: ImageDraw.ImageDraw, box: Box, board: Board, seat: int, names: Names, lang: str
) -> None:
    """Name, first-player tag and VP; Francs, workers left, orders in progress and
    delivered. The seat to act has an orange frame and a ▶."""
    x0, y0, x1, _ = box
    acting = seat in board.to_act
    draw.rounded_rectangle(
        box, radius=12, fill=WHITE, outline=HIGHLIGHT if acting else MUTED, width=6 if acting else 2
    )
    colour = player_colour(seat)
    pawn(draw, x0 + 26, y0 + 8, 42, seat, colour)
    top_row, row, last_row = y0 + 26, y0 + 64, y0 + 102
    right = x1 - 12 - text(
        draw, (x1 - 12, top_row), label(lang, "vp", vp=board.scores[seat]), 28, bold=True,
        anchor="rm",
    )
    if seat == board.first_player:
        tag = label(lang, "first_player")
        tag_w = text_width(tag, 22, bold=True) + 14
        right -= 12
        draw.rounded_rectangle((right - tag_w, top_row - 15, right, top_row + 15), 8, fill=INK)
        text(draw, (right - tag_w / 2, top_row + 1), tag, 22, bold=True, fill=WHITE)
        right -= tag_w
    name = fit_name(("▶ " if acting else "") + names[seat], 28, right - x0 - 64)
    text(draw, (x0 + 52, top_row), name, 28, bold=True, anchor="lm")
    held = board.holdings[seat]
    money = label(lang, "francs", amount=held.money)
    coin_w = max(60, text_width(money, 24, bold=True) + 20)
    coin = (x0 + 10, row - 17, x0 + 10 + coin_w, row + 17)
    draw.ellipse(coin, fill=glyphs.COIN, outline=INK, width=2)
    text(draw, (x0 + 10 + coin_w / 2, row + 1), money, 24, bold=True)
    x = x0 + 24 + coin_w
    pawn(draw, x + 10, row - 16, 32, seat, colour)
    workers = label(lang, "workers_left", count=held.workers)
    text(draw, (x + 26, row), workers, 24, bold=True, anchor="lm")
    x = x0 + 14
    glyphs.order_icon(draw, x, last_row - 14, 28)
    orders = " · ".join(
        (
            label(lang, "in_progress", count=held.orders),
            label(lang, "delivered_short", count=held.delivered),
        )
    )
    text(draw, (x + 32, last_row), orders, 24, anchor="lm", max_width=x1 - x - 40)


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
