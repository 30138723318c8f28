"""The notation: every step, a whole turn on one line, round trips and fuzzing."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.errors import ActionSyntaxError, IllegalAction
from bot.games.mine_out.actions import (
    Change,
    Compound,
    Dig,
    End,
    Hire,
    Move,
    Play,
    Score,
    Sell,
    format_action,
    parse_action,
)
from bot.games.mine_out.components import COPPER, GOLD, JEWEL, SILVER
from tests.i18n_support import assert_translated

from .builders import arrange, display, play, playing

EXAMPLES = [
    ("score", Score()),
    ("score cu ag", Score((COPPER, SILVER))),
    ("move pub", Move("pub")),
    ("hire MI05", Hire("MI05")),
    ("dig MI05", Dig("MI05")),
    ("dig MI05 +WO05 +WO06", Dig("MI05", ("WO05", "WO06"))),
    ("sell cu", Sell(COPPER, COPPER)),
    ("sell j:au", Sell(JEWEL, GOLD)),
    ("change", Change()),
    ("play MI05", Play("MI05")),
    ("play NE01 comm", Play("NE01", community=True)),
    ("play NE01 comm IN02", Play("NE01", True, "IN02")),
    ("end", End()),
]


@pytest.mark.parametrize("text, action", EXAMPLES, ids=[text for text, _ in EXAMPLES])
def test_each_step_parses_and_formats_back(text: str, action: object) -> None:
    assert parse_action(text) == action
    assert format_action(parse_action(text)) == text


def test_a_whole_turn_on_one_line_is_a_compound() -> None:
    text = "move pub hire MI05 hire WO05 move hall end"
    action = parse_action(text)
    assert action == Compound((Move("pub"), Hire("MI05"), Hire("WO05"), Move("hall"), End()))
    assert format_action(action) == text


def test_parsing_is_case_insensitive_and_canonical() -> None:
    assert parse_action("HIRE mi05") == Hire("MI05")
    assert parse_action("dig mi05 +wo06 +wo05") == Dig("MI05", ("WO05", "WO06"))
    assert parse_action("score au cu") == Score((COPPER, GOLD))


def test_dig_plus_n_takes_the_first_workers_played_to_the_area() -> None:
    state = playing(4)
    arrange(state, 0, area=["WO07", "WO05", "WO06"])
    assert state.parse_action(0, "dig MI01 +2") == Dig("MI01", ("WO05", "WO07"))
    with pytest.raises(ActionSyntaxError) as error:
        state.parse_action(0, "dig MI01 +4")
    assert_translated(error.value)


@pytest.mark.parametrize(
    "text",
    ["", "fly", "move", "move moon", "hire", "hire XX99", "sell", "sell j", "sell gold",
     "sell cu:au", "play", "dig +WO05", "dig MI05 +ZZ", "dig MI05 +2"],
)
def test_syntax_errors_say_what_was_expected_in_both_languages(text: str) -> None:
    with pytest.raises(ActionSyntaxError) as error:
        parse_action(text)
    assert_translated(error.value)


def test_whole_turn_applies_all_or_nothing() -> None:
    state = playing(4)
    display(state, "MI05", "MI06")
    before = state.to_json()
    with pytest.raises(IllegalAction):
        play(state, "move pub hire MI05 hire MI06 hire WO05 end")
    assert state.to_json() == before
    play(state, "move pub hire MI05 hire MI06 move hall end")
    assert state.current == 1  # the points ran out on the move: the end is accepted


def test_no_step_after_the_turn_is_over() -> None:
    state = playing(4)
    with pytest.raises(IllegalAction) as refusal:
        play(state, "change end change")
    assert refusal.value.reason_key == "mine-out.turn-over"


def test_a_turn_may_be_given_in_parts() -> None:
    state = playing(4)
    play(state, "move pub")
    play(state, "move market change")
    assert state.turn.points == 1 and state.current == 0


def test_every_legal_action_formats_and_parses_back() -> None:
    state = playing(4)
    arrange(state, 0, cubes={"j": 1, "cu": 2}, area=["WO05"], hand=["MI05", "NE01"])
    for seat_state in (state,):
        for action in seat_state.legal_actions(0):
            assert state.parse_action(0, state.format_action(action)) == action


TOKENS = st.sampled_from(
    ["score", "move", "hire", "dig", "sell", "change", "play", "end", "comm", "pub", "hall",
     "market", "jewel", "cu", "ag", "au", "j", "j:au", "j:j", "cu:ag", "MI05", "NE01", "wo05",
     "+WO05", "+2", "+", "x", "IN01", "42"]
)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(TOKENS, max_size=8))
def test_fuzzed_lines_parse_to_an_action_that_round_trips_or_raise_a_syntax_error(
    tokens: list[str],
) -> None:
    state = playing(4)
    arrange(state, 0, area=["WO05", "WO06"])
    text = " ".join(tokens)
    try:
        action = state.parse_action(0, text)
    except ActionSyntaxError as error:
        assert_translated(error)
        return
    assert state.parse_action(0, state.format_action(action)) == action


@settings(max_examples=200)
@given(st.text(max_size=30))
def test_arbitrary_text_never_crashes_the_parser(text: str) -> None:
    try:
        action = parse_action(text)
    except ActionSyntaxError:
        return
    assert parse_action(format_action(action)) == action
