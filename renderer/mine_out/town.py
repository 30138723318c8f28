"""The mining town as a map: the Market, the three establishments and the four mines
joined by their rails, every pawn where it stands, each mine's cubes left, difficulty
and scoring minimum; beside the map the Market's rows (box prices, cubes sold) and
the bank; below it the fame track with every player, and each player's money, hand
size and cubes. The title says whose turn it is, with their action points as a
track, or once the game is over who won; under it the last turn in words, and on the
map what it touched (`last_turn`). The cards for hire, waiting and on the community
spaces are the second image (`hiring`).

Drawn from a view alone (any seat's or the spectator's: no hand is drawn), 800 px
wide and at most 1.3 x as tall, every word at least 22 px (`common.TEXT`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

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
from renderer.draw import text, text_width
from renderer.mine_out.cards import wrap
from renderer.mine_out.colours import PALETTE
from renderer.mine_out.common import (
    ORE_FILL,
    ORE_IDS,
    RAIL,
    TEXT,
    WIDTH,
    Names,
    cube,
    fitted_name,
    label,
    pawn,
    seat_names,
)
from renderer.mine_out.last_turn import caption, mark_box, mover, places
from renderer.names import fit_name
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
BAR = 52
TRACK = 44
"""The row of the action points under the title bar (a game in play)."""
CAPTION_LINE = 27
CAPTION_LINES = 2
MARGIN = 9
SECTION = 36
FAME_LANE = 32
PLAYER_ROW = 36
TITLE = 28


def cell_centre(node: str, top: int) -> tuple[int, int]:
    column, row = GRID[node]
    return column * CELL_W + CELL_W // 2, top + row * CELL_H + CELL_H // 2


def render_town(view: MineOutView, names: Sequence[str], lang: str) -> bytes:
    """The public town from a view, with the players' display names (index = seat)."""
    return PALETTE.to_png(town_image(view, names, lang))


def town_image(view: MineOutView, names: Sequence[str], lang: str) -> Image.Image:
    """`render_town`'s picture, before its encoding (a replay frame composes it)."""
    drawn = seat_names(names, lang)
    positions = view["positions"]
    said = caption(view, drawn, lang)
    lines = list(wrap(said, TEXT, WIDTH - 32)) if said else []
    if len(lines) > CAPTION_LINES:  # the rest of the line in words is cut, with "…"
        rest = fit_name(" ".join(lines[CAPTION_LINES - 1:]), TEXT, WIDTH - 32, False)
        lines = [*lines[:CAPTION_LINES - 1], rest]
    top = BAR + (TRACK if view["final"] is None else 8) + CAPTION_LINE * len(lines) + 8
    height = (top + 3 * CELL_H + 4
              + SECTION + FAME_LANE * len(positions) + 34
              + SECTION + PLAYER_ROW * len(positions) + 8)
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    draw_header(draw, view, drawn, lang)
    y = top - 8 - CAPTION_LINE * len(lines) + CAPTION_LINE // 2
    for line in lines:
        text(draw, (16, y), line, TEXT, anchor="lm")
        y += CAPTION_LINE
    draw_map(draw, view, top, lang)
    draw_market(draw, view, top, lang)
    draw_bank(draw, view, top, lang)
    y = draw_fame(draw, view, drawn, top + 3 * CELL_H + 4, lang)
    draw_players(draw, view, drawn, y, lang)
    return image


def draw_header(draw: ImageDraw.ImageDraw, view: MineOutView, names: Names, lang: str) -> None:
    """Round and player to act, their action points as a track of 5 (filled = left);
    once the game is over, who won instead."""
    current = view["current"]
    position = view["positions"][current]
    final = view["final"]
    if final is not None:
        winners = list(final["winners"])
        colour = player_colour(winners[0])
        template = label(lang, "game_over", player="", count=len(winners))
        room = (WIDTH - 32 - text_width(template, TITLE, True)) // len(winners)
        who = " & ".join(fit_name(names[seat], TITLE, room) for seat in winners)
        title = label(lang, "game_over", player=who, count=len(winners))
    else:
        colour = player_colour(position["seat"])
        template = label(lang, "town_title", round=view["round"], player="")
        room = WIDTH - 32 - text_width(template, TITLE, True)
        who = fitted_name(view, current, names, lang, TITLE, room, True)
        title = label(lang, "town_title", round=view["round"], player=who)
    draw.rectangle((0, 0, WIDTH, BAR), fill=colour)
    text(draw, (16, BAR // 2 + 1), title, TITLE, bold=True, fill=WHITE, anchor="lm")
    if final is not None or not view["to_act"]:
        return
    points = view["turn"]["points"]
    y = BAR + TRACK // 2
    for index in range(ACTION_POINTS):
        x = 28 + index * 30
        spent = index >= points
        draw.ellipse((x - 11, y - 11, x + 11, y + 11), outline=INK, width=2,
                     fill=PANEL if spent else colour)
    words = label(lang, "points_left", count=points)
    if view["turn"]["scoring"]:
        words = label(lang, "scoring", points=words)
    text(draw, (28 + ACTION_POINTS * 30, y), words, TEXT, bold=True, anchor="lm")


def draw_map(draw: ImageDraw.ImageDraw, view: MineOutView, top: int, lang: str) -> None:
    for node, others in RAILS.items():
        for other in others:
            if node < other:
                rail(draw, cell_centre(node, top), cell_centre(other, top))
    last, moved = view["last"], mover(view)
    if last is not None and moved is not None:
        colour = player_colour(moved["seat"])
        path = last["path"]
        for a, b in pairwise(path):
            draw.line((*cell_centre(a, top), *cell_centre(b, top)), fill=colour, width=8)
    for node in GRID:
        draw_place(draw, view, node, top, lang)
    if last is not None and moved is not None:
        for node in places(last):
            cx, cy = cell_centre(node, top)
            mark_box(draw, (cx - BOX_W // 2, cy - BOX_H // 2, cx + BOX_W // 2,
                            cy + BOX_H // 2), moved)


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
    text(draw, (cx, upper + 18), name, TEXT, fill=text_colour_on(band))
    if node in KIND_BY_ID:
        kind = KIND_DATA[KIND_BY_ID[node]]
        left_cubes = view["mines"][node]
        cube(draw, left + 10, upper + 40, node, lang, 26)
        text(draw, (left + 44, upper + 53), label(lang, "cubes", count=left_cubes), TEXT,
             bold=True, anchor="lm")
        text(draw, (left + 10, upper + 81), label(lang, "difficulty", difficulty=kind.difficulty),
             TEXT, anchor="lm")
        minimum = (label(lang, "scores_from", minimum=kind.minimum) if kind.minimum
                   else label(lang, "no_minimum"))
        text(draw, (left + 10, upper + 106), minimum, TEXT, anchor="lm")
    else:
        hired_here = [c for c in view["display"] if c and CARDS[c].establishment == node]
        if hired_here:
            words = label(lang, "hire_here", count=len(hired_here))
            for number, line in enumerate(wrap(words, TEXT, BOX_W - 20)[:2]):
                text(draw, (left + 10, upper + 52 + number * 25), line, TEXT, anchor="lm")
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
    text(draw, (left + 12, upper + 18), label(lang, "market"), TEXT, bold=True, anchor="lm")
    y = upper + 34
    moved = mover(view)
    last = view["last"]
    for ore in ORE_IDS[:3]:
        cube(draw, left + 12, y + 4, ore, lang, 24)
        text(draw, (left + 44, y + 16), t(lang, f"mine-out.ore.{ore}"), TEXT, anchor="lm")
        kind = KIND_DATA[KIND_BY_ID[ore]]
        sold = view["market"][ore]
        fresh = range(len(sold) - (last["sold"].count(ore) if last else 0), len(sold))
        x = left + 140
        for box, price in enumerate(kind.prices or ()):
            draw.rectangle((x, y + 2, x + 70, y + 30), outline=INK, width=2, fill=WHITE)
            if box < len(sold):
                cube(draw, x + 4, y + 5, sold[box], lang, 22)
            if box in fresh and moved is not None:
                draw.rectangle((x - 2, y, x + 72, y + 32), outline=player_colour(moved["seat"]),
                               width=5)
            text(draw, (x + 64, y + 16), str(price), TEXT, bold=True, anchor="rm")
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
        y = upper + 24 + index * 31
        text(draw, (left + 12, y), label(lang, key), TEXT, anchor="lm")
        text(draw, (WIDTH - 22, y), str(value), TEXT, bold=True, anchor="rm")


def emphasised(view: MineOutView, index: int) -> bool:
    """Whether position `index`'s name is bold: the position to act, or once the game
    is over the winners (masters only)."""
    final = view["final"]
    if final is None:
        return index == view["current"]
    position = view["positions"][index]
    return not position["apprentice"] and position["seat"] in final["winners"]


def draw_fame(draw: ImageDraw.ImageDraw, view: MineOutView, names: Names, y: int, lang: str) -> int:
    """The fame track, 0 to past the end: one lane per position, its pawn at its fame;
    the end mark where the table's end rule stops the game. Returns the y below it."""
    end = view["options"]["end"]
    text(draw, (MARGIN + 4, y + SECTION // 2), label(lang, f"fame.{end}"), 24, bold=True,
         anchor="lm")
    y += SECTION
    positions = view["positions"]
    most = max([END_THRESHOLD + 10, *(p["fame"] for p in positions)])
    left, right = 280, WIDTH - 40
    scale = (right - left) / most
    lanes = len(positions)
    bottom = y + FAME_LANE * lanes
    for tick in range(0, most + 1, 10):
        x = left + tick * scale
        draw.line((x, y, x, bottom), fill=MUTED, width=1)
        text(draw, (x, bottom + 14), str(tick), TEXT, fill=MUTED)
    end_x = left + (END_THRESHOLD + (end == MORE_THAN_50)) * scale
    draw.line((end_x, y - 4, end_x, bottom), fill=INK, width=3)
    for index, position in enumerate(positions):
        lane = y + FAME_LANE * index + FAME_LANE // 2
        pawn(draw, MARGIN + 16, lane, position, 10)
        current = emphasised(view, index)
        name = fitted_name(view, index, names, lang, TEXT, left - MARGIN - 44, current)
        text(draw, (MARGIN + 32, lane), name, TEXT, bold=current, anchor="lm")
        draw.line((left, lane, right, lane), fill=PANEL, width=6)
        x = left + position["fame"] * scale
        pawn(draw, x, lane, position, 10)
        text(draw, (x + 14, lane), str(position["fame"]), TEXT, bold=True, anchor="lm")
    return bottom + 34


def draw_players(
    draw: ImageDraw.ImageDraw, view: MineOutView, names: Names, y: int, lang: str
) -> None:
    """Each position: name, money, hand size, and its cubes by kind."""
    text(draw, (MARGIN + 4, y + SECTION // 2), label(lang, "players"), 24, bold=True,
         anchor="lm")
    y += SECTION
    for index, position in enumerate(view["positions"]):
        middle = y + PLAYER_ROW // 2
        if index % 2 == 0:
            draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + PLAYER_ROW), fill=PANEL)
        pawn(draw, MARGIN + 16, middle, position, 10)
        current = emphasised(view, index)
        name = fitted_name(view, index, names, lang, TEXT, 234, current)
        text(draw, (MARGIN + 32, middle), name, TEXT, bold=current, anchor="lm")
        words = " · ".join((label(lang, "rupees", count=position["money"]),
                            label(lang, "in_hand", count=position["hand_size"])))
        text(draw, (290, middle), words, TEXT, anchor="lm")
        x = 548
        for ore in ORE_IDS:
            cube(draw, x, middle - 13, ore, lang, 26)
            text(draw, (x + 31, middle), str(position["cubes"][ore]), TEXT, bold=True,
                 anchor="lm")
            x += 62
        y += PLAYER_ROW

