"""Saboteur (Frédéric Moyersoen, 2004) for 3 to 10 players; rules in docs/saboteur.md."""

from bot.games.saboteur.state import SaboteurState

__all__ = ["SaboteurState"]
