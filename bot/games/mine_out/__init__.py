"""Mine Out (2009), the rules engine, on a reconstructed card set (docs/mine-out.md).

`GAME` is what the ``mine_table.games`` entry point ``mine-out`` names; its table
plugin is `cogs.mine_out`.
"""

from bot.games.mine_out.state import MineOutState
from bot.games.registry import GameSpec

GAME = GameSpec(
    MineOutState,
    plugin="cogs.mine_out:PLUGIN",
    ai="bot.ai.mine_out:KNOWLEDGE",
    catalogs=(
        "bot.games.mine_out.i18n",
        "cogs.mine_out.i18n",
        "renderer.mine_out.i18n",
    ),
)

__all__ = ["GAME", "MineOutState"]
