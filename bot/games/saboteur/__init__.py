"""Saboteur (Frédéric Moyersoen, 2004) for 3 to 10 players; rules in docs/saboteur.md.

`GAME` is what the ``mine_table.games`` entry point ``saboteur`` names.
"""

from bot.games.registry import GameSpec
from bot.games.saboteur.state import SaboteurState

GAME = GameSpec(
    SaboteurState,
    plugin="cogs.saboteur:PLUGIN",
    ai="bot.ai.saboteur:KNOWLEDGE",
    catalogs=(
        "bot.games.saboteur.i18n",
        "cogs.saboteur.i18n",
        "renderer.saboteur.i18n",
    ),
)

__all__ = ["GAME", "SaboteurState"]
