"""Seeded random games to the end, checked after every action, and the views."""

import random

import pytest

from bot.__main__ import main
from bot.games.coal_baron import CoalBaronState
from bot.games.coal_baron.state import OVER
from bot.games.record import replay
from bot.games.selfplay import play_random_game

from .builders import playing


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(8))
def test_random_games_keep_every_invariant_and_end_after_exactly_three_shifts(
    players: int, seed: int
) -> None:
    state, record = play_random_game(CoalBaronState, players, seed, check=True)
    assert isinstance(state, CoalBaronState)
    assert state.phase == OVER and state.shift == 3 and len(state.shift_scores) == 3
    assert state.final is not None and len(record["actions"]) > 50
    assert replay(record).to_json() == state.to_json()


@pytest.mark.parametrize("players", ["2", "3", "4"])
def test_selfplay_command_plays_checked_coal_baron_games(players: str) -> None:
    assert main(["selfplay", "coal-baron", "--players", players, "--games", "2"]) == 0


def test_games_of_default_actions_end() -> None:
    state = playing(4)
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, state.default_action(seat))
    assert state.shift == 3


def test_views_hide_the_pile_order_and_the_cards_drawn_by_another_seat() -> None:
    state = playing(3)
    shuffled = state.copy()
    random.Random(1).shuffle(shuffled.tile_pile)
    random.Random(2).shuffle(shuffled.order_pile)
    for viewer in (None, 0, 1, 2):
        assert state.view(viewer) == shuffled.view(viewer)
    state.apply(0, state.parse_action(0, "fd"))
    shuffled.apply(0, shuffled.parse_action(0, "fd"))
    assert state.pending != shuffled.pending  # different cards drawn ...
    for viewer in (None, 1, 2):
        assert state.view(viewer) == shuffled.view(viewer)  # ... unseen by others
    assert state.view(0) != shuffled.view(0)


def test_view_lists_every_space_mine_cage_stock_and_orders() -> None:
    view = playing(4).view(None)
    assert len(view["spaces"]) == 27
    player = view["players"][0]
    assert [len(level["lit"]) + len(level["dark"]) for level in player["mine"]] == [1, 1, 1, 1]
    assert player["mine"][0]["dark"][0] == {
        "tile": None, "tile_id": None, "colour": "yellow", "cube": "yellow"
    }
    assert player["cage"] == {"level": 0, "cubes": []}
    assert len(player["orders"]) == 3 and all(o["free"] for o in player["orders"])
    assert view["pending"] == {"kind": "place", "seat": 0}
