"""Maze tiles: path cards, the start card and the goal cards, one square each.

A tile is drawn once per (kind, size) at four times its size and scaled down,
which gives smooth edges; the result is cached, so a board render only pastes.
Tunnels are light on dark rock and run from the centre to the middle of each
open edge. A dead end keeps its stubs (they still count as open for the
neighbours) but each stops at a thick bar and the centre stays solid rock.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from PIL import Image, ImageDraw

from renderer.draw import text
from renderer.saboteur import palette

_SUPERSAMPLE = 4


class Face(Enum):
    """What a maze square shows."""

    PATH = "path"
    START = "start"
    GOAL_HIDDEN = "goal_hidden"
    GOAL_GOLD = "goal_gold"
    GOAL_STONE = "goal_stone"


@dataclass(frozen=True)
class Tile:
    """One card on the maze as the public sees it.

    `openings` are the edges open *as laid* (``"NES"``, already turned if the
    card was played turned); they are ignored for a face-down goal.
    """

    face: Face
    openings: str = ""
    dead_end: bool = False


@lru_cache(maxsize=256)
def tile_image(tile: Tile, size: int) -> Image.Image:
    """The tile as an RGB square of `size` pixels; cached and shared: paste it, never draw on it."""
    big = size * _SUPERSAMPLE
    image = Image.new("RGB", (big, big), palette.EMPTY_CELL)
    draw = ImageDraw.Draw(image)
    pad = big // 28
    radius = big // 10
    box = (pad, pad, big - pad - 1, big - pad - 1)
    if tile.face is Face.GOAL_HIDDEN:
        _draw_card_back(draw, box, radius, big)
    else:
        border = {
            Face.GOAL_GOLD: palette.GOLD,
            Face.GOAL_STONE: palette.STONE,
            Face.START: palette.CARD_BACK_MARK,
        }.get(tile.face, palette.ROCK_DARK)
        draw.rounded_rectangle(box, radius, fill=palette.ROCK, outline=border, width=big // 22)
        _draw_tunnels(draw, tile.openings, tile.dead_end, big)
        if tile.face is Face.START:
            _draw_ladder(draw, big)
        elif tile.face is Face.GOAL_GOLD:
            _draw_nugget(draw, big)
        elif tile.face is Face.GOAL_STONE:
            _draw_stones(draw, big)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def _draw_tunnels(draw: ImageDraw.ImageDraw, openings: str, dead_end: bool, big: int) -> None:
    centre = big / 2
    half = big * 0.11  # half the tunnel width
    reach = big * 0.22 if dead_end else centre  # how far an arm goes from its edge
    for edge in openings:
        x0, y0, x1, y1 = _arm_box(edge, centre, half, reach, big)
        draw.rectangle((x0, y0, x1, y1), fill=palette.TUNNEL)
    if dead_end:
        for edge in openings:
            _draw_block(draw, edge, centre, half, reach, big)
    elif openings:
        hub = (centre - half, centre - half, centre + half, centre + half)
        draw.rectangle(hub, fill=palette.TUNNEL)


def _arm_box(
    edge: str, centre: float, half: float, reach: float, big: int
) -> tuple[float, float, float, float]:
    """The rectangle of the tunnel arm that leaves through `edge`, `reach` deep."""
    if edge == "N":
        return (centre - half, 0, centre + half, reach)
    if edge == "S":
        return (centre - half, big - reach, centre + half, big)
    if edge == "W":
        return (0, centre - half, reach, centre + half)
    return (big - reach, centre - half, big, centre + half)


def _draw_block(
    draw: ImageDraw.ImageDraw, edge: str, centre: float, half: float, reach: float, big: int
) -> None:
    """A thick bar across the inner end of a dead-end stub, outlined in black."""
    thick = big * 0.07
    over = half * 1.5
    if edge in ("N", "S"):
        y = reach if edge == "N" else big - reach
        box = (centre - over, y - thick, centre + over, y + thick)
    else:
        x = reach if edge == "W" else big - reach
        box = (x - thick, centre - over, x + thick, centre + over)
    draw.rectangle(box, fill=palette.BLOCK, outline=palette.ROCK_DARK, width=max(2, big // 60))


def _draw_ladder(draw: ImageDraw.ImageDraw, big: int) -> None:
    c = big / 2
    w = big * 0.11
    h = big * 0.24
    line = max(3, big // 26)
    for x in (c - w, c + w):
        draw.line((x, c - h, x, c + h), fill=palette.LADDER, width=line)
    for i in range(4):
        y = c - h + (i + 0.5) * (2 * h / 4)
        draw.line((c - w, y, c + w, y), fill=palette.LADDER, width=line)


def _draw_nugget(draw: ImageDraw.ImageDraw, big: int) -> None:
    c = big / 2
    r = big * 0.2
    points = [(c - r, c), (c - r * 0.45, c - r), (c + r * 0.5, c - r * 0.85), (c + r, c + r * 0.1),
              (c + r * 0.4, c + r), (c - r * 0.6, c + r * 0.8)]
    draw.polygon(points, fill=palette.GOLD, outline=palette.GOLD_DARK, width=max(3, big // 40))
    s = r * 0.3
    draw.ellipse((c - s * 1.6, c - s * 1.8, c - s * 0.4, c - s * 0.6), fill=palette.NUGGET_SHINE)


def _draw_stones(draw: ImageDraw.ImageDraw, big: int) -> None:
    c = big / 2
    r = big * 0.085
    for dx, dy in ((-1.1, 0.55), (1.1, 0.55), (0.0, -0.6), (0.0, 0.7)):
        x, y = c + dx * r, c + dy * r
        draw.ellipse((x - r, y - r, x + r, y + r), fill=palette.STONE, outline=palette.STONE_DARK,
                     width=max(3, big // 50))


def _draw_card_back(
    draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], radius: int, big: int
) -> None:
    """A face-down goal: a "?" (the images' row numbers and captions name the goal)."""
    draw.rounded_rectangle(box, radius, fill=palette.CARD_BACK, outline=palette.CARD_BACK_MARK,
                           width=big // 22)
    c = big / 2
    text(draw, (c, big / 2), "?", round(big * 0.6), bold=True, fill=palette.TEXT)
