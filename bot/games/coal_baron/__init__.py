"""Coal Baron (Gueules Noires), Kramer & Kiesling 2013: the rules engine.

Importing the package registers `CoalBaronState` under ``coal-baron``.
"""

from bot.games.coal_baron.state import CoalBaronState

__all__ = ["CoalBaronState"]
