"""The fixed palette of the images that belong to no one game: the leaderboard and the
end-of-game chart (`renderer.png.FixedPalette`).

The shared colours of `renderer.palette`, the chart's colours for seats 5 to 10 and its
grid, then the antialiasing ramps of the text and of the chart's lines.
"""

from __future__ import annotations

from renderer.palette import HIGHLIGHT, INK, MUTED, PANEL, PAPER, PLAYER_COLOURS, RGB, WHITE
from renderer.png import FixedPalette

MORE_COLOURS: tuple[RGB, ...] = (
    (230, 159, 0),  # orange (Okabe–Ito)
    (86, 180, 233),  # sky blue (Okabe–Ito)
    (34, 34, 38),  # black
    (140, 86, 75),  # brown
    (127, 127, 127),  # grey
    (148, 103, 189),  # violet
)
"""The chart's seats 5 to 10 (Saboteur): with the four seat colours and the four mark
shapes, no two seats share both colour and mark."""
GRID_LINE: RGB = (214, 208, 196)
"""The chart's horizontal value lines."""

LINES = (*PLAYER_COLOURS, *MORE_COLOURS)

PALETTE = FixedPalette(
    colours=(PAPER, PANEL, INK, MUTED, WHITE, HIGHLIGHT, GRID_LINE, *LINES),
    ramps=(
        (INK, (PAPER, PANEL, WHITE)),
        (MUTED, (PAPER, PANEL)),
        (HIGHLIGHT, (PAPER, PANEL)),
        (GRID_LINE, (PANEL,)),
        (WHITE, (INK,)),
        *((colour, (PAPER, PANEL, WHITE, GRID_LINE)) for colour in LINES),
    ),
)
