"""The registry of games: game id -> engine class, filled from entry points.

A game is registered by one line in its distribution's ``pyproject.toml``::

    [project.entry-points."mine_table.games"]
    coal-baron = "bot.games.coal_baron:GAME"

The entry point names a `GameSpec`, defined in the engine package: the engine
class, the dotted paths of the game's table plugin (its Discord layer) and of
its computer players' knowledge, and the folders of its translation catalogs
(one per layer: engine texts, Discord texts, image texts). Paths are strings,
so loading the registry imports engines only: the command line (``python -m
bot replay``), game records and the service work without discord; the bot
imports the plugins (`cogs.platform.plugins`), the computer players their
knowledge (`bot.ai.knowledge`), and `bot.i18n` reads the catalogs. A test game
registers itself with `register` instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from bot.games.base import GameState

ENTRY_POINT_GROUP = "mine_table.games"


@dataclass(frozen=True)
class GameSpec:
    """What a game's entry point names."""

    engine: type[GameState[Any]]
    plugin: str | None = None
    """``module:attribute`` of the game's table plugin; None for an engine without one."""
    ai: str | None = None
    """``module:attribute`` of the computer players' knowledge of the game
    (`bot.ai.knowledge.GameKnowledge`); None: no computer players."""
    catalogs: tuple[str, ...] = ()
    """Folders of the game's ``<name>.<language>.json`` catalogs, dotted from a top-level
    package (``"renderer.coal_baron.i18n"``); `bot.i18n` merges them into every language."""


GAMES: dict[str, type[GameState[Any]]] = {}
PLUGIN_PATHS: dict[str, str] = {}
AI_PATHS: dict[str, str] = {}
CATALOGS: dict[str, tuple[str, ...]] = {}
_loaded = False


def register(
    cls: type[GameState[Any]],
    plugin: str | None = None,
    catalogs: tuple[str, ...] = (),
    ai: str | None = None,
) -> type[GameState[Any]]:
    """Make a game available under its `game_id` (usable as a class decorator)."""
    GAMES[cls.game_id] = cls
    if plugin is not None:
        PLUGIN_PATHS[cls.game_id] = plugin
    if ai is not None:
        AI_PATHS[cls.game_id] = ai
    if catalogs:
        CATALOGS[cls.game_id] = catalogs
        catalog_folders.cache_clear()
    return cls


def load_games() -> None:
    """Register every game declared in the ``mine_table.games`` entry points (once)."""
    global _loaded
    if _loaded:
        return
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        spec = entry.load()
        if not isinstance(spec, GameSpec):
            raise TypeError(f"entry point {entry.name!r} names {spec!r}, not a GameSpec")
        if spec.engine.game_id != entry.name:
            raise ValueError(f"entry point {entry.name!r} names game {spec.engine.game_id!r}")
        register(spec.engine, spec.plugin, spec.catalogs, spec.ai)
    _loaded = True


def get_game(game_id: str) -> type[GameState[Any]]:
    """The engine class of `game_id`; raises KeyError naming the known games."""
    load_games()
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise KeyError(f"unknown game {game_id!r} (known: {known})") from None


def game_ids() -> list[str]:
    """Every registered game id, sorted."""
    load_games()
    return sorted(GAMES)


def plugin_path(game_id: str) -> str | None:
    """Where the table plugin of `game_id` lives (``module:attribute``), if it has one."""
    load_games()
    return PLUGIN_PATHS.get(game_id)


def ai_path(game_id: str) -> str | None:
    """Where the computer players' knowledge of `game_id` lives, if it has computer players."""
    load_games()
    return AI_PATHS.get(game_id)


@cache
def catalog_folders() -> tuple[str, ...]:
    """The catalog folders of every registered game (dotted, see `GameSpec.catalogs`);
    cached until a game registers more (every text looked up asks for them)."""
    load_games()
    return tuple(folder for game_id in sorted(CATALOGS) for folder in CATALOGS[game_id])
