"""Coal Baron (Gueules Noires), Kramer & Kiesling 2013: the rules engine.

`GAME` is what the ``mine_table.games`` entry point ``coal-baron`` names.
"""

from bot.games.coal_baron.state import CoalBaronState
from bot.games.registry import GameSpec

GAME = GameSpec(
    CoalBaronState,
    plugin="cogs.coal_baron:PLUGIN",
    ai="bot.ai.coal_baron:KNOWLEDGE",
    catalogs=(
        "bot.games.coal_baron.i18n",
        "cogs.coal_baron.i18n",
        "renderer.coal_baron.i18n",
    ),
)

__all__ = ["GAME", "CoalBaronState"]
