"""Mine Out (2009), the rules engine, on a reconstructed card set (docs/mine-out.md).

Importing the package registers `MineOutState` under ``mine-out``.
"""

from bot.games.mine_out.state import MineOutState

__all__ = ["MineOutState"]
