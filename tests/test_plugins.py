"""Games as plugins: the registry from entry points, plugins found by path, the one
`TableItem` base parsing custom ids."""

from __future__ import annotations

import re
import subprocess
import sys
from typing import Any

import discord
import pytest

from bot.ai.knowledge import has_computer_players, knowledge_for
from bot.games.coal_baron import CoalBaronState
from bot.games.registry import AI_PATHS, GAMES, PLUGIN_PATHS, get_game
from cogs.platform.builder import StepButton
from cogs.platform.items import Button, Interaction, TableItem
from cogs.platform.plugins import PLUGINS, plugin_for
from cogs.platform.presenter import Presenter
from tests.tinygame import TinyGame


def test_the_built_in_games_come_from_entry_points_naming_their_plugin() -> None:
    assert get_game("coal-baron") is CoalBaronState
    assert PLUGIN_PATHS["coal-baron"] == "cogs.coal_baron:PLUGIN"
    assert plugin_for("coal-baron").engine is CoalBaronState
    assert plugin_for("saboteur").builders.keys() == {"hand"}


def test_the_spec_names_the_computer_players_knowledge(monkeypatch: pytest.MonkeyPatch) -> None:
    assert knowledge_for("saboteur").game_id == "saboteur"
    assert not has_computer_players("tiny")
    with pytest.raises(KeyError, match="no computer players"):
        knowledge_for("tiny")
    monkeypatch.setitem(AI_PATHS, "tiny", "bot.ai.saboteur:KNOWLEDGE")  # another game's
    with pytest.raises(TypeError, match="not the computer players' knowledge of 'tiny'"):
        knowledge_for("tiny")


def test_loading_the_engines_imports_no_discord() -> None:
    code = (
        "import sys; from bot.games.registry import game_ids; "
        "assert {'coal-baron', 'saboteur'} <= set(game_ids()); "
        "assert 'discord' not in sys.modules, 'discord imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


class Unhosted(TinyGame):
    game_id = "unhosted"


def test_an_engine_without_a_plugin_is_shown_by_the_text_presenter(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(GAMES, "unhosted", Unhosted)
    monkeypatch.delitem(PLUGINS, "unhosted", raising=False)
    plugin = plugin_for("unhosted")
    assert plugin.engine is Unhosted and type(plugin.presenter) is Presenter
    PLUGINS.pop("unhosted")


def test_an_unknown_game_has_no_plugin() -> None:
    with pytest.raises(KeyError, match="unknown game"):
        plugin_for("Coal-Baron")


class Probe(TableItem[Button], prefix="t:probe", versioned=False, arg=r"\d+"):
    async def run(self, interaction: Interaction) -> None:
        raise NotImplementedError


async def rebuilt(cls: type[TableItem[Any]], custom_id: str) -> TableItem[Any]:
    match = re.fullmatch(cls.__discord_ui_compiled_template__, custom_id)
    assert match is not None, custom_id
    button: Button = discord.ui.Button(custom_id=custom_id)
    return await cls.from_custom_id(None, button, match)  # type: ignore[arg-type]


async def test_a_table_item_reads_its_table_version_and_argument_back() -> None:
    step = StepButton.as_button(12, 34, "draw:2:top k1d top y2l", "All on top")
    assert step.item.custom_id == "mt:step:12:34:draw:2:top k1d top y2l"
    again = await rebuilt(StepButton, step.item.custom_id)
    assert (again.table_id, again.version, again.arg) == (12, 34, "draw:2:top k1d top y2l")
    probe = await rebuilt(Probe, "t:probe:7:3")
    assert (probe.table_id, probe.version, probe.arg) == (7, None, "3")
    assert re.fullmatch(Probe.__discord_ui_compiled_template__, "t:probe:7:x") is None
