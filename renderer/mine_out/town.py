"""The mining town as a map: the Market, the three establishments and the four mines
joined by their rails, every pawn where it stands, each mine's cubes left, difficulty
and scoring minimum; beside the map the Market's rows (box prices, cubes sold) and
the bank; below it the hiring display, the waiting cards and the 3 community spaces
as card tiles, the fame track with every player, and each player's money, hand size
and cubes. The title says whose turn it is, with their action points as a track.

Drawn from a view (any seat's or the spectator's: no hand is drawn), 800 px wide.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.games.mine_out.components import (
    ACTION_POINTS,
    CARDS,
    END_THRESHOLD,
    KIND_BY_ID,
    KIND_DATA,
    RAILS,
)
from bot.games.mine_out.rulings import MORE_THAN_50
from bot.games.mine_out.shapes import MineOutView
from bot.i18n import t
from renderer.draw import text
from renderer.mine_out.cards import TILE_H, tile_row, wrap
from renderer.mine_out.colours import PALETTE
from renderer.mine_out.common import (
    ORE_FILL,
    ORE_IDS,
    RAIL,
    WIDTH,
    Names,
    cube,
    fitted_name,
    label,
    pawn,
    position_name,
    seat_names,
)
from renderer.palette import INK, MUTED, PANEL, PAPER, WHITE, player_colour, text_colour_on

CELL_W, CELL_H = 200, 160
"""The map is a grid of 4 x 3 cells; a place is a box in its cell."""
BOX_W, BOX_H = 184, 144
GRID: dict[str, tuple[int, int]] = {
    "copper": (0, 0), "silver": (1, 0),
    "market": (0, 1), "pub": (1, 1), "hall": (2, 1),
    "alley": (0, 2), "gold": (2, 2), "jewel": (3, 2),
}
"""Where each place sits (column, row): every rail is a straight line between cells."""
MARKET_CELL = (2, 0)
"""The Market's rows take the two free cells at the top right; the bank the one below."""
BANK_CELL = (3, 1)
HEADER = 96
MARGIN = 9
SECTION = 36
FAME_LANE = 30


def cell_centre(node: str, top: int) -> tuple[int, int]:
    column, row = GRID[node]
    return column * CELL_W + CELL_W // 2, top + row * CELL_H + CELL_H // 2


def render_town(view: MineOutView, names: Sequence[str], lang: str) -> bytes:
    """The public town from a view, with the players' display names (index = seat)."""
    drawn = seat_names(names, lang)
    positions = view["positions"]
    height = (HEADER + 3 * CELL_H + 3 * (SECTION + TILE_H + 12)
              + SECTION + FAME_LANE * len(positions) + 30
              + SECTION + 34 * len(positions) + 12)
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    draw_header(draw, view, drawn, lang)
    top = HEADER
    draw_map(draw, view, top, lang)
    draw_market(draw, view, top, lang)
    draw_bank(draw, view, top, lang)
    y = top + 3 * CELL_H + 4
    rows = (("display", view["display"], "refilled"), ("waiting", view["waiting"], "free_space"),
            ("community", [*view["community"], *[None] * (3 - len(view["community"]))],
             "free_space"))
    for key, cards, empty in rows:
        title = label(lang, key, count=sum(1 for card in cards if card))
        text(draw, (MARGIN + 4, y + SECTION // 2), title, 24, bold=True, anchor="lm")
        y += SECTION
        tile_row(draw, MARGIN, y, cards, lang, empty=label(lang, empty))
        y += TILE_H + 12
    y = draw_fame(draw, view, drawn, y, lang)
    draw_players(draw, view, drawn, y, lang)
    return PALETTE.to_png(image)


def draw_header(draw: ImageDraw.ImageDraw, view: MineOutView, names: Names, lang: str) -> None:
    """Round and player to act; their action points as a track of 5 (filled = left)."""
    current = view["current"]
    position = view["positions"][current]
    colour = player_colour(position["seat"])
    draw.rectangle((0, 0, WIDTH, 52), fill=colour)
    title = label(lang, "town_title", round=view["round"],
                  player=position_name(view, current, names, lang))
    text(draw, (16, 27), title, 28, bold=True, fill=WHITE, anchor="lm", max_width=WIDTH - 32)
    if view["final"] is not None or not view["to_act"]:
        return
    points = view["turn"]["points"]
    y = 74
    for index in range(ACTION_POINTS):
        x = 28 + index * 30
        spent = index >= points
        draw.ellipse((x - 11, y - 11, x + 11, y + 11), outline=INK, width=2,
                     fill=PANEL if spent else colour)
    words = label(lang, "points_left", count=points)
    if view["turn"]["scoring"]:
        words = label(lang, "scoring", points=words)
    text(draw, (28 + ACTION_POINTS * 30, y), words, 22, bold=True, anchor="lm",
         max_width=WIDTH - 200)


def draw_map(draw: ImageDraw.ImageDraw, view: MineOutView, top: int, lang: str) -> None:
    for node, others in RAILS.items():
        for other in others:
            if node < other:
                rail(draw, cell_centre(node, top), cell_centre(other, top))
    for node in GRID:
        draw_place(draw, view, node, top, lang)


def rail(draw: ImageDraw.ImageDraw, a: tuple[int, int], b: tuple[int, int]) -> None:
    """Two rails with sleepers across, from place to place."""
    (x1, y1), (x2, y2) = a, b
    length = max(1.0, ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5)
    nx, ny = (y1 - y2) / length * 6, (x2 - x1) / length * 6
    steps = int(length // 18)
    for step in range(1, steps):
        share = step / steps
        cx, cy = x1 + (x2 - x1) * share, y1 + (y2 - y1) * share
        draw.line((cx - nx * 1.6, cy - ny * 1.6, cx + nx * 1.6, cy + ny * 1.6), fill=RAIL,
                  width=4)
    for side in (-1, 1):
        draw.line((x1 + nx * side, y1 + ny * side, x2 + nx * side, y2 + ny * side), fill=INK,
                  width=2)


def draw_place(
    draw: ImageDraw.ImageDraw, view: MineOutView, node: str, top: int, lang: str
) -> None:
    """A place's box: its name on a band (the ore's colour for a mine), a mine's cubes
    left, difficulty and scoring minimum, and the pawns standing there."""
    cx, cy = cell_centre(node, top)
    left, upper = cx - BOX_W // 2, cy - BOX_H // 2
    band = ORE_FILL.get(node, INK)
    draw.rounded_rectangle((left, upper, left + BOX_W, upper + BOX_H), 10, fill=PANEL,
                           outline=INK, width=2)
    draw.rounded_rectangle((left, upper, left + BOX_W, upper + 34), 10, fill=band,
                           outline=INK, width=2)
    draw.rectangle((left + 2, upper + 24, left + BOX_W - 2, upper + 32), fill=band)
    name = t(lang, f"mine-out.node.{node}")
    text(draw, (cx, upper + 18), name, 22, bold=True, fill=text_colour_on(band),
         max_width=BOX_W - 12)
    if node in KIND_BY_ID:
        kind = KIND_DATA[KIND_BY_ID[node]]
        left_cubes = view["mines"][node]
        cube(draw, left + 10, upper + 40, node, lang, 26)
        text(draw, (left + 44, upper + 53), label(lang, "cubes", count=left_cubes), 22, bold=True,
             anchor="lm", max_width=BOX_W - 52)
        text(draw, (left + 10, upper + 80), label(lang, "difficulty", difficulty=kind.difficulty),
             20, anchor="lm", max_width=BOX_W - 20)
        minimum = (label(lang, "scores_from", minimum=kind.minimum) if kind.minimum
                   else label(lang, "no_minimum"))
        text(draw, (left + 10, upper + 102), minimum, 20, anchor="lm", max_width=BOX_W - 20)
    else:
        hired_here = [c for c in view["display"] if c and CARDS[c].establishment == node]
        if hired_here:
            words = label(lang, "hire_here", cards=", ".join(hired_here))
            for number, line in enumerate(wrap(words, 20, BOX_W - 20)[:3]):
                text(draw, (left + 10, upper + 50 + number * 22), line, 20, anchor="lm")
    here = [p for p in view["positions"] if p["node"] == node]
    for index, position in enumerate(here):
        x = left + BOX_W - 16 - (len(here) - 1 - index) * 28
        pawn(draw, x, upper + BOX_H - 16, position)


def draw_market(draw: ImageDraw.ImageDraw, view: MineOutView, top: int, lang: str) -> None:
    """The Market's three rows: each box's price, and the cube sold into it if any."""
    column, row = MARKET_CELL
    left, upper = column * CELL_W + 8, top + row * CELL_H + 8
    draw.rounded_rectangle((left, upper, WIDTH - 8, upper + CELL_H - 16), 10, fill=PANEL,
                           outline=INK, width=2)
    text(draw, (left + 12, upper + 18), label(lang, "market"), 22, bold=True, anchor="lm",
         max_width=WIDTH - left - 24)
    y = upper + 34
    for ore in ORE_IDS[:3]:
        cube(draw, left + 12, y + 4, ore, lang, 24)
        text(draw, (left + 44, y + 16), t(lang, f"mine-out.ore.{ore}"), 20, anchor="lm",
             max_width=90)
        kind = KIND_DATA[KIND_BY_ID[ore]]
        sold = view["market"][ore]
        x = left + 140
        for box, price in enumerate(kind.prices or ()):
            draw.rectangle((x, y + 2, x + 70, y + 30), outline=INK, width=2, fill=WHITE)
            if box < len(sold):
                cube(draw, x + 4, y + 5, sold[box], lang, 22)
            text(draw, (x + 64, y + 16), str(price), 20, bold=True,
                 anchor="rm")
            x += 78
        y += 34


def draw_bank(draw: ImageDraw.ImageDraw, view: MineOutView, top: int, lang: str) -> None:
    """The bank and the expense box (rupees), the deck and the discard pile (cards)."""
    column, row = BANK_CELL
    left, upper = column * CELL_W + 8, top + row * CELL_H + 8
    draw.rounded_rectangle((left, upper, WIDTH - 8, upper + CELL_H - 16), 10, fill=PANEL,
                           outline=INK, width=2)
    lines = (
        ("bank", view["bank"]),
        ("expenses", view["expenses"]),
        ("deck", view["deck_size"]),
        ("discard", len(view["discard"])),
    )
    for index, (key, value) in enumerate(lines):
        y = upper + 24 + index * 30
        text(draw, (left + 12, y), label(lang, key), 20, anchor="lm", max_width=110)
        text(draw, (WIDTH - 22, y), str(value), 22, bold=True, anchor="rm")


def draw_fame(draw: ImageDraw.ImageDraw, view: MineOutView, names: Names, y: int, lang: str) -> int:
    """The fame track, 0 to past the end: one lane per position, its pawn at its fame;
    the end mark where the table's end rule stops the game. Returns the y below it."""
    end = view["options"]["end"]
    text(draw, (MARGIN + 4, y + SECTION // 2), label(lang, f"fame.{end}"), 24, bold=True,
         anchor="lm")
    y += SECTION
    positions = view["positions"]
    most = max([END_THRESHOLD + 10, *(p["fame"] for p in positions)])
    left, right = 250, WIDTH - 40
    scale = (right - left) / most
    lanes = len(positions)
    bottom = y + FAME_LANE * lanes
    for tick in range(0, most + 1, 10):
        x = left + tick * scale
        draw.line((x, y, x, bottom), fill=MUTED, width=1)
        text(draw, (x, bottom + 12), str(tick), 18, fill=MUTED)
    end_x = left + (END_THRESHOLD + (end == MORE_THAN_50)) * scale
    draw.line((end_x, y - 4, end_x, bottom), fill=INK, width=3)
    for index, position in enumerate(positions):
        lane = y + FAME_LANE * index + FAME_LANE // 2
        pawn(draw, MARGIN + 16, lane, position, 10)
        current = index == view["current"]
        name = fitted_name(view, index, names, lang, 20, left - MARGIN - 44, current)
        text(draw, (MARGIN + 32, lane), name, 20, bold=current, anchor="lm")
        draw.line((left, lane, right, lane), fill=PANEL, width=6)
        x = left + position["fame"] * scale
        pawn(draw, x, lane, position, 10)
        text(draw, (x + 14, lane), str(position["fame"]), 20, bold=True, anchor="lm")
    return bottom + 30


def draw_players(
    draw: ImageDraw.ImageDraw, view: MineOutView, names: Names, y: int, lang: str
) -> None:
    """Each position: name, money, hand size, and its cubes by kind."""
    text(draw, (MARGIN + 4, y + SECTION // 2), label(lang, "players"), 24, bold=True,
         anchor="lm")
    y += SECTION
    for index, position in enumerate(view["positions"]):
        middle = y + 17
        if index % 2 == 0:
            draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + 34), fill=PANEL)
        pawn(draw, MARGIN + 16, middle, position, 10)
        current = index == view["current"]
        name = fitted_name(view, index, names, lang, 20, 198, current)
        text(draw, (MARGIN + 32, middle), name, 20, bold=current, anchor="lm")
        words = " · ".join((label(lang, "rupees", count=position["money"]),
                            label(lang, "in_hand", count=position["hand_size"])))
        text(draw, (242, middle), words, 20, anchor="lm", max_width=280)
        x = 530
        for ore in ORE_IDS:
            cube(draw, x, middle - 13, ore, lang, 26)
            text(draw, (x + 31, middle), str(position["cubes"][ore]), 20, bold=True,
                 anchor="lm")
            x += 66
        y += 34

