"""Mine Out at a table: the plugin the ``mine-out`` entry point leads to.

Modules: `presenter` (the turn message in words, the town image), `turn` (an
action-point turn in the turn builder), `words` (steps, cards and places in
words), `images` (the town and holdings as files), `commands` (``/mineout``).
"""

from bot.games.mine_out import MineOutState
from cogs.mine_out.commands import MineOutCog
from cogs.mine_out.presenter import MineOutPresenter
from cogs.mine_out.turn import TURN
from cogs.platform.plugins import GamePlugin

PLUGIN = GamePlugin(
    MineOutState, MineOutPresenter(), commands=MineOutCog, builders={TURN.kind: TURN}
)
