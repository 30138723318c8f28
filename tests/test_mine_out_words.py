"""Mine Out's labels in words (cogs/mine_out/words.py): no card id, within Discord's
100 characters with the price and the cost, one option per card in a menu, plurals
that agree, and a rules summary that names no file and the table's real button."""

from __future__ import annotations

import re
from functools import cache

import pytest

from bot.games.mine_out import MineOutState
from bot.games.mine_out.actions import Hire, Play, Sell
from bot.games.mine_out.components import CARDS, WORKER
from bot.i18n import languages, t
from cogs.mine_out.turn import TURN, after_scoring, as_steps
from cogs.mine_out.words import legal_steps, step_label
from cogs.platform.items import OPTION_LABEL_LIMIT
from tests.player_text import assert_words_only
from tests.test_mine_out_render import midgame

CARD_ID = re.compile(r"\b[A-Z]{2}\d{2}\b")
POSITIONS = [(players, seed, turns) for players in (2, 3, 4) for seed in (5, 8)
             for turns in (30, 60)]


@cache
def position(players: int, seed: int, turns: int) -> MineOutState:
    return midgame(players, seed, turns)


@pytest.mark.parametrize("lang", languages())
def test_every_label_is_words_within_discords_limit_with_price_and_cost(lang: str) -> None:
    cost = re.compile(r" · \d (AP|PA)$")
    labels = []
    for players, seed, turns in POSITIONS:
        state = position(players, seed, turns)
        if state.is_over():
            continue
        here = after_scoring(state, state.to_act()[0])
        for step in legal_steps(here, state.to_act()[0]):
            label = step_label(lang, here, step)
            assert len(label) <= OPTION_LABEL_LIMIT, label
            if isinstance(step, Hire | Play | Sell):
                assert cost.search(label), label
            if isinstance(step, Play):
                assert re.search(r", (pay|payer|Lohn) \d+ · ", label), label
            labels.append(label)
    assert len(labels) > 80
    assert not [label for label in labels if CARD_ID.search(label)]
    assert_words_only(labels, lang)


def test_a_menu_offers_each_card_once() -> None:
    """Two Workers alike for hire are one option (either does the same)."""
    state = MineOutState.new(3, 1)
    alike: dict[tuple[object, ...], list[str]] = {}
    for card, data in sorted(CARDS.items()):
        if data.type == WORKER:
            key = (data.establishment, data.dig, data.salary, data.fame, data.ability)
            alike.setdefault(key, []).append(card)
    pair = next(cards for cards in alike.values() if len(cards) >= 2)
    state.positions[state.current].node = CARDS[pair[0]].establishment
    state.display = [pair[0], pair[1], *state.display[2:]]
    steps = as_steps(state, [Hire(pair[0]), Hire(pair[1])], "en")
    assert [s.notation for s in steps] == [f"hire {pair[0]}"]
    labels = [s.label for menu in TURN.menus(None, 0, [], state, "en")  # type: ignore[arg-type]
              for s in menu.steps]
    assert len(labels) == len(set(labels)) and steps[0].label in labels


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "End the turn (1 AP is lost)", "End the turn (2 AP are lost)"),
    ("fr", "Finir le tour (1 PA perdu)", "Finir le tour (2 PA perdus)"),
])
def test_the_end_of_a_turn_agrees_with_the_points_lost(lang: str, one: str, two: str) -> None:
    assert t(lang, "mo.step.end", points=1) == one
    assert t(lang, "mo.step.end", points=2) == two


@pytest.mark.parametrize(("lang", "button"), [("en", "My turn / my hand"),
                                              ("fr", "Mon tour / ma main")])
def test_the_rules_name_no_file_and_the_real_button(lang: str, button: str) -> None:
    rules = t(lang, "rules.text", game="Mine Out", summary=t(lang, "rules.mine-out"),
              button=t(lang, "mo.button.turn"))
    assert "docs/" not in rules and ".md" not in rules
    assert button in rules and "My view" not in rules and "Mon jeu" not in rules
