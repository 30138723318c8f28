"""Components and set-up (rulebook "Contenu" and "Mise en place")."""

from collections import Counter

import pytest

from bot.games.coal_baron import CoalBaronState
from bot.games.coal_baron.actions import Draft
from bot.games.coal_baron.components import (
    ORDERS,
    SPACES,
    TILE_DESIGNS,
    TILES,
    VEHICLES,
)
from bot.games.coal_baron.state import PLAY
from bot.service.errors import IllegalAction

from .builders import playing


def test_components_48_tiles_in_16_designs_of_3_copies() -> None:
    assert len(TILES) == 48
    assert set(Counter(TILES).values()) == {3}
    assert len(set(TILE_DESIGNS)) == 16


def test_components_44_orders_11_per_vehicle_with_22_slots_and_64_vp() -> None:
    assert len(ORDERS) == 44
    for vehicle in VEHICLES:
        deck = [order for order in ORDERS if order.vehicle == vehicle]
        assert len(deck) == 11
        assert sum(len(order.slots) for order in deck) == 22
        assert sum(order.vp for order in deck) == 64
    assert len({order.name for order in ORDERS}) == 44


def test_tile_cost_is_level_times_carts() -> None:
    costs = {design.name: design.cost for design in TILE_DESIGNS}
    assert costs["y1l"] == 1 and costs["b2d"] == 4 and costs["g2l"] == 6 and costs["k2d"] == 8


@pytest.mark.parametrize(("players", "workers", "money"), [(2, 18, 10), (3, 15, 9), (4, 13, 8)])
def test_setup_workers_and_money_by_player_count(players: int, workers: int, money: int) -> None:
    state = CoalBaronState.new(players, 7)
    assert [(p.workers, p.money) for p in state.players] == [(workers, money)] * players


def test_setup_each_mine_starts_with_four_printed_carts_each_with_a_cube_of_its_colour() -> None:
    state = CoalBaronState.new(4, 7)
    for player in state.players:
        assert [(c.colour, c.lit, c.tile, c.cube) for c in player.carts] == [
            (0, False, -1, 0),
            (1, True, -1, 1),
            (2, True, -1, 2),
            (3, False, -1, 3),
        ]
        assert player.cage_level == 0 and player.cage == []
    assert state.supply == [12, 12, 12, 12]


@pytest.mark.parametrize(
    ("players", "locked"),
    [
        (2, {"f4", "f8", "m4", "m8", "$3", "$5", "o1"}),
        (3, {"f8", "m4", "$3"}),
        (4, set()),
    ],
)
def test_setup_locks_by_player_count(players: int, locked: set[str]) -> None:
    state = CoalBaronState.new(players, 3)
    assert {v["id"] for v in state.view(None)["spaces"] if v["locked"]} == locked


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_one_face_up_tile_on_every_open_factory_space(players: int) -> None:
    view = CoalBaronState.new(players, 3).view(None)
    for space in view["spaces"]:
        if space["kind"] == "factory":
            assert (space["tile"] is None) == space["locked"]


@pytest.mark.parametrize(("players", "revealed"), [(2, 7), (3, 10), (4, 13)])
def test_setup_reveals_7_10_13_orders_for_the_draft(players: int, revealed: int) -> None:
    state = CoalBaronState.new(players, 3)
    assert len(state.draft_cards) == revealed
    assert len(state.legal_actions(state.to_act()[0])) == revealed


def test_draft_starts_right_of_first_player_and_goes_counter_clockwise() -> None:
    state = CoalBaronState.new(4, 5, {"first_player": 1})
    pickers = []
    while state.phase != PLAY:
        seat = state.to_act()[0]
        pickers.append(seat)
        state.apply(seat, state.default_action(seat))
    assert pickers == [0, 3, 2, 1] * 3


def test_draft_only_revealed_orders_can_be_taken() -> None:
    state = CoalBaronState.new(3, 5)
    missing = next(card for card in range(44) if card not in state.draft_cards)
    with pytest.raises(IllegalAction):
        state.apply(state.to_act()[0], Draft(missing))


@pytest.mark.parametrize("players", [3, 4])
def test_draft_three_each_then_leftover_on_an_order_space_and_the_others_filled(
    players: int,
) -> None:
    state = CoalBaronState.new(players, 11, {"first_player": 0})
    revealed = list(state.draft_cards)
    deck_top = state.order_pile[:3]
    state = playing(players, 11, 0)
    assert all(len(p.orders) == 3 for p in state.players)
    taken = {o.card for p in state.players for o in p.orders}
    (leftover,) = set(revealed) - taken
    order_spaces = [state.space_cards[i] for i, s in enumerate(SPACES) if s.kind == "order"]
    assert order_spaces == [leftover, *deck_top]
    assert state.to_act() == (0,)


def test_draft_two_players_leftmost_order_space_stays_locked() -> None:
    state = playing(2, 11)
    view = state.view(None)
    o1 = next(s for s in view["spaces"] if s["id"] == "o1")
    assert o1["locked"] and o1["order"] is None
    assert all(s["order"] for s in view["spaces"] if s["kind"] == "order" and s["id"] != "o1")


def test_setup_is_deterministic_from_the_seed() -> None:
    assert CoalBaronState.new(3, 42).to_json() == CoalBaronState.new(3, 42).to_json()
    assert CoalBaronState.new(3, 42).to_json() != CoalBaronState.new(3, 43).to_json()


def test_setup_first_player_is_drawn_from_the_seed_unless_given() -> None:
    firsts = {CoalBaronState.new(4, seed).first_player for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert CoalBaronState.new(4, 1, {"first_player": 2}).first_player == 2
