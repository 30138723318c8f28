"""Game plugins: everything the platform needs to host one game at a table.

A plugin is one object per game (`GamePlugin`), named by the game's entry point
through its `bot.games.registry.GameSpec` (``plugin="cogs.coal_baron:PLUGIN"``).
The platform asks it for the presenter (texts, components, images), the game's
own commands and persistent components, and its table options (its translations
are named by its `GameSpec` and read by `bot.i18n`). A registered engine without a
plugin is hosted by `Presenter`, which shows text only; a test game registers its
plugin with `register_plugin`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.ext import commands

from bot.games.base import GameState
from bot.games.registry import game_ids, get_game, plugin_path
from cogs.platform.catalogue import CardCatalogue
from cogs.platform.presenter import Presenter
from cogs.platform.steps import TurnSteps
from cogs.platform.table_options import TableOption
from cogs.platform.table_words import TableWords
from cogs.platform.typed_plays import TypedPlays
from renderer.replay import ReplayBoard

TableItem = type[discord.ui.DynamicItem[Any]]


@dataclass(frozen=True)
class GamePlugin:
    """One game, as the platform hosts it."""

    engine: type[GameState[Any]]
    presenter: Presenter = field(default_factory=Presenter)
    commands: Callable[[commands.Bot], commands.Cog] | None = None
    """Builds the game's own command group (``/coal``: its extra views), if any."""
    items: tuple[TableItem, ...] = ()
    """The game's persistent components (`cogs.platform.items.TableItem` subclasses)."""
    builders: Mapping[str, TurnSteps] = field(default_factory=dict)
    """The game's multi-step decisions by kind, shown by the platform's turn builder
    (`cogs.platform.builder`, `cogs.platform.steps`)."""
    options: tuple[TableOption, ...] = ()
    """The choices `/game new` offers for this game (`cogs.platform.table_options`)."""
    warm_up: Callable[[str], object] | None = None
    """Draws the game's usual images once in a language (its renderer package), so that a
    render worker has imported them and filled its caches before the first turn."""
    replay_board: ReplayBoard | None = None
    """Draws the public board of a finished game's replay (`renderer.replay`), from the
    spectator's view; None: ``/game export`` sends the record without a replay."""
    cards: CardCatalogue | None = None
    """Every card, space and tile of the game, for ``/game card``
    (`cogs.platform.catalogue`); None: the game has nothing to look up."""
    words: TableWords | None = None
    """The table in words, for the 📖 Read button, ``/game read`` and the images' alt
    texts (`cogs.platform.table_words`); None: the descriptions say the headline only."""
    typed: TypedPlays = field(default_factory=TypedPlays)
    """The game's typed plays: ``/game play``'s suggestions, an action in words for a
    take-back (`cogs.platform.typed_plays`)."""

    @property
    def game_id(self) -> str:
        return self.engine.game_id


PLUGINS: dict[str, GamePlugin] = {}


def register_plugin(plugin: GamePlugin) -> GamePlugin:
    """Host `plugin`'s game (programmatic registration, for a test game)."""
    PLUGINS[plugin.game_id] = plugin
    return plugin


def plugin_for(game_id: str) -> GamePlugin:
    """The plugin of `game_id`: imported from its entry point's path the first time, or
    the default (text) plugin for an engine without one. KeyError for an unknown game."""
    found = PLUGINS.get(game_id)
    if found is not None:
        return found
    engine = get_game(game_id)
    path = plugin_path(game_id)
    if path is None:
        return register_plugin(GamePlugin(engine))
    module, _, attribute = path.partition(":")
    plugin = getattr(importlib.import_module(module), attribute)
    if not isinstance(plugin, GamePlugin) or plugin.engine is not engine:
        raise TypeError(f"{path} is not the plugin of {game_id!r}")
    return register_plugin(plugin)


def all_plugins() -> list[GamePlugin]:
    """The plugin of every registered game, by game id."""
    return [plugin_for(game_id) for game_id in game_ids()]


def presenter_for(game_id: str) -> Presenter:
    return plugin_for(game_id).presenter
