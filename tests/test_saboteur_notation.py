"""The Saboteur action notation (docs/saboteur.md): examples, round trips, fuzzing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.saboteur import SaboteurState
from bot.games.saboteur.actions import (
    Action,
    BreakTool,
    Discard,
    Peek,
    PlacePath,
    RepairTool,
    Rockfall,
    TakeGold,
)
from bot.service.errors import ActionSyntaxError
from tests.i18n_support import assert_translated

DOC_EXAMPLES: list[tuple[str, Action]] = [
    ("path NSW 3,-1", PlacePath("NES", 3, -1, rotated=True)),
    ("path NESWx 1,0", PlacePath("NESWx", 1, 0)),
    ("path NEx 2,2", PlacePath("SWx", 2, 2, rotated=True)),
    ("break lamp p2", BreakTool("lamp", 1)),
    ("repair cart p1", RepairTool("repair-cart", "cart", 0)),
    ("repair lamp p3 with pick+lamp", RepairTool("repair-pick-lamp", "lamp", 2)),
    ("rockfall 4,0", Rockfall(4, 0)),
    ("map bottom", Peek("bottom")),
    ("discard NSx", Discard("NSx")),
    ("discard break-cart", Discard("break-cart")),
    ("take 3", TakeGold(3)),
]


@pytest.mark.parametrize(("text", "action"), DOC_EXAMPLES)
def test_documented_examples_parse_and_format_back(text: str, action: Action) -> None:
    state = SaboteurState.new(4, 0)
    assert state.parse_action(0, text) == action
    assert state.format_action(action) == text


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("  PATH  nsw  3 , -1 ", PlacePath("NES", 3, -1, rotated=True)),
        ("path wsn 3,-1", PlacePath("NES", 3, -1, rotated=True)),
        ("break pioche p1", BreakTool("pick", 0)),
        ("repair lantern p4 with lamp + wagon", RepairTool("repair-lamp-cart", "lamp", 3)),
        ("discard NSW", Discard("NES")),
        ("discard repair-pick-lamp", Discard("repair-pick-lamp")),
    ],
)
def test_notation_accepts_case_spacing_order_and_synonyms(text: str, action: Action) -> None:
    assert SaboteurState.new(4, 0).parse_action(0, text) == action


@pytest.mark.parametrize(
    "text",
    [
        "",
        "path",
        "path N 1,0",  # no connected single-stub card exists
        "path NESWQ 1,0",
        "path NS 1;0",
        "break hammer p1",
        "break lamp p0",
        "repair lamp p1 with lamp+lamp",
        "map left",
        "discard joker",
        "take 4",
        "play NS 1,0",
    ],
)
def test_malformed_notation_says_what_was_expected_in_both_languages(text: str) -> None:
    with pytest.raises(ActionSyntaxError) as caught:
        SaboteurState.new(4, 0).parse_action(0, text)
    assert_translated(caught.value)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_random_text_never_crashes_the_parser_nor_changes_the_state(text: str) -> None:
    state = SaboteurState.new(5, 2)
    before = state.to_json()
    try:
        state.parse_action(0, text)
    except ActionSyntaxError as error:
        assert_translated(error)
    assert state.to_json() == before


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(["path", "break", "repair", "rockfall", "map", "discard", "take"]),
    st.text(alphabet="NESWxpcatmlik0123456789,+- ", max_size=25),
)
def test_near_miss_text_never_crashes_the_parser(verb: str, rest: str) -> None:
    try:
        SaboteurState.new(3, 0).parse_action(0, f"{verb} {rest}")
    except ActionSyntaxError as error:
        assert_translated(error)
