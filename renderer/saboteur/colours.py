"""The fixed palette of the Saboteur images (`renderer.png.FixedPalette`).

The colours of `renderer.saboteur.palette`, with ramps for text and for the maze
tiles, which are drawn large and scaled down (smooth edges between the rock, the
tunnels, the bars and the card borders), the faded cards of the placement image, and
the shared paper and ink of a replay's captions.
"""

from __future__ import annotations

from PIL import Image

from renderer.palette import INK as SHARED_INK
from renderer.palette import PAPER as SHARED_PAPER
from renderer.palette import RGB, WHITE
from renderer.png import FixedPalette
from renderer.saboteur import palette as p

TILE_EDGES: tuple[tuple[RGB, tuple[RGB, ...]], ...] = (
    (p.EMPTY_CELL, (p.ROCK, p.ROCK_DARK, p.GOLD, p.STONE, p.CARD_BACK, p.CARD_BACK_MARK)),
    (p.ROCK, (p.ROCK_DARK, p.TUNNEL, p.GOLD, p.GOLD_DARK, p.STONE, p.STONE_DARK,
              p.CARD_BACK_MARK)),
    (p.TUNNEL, (p.BLOCK, p.ROCK_DARK, p.LADDER)),
    (p.ROCK_DARK, (p.BLOCK,)),
    (p.GOLD, (p.GOLD_DARK, p.NUGGET_SHINE)),
    (p.STONE, (p.STONE_DARK,)),
    (p.CARD_BACK, (p.CARD_BACK_MARK,)),
)
"""Colours that touch in a maze tile (drawn large and scaled down, so their edges blend)."""

GHOST = 0.55
"""How much of a path card shows over the empty cell on the placement image (faded: it
is not laid yet)."""


def ghost(colour: RGB) -> RGB:
    """`colour` faded over the empty cell, exactly as `Image.blend` fades a card (which
    truncates where `renderer.png.mix` rounds)."""
    one = (1, 1)
    faded = Image.blend(Image.new("RGB", one, p.EMPTY_CELL), Image.new("RGB", one, colour), GHOST)
    red, green, blue = faded.tobytes()
    return red, green, blue


GHOSTS = tuple(ghost(colour) for colour in (p.ROCK, p.ROCK_DARK, p.TUNNEL, p.BLOCK, p.LADDER))
"""The faded path cards' colours (`renderer.saboteur.placement`)."""

PALETTE = FixedPalette(
    colours=(
        p.BACKGROUND, p.EMPTY_CELL, p.GRID_LINE, p.TEXT, p.TEXT_DIM, p.ROCK, p.ROCK_DARK, p.TUNNEL,
        p.BLOCK, p.LADDER, p.CARD_BACK, p.CARD_BACK_MARK, p.GOLD, p.GOLD_DARK, p.STONE,
        p.STONE_DARK, p.BROKEN, p.REPAIR, p.SABOTEUR, p.DIGGER, p.PAPER, p.INK, p.HIGHLIGHT,
        SHARED_INK, WHITE, p.NUGGET_SHINE, *GHOSTS, SHARED_PAPER,
    ),
    ramps=(
        (p.TEXT, (p.BACKGROUND, p.EMPTY_CELL, p.CARD_BACK, p.ROCK)),
        (p.TEXT_DIM, (p.BACKGROUND, p.EMPTY_CELL)),
        (p.HIGHLIGHT, (p.BACKGROUND, p.EMPTY_CELL)),
        (p.GOLD, (p.BACKGROUND, p.EMPTY_CELL)),
        (p.INK, (p.PAPER, p.SABOTEUR, p.DIGGER, p.GOLD)),
        (SHARED_INK, (p.GOLD, p.TUNNEL, p.STONE, p.SABOTEUR, p.DIGGER, p.CARD_BACK_MARK)),
        (WHITE, (p.CARD_BACK, p.BLOCK, p.LADDER, p.ROCK, p.REPAIR)),
        (SHARED_INK, (SHARED_PAPER,)),
        (GHOSTS[0], GHOSTS[1:]),
        *TILE_EDGES,
    ),
)
