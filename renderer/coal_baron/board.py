"""The main board image: the worker spaces, named as the players' messages name them (the
factory's and the orders' numbered tabs, the moves, the Francs, the vehicles, the bank),
their workers, the tiles and orders on display, bank, canteen, piles, the shift and what
it scores; one panel per player side by side (name, VP, Francs, workers left); who is to
act, or who won; the space the last turn took, framed in its player's colour. During the
draft: the header, the orders on offer, the factory and the scoring row.

Read on a phone: 1200 px wide, every word at least `TEXT` (34) px, so at least 11 px
when shown 400 px wide, and at most 1.3 times as tall as wide (tests/test_coal_baron_phone.py).

The frame, titles, fixed space contents and lock tiles are drawn once per (player count,
language) into a cached layer; each render copies it and draws what changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.games.base import Outcome, places
from bot.games.coal_baron.components import (
    COAL_ELEMENT,
    DELIVERY,
    ELEMENTS_SCORED,
    FACTORY,
    FACTORY_DRAW,
    MINING,
    MONEY,
    ORDER,
    ORDER_DRAW,
    SCORING_ELEMENTS,
    SPACES,
    VEHICLE_ELEMENT,
)
from bot.games.coal_baron.shapes import CoalView
from renderer.coal_baron import glyphs
from renderer.coal_baron.colours import HATCH, PALETTE, PILE
from renderer.coal_baron.labels import Names, label, letters, seat_names
from renderer.coal_baron.model import Board, LastMove, Workers, board_from_view
from renderer.draw import CHIP_HEIGHT, Box, chip_width, pawn, text, text_width, worker_chips
from renderer.names import fit_apart, fit_name
from renderer.palette import (
    HIGHLIGHT,
    INK,
    LOCKED,
    MUTED,
    PANEL,
    PAPER,
    RGB,
    WHITE,
    player_colour,
)
from renderer.replay import ReplayBoard

WIDTH = 1200
MARGIN = 20
GAP = 10
TEXT = 34
"""The smallest text of the board: 11 px when the board is shown 400 px wide."""
TITLE_H = 58
"""A section title, and room above its spaces for their name tabs."""
SECTION_GAP = 14
INNER = WIDTH - 2 * MARGIN

PLAYER_BOX_H = 132
STATUS_H = 56
HEADER_H = MARGIN + 50 + PLAYER_BOX_H + STATUS_H
"""Shift and supply, one panel per player side by side, the line saying who is to act."""
DRAFT_PER_ROW = 6
DRAFT_ROW_H = glyphs.ORDER_H + 12
FACTORY_Y = HEADER_H
FACTORY_SPACE = (220, 172)
MINING_Y = FACTORY_Y + TITLE_H + 2 * FACTORY_SPACE[1] + GAP + SECTION_GAP
VALUE_SPACE = (124, 136)
ORDERS_Y = MINING_Y + TITLE_H + VALUE_SPACE[1] + SECTION_GAP
ORDER_SPACE = (220, 190)
DELIVERY_Y = ORDERS_Y + TITLE_H + ORDER_SPACE[1] + SECTION_GAP
DELIVERY_SPACE = (124, 136)
SCORING_Y = DELIVERY_Y + TITLE_H + DELIVERY_SPACE[1] + SECTION_GAP
ELEMENT_BOX = (90, 104)
HEIGHT = SCORING_Y + TITLE_H + ELEMENT_BOX[1] + MARGIN
LAST_MOVE_FRAME = 9
"""Width of the frame, in the mover's colour, around the space the last turn took."""

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
    boxes["bank"] = (bank_x, y, bank_x + 240, y + DELIVERY_SPACE[1])
    return boxes


SPACE_BOXES = _space_boxes()
CANTEEN_BOX: Box = (
    SPACE_BOXES["bank"][2] + 30,
    SPACE_BOXES["bank"][1],
    WIDTH - MARGIN,
    SPACE_BOXES["bank"][3],
)


def render_board(
    view: CoalView, names: Sequence[str], lang: str, last: LastMove | None = None
) -> bytes:
    """The board as seen in `view` (any seat's or a spectator's), as PNG bytes; `names` are
    the players' display names, index = seat; `last`: the space the last turn took, framed
    in its player's colour."""
    board = board_from_view(view)
    return PALETTE.to_png(board_image(board, seat_names(names, lang), lang, last))


def replay_board(view: CoalView, lang: str, names: Sequence[str]) -> Image.Image:
    """The public board of a replay's frame (`renderer.replay`), with the players' names."""
    return board_image(board_from_view(view), seat_names(names, lang), lang)


REPLAY = ReplayBoard(replay_board, PALETTE, heading=MARGIN + 50)
"""The heading a frame's caption covers: the shift and the supply (`_draw_header`)."""
"""Coal Baron's replay frames (`cogs.coal_baron.PLUGIN`)."""


def board_image(
    board: Board, names: Names, lang: str, last: LastMove | None = None
) -> Image.Image:
    """The board as a Pillow image (see `render_board`)."""
    image = _static_layer(board.players, lang).copy()
    draw = ImageDraw.Draw(image)
    _draw_header(draw, board, names, lang, last.seat if last is not None else None)
    _draw_piles(draw, board, lang)
    _draw_factory(draw, board, lang)
    _draw_order_display(draw, board, lang)
    for space_id, workers in board.workers.items():
        if space_id != "bank":
            x0, _, _, y1 = SPACE_BOXES[space_id]
            worker_chips(draw, x0 + 8, y1 - CHIP_HEIGHT - 8, workers)
    _draw_worker_area(draw, SPACE_BOXES["bank"], board.workers.get("bank", ()))
    _draw_worker_area(draw, CANTEEN_BOX, board.canteen)
    if last is not None and last.space is not None:
        draw.rounded_rectangle(
            SPACE_BOXES[last.space], radius=12, outline=player_colour(last.seat),
            width=LAST_MOVE_FRAME,
        )
    image.paste(_scoring_row(board.players, board.shift, lang), (0, SCORING_Y))
    if board.draft:
        image = _draft_board(image, board, lang)
    return image


def _draft_board(board_image: Image.Image, board: Board, lang: str) -> Image.Image:
    """During the draft: the header, the orders on offer, the factory and the scoring row
    (nothing else can hold anything before the first shift)."""
    rows = -(-len(board.draft) // DRAFT_PER_ROW)
    offer_h = TITLE_H + rows * DRAFT_ROW_H + SECTION_GAP
    factory_h = MINING_Y - FACTORY_Y
    image = Image.new("RGB", (WIDTH, HEADER_H + offer_h + factory_h + HEIGHT - SCORING_Y), PAPER)
    image.paste(board_image.crop((0, 0, WIDTH, HEADER_H)), (0, 0))
    image.paste(board_image.crop((0, FACTORY_Y, WIDTH, MINING_Y)), (0, HEADER_H + offer_h))
    image.paste(
        board_image.crop((0, SCORING_Y, WIDTH, HEIGHT)), (0, HEADER_H + offer_h + factory_h)
    )
    draw = ImageDraw.Draw(image)
    _title(draw, MARGIN, HEADER_H, label(lang, "draft", count=len(board.draft)))
    names = letters(lang)
    gap = (INNER - DRAFT_PER_ROW * glyphs.ORDER_W) // (DRAFT_PER_ROW - 1)
    for index, card in enumerate(board.draft):
        row, col = divmod(index, DRAFT_PER_ROW)
        x = MARGIN + col * (glyphs.ORDER_W + gap)
        y = HEADER_H + TITLE_H + row * DRAFT_ROW_H
        glyphs.order_card(draw, x, y, card.vehicle, card.vp, card.slots, (), names)
    return image


SPACE_ALONE_TOP = 24
"""Room above a space drawn alone, for its tab."""


def space_image(space_id: str, lang: str) -> Image.Image:
    """Worker space `space_id` alone, as the board prints it with four players (no lock),
    its tab included: what `/game card` shows of a space."""
    x0, y0, x1, y1 = SPACE_BOXES[space_id]
    image = Image.new("RGB", (x1 - x0 + 12, y1 - y0 + SPACE_ALONE_TOP + 6), PAPER)
    box = (6, SPACE_ALONE_TOP, 6 + x1 - x0, SPACE_ALONE_TOP + y1 - y0)
    _draw_space(ImageDraw.Draw(image), space_id, box, 4, lang)
    return image


# -- the static layer ---------------------------------------------------------------------


@lru_cache(maxsize=8)
def _static_layer(players: int, lang: str) -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(image)
    _title(draw, MARGIN, FACTORY_Y, label(lang, "factory"))
    mining_w = SPACE_BOXES["m10"][2] - MARGIN
    _title(draw, MARGIN, MINING_Y, label(lang, "mining"), mining_w)
    _title(draw, SPACE_BOXES["$3"][0], MINING_Y, label(lang, "money"))
    _title(draw, MARGIN, ORDERS_Y, label(lang, "orders"))
    _title(draw, MARGIN, DELIVERY_Y, label(lang, "delivery"))
    bank = SPACE_BOXES["bank"]
    _title(draw, bank[0], DELIVERY_Y, label(lang, "bank"), CANTEEN_BOX[0] - bank[0] - 8)
    _title(draw, CANTEEN_BOX[0], DELIVERY_Y, label(lang, "canteen"))
    for space_id, box in SPACE_BOXES.items():
        _draw_space(draw, space_id, box, players, lang)
    draw.rounded_rectangle(CANTEEN_BOX, radius=12, fill=PANEL, outline=MUTED, width=2)
    return image


def _draw_space(
    draw: ImageDraw.ImageDraw, space_id: str, box: Box, players: int, lang: str
) -> None:
    """An empty worker space: its frame, what is printed on it, its lock or its tab."""
    draw.rounded_rectangle(box, radius=12, fill=PANEL, outline=MUTED, width=2)
    _draw_fixed_content(draw, space_id, box, lang)
    if SPACE_BY_ID[space_id].min_players > players:
        _draw_lock(draw, box)
    elif (tab := _space_tab_text(space_id, lang)) is not None:
        _space_tab(draw, tab, box)


def _space_tab_text(space_id: str, lang: str) -> str | None:
    """The name on a space's tab, as the players' messages name the space: the number of a
    factory or order space, "Draw 5" on a draw-5 space (the others show their name: the
    moves, the Francs, the vehicle, the bank)."""
    space = SPACE_BY_ID[space_id]
    if space.kind in (FACTORY, ORDER):
        return str(space.param)
    if space.kind in (FACTORY_DRAW, ORDER_DRAW):
        return label(lang, "draw5")
    return None


def _space_tab(draw: ImageDraw.ImageDraw, words: str, box: Box) -> None:
    """A space's name on a dark tab across its top edge."""
    x0, y0 = box[0] + 10, box[1] - 18
    w = text_width(words, TEXT, bold=True) + 20
    draw.rounded_rectangle((x0, y0, x0 + w, y0 + 40), radius=8, fill=INK)
    text(draw, (x0 + w / 2, y0 + 20), words, TEXT, bold=True, fill=WHITE)


def _title(draw: ImageDraw.ImageDraw, x: int, y: int, words: str, width: int = INNER) -> None:
    text(draw, (x + 2, y + 20), words, TEXT, bold=True, anchor="lm", max_width=width)


def _draw_fixed_content(draw: ImageDraw.ImageDraw, space_id: str, box: Box, lang: str) -> None:
    """What is printed on a space: moves, money (in `lang`'s symbol), vehicle, draw-5 pile."""
    space = SPACE_BY_ID[space_id]
    x0, y0, x1, _ = box
    cx = (x0 + x1) / 2
    if space.kind == MINING:
        text(draw, (cx, y0 + 46), str(space.param), 56, bold=True)
    elif space.kind == MONEY:
        _coin(draw, cx, y0 + 46, label(lang, "francs", amount=space.param))
    elif space.kind == DELIVERY:
        glyphs.vehicle(draw, cx - 51, y0 + 16, space.param, scale=1.7)
    elif space.kind in (FACTORY_DRAW, ORDER_DRAW):
        _face_down_pile(draw, cx - 36, y0 + 30)


def _coin(draw: ImageDraw.ImageDraw, cx: float, cy: float, amount: str) -> None:
    draw.ellipse((cx - 48, cy - 34, cx + 48, cy + 34), fill=glyphs.COIN, outline=INK, width=2)
    text(draw, (cx, cy + 1), amount, TEXT, bold=True)


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


def _draw_header(
    draw: ImageDraw.ImageDraw, board: Board, names: Names, lang: str, mover: int | None
) -> None:
    """Shift and supply, one panel per player (the last turn's player framed in its
    colour), and who is to act (or who won)."""
    y = MARGIN
    heading = label(lang, "game_over") if board.over else label(lang, "shift", shift=board.shift)
    x = MARGIN + 24 + text(draw, (MARGIN, y + 20), heading, TEXT, bold=True, anchor="lm")
    colour_letters = letters(lang)
    for colour, count in enumerate(board.supply):
        glyphs.cube(draw, x, y + 4, 32, colour, colour_letters[colour])
        x += 40 + text(draw, (x + 38, y + 20), str(count), TEXT, anchor="lm") + 16
    width = (INNER - GAP * (board.players - 1)) // board.players
    top = y + 50
    for seat in range(board.players):
        x = MARGIN + seat * (width + GAP)
        box = (x, top, x + width, top + PLAYER_BOX_H)
        _player_box(draw, box, board, seat, names, lang, seat == mover)
    status = _status(board, names, lang)
    if status is not None:
        words, ink = status
        middle = (MARGIN, HEADER_H - STATUS_H / 2 - 2)
        text(draw, middle, words, TEXT, bold=True, fill=ink, anchor="lm", max_width=INNER)


def _status(board: Board, names: Names, lang: str) -> tuple[str, RGB] | None:
    """The line under the players: who won at the end, else who is to act and doing what."""
    if board.over:
        winners = [names[seat] for seat in board.winners]
        return _sentence(lang, "winners", winners, count=len(winners)), INK
    pending = board.pending
    if pending is None:
        return None
    sentence = _sentence(
        lang, "pending." + pending.kind, [names[pending.seat]],
        moves=pending.moves, left=pending.moves_left,
    )
    return sentence, player_colour(pending.seat)


def _sentence(lang: str, key: str, players: list[str], **params: object) -> str:
    """The label `key` naming `players` (joined by commas as {players}, or one as
    {player}), each name cut only as far as the line's width asks."""
    def said(shown: list[str]) -> str:
        return label(lang, key, player=", ".join(shown), players=", ".join(shown), **params)

    room = (INNER - text_width(said([""] * len(players)), TEXT, bold=True)) // len(players)
    return said([fit_name(name, TEXT, room) for name in players])


def _player_box(
    draw: ImageDraw.ImageDraw,
    box: Box,
    board: Board,
    seat: int,
    names: Names,
    lang: str,
    moved: bool,
) -> None:
    """Name (and the first player's tag); VP and Francs; workers left, or at the end the
    player's place. The seat to act has an orange frame and a ▶; the seat that played the
    last turn, a frame in its colour."""
    x0, y0, x1, _ = box
    acting = seat in board.to_act
    colour = player_colour(seat)
    if moved:
        draw.rounded_rectangle(box, radius=12, fill=WHITE, outline=colour, width=LAST_MOVE_FRAME)
    inner = (x0 + 8, y0 + 8, x1 - 8, box[3] - 8) if moved else box
    if acting or not moved:
        outline, width = (HIGHLIGHT, 6) if acting else (MUTED, 2)
        draw.rounded_rectangle(inner, radius=12, fill=WHITE, outline=outline, width=width)
    pawn(draw, x0 + 24, y0 + 8, 38, seat, colour)
    rows = (y0 + 28, y0 + 70, y0 + 110)
    right = x1 - 10
    if seat == board.first_player and not board.over:
        tag = label(lang, "first_player")
        tag_w = text_width(tag, TEXT, bold=True) + 12
        draw.rounded_rectangle((right - tag_w, rows[0] - 19, right, rows[0] + 19), 8, fill=INK)
        text(draw, (right - tag_w / 2, rows[0] + 1), tag, TEXT, bold=True, fill=WHITE)
        right -= tag_w + 8
    name = fit_apart(names, seat, TEXT, right - x0 - 48, prefix="▶ " if acting else "")
    text(draw, (x0 + 46, rows[0]), name, TEXT, bold=True, anchor="lm")
    vp_w = text(
        draw, (x0 + 12, rows[1]), label(lang, "vp", vp=board.scores[seat]), TEXT, bold=True,
        anchor="lm",
    )
    held = board.holdings[seat]
    money = label(lang, "francs", amount=held.money)
    coin_w = text_width(money, TEXT, bold=True) + 22
    coin = (x0 + 24 + vp_w, rows[1] - 20, x0 + 24 + vp_w + coin_w, rows[1] + 20)
    draw.ellipse(coin, fill=glyphs.COIN, outline=INK, width=2)
    text(draw, ((coin[0] + coin[2]) / 2, rows[1] + 1), money, TEXT, bold=True)
    if board.over:  # the final standings
        money_left = tuple(held.money for held in board.holdings)
        rank = places(Outcome(tuple(board.scores), tuple(board.winners), money_left))[seat] + 1
        text(draw, (x0 + 12, rows[2]), label(lang, f"rank.{rank}"), TEXT, bold=True, anchor="lm")
        return
    pawn(draw, x0 + 24, rows[2] - 15, 30, seat, colour)
    workers = label(lang, "workers_left", count=held.workers)
    text(draw, (x0 + 42, rows[2]), workers, TEXT, bold=True, anchor="lm")


def _draw_piles(draw: ImageDraw.ImageDraw, board: Board, lang: str) -> None:
    """The cards left in the tile and order piles, right of their section's title."""
    for y, words in (
        (FACTORY_Y, label(lang, "tiles_left", count=board.tiles_left)),
        (ORDERS_Y, label(lang, "orders_left", count=board.orders_left)),
    ):
        text(draw, (WIDTH - MARGIN, y + 20), words, TEXT, anchor="rm")


def _draw_factory(draw: ImageDraw.ImageDraw, board: Board, lang: str) -> None:
    names = letters(lang)
    for number, tile in enumerate(board.factory, start=1):
        if tile is None:
            continue
        x0, y0, x1, y1 = SPACE_BOXES[f"f{number}"]
        width = glyphs.tile_width(tile.carts)
        glyphs.tile(
            draw, (x0 + x1 - width) / 2, y0 + 22, tile.colour, tile.lit, [None] * tile.carts, names
        )
        text(
            draw,
            (x1 - 12, y1 - 8 - CHIP_HEIGHT / 2),
            label(lang, "francs", amount=tile.cost),
            TEXT,
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
            y0 + 24,
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
        if x + chip_width(count) + 10 > x1:
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
            TEXT,
            bold=True,
            fill=INK if active else MUTED,
        )
    return image
