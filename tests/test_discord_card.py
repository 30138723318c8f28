"""``/game card``: a card, space or tile looked up by name, answered privately with its
picture and its rules text (every piece of every game: tests/test_card_catalogues.py)."""

from __future__ import annotations

from typing import Any

import pytest
import simcord

from bot.workers import render_pool
from cogs.platform import lookup
from cogs.platform.errors import CardGameMissing, CardUnknown, NoCards
from tests.discord_support import SLOW_SECONDS, TableWorld, answers, private_text, speak_french


async def test_a_card_is_offered_by_its_name_and_answered_with_its_picture(
    table_world: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = table_world
    speak_french(monkeypatch, w.carol)
    offered = await w.carol.autocomplete(w.channel, "game card", "card", "lampe", game="saboteur")
    names = [choice["name"] for choice in offered]
    assert "Lampe brisée" in names and all("lampe" in name.lower() for name in names)
    value = next(c["value"] for c in offered if c["name"] == "Lampe brisée")
    original = render_pool.render_png

    async def slow_render(*args: Any) -> bytes:  # longer than Discord waits for an answer
        w.env.backend.advance_clock(SLOW_SECONDS)
        return await original(*args)

    monkeypatch.setattr(lookup, "render_png", slow_render)
    result = await w.carol.slash(w.channel, "game card", card=value, game="saboteur")
    assert result.acknowledged and result.ephemeral  # acknowledged before any work
    text = private_text(result)
    assert text.startswith("**Lampe brisée** (Saboteur) :\n**Outil brisé.**")
    assert "3 exemplaires dans la pioche." in text
    (answer,) = answers(result)
    (picture,) = answer.attachments
    assert picture.filename == "card.png" and picture.size > 1000
    assert picture.description == "Saboteur : une carte. Lampe brisée."  # its alt text


async def test_the_game_of_the_channels_table_is_the_default_and_typed_names_count(
    table_world: TableWorld,
) -> None:
    w = table_world
    missing = await w.bob.slash(w.channel, "game card", card="Bank")
    simcord.assert_error(w.env, CardGameMissing)
    assert "Which game?" in private_text(missing)
    await w.alice.slash(w.channel, "game new", game="coal-baron")
    offered = await w.bob.autocomplete(w.channel, "game card", "card", "bank")
    assert [choice["name"] for choice in offered] == ["Bank"]
    typed = private_text(await w.bob.slash(w.channel, "game card", card="bank"))
    assert typed.startswith("**Bank** (Coal Baron)\n**Bank:** take 1 Franc")
    unknown = await w.bob.slash(w.channel, "game card", card="Dragon")
    simcord.assert_error(w.env, CardUnknown)
    assert private_text(unknown).startswith("Coal Baron has no card, space or tile of that name")
    none = await w.bob.slash(w.channel, "game card", card="x", game="tiny")
    simcord.assert_error(w.env, NoCards)
    assert private_text(none) == "Tiny has no cards to look up."
