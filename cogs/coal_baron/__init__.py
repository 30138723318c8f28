"""Coal Baron at a table: the plugin the ``coal-baron`` entry point leads to.

Modules: `presenter` (turn message, private view, typed-play suggestions),
`spaces` (the turn message's space selects), `extraction` and `draw` (the
panels of a multi-step turn), `labels` (actions and cards in words), `suggest`
(typed lines), `turn` (shared checks), `commands` (``/coal board|mine|orders``).
"""

from bot.games.coal_baron import CoalBaronState
from cogs.coal_baron.commands import CoalCog
from cogs.coal_baron.draw import DRAW_ITEMS
from cogs.coal_baron.extraction import EXTRACTION_ITEMS
from cogs.coal_baron.presenter import CoalBaronPresenter
from cogs.coal_baron.spaces import TURN_ITEMS
from cogs.platform.plugins import GamePlugin

PLUGIN = GamePlugin(
    CoalBaronState,
    CoalBaronPresenter(),
    commands=CoalCog,
    items=(*TURN_ITEMS, *EXTRACTION_ITEMS, *DRAW_ITEMS),
)
