"""A character card as a tile: its type on a band, its establishment, dig and fame,
salary, and its ability in short words after the cube of the ore it concerns.
A tile the last turn changed (hired, played) is outlined in the colour of the player
who did it, with their mark in its corner (`last_turn.mark_box`)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import lru_cache

from PIL import ImageDraw

from bot.games.mine_out.components import CARDS, SLAVER
from bot.games.mine_out.shapes import PositionView
from bot.i18n import t
from renderer.draw import text
from renderer.fonts import font
from renderer.mine_out.common import FRAME_ORE, TEXT, cube, label
from renderer.mine_out.last_turn import mark_box
from renderer.palette import INK, MUTED, PANEL, WHITE

TILE_W = 154
TILE_H = 186
GAP = 4
BAND = 32
PAD = 5
LINE = 25
ABILITY_LINES = 3


@lru_cache(maxsize=1024)
def wrap(words: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """`words` cut into lines at most `width` px wide at `size` (a long word stays whole);
    kept, as the same abilities are wrapped on every image."""
    face = font(size, bold)
    lines: list[str] = []
    for word in words.split():
        if lines and face.getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return tuple(lines)


def card_tile(draw: ImageDraw.ImageDraw, x: int, y: int, card: str, lang: str) -> None:
    """The tile of `card`, top-left at (x, y), TILE_W x TILE_H."""
    data = CARDS[card]
    draw.rounded_rectangle((x, y, x + TILE_W, y + TILE_H), 8, fill=PANEL, outline=INK, width=2)
    draw.rounded_rectangle((x, y, x + TILE_W, y + BAND), 8, fill=INK)
    draw.rectangle((x, y + BAND - 8, x + TILE_W, y + BAND), fill=INK)
    # "Marchand d'esclaves" would not fit the band: the tile has a short form.
    kind = (label(lang, "slaver_short") if data.type == SLAVER
            else t(lang, f"mine-out.type.{data.type}"))
    text(draw, (x + PAD, y + BAND / 2 + 1), kind, TEXT, fill=WHITE, anchor="lm")
    lines = (
        t(lang, f"mine-out.node.{data.establishment}"),
        label(lang, "card_dig", dig=data.dig, fame=data.fame),
        label(lang, "salary", count=data.salary),
    )
    top = y + BAND + 2 + LINE / 2
    for line in lines:
        text(draw, (x + PAD, top), line, TEXT, anchor="lm")
        top += LINE
    ability = t(lang, f"mo.ability.{data.ability}")
    left = x + PAD
    ore = FRAME_ORE.get(data.frame)
    if ore is not None:
        cube(draw, left, top - 10, ore, lang, 20)
        left += 24
    for number, line in enumerate(wrap(ability, TEXT, x + TILE_W - PAD - left)[:ABILITY_LINES]):
        text(draw, (left, top + number * LINE), line, TEXT, fill=INK, anchor="lm")


def empty_tile(draw: ImageDraw.ImageDraw, x: int, y: int, words: str) -> None:
    """A free space: a dashed outline with `words` inside."""
    for start in range(x, x + TILE_W, 16):
        end = min(start + 8, x + TILE_W)
        draw.line((start, y, end, y), fill=MUTED, width=2)
        draw.line((start, y + TILE_H, end, y + TILE_H), fill=MUTED, width=2)
    for start in range(y, y + TILE_H, 16):
        end = min(start + 8, y + TILE_H)
        draw.line((x, start, x, end), fill=MUTED, width=2)
        draw.line((x + TILE_W, start, x + TILE_W, end), fill=MUTED, width=2)
    lines = wrap(words, TEXT, TILE_W - 2 * PAD)
    first = y + TILE_H / 2 - (len(lines) - 1) * LINE / 2
    for number, line in enumerate(lines):
        text(draw, (x + TILE_W / 2, first + number * LINE), line, TEXT, fill=MUTED)


def tile_row(
    draw: ImageDraw.ImageDraw, x: int, y: int, cards: Sequence[str | None], lang: str,
    empty: str = "", marked: Collection[str] = (), mover: PositionView | None = None,
) -> int:
    """Tiles side by side from (x, y), a free space for None, the `marked` cards outlined
    in `mover`'s colour; returns the row's width."""
    for index, card in enumerate(cards):
        left = x + index * (TILE_W + GAP)
        if card:
            card_tile(draw, left, y, card, lang)
            if card in marked and mover is not None:
                mark_box(draw, (left, y, left + TILE_W, y + TILE_H), mover)
        else:
            empty_tile(draw, left, y, empty)
    return len(cards) * (TILE_W + GAP) - GAP
