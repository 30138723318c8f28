"""The private image for placing a path card: the maze with each legal spot lettered.

The spots come from `bot.games.saboteur.spots.placement_spots` (the letters the
buttons carry). Each spot shows the card as it would lie there, faded, under its
letter; where both the card and the card turned fit a cell (two shapes), the cell
holds both, side by side, each with its own letter. Drawn from the seat's view and
the spots only: the maze is public, the spots follow from the card the seat holds.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.games.saboteur.cards import PATH_CARDS
from bot.games.saboteur.shapes import Bounds, SaboteurView
from bot.games.saboteur.spots import Spot
from renderer.draw import text
from renderer.saboteur import palette
from renderer.saboteur.board import CELL, MARGIN, MAX_ASPECT, cell_box, maze_image, readable_px
from renderer.saboteur.colours import GHOST, PALETTE
from renderer.saboteur.labels import card_words, label, seat_names, wrapped
from renderer.saboteur.tiles import Face, Tile, tile_image

TITLE = 56


def render_placement(
    view: SaboteurView, card: str, spots: Sequence[Spot], names: Sequence[str], lang: str
) -> bytes:
    """The maze of `view` (the seat's own view) around `spots`, the legal places of path
    card `card`, lettered; a title names the card in words. PNG bytes.

    Only the part of the maze around the spots is drawn (one cell more on each side),
    so the letters stay large on a phone; the public board shows the whole maze.
    """
    around: Bounds | None = {
        "min_x": min(spot.x for spot in spots),
        "max_x": max(spot.x for spot in spots),
        "min_y": min(spot.y for spot in spots),
        "max_y": max(spot.y for spot in spots),
    } if spots else None
    board, grid, xs, ys = maze_image(view, seat_names(names, lang), lang, players_strip=False,
                                     around=around)
    width = max(board.width, math.ceil((board.height + TITLE) / MAX_ASPECT))
    size = readable_px(width, 28)
    title = label(lang, "placement_title", card=card_words(card, lang))
    lines = wrapped(title, size, width - 2 * MARGIN)
    title_h = TITLE + (len(lines) - 1) * round(size * 1.25)
    width = max(width, math.ceil((board.height + title_h) / MAX_ASPECT))
    image = Image.new("RGB", (width, board.height + title_h), palette.BACKGROUND)
    shift = (width - board.width) // 2
    image.paste(board, (shift, title_h))
    draw = ImageDraw.Draw(image)
    for i, line in enumerate(lines):
        text(draw, (MARGIN, MARGIN + 20 + i * round(size * 1.25)), line, size, bold=True,
             fill=palette.HIGHLIGHT, anchor="lm")
    by_cell: dict[tuple[int, int], list[Spot]] = defaultdict(list)
    for spot in spots:
        by_cell[spot.x, spot.y].append(spot)
    for (x, y), here in by_cell.items():
        left, top = cell_box(grid, xs, ys, x, y)
        _draw_cell(image, draw, here, (left + shift, top + title_h))
    return PALETTE.to_png(image)


def _draw_cell(
    image: Image.Image, draw: ImageDraw.ImageDraw, spots: list[Spot], corner: tuple[int, int]
) -> None:
    """One spot: the faded card filling the cell, its letter in the corner. Two (upright
    and turned): the cell split in two columns, each a letter over its small card."""
    left, top = corner
    width = CELL // len(spots)
    for index, spot in enumerate(spots):
        card = PATH_CARDS[spot.card]
        tile = tile_image(Tile(Face.PATH, card.placed_edges(spot.rotated), card.dead_end), CELL)
        faded = Image.blend(Image.new("RGB", tile.size, palette.EMPTY_CELL), tile, GHOST)
        x = left + index * width
        if width < CELL:
            faded = faded.resize((width, width), Image.Resampling.LANCZOS)
            image.paste(faded, (x, top + CELL - width))
            _letter(draw, spot.letter, (x + width / 2, top + width / 2), width / 2 - 1)
        else:
            image.paste(faded, (x, top))
            _letter(draw, spot.letter, (x + 23, top + 23), 21)
        draw.rectangle((x, top, x + width - 1, top + CELL - 1), outline=palette.HIGHLIGHT, width=3)


def _letter(draw: ImageDraw.ImageDraw, letter: str, centre: tuple[float, float], r: float) -> None:
    """A spot's letter on an orange disc of radius `r`."""
    cx, cy = centre
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=palette.HIGHLIGHT, outline=palette.INK,
                 width=2)
    text(draw, (cx, cy + 1), letter, round(r * 1.45), bold=True, fill=palette.INK,
         max_width=round(2 * r - 4))
