"""Saboteur's own translation checks (the checks every game shares are in tests/test_i18n.py)."""

from __future__ import annotations

import pytest

from bot.games.saboteur import rules
from bot.games.saboteur.cards import ACTION_CARDS, TOOLS
from bot.games.saboteur.maze import GOAL_POSITIONS
from bot.i18n import LANGUAGES, catalog


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_refusal_reason_card_tool_and_goal_has_a_text(language: str) -> None:
    texts = catalog(language)
    for reason in rules.REASONS:
        assert f"reason.saboteur.{reason}" in texts
    for code in ACTION_CARDS:  # path cards are named by their shape (`shape_words`)
        assert f"saboteur.card.{code}" in texts
    for edge in "NESW":
        assert f"saboteur.way.{edge}" in texts
    for tool in TOOLS:
        assert f"saboteur.tool.{tool}" in texts
    for goal in GOAL_POSITIONS:
        assert f"saboteur.goal.{goal}" in texts
