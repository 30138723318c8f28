"""The Mine Out turn panel's rules without Discord: the scoring choice asked only when
it changes the fame (best first), steps split back from the footer, a line that
draws cards closes the panel's line, and labels in both languages."""

from __future__ import annotations

import pytest

from bot.games.errors import IllegalAction
from bot.games.mine_out import MineOutState
from bot.games.mine_out.actions import Score
from bot.games.mine_out.components import COPPER, JEWEL, SILVER
from cogs.mine_out.turn import TURN, scoring_matters, split_steps
from cogs.mine_out.typed import typed_steps
from cogs.mine_out.words import legal_steps, step_label


def scoring_state(cubes: dict[int, int]) -> MineOutState:
    state = MineOutState.new(3, 1)
    position = state.positions[state.current]
    for kind, count in cubes.items():
        position.cubes[kind] = count
    state.turn.scoring = True
    return state


def test_the_jewel_choice_is_asked_when_it_changes_the_fame_best_first() -> None:
    state = scoring_state({COPPER: 3, JEWEL: 1})
    choices = scoring_matters(state)
    assert choices and choices[0] == Score((COPPER,))
    assert "jewels as copper: 4 fame" in step_label("en", state, choices[0])


def test_no_jewel_choice_when_every_choice_scores_the_same() -> None:
    assert scoring_matters(scoring_state({COPPER: 4})) == []
    assert scoring_matters(scoring_state({SILVER: 1, JEWEL: 1})) == []


def test_steps_of_several_words_are_put_back_together() -> None:
    tokens = ["move", "pub", "dig", "MI01", "+WO01", "play", "MI05", "comm", "MI02", "end"]
    assert split_steps(tokens) == ["move pub", "dig MI01 +WO01", "play MI05 comm MI02", "end"]
    assert typed_steps("move pub hire MI05 e") == (["move pub", "hire MI05"], "e")
    assert typed_steps("move pub hi") == (["move pub"], "hi")
    assert typed_steps("move pub ") == (["move pub"], "")


def test_a_step_that_draws_closes_the_line() -> None:
    state = MineOutState.new(3, 1)
    seat = state.to_act()[0]
    after = TURN.trial(state, seat, ["change"])
    assert TURN.line(["change"], after, seat) == "change"
    assert TURN.waste(after, seat, "en") is None
    with pytest.raises(IllegalAction) as refused:
        TURN.trial(state, seat, ["change", "move pub"])
    assert refused.value.reason_key == "mo.panel.after_draw"


def test_every_first_step_is_labelled_in_both_languages_with_its_cost() -> None:
    state = MineOutState.new(4, 2)
    seat = state.to_act()[0]
    for step in legal_steps(state, seat):
        assert step_label("en", state, step).endswith(" AP")
        assert step_label("fr", state, step).endswith(" PA")
