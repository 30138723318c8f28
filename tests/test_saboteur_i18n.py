"""Saboteur's own translation checks (the checks every game shares are in tests/test_i18n.py)."""

from __future__ import annotations

import pytest

from bot.games.saboteur import rules
from bot.games.saboteur.cards import ACTION_CARDS, TOOLS
from bot.games.saboteur.maze import GOAL_POSITIONS
from bot.i18n import catalog, languages, t
from cogs.platform.items import LABEL_LIMIT
from cogs.platform.steps import StepOption
from cogs.saboteur.choices import CHOICE_LIMIT, describe
from cogs.saboteur.hand import chunks
from tests.player_text import faults
from tests.saboteur_positions import after
from tests.saboteur_support import SAB_NOTATION


@pytest.mark.parametrize("language", languages())
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


@pytest.mark.parametrize("language", languages())
def test_the_rules_and_every_play_read_in_words_within_discords_limits(language: str) -> None:
    """The rules text and every legal play's words (suggestions, select options and
    buttons) hold no notation, and fit Discord's 100 characters whole, even between
    players with 32-character names (the longest Discord allows)."""
    assert not faults(t(language, "rules.saboteur"), language, SAB_NOTATION)
    names = [f"{'Bartholomew the Magnificent'[: 30]} {seat}" for seat in range(10)]
    for players, seed, actions in ((3, 2, 5), (5, 4, 30), (10, 7, 60)):
        state = after(players, seed, actions)
        seat = state.to_act()[0]
        for action in state.legal_actions(seat):
            words = describe(language, action, names)
            assert len(words) <= CHOICE_LIMIT, words
            assert not faults(words, language, SAB_NOTATION, names=tuple(names)), words


def test_plays_too_long_for_a_button_are_offered_in_a_select() -> None:
    """A button shows 80 characters, a select option 100: a long play is never cut."""
    (short,) = chunks([StepOption("map top", "look at the top goal")], "…")
    assert short.buttons
    (long,) = chunks([StepOption("repair lamp p2", "w" * (LABEL_LIMIT + 1))], "…")
    assert not long.buttons
