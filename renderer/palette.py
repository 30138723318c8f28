"""Colours shared by every image.

Player colours come from the Okabe–Ito palette, chosen to stay distinct under the
common colour-vision deficiencies; each seat also has its own mark shape so that
nothing relies on colour alone.
"""

from __future__ import annotations

from typing import Literal

RGB = tuple[int, int, int]
Mark = Literal["circle", "square", "triangle", "diamond"]

PAPER: RGB = (238, 231, 217)
"""Image background."""
PANEL: RGB = (250, 246, 238)
"""Background of a section or a space."""
INK: RGB = (34, 34, 38)
"""Text and outlines."""
MUTED: RGB = (120, 116, 108)
"""Secondary text, unavailable things."""
WHITE: RGB = (255, 255, 255)
LOCKED: RGB = (150, 146, 140)
"""A space covered by a lock tile."""
HIGHLIGHT: RGB = (230, 159, 0)
"""Orange (Okabe–Ito): what is happening now (seat to act, shift being scored)."""

PLAYER_COLOURS: tuple[RGB, ...] = (
    (0, 114, 178),  # blue
    (213, 94, 0),  # vermillion
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
)
PLAYER_MARKS: tuple[Mark, ...] = ("circle", "square", "triangle", "diamond")


def player_colour(seat: int) -> RGB:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def player_mark(seat: int) -> Mark:
    return PLAYER_MARKS[seat % len(PLAYER_MARKS)]


def text_colour_on(fill: RGB) -> RGB:
    """Black or white, whichever reads better on `fill` (relative luminance)."""
    r, g, b = fill
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return INK if luminance > 140 else WHITE
