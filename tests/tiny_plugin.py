"""The tiny test game at a table: its plugin, registered programmatically.

The smallest real plugin (see docs/adding-a-game.md): the default text
presenter, told that the game's actions are public knowledge (both seats may
keep or swap, then add 1 to 3), and one translated event. "keep" and "swap" have no public text on
purpose, so the platform announces them as "X played" (secrets fail closed).
"""

from __future__ import annotations

from cogs.platform.plugins import GamePlugin, register_plugin
from cogs.platform.presenter import Presenter
from tests.tinygame import TinyGame


class TinyPresenter(Presenter):
    public_choices = True


PLUGIN = register_plugin(GamePlugin(TinyGame, TinyPresenter()))
