"""The notation: every legal action round-trips, short forms, errors, fuzzing."""

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.coal_baron.actions import (
    Action,
    Buy,
    Cage,
    Compound,
    Cube,
    Draft,
    End,
    Keep,
    Load,
    Place,
    Return,
    Stow,
    Take,
    format_action,
    order_id,
    parse_action,
)
from bot.games.coal_baron.components import BLACK, BROWN, GREY, YELLOW
from bot.service.errors import ActionSyntaxError, GameError
from tests.i18n_support import assert_translated

from .builders import playing, positions

POSITIONS = positions(6)


def test_every_legal_action_formats_and_parses_back_to_the_same_action() -> None:
    kinds = set()
    for state in POSITIONS:
        seat = state.to_act()[0]
        for action in state.legal_actions(seat):
            kinds.add(type(action))
            assert state.parse_action(seat, state.format_action(action)) == action
    assert kinds == {Draft, Place, Buy, Keep, Return, Cage, Take, Load, Stow, End}


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("draft WGG", Draft(order_id("WGG"))),
        ("bank", Place("bank")),
        ("$4", Place("$4")),
        ("f3", Buy("f3")),
        ("f3 =y =g", Buy("f3", (YELLOW, GREY))),
        ("fd", Place("fd")),
        ("od", Place("od")),
        ("o2", Place("o2")),
        ("dw", Place("dw")),
        ("m10", Place("m10")),
        ("keep g2l", Keep("g2l")),
        ("keep g2l =y", Keep("g2l", (YELLOW,))),
        ("keep WKK", Keep("WKK")),
        ("keep none", Keep(None)),
        ("top g1d", Return("g1d", False)),
        ("bottom WKK", Return("WKK", True)),
        ("c3", Cage(3)),
        ("+k", Take(BLACK)),
        ("g>WGG", Load((Cube(GREY),), order_id("WGG"), GREY)),
        ("sg>WGG", Load((Cube(GREY, True),), order_id("WGG"), GREY)),
        ("y+sb>WGG:g", Load((Cube(YELLOW), Cube(BROWN, True)), order_id("WGG"), GREY)),
        ("b>s", Stow(BROWN)),
        ("end", End()),
    ],
)
def test_every_kind_of_action_has_a_canonical_notation(text: str, action: Action) -> None:
    assert parse_action(text) == action
    assert format_action(action) == text


def test_short_forms_case_and_cube_order_and_order_position() -> None:
    wgg = order_id("WGG")
    assert parse_action("SB+Y>wgg:G") == parse_action("y+sb>WGG:g")
    assert parse_action("f3 =g =y") == parse_action("f3 =y =g")
    assert parse_action("g>2", orders=[order_id("HY"), wgg]) == Load((Cube(GREY),), wgg, GREY)
    assert order_id("WKBGY") == order_id("WYBGK")


def test_lists_after_top_and_bottom_and_whole_turns_on_one_line() -> None:
    action = parse_action("fd keep g2l top k1d y2l bottom b1d")
    assert action == Compound(
        (
            Place("fd"),
            Keep("g2l"),
            Return("k1d", False),
            Return("y2l", False),
            Return("b1d", True),
        )
    )
    line = "m8 c3 +g +g c1 +y c0 g>WGG g>WGG"
    assert format_action(parse_action(line)) == line


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "empty line"),
        ("draft", "order card name after 'draft'"),
        ("draft WZZ", "order card name"),
        ("draft WBBB", "no order card WBBB"),
        ("keep", "card name or 'none'"),
        ("keep x9", "tile"),
        ("f3 =z", "=y, =b, =g or =k"),
        ("c7", "expected a space"),
        ("+q", "+y, +b, +g or +k"),
        ("y+b>WGG", "slot colour after two cubes"),
        ("sg>s", "one cage cube to the stock"),
        ("g>5", "order number from 1 to 0"),
    ],
)
def test_parse_errors_say_what_was_expected_in_both_languages(text: str, expected: str) -> None:
    with pytest.raises(ActionSyntaxError, match=re.escape(expected)) as caught:
        parse_action(text)
    assert_translated(caught.value)


FUZZ_STATES = [playing(3), *POSITIONS[::4]]
TOKENS = st.sampled_from(
    [
        "f1", "f3", "fd", "od", "o2", "m6", "m8", "$4", "bank", "dw", "draft", "keep", "none",
        "top", "bottom", "end", "c0", "c3", "+g", "+k", "g>1", "y+sb>1:g", "g>s", "sg>2", "WGG",
        "HY", "g2l", "k1d", "=y", "=", ">", "+", ":", "@", "99", "x",
    ]
)
TEXT = st.one_of(
    st.text(max_size=30),
    st.lists(TOKENS, max_size=8).map(" ".join),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXT, index=st.integers(0, len(FUZZ_STATES) - 1))
def test_random_text_never_crashes_the_parser_and_never_changes_the_state(
    text: str, index: int
) -> None:
    state = FUZZ_STATES[index].copy()
    before = state.to_json()
    seat = state.to_act()[0]
    try:
        action = state.parse_action(seat, text)
    except ActionSyntaxError as error:
        assert_translated(error)
        assert state.to_json() == before
        return
    assert state.to_json() == before
    try:
        state.apply(seat, action)
    except GameError:
        assert state.to_json() == before  # a refused action changes nothing
