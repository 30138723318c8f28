"""The fixed palette of every Coal Baron image (`renderer.png.FixedPalette`).

The shared colours, the pieces' colours of `glyphs`, the colours the board and the
mine draw with, then the antialiasing ramps of text: each text colour towards every
background it is written on. `tests/test_png_palette.py` checks that the flat areas
of the golden positions use palette colours only, so a colour added to a renderer
without being added here is caught.
"""

from __future__ import annotations

from renderer.coal_baron import glyphs
from renderer.palette import (
    HIGHLIGHT,
    INK,
    LOCKED,
    MUTED,
    PANEL,
    PAPER,
    PLAYER_COLOURS,
    RGB,
    WHITE,
)
from renderer.png import FixedPalette

LIT_SIDE: RGB = (250, 238, 206)
DARK_SIDE: RGB = (122, 124, 134)
SURFACE: RGB = (205, 228, 240)
SHAFT: RGB = (92, 78, 66)
PILE: RGB = (96, 92, 120)
"""Face-down cards: the draw-5 piles, a card the viewer may not see."""
HATCH: RGB = (128, 124, 118)
RAIL: RGB = (60, 50, 44)
LEVEL_NUMBER: RGB = (140, 124, 110)
CABLE: RGB = (40, 40, 40)
CAGE: RGB = (214, 208, 196)
CAGE_PLACE_FRAME: RGB = (150, 144, 134)
DIM_LEVEL: RGB = (200, 186, 170)
"""A level number in the shaft of `mines` where the cage is not."""

DARK_GROUNDS = (
    INK, PILE, DARK_SIDE, SHAFT, glyphs.COAL[1], glyphs.COAL[3], glyphs.DARK_BG,
    *PLAYER_COLOURS[:3],
)
"""Where white text goes."""
LIGHT_GROUNDS = (
    PAPER, PANEL, WHITE, LIT_SIDE, SURFACE, glyphs.COIN, CAGE, LOCKED, glyphs.COAL[0],
    glyphs.COAL[2], *glyphs.VEHICLE_FILL.values(), PLAYER_COLOURS[3], glyphs.LIT_BG, HIGHLIGHT,
    glyphs.PALE_FRAME,
)
"""Where ink goes."""

PALETTE = FixedPalette(
    colours=(
        PAPER, PANEL, INK, MUTED, WHITE, LOCKED, HIGHLIGHT, *PLAYER_COLOURS,
        *glyphs.COAL, glyphs.LIT_BG, glyphs.DARK_BG, glyphs.FLAME, *glyphs.VEHICLE_FILL.values(),
        LIT_SIDE, DARK_SIDE, SURFACE, SHAFT, glyphs.COIN, PILE, HATCH, RAIL, LEVEL_NUMBER, CABLE,
        CAGE, CAGE_PLACE_FRAME, DIM_LEVEL, glyphs.LIGHT_RIM, glyphs.WHEEL_RIM, glyphs.PALE_FRAME,
        glyphs.SLOT_INK, glyphs.LANTERN_GLOW,
    ),
    ramps=(
        (INK, LIGHT_GROUNDS),
        (WHITE, DARK_GROUNDS),
        (MUTED, (PAPER, PANEL, WHITE)),
        (glyphs.SLOT_INK, (WHITE,)),
        (LEVEL_NUMBER, (SHAFT,)),
        (DIM_LEVEL, (SHAFT,)),
        *((colour, (PAPER, WHITE)) for colour in PLAYER_COLOURS),
    ),
)
