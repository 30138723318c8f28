"""The tiny test game at a table: its plugin, registered programmatically.

The smallest real plugin (see docs/adding-a-game.md): the default text
presenter and one translated event. "keep" and "swap" have no public text on
purpose, so the platform announces them as "X played" (secrets fail closed).
"""

from __future__ import annotations

from pathlib import Path

from cogs.platform.plugins import GamePlugin, register_plugin
from tests.tinygame import TinyGame

PLUGIN = register_plugin(
    GamePlugin(TinyGame, catalogs=Path(__file__).parent / "tiny_i18n", default_options={})
)
