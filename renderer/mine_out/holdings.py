"""A player's holdings (their mine): money, fame, cubes by kind, the abilities of the
cards working for them summed per ore (dig bonus, sale bonus, Smiths' fame), the
cards of their area, and their hand: its size, the cards only in its owner's view.
If this position played the last turn, the cards it played (and, in its owner's
view, hired) are outlined in its colour (`last_turn`).

800 px wide, every word at least 22 px; at most 1.3 x as tall with up to 10 cards in
the area (self-played games keep 3 or fewer)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.games.mine_out.abilities import miner_bonus, negotiator_bonus
from bot.games.mine_out.components import CARDS, KIND_BY_ID, KIND_DATA, SMITH
from bot.games.mine_out.shapes import MineOutView
from bot.i18n import t
from renderer.draw import text, text_width
from renderer.mine_out.cards import GAP, TILE_H, TILE_W, tile_row
from renderer.mine_out.colours import PALETTE
from renderer.mine_out.common import (
    ORE_IDS,
    TEXT,
    WIDTH,
    cube,
    fitted_name,
    label,
    seat_names,
)
from renderer.mine_out.last_turn import mover
from renderer.palette import INK, MUTED, PANEL, PAPER, WHITE, player_colour

MARGIN = 7
PER_ROW = (WIDTH - 2 * MARGIN + GAP) // (TILE_W + GAP)
SECTION = 36
BONUS_ROW = 32


def bonuses(area: Sequence[str], community: Sequence[str]) -> list[tuple[str, list[int | None]]]:
    """Per ore (copper, silver, gold, jewel; None where it does not apply) the summed
    abilities of the cards working for the player (area and community): dig bonus,
    sale bonus, and the Smiths' fame in a scoring phase that meets the ore's minimum."""
    working = [*area, *community]
    digs: list[int | None] = [miner_bonus(working, KIND_BY_ID[ore]) for ore in ORE_IDS]
    sales: list[int | None] = [negotiator_bonus(working, KIND_BY_ID[ore]) for ore in ORE_IDS[:3]]
    smiths: list[int | None] = []
    for ore in ORE_IDS[:3]:
        frame = KIND_DATA[KIND_BY_ID[ore]].frame
        count = sum(1 for c in working if CARDS[c].type == SMITH and CARDS[c].frame == frame)
        smiths.append(count * sum(1 for c in working if CARDS[c].frame == frame))
    return [("dig_bonus", digs), ("sale_bonus", [*sales, None]),
            ("smith_bonus", [*smiths, None])]


def tile_rows(count: int) -> int:
    return max(1, -(-count // PER_ROW))


def render_holdings(view: MineOutView, index: int, names: Sequence[str], lang: str) -> bytes:
    """The holdings of position `index` in `view` (display names by seat), as a PNG."""
    position = view["positions"][index]
    hand = position.get("hand") if position["seat"] == view["seat"] else None
    area = list(position["area"])
    rows = tile_rows(len(area)) + (tile_rows(len(hand)) if hand else 0)
    height = 64 + 60 + SECTION + 3 * BONUS_ROW + 2 * SECTION + rows * (TILE_H + GAP) + 40
    last = view["last"]
    marked: set[str] = set()
    if last is not None and last["position"] == index:
        marked = {*last["played"], *(last["hired"] if hand is not None else ())}
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, 56), fill=player_colour(position["seat"]))
    figures = " · ".join(("", label(lang, "rupees", count=position["money"]),
                          label(lang, "fame_count", count=position["fame"])))
    room = WIDTH - 32 - text_width(figures, 28, bold=True)
    name = fitted_name(view, index, seat_names(names, lang), lang, 28, room, True)
    text(draw, (16, 28), name + figures, 28, bold=True, fill=WHITE, anchor="lm")
    y = 70
    x = 16
    for ore in ORE_IDS:
        cube(draw, x, y, ore, lang, 32)
        x += 40
        words = f"{t(lang, f'mine-out.ore.{ore}')} {position['cubes'][ore]}"
        x += text(draw, (x, y + 17), words, 24, bold=True, anchor="lm") + 28
    y += 52
    y = draw_bonuses(draw, bonuses(area, view["community"]), y, lang)
    title = label(lang, "area", count=len(area))
    text(draw, (MARGIN + 4, y + SECTION // 2), title, 24, bold=True, anchor="lm")
    y += SECTION
    y = draw_tiles(draw, area, y, lang, marked, view)
    if hand is None:
        words = label(lang, "hand_hidden", count=position["hand_size"])
        text(draw, (MARGIN + 4, y + SECTION // 2), words, 24, bold=True, fill=MUTED,
             anchor="lm")
        y += SECTION
    else:
        text(draw, (MARGIN + 4, y + SECTION // 2), label(lang, "hand", count=len(hand)), 24,
             bold=True, anchor="lm")
        y += SECTION
        y = draw_tiles(draw, hand, y, lang, marked, view)
    return PALETTE.to_png(image.crop((0, 0, WIDTH, y + 8)))


def draw_bonuses(
    draw: ImageDraw.ImageDraw, rows: list[tuple[str, list[int | None]]], y: int, lang: str
) -> int:
    """The summed abilities as a table: a row per ability, a column per ore."""
    text(draw, (MARGIN + 4, y + SECTION // 2), label(lang, "abilities"), 24, bold=True,
         anchor="lm")
    y += SECTION
    first = 440
    for ore_index, ore in enumerate(ORE_IDS):
        cube(draw, first + ore_index * 92 + 2, y - 32, ore, lang, 28)
    for row_index, (key, values) in enumerate(rows):
        middle = y + BONUS_ROW // 2
        if row_index % 2 == 0:
            draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + BONUS_ROW), fill=PANEL)
        text(draw, (MARGIN + 8, middle), label(lang, key), TEXT, anchor="lm")
        for ore_index, value in enumerate(values):
            if value is None:
                continue
            words = f"+{value}"
            text(draw, (first + ore_index * 92 + 12, middle), words, TEXT, bold=value > 0,
                 fill=MUTED if value == 0 else INK)
        y += BONUS_ROW
    return y + 8


def draw_tiles(
    draw: ImageDraw.ImageDraw, cards: list[str], y: int, lang: str, marked: set[str],
    view: MineOutView,
) -> int:
    """Cards as tiles, PER_ROW to a row, the `marked` ones outlined in the last mover's
    colour; an empty list draws nothing. Returns the y below."""
    for start in range(0, len(cards), PER_ROW):
        tile_row(draw, MARGIN, y, cards[start:start + PER_ROW], lang, marked=marked,
                 mover=mover(view))
        y += TILE_H + GAP
    return y
