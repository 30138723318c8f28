"""End of a shift, the next first player, and the end of the game."""

import pytest

from bot.games.base import Event
from bot.games.coal_baron import CoalBaronState
from bot.games.coal_baron.components import (
    BROWN,
    GREY,
    ORDERS,
    SCORING_ELEMENTS,
    SPACE_INDEX,
    TILE_DESIGN_BY_NAME,
    TILES,
    YELLOW,
)
from bot.games.coal_baron.player import OrderInProgress, Player
from bot.games.coal_baron.scoring import (
    award,
    element_count,
    final_conversion,
    next_first_player,
    shift_scoring,
    winners,
)
from bot.games.coal_baron.state import OVER
from tests.coal_baron_positions import play as play_until

from .builders import give_delivered, play, playing

HAND_CART, HORSE_WAGON = SCORING_ELEMENTS[4], SCORING_ELEMENTS[5]


def end_shift(state: CoalBaronState) -> list[Event]:
    """Everyone puts their workers on the bank until the shift ends."""
    shift = state.shift
    events: list[Event] = []
    while state.shift == shift and state.phase != OVER:
        events += state.apply(state.to_act()[0], state.parse_action(0, "bank"))
    return events


@pytest.mark.parametrize(("shift", "elements"), [(1, 4), (2, 8), (3, 12)])
def test_shift_scoring_covers_4_then_8_then_12_elements(shift: int, elements: int) -> None:
    assert len(shift_scoring(playing(3).players, shift)) == elements


def test_shift_scoring_example_hugo_emma_jules() -> None:
    # Hugo and Emma tie for first on hand carts (3 slots each): 6 VP each, and
    # Jules (2 slots) gets nothing. Jules leads horse wagons (6 slots): 7 VP;
    # Hugo and Emma tie for second with 1 slot: 3 VP each. No truck, no locomotive.
    state = playing(3)
    hugo, emma, jules = 0, 1, 2
    give_delivered(state, hugo, "HBBB", "WY")
    give_delivered(state, emma, "HGGG", "WB")
    give_delivered(state, jules, "HYY", "WKKK", "WYYY")
    scores = {s.element.name: s for s in shift_scoring(state.players, 2)}
    hand = scores["vehicle:hand-cart"]
    assert hand.counts == (3, 3, 2) and hand.awarded == (6, 6, 0)
    horse = scores["vehicle:horse-wagon"]
    assert horse.counts == (1, 1, 6) and horse.awarded == (3, 3, 7)
    assert scores["vehicle:truck"].awarded == scores["vehicle:locomotive"].awarded == (0, 0, 0)


def test_coal_counts_delivered_slots_by_colour_and_the_four_colour_card_counts_one_each() -> None:
    # Rulebook example: Jules has 3 grey, 3 black, 1 yellow, 1 brown slots.
    player = Player.new(0, 0)
    names = ["HGG", "LKK", "WYBGK"]
    player.delivered = [next(i for i, o in enumerate(ORDERS) if o.name == n) for n in names]
    assert [element_count(e, player) for e in SCORING_ELEMENTS[:4]] == [1, 1, 3, 3]


def test_at_least_one_is_needed_to_score_an_element() -> None:
    assert award(HAND_CART, (0, 0, 0)) == (0, 0, 0)
    assert award(HAND_CART, (2, 0, 0)) == (6, 0, 0)


def test_tie_for_first_gives_no_second_place() -> None:
    assert award(HAND_CART, (3, 3, 2, 1)) == (6, 6, 0, 0)


def test_tie_for_second_gives_second_place_to_each() -> None:
    assert award(HORSE_WAGON, (6, 1, 1, 0)) == (7, 3, 3, 0)


def test_two_players_have_no_second_place() -> None:
    assert award(HORSE_WAGON, (6, 1)) == (7, 0)


def test_empty_carts_count_printed_carts_and_tiles_of_that_colour() -> None:
    # Rulebook example: Jules has 3 empty grey carts and 4 empty black carts.
    player = Player.new(0, 0)
    player.carts[2].cube = -1  # printed grey cart
    player.carts[3].cube = -1  # printed black cart
    tile = TILE_DESIGN_BY_NAME["g2l"] * 3
    player.add_tile(tile, [-1, -1])
    player.add_tile(TILE_DESIGN_BY_NAME["k2d"] * 3, [-1, -1])
    player.add_tile(TILE_DESIGN_BY_NAME["k1l"] * 3, [-1])
    player.add_tile(TILE_DESIGN_BY_NAME["k1d"] * 3, [3])
    counts = [element_count(e, player) for e in SCORING_ELEMENTS[8:]]
    assert counts == [0, 0, 3, 4]


def test_shift_end_adds_the_scoring_vp_and_announces_the_breakdown() -> None:
    state = playing(3)
    give_delivered(state, 1, "HY")
    events = end_shift(state)
    shift_end = next(e for e in events if e.kind == "shift-end")
    assert shift_end.data["shift"] == 1 and len(shift_end.data["elements"]) == 4
    assert shift_end.data["elements"][0]["vp"] == [0, 2, 0]
    assert state.players[1].vp == 2 and state.shift == 2


def test_first_player_example_most_workers_on_the_factory() -> None:
    # Jules has 5 workers on the factory, Emma 4, Hugo 2: Jules is first player.
    hugo, emma, jules = 0, 1, 2
    assert next_first_player([2, 4, 5], previous=hugo) == jules
    assert next_first_player([2, 5, 4], previous=emma) == emma  # a sole leader keeps it


def test_first_player_tie_goes_to_the_nearest_clockwise_and_the_previous_cannot_keep_it() -> None:
    assert next_first_player([3, 1, 3, 3], previous=0) == 2
    assert next_first_player([3, 1, 3, 3], previous=2) == 3
    assert next_first_player([1, 3, 0, 3], previous=2) == 3
    assert next_first_player([0, 0, 0], previous=2) == 0


def test_first_player_counts_workers_on_tile_and_draw_spaces_at_the_shift_end() -> None:
    state = playing(3)
    state.space_workers[SPACE_INDEX["fd"]][2] = 2
    state.space_workers[SPACE_INDEX["f1"]][1] = 1
    state.players[2].workers -= 2
    state.players[1].workers -= 1
    events = end_shift(state)
    first = next(e for e in events if e.kind == "first-player")
    assert first.data["factory_workers"] == [0, 1, 2]
    assert state.first_player == 2 and state.to_act() == (2,)


def test_all_workers_return_after_a_shift() -> None:
    state = playing(4)
    play(state, "$6")
    play(state, "$6")
    end_shift(state)
    assert all(p.workers == 13 for p in state.players)
    assert state.canteen == [0, 0, 0, 0]
    assert all(sum(w) == 0 for w in state.space_workers)


def test_the_game_ends_after_the_third_shift() -> None:
    state = playing(2)
    for shift in (1, 2):
        end_shift(state)
        assert state.shift == shift + 1 and state.phase != OVER
    events = end_shift(state)
    assert state.phase == OVER and state.to_act() == () and state.legal_actions(0) == []
    assert [e.kind for e in events][-2:] == ["shift-end", "game-end"]


def test_end_of_game_example_7_francs_4_cubes_1_order_imbalance_3() -> None:
    # +1 VP (7 Francs, 2 kept), +1 VP (4 cubes: mine, cage, stock, order),
    # -1 VP (one order left), -6 VP (7 lit tiles, 4 dark).
    player = Player.new(7, 0)
    for cart in player.carts[1:]:
        cart.cube = -1
    player.cage = [GREY]
    player.stock[BROWN] = 1
    order = OrderInProgress.new(next(i for i, o in enumerate(ORDERS) if o.name == "WYY"))
    order.slots[0].append(YELLOW)
    player.orders = [order]
    lit = [t for t, d in enumerate(TILES) if d.lit][:7]
    dark = [t for t, d in enumerate(TILES) if not d.lit][:4]
    for tile in lit + dark:
        player.add_tile(tile, [-1] * TILES[tile].carts)
    conversion = final_conversion(player)
    assert (conversion.money_vp, conversion.money_left) == (1, 2)
    assert (conversion.cubes, conversion.cubes_vp) == (4, 1)
    assert conversion.undelivered_vp == -1
    assert (conversion.lit_tiles, conversion.dark_tiles, conversion.imbalance_vp) == (7, 4, -6)
    assert conversion.total == -5


def test_winner_has_most_vp_then_most_francs_then_the_victory_is_shared() -> None:
    assert winners([10, 12, 12], [4, 1, 3]) == (2,)
    assert winners([10, 12, 12], [4, 3, 3]) == (1, 2)
    assert winners([15, 12, 12], [0, 4, 4]) == (0,)


def test_game_end_converts_and_keeps_the_leftover_francs_for_the_tie_break() -> None:
    state = playing(2)
    for _ in range(3):
        events = end_shift(state)  # 18 workers on the bank per shift: 10 + 54 = 64 Francs
    game_end = next(e for e in events if e.kind == "game-end")
    conversion = game_end.data["conversions"][0]
    assert (conversion["money"], conversion["money_vp"], conversion["money_left"]) == (64, 12, 4)
    assert conversion["cubes_vp"] == 1 and conversion["undelivered_vp"] == -3
    assert [p.money for p in state.players] == [4, 4]
    assert state.outcome() is not None and state.outcome().winners == (0, 1)  # type: ignore[union-attr]
    assert game_end.data["scores"] == [10, 10]


def test_scoring_values_first_and_second_place_of_each_element() -> None:
    # Rulebook "Fin d'un quart": coal 2/1 3/1 4/2 5/2, vehicles 6/3 7/3 8/4 9/4,
    # empty carts 10/5 11/5 12/6 13/6.
    assert [(e.name, e.first, e.second) for e in SCORING_ELEMENTS] == [
        ("coal:yellow", 2, 1),
        ("coal:brown", 3, 1),
        ("coal:grey", 4, 2),
        ("coal:black", 5, 2),
        ("vehicle:hand-cart", 6, 3),
        ("vehicle:horse-wagon", 7, 3),
        ("vehicle:truck", 8, 4),
        ("vehicle:locomotive", 9, 4),
        ("empty-carts:yellow", 10, 5),
        ("empty-carts:brown", 11, 5),
        ("empty-carts:grey", 12, 6),
        ("empty-carts:black", 13, 6),
    ]


def test_shift_scoring_counts_every_order_delivered_so_far() -> None:
    # Delivered orders are scored again at each later shift.
    state = playing(2)
    give_delivered(state, 1, "HY")
    end_shift(state)
    assert state.players[1].vp == 2
    end_shift(state)
    assert state.players[1].vp == 2 + 2 + 6  # yellow coal again, and the hand cart


def test_the_shift_ends_only_when_every_worker_is_placed() -> None:
    state = playing(3)
    state.players[0].workers = 1
    state.players[1].workers = 0
    state.canteen[0], state.canteen[1] = 14, 15
    play(state, "bank")  # seat 0's last worker: seat 2 still has 15
    for _ in range(14):
        play(state, "bank")
        assert state.shift == 1 and state.to_act() == (2,)
    events = state.apply(2, state.parse_action(2, "bank"))
    assert "shift-end" in [e.kind for e in events] and state.shift == 2


@pytest.mark.parametrize("players", [2, 3])
def test_shift_scoring_data_has_a_second_place_only_with_more_than_two_players(
    players: int,
) -> None:
    """The rulebook gives 2 players no second place: the event and the view say so
    (``second`` is null), so no text announces VP for a place nobody can take."""
    state = play_until(players, seed=5, stop=lambda s: s.shift == 2)
    elements = state.shift_scores[0]
    seconds = {element["second"] for element in elements}
    view_seconds = {element["second"] for element in state.view(None)["scoring"]}
    if players == 2:
        assert seconds == view_seconds == {None}
    else:
        assert None not in seconds | view_seconds
