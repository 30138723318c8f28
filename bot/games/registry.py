"""The registry of games: game id -> state class."""

from __future__ import annotations

from typing import Any

from bot.games.base import GameState

GAMES: dict[str, type[GameState[Any]]] = {}


def register(cls: type[GameState[Any]]) -> type[GameState[Any]]:
    """Class decorator: make a game available under its `game_id`."""
    GAMES[cls.game_id] = cls
    return cls


def get_game(game_id: str) -> type[GameState[Any]]:
    """The state class of `game_id`; raises KeyError naming the known games."""
    load_builtin_games()
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise KeyError(f"unknown game {game_id!r} (known: {known})") from None


def load_builtin_games() -> None:
    """Import the engines shipped with the bot so they register themselves."""
    import importlib

    for module in BUILTIN_GAME_MODULES:
        importlib.import_module(module)


BUILTIN_GAME_MODULES: list[str] = [
    "bot.games.coal_baron",
    "bot.games.saboteur",
    "bot.games.mine_out",
]
"""Engine modules imported by `load_builtin_games` (each appends itself here when added)."""
