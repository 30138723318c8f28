"""Coal Baron at a table: the plugin the ``coal-baron`` entry point leads to.

Modules: `presenter` (turn message, private view, typed-play suggestions),
`spaces` (the turn message's space selects), `extraction` and `draw` (the steps
of the multi-step decisions, shown by the platform's turn builder), `labels`
(actions and cards in words), `suggest` (typed lines), `turn` (shared checks),
`commands` (``/coal board|mine|orders``), `reading` (the table in words: the 📖 Read
button, ``/game read``, the images' alt texts).
"""

from bot.games.coal_baron import CoalBaronState
from cogs.coal_baron.cards import CATALOGUE
from cogs.coal_baron.commands import CoalCog
from cogs.coal_baron.draw import DRAW
from cogs.coal_baron.extraction import EXTRACTION
from cogs.coal_baron.presenter import CoalBaronPresenter
from cogs.coal_baron.reading import WORDS
from cogs.coal_baron.spaces import TURN_ITEMS
from cogs.coal_baron.typed import CoalBaronPlays
from cogs.platform.plugins import GamePlugin
from cogs.platform.table_options import TableOption
from renderer.coal_baron.board import REPLAY
from renderer.coal_baron.warm import warm_up

PUT_BACK = TableOption("put_back", ("mixed", "one-side"), default="mixed")
"""Where a draw-5's cards go back: each on a side of the player's choice, or all on one
(the literal reading, Board Game Arena's); docs/coal-baron.md."""

PLUGIN = GamePlugin(
    CoalBaronState,
    CoalBaronPresenter(),
    commands=CoalCog,
    items=TURN_ITEMS,
    builders={EXTRACTION.kind: EXTRACTION, DRAW.kind: DRAW},
    options=(PUT_BACK,),
    replay_board=REPLAY,
    warm_up=warm_up,
    cards=CATALOGUE,
    words=WORDS,
    typed=CoalBaronPlays(),
)
