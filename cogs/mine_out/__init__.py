"""Mine Out at a table: the plugin the ``mine-out`` entry point leads to.

Modules: `presenter` (the turn message in words, the town image), `turn` (an
action-point turn in the turn builder), `words` (steps, cards and places in
words), `images` (the town and holdings as files), `commands` (``/mineout``).
"""

from bot.games.mine_out import MineOutState
from bot.games.mine_out.rulings import END_CONDITIONS, MORE_THAN_50
from cogs.mine_out.cards import CATALOGUE
from cogs.mine_out.commands import MineOutCog
from cogs.mine_out.presenter import MineOutPresenter
from cogs.mine_out.reading import WORDS
from cogs.mine_out.turn import TURN
from cogs.mine_out.typed import MineOutPlays
from cogs.platform.plugins import GamePlugin
from cogs.platform.table_options import TableOption
from renderer.mine_out.replay import REPLAY

OPTIONS = (
    TableOption("variant", ("teams",), players={"teams": (4,)}),
    TableOption("end", END_CONDITIONS, default=MORE_THAN_50),
)
"""`/game new game:mine-out [variant:teams] [end:more-than-50|50-or-more]` (docs/mine-out.md)."""

PLUGIN = GamePlugin(
    MineOutState,
    MineOutPresenter(),
    commands=MineOutCog,
    builders={TURN.kind: TURN},
    options=OPTIONS,
    replay_board=REPLAY,
    cards=CATALOGUE,
    words=WORDS,
    typed=MineOutPlays(),
)
