"""Menus in words (issue 44): every menu of a turn panel has a placeholder saying what it
chooses (never Discord's "Select an option"), and so does Coal Baron's order draft.
Mine Out's panel and Coal Baron's draft, in English and in French. (Every menu of every
message of a complete game is checked too: tests/test_discord_complete_games.py.)"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
import simcord

from tests.discord_support import TableWorld, enabled_ids, lobby_id, shown_text, speak_french
from tests.mine_out_discord_support import mo_world, open_panel
from tests.test_discord_complete_games import unnamed_menus


def menus(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [item for row in components for item in row["components"] if item.get("type") == 3]


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_a_turn_panels_menus_say_what_they_choose(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    w = await mo_world(simcord_env, 2, None if language == "en" else language)
    if language == "fr":
        speak_french(monkeypatch, *w.players)
    await w.start(4)
    actor = w.players[(await w.state()).to_act()[0]]
    panel = await open_panel(w, actor)
    assert menus(panel.components) and not unnamed_menus(panel.components)


DRAFT = {"en": "Choose your starting order…", "fr": "Choisissez votre commande de départ…"}


async def test_the_order_drafts_menu_says_what_it_chooses(world_in_language: TableWorld) -> None:
    w = world_in_language
    lobby = await w.open_lobby("coal-baron")
    await w.bob.click(lobby, custom_id=lobby_id(lobby, "join"))
    await w.alice.click(lobby, custom_id=lobby_id(lobby, "start"))
    stored = w.env.backend.get_message(w.channel.id, w.last().id)
    [draft] = menus(list(stored.components or []))
    assert draft["placeholder"] == DRAFT["fr" if w.guild.name.endswith("-fr") else "en"]


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_at_the_local_table_a_redrawn_panels_menu_offers_the_same_choice_again(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    """The local table's page keeps a menu's last choice by its message and place: a
    panel redrawn in place (a step taken, then taken back) gives its menus' options
    values of their own (`Settings.new_menu_values`), so the same step chosen again is
    sent, and played."""
    w = await mo_world(simcord_env, 2, None if language == "en" else language)
    w.bot.settings = dataclasses.replace(w.bot.settings, new_menu_values=True)
    if language == "fr":
        speak_french(monkeypatch, *w.players)
    await w.start(4)
    actor = w.players[(await w.state()).to_act()[0]]
    panel = await open_panel(w, actor)
    [menu, *_] = menus(panel.components)
    option = menu["options"][0]
    await actor.select(panel, [option["value"]], custom_id=menu["custom_id"])
    shown = shown_text(panel)
    undo = next(i for i in enabled_ids(panel) if i.endswith(":undo"))
    await actor.click(panel, custom_id=undo)
    [again, *_] = menus(panel.components)
    same = next(o for o in again["options"] if o["label"] == option["label"])
    assert same["value"] != option["value"]  # a value of its own: the page sends it
    await actor.select(panel, [same["value"]], custom_id=again["custom_id"])
    assert shown_text(panel) == shown  # the same step, taken again
