"""Coal Baron says spaces and moves in words, within Discord's limits: the rules text, the
space selects' labels of many positions, and the suggestions of /game play (their
notation only as the hidden value, read back when a suggestion is continued)."""

from __future__ import annotations

import pytest

from bot.games.coal_baron.actions import Buy, Place
from bot.i18n import catalog, languages, t
from cogs.coal_baron.labels import space_label, space_name, workers_text
from cogs.coal_baron.suggest import ranked_steps, read_back, suggestions
from tests.coal_baron_positions import mid_game, pending, play
from tests.coal_baron_reading import CODES, OPTION_LIMIT
from tests.player_text import assert_words_only


@pytest.mark.parametrize("lang", languages())
def test_the_rules_text_names_the_spaces_as_the_board_does(lang: str) -> None:
    rules = catalog(lang)["rules.coal-baron"]
    assert_words_only([rules], lang, CODES)
    assert space_name(lang, "fd") in rules and space_name(lang, "bank") in rules


@pytest.mark.parametrize("lang", languages())
def test_every_space_option_is_words_within_100_characters_with_its_price(lang: str) -> None:
    texts = []
    for seed in range(1, 7):
        state = mid_game(4, seed)
        seat = state.to_act()[0]
        view = state.view(seat)
        spaces = {a.space for a in state.legal_actions(seat) if isinstance(a, Place | Buy)}
        for space in spaces:
            label = space_label(lang, view, seat, space)
            assert len(label) <= OPTION_LIMIT, label
            texts += [label, workers_text(lang, view, space)]
            tile = next((s["tile"] for s in view["spaces"] if s["id"] == space), None)
            if tile is not None:
                assert t(lang, "render.coal-baron.francs", amount=tile["cost"]) in label
    assert len(texts) > 50
    assert_words_only(texts, lang, CODES)


@pytest.mark.parametrize("lang", languages())
def test_suggestions_show_words_and_a_chosen_one_is_read_back_to_continue(lang: str) -> None:
    state = play(2, seed=4, stop=lambda s: s.phase == "play" and s.pending is None)
    seat = state.to_act()[0]
    first = ranked_steps(state, seat, lang)
    assert_words_only([choice.label for choice in first], lang, CODES)
    mining = next(choice for choice in first if choice.notation.startswith("m"))
    assert read_back(state, seat, mining.label, lang) == [mining.notation]
    further = suggestions(state, seat, mining.label + " ", lang)
    assert further[0] == mining  # what was chosen stays playable as it is
    assert all(c.notation.startswith(mining.notation + " ") for c in further[1:])
    assert further[1:] and all(c.label.startswith(mining.label + " · ") for c in further[1:])
    assert_words_only([choice.label for choice in further], lang, CODES)


def test_a_draw_5_choice_is_suggested_in_words() -> None:
    state = pending(4, seed=5, kind="draw-tiles")
    seat = state.to_act()[0]
    labels = [choice.label for choice in suggestions(state, seat, "", "fr")]
    assert labels
    assert_words_only(labels, "fr", CODES)
