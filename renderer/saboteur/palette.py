"""Colours of the Saboteur images.

Built on the Okabe–Ito colour-blind-safe set; every meaning also has a shape
(a bar for a dead end, a slash for a broken tool, a tick for a repair), so no
information rests on hue alone. The type and the highlight come from the
shared `renderer.palette`; the rest differs on purpose (a dark table).
"""

from __future__ import annotations

from renderer.palette import HIGHLIGHT as HIGHLIGHT  # Okabe–Ito orange: whose turn
from renderer.palette import RGB

BACKGROUND: RGB = (34, 36, 42)
EMPTY_CELL: RGB = (44, 47, 55)
GRID_LINE: RGB = (62, 66, 77)
TEXT: RGB = (236, 236, 236)
TEXT_DIM: RGB = (160, 164, 175)

ROCK: RGB = (92, 74, 58)
ROCK_DARK: RGB = (40, 31, 24)
TUNNEL: RGB = (236, 222, 186)
BLOCK: RGB = (213, 94, 0)  # Okabe–Ito vermillion
LADDER: RGB = (120, 70, 20)

CARD_BACK: RGB = (0, 84, 140)  # a darker Okabe–Ito blue
CARD_BACK_MARK: RGB = (86, 180, 233)  # Okabe–Ito sky blue
GOLD: RGB = (240, 228, 66)  # Okabe–Ito yellow
GOLD_DARK: RGB = (150, 120, 0)
NUGGET_SHINE: RGB = (255, 250, 200)
STONE: RGB = (150, 150, 150)
STONE_DARK: RGB = (90, 90, 90)

BROKEN: RGB = (213, 94, 0)  # vermillion slash
REPAIR: RGB = (0, 158, 115)  # Okabe–Ito bluish green tick
SABOTEUR: RGB = (204, 121, 167)  # Okabe–Ito reddish purple
DIGGER: RGB = (86, 180, 233)
PAPER: RGB = (246, 240, 224)
INK: RGB = (30, 30, 30)
