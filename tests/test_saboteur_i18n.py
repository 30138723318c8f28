"""Every Saboteur string a user reads exists in English and French."""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

import pytest

from bot.games.saboteur import SaboteurState, rules
from bot.games.saboteur.cards import ACTION_CARDS, PATH_CARDS, TOOLS
from bot.games.saboteur.maze import GOAL_POSITIONS
from tests.i18n_support import keys_in_source
from tests.saboteur_support import digger_play

CATALOG_DIR = Path(__file__).parent.parent / "bot" / "games" / "saboteur" / "i18n"


def catalog(language: str) -> dict[str, str]:
    data = json.loads((CATALOG_DIR / f"saboteur.{language}.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def emitted_events() -> list[tuple[str, set[str]]]:
    """(kind, parameter names) of every event of some seeded games."""
    found = []
    for players, seed in [(3, 0), (4, 1), (4, 3), (8, 2)]:
        rng = random.Random(seed)
        state = SaboteurState.new(players, seed)
        while not state.is_over():
            seat = state.to_act()[0]
            for event in state.apply(seat, digger_play(rng, state.legal_actions(seat))):
                found.append((event.kind, set(event.data)))
    return found


def test_english_and_french_have_the_same_keys_and_placeholders() -> None:
    english, french = catalog("en"), catalog("fr")
    assert english.keys() == french.keys()
    for key, text in english.items():
        assert placeholders(text) == placeholders(french[key]), key


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_event_has_a_text_using_only_its_parameters(language: str) -> None:
    texts = catalog(language)
    events = emitted_events()
    assert {"path_played", "gold_taken", "saboteurs_won", "diggers_won"} <= {k for k, _ in events}
    for kind, params in events:
        key = f"event.saboteur.{kind}"
        assert key in texts, key
        assert placeholders(texts[key]) <= params, key


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_refusal_reason_card_tool_and_goal_has_a_text(language: str) -> None:
    texts = catalog(language)
    for reason in rules.REASONS:
        assert f"reason.saboteur.{reason}" in texts
    for code in (*PATH_CARDS, *ACTION_CARDS):
        assert f"saboteur.card.{code}" in texts
    for tool in TOOLS:
        assert f"saboteur.tool.{tool}" in texts
    for goal in GOAL_POSITIONS:
        assert f"saboteur.goal.{goal}" in texts
    assert "/sab play" in texts["rules.saboteur"]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_syntax_error_key_of_the_engine_source_has_a_text(language: str) -> None:
    keys = keys_in_source("saboteur", "saboteur")
    assert "expected.saboteur.action" in keys
    assert sorted(keys - catalog(language).keys()) == []
