"""The fixed palette of the Mine Out images (`renderer.png.FixedPalette`).

The shared colours of `renderer.palette` (paper, panels, ink, the seat colours of
the pawns and the player banner), the ore fills and the rails of
`renderer.mine_out.common`, then the antialiasing ramps of the text: ink on the
paper, the panels, the Market's white boxes and the light ores; muted text on the
paper and the panels; white on ink (the places' and cards' bands), on the dark ore
and on the seat colours (the banner of the player to act or shown).
"""

from __future__ import annotations

from renderer.mine_out.common import ORE_FILL, RAIL
from renderer.palette import INK, MUTED, PANEL, PAPER, PLAYER_COLOURS, WHITE, text_colour_on
from renderer.png import FixedPalette

ORES = tuple(ORE_FILL.values())

PALETTE = FixedPalette(
    colours=(PAPER, PANEL, INK, MUTED, WHITE, RAIL, *PLAYER_COLOURS, *ORES),
    ramps=(
        (INK, (PAPER, PANEL, WHITE, *(ore for ore in ORES if text_colour_on(ore) == INK))),
        (MUTED, (PAPER, PANEL)),
        (WHITE, (INK, *PLAYER_COLOURS, *(ore for ore in ORES if text_colour_on(ore) == WHITE))),
    ),
)
