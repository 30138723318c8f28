"""Mine Out (2009), the rules engine, on a reconstructed card set (docs/mine-out.md).

`GAME` is what the ``mine_table.games`` entry point ``mine-out`` names. The game
has no table plugin of its own yet: the platform's default (text) plugin hosts it.
"""

from bot.games.mine_out.state import MineOutState
from bot.games.registry import GameSpec

GAME = GameSpec(MineOutState)

__all__ = ["GAME", "MineOutState"]
