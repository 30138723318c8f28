"""Extraction (rulebook "2. Extraction")."""

import pytest

from bot.games.coal_baron import CoalBaronState
from bot.games.coal_baron.actions import Cage, Cube, End, Load, Place, Stow, Take
from bot.games.coal_baron.components import BLACK, BROWN, GREY, ORDERS, YELLOW
from bot.games.coal_baron.extraction import Extraction
from bot.service.errors import IllegalAction

from .builders import give_order, give_tile, play, playing, take_order


def jules() -> CoalBaronState:
    """Seat 0 with 2 grey cubes on level 3, 1 yellow on level 1, and an order WGG."""
    state = playing(3)
    for order in list(state.players[0].orders):
        take_order(state, ORDERS[order.card].name)
        state.order_pile.append(order.card)
    give_tile(state, 0, "g1l")
    give_order(state, 0, "WGG")
    return state


def extracting(state: CoalBaronState) -> Extraction:
    assert isinstance(state.pending, Extraction)
    return state.pending


def test_extraction_example_eight_moves() -> None:
    # Down to level 3, 2 grey cubes into the cage, up to level 1, a yellow cube,
    # up to the surface, the two grey cubes onto the order: 8 moves.
    state = jules()
    events = state.apply(0, state.parse_action(0, "m8 c3 +g +g c1 +y c0 g>WGG g>WGG"))
    player = state.players[0]
    assert player.orders[0].slots == [[GREY], [GREY]] and player.orders[0].complete()
    assert player.cage == [YELLOW] and player.cage_level == 0
    summary = next(e for e in events if e.kind == "extraction")
    assert summary.data == {
        "seat": 0, "space": "m8", "moves": 8, "used": 8, "taken": 3, "loaded": 2, "stowed": 0
    }
    assert state.pending is None and state.to_act() == (1,)
    state.check_invariants()


def test_extraction_step_by_step_each_move_costs_one() -> None:
    state = jules()
    play(state, "m6")
    assert extracting(state).left == 6
    for step, left in (("c3", 5), ("+g", 4), ("c0", 3)):
        play(state, step)
        assert extracting(state).left == left


def test_unused_moves_are_lost_at_end() -> None:
    state = jules()
    play(state, "m10 c1 +y end")
    assert state.pending is None and state.to_act() == (1,)
    assert state.players[0].cage == [YELLOW] and state.players[0].cage_level == 1


def test_extraction_ends_by_itself_when_the_moves_run_out() -> None:
    state = jules()
    play(state, "m6 c1 c2 c3 c4 c3 c2")
    assert state.pending is None and state.to_act() == (1,)


def test_cage_moves_to_any_level_in_one_move_but_not_to_where_it_is() -> None:
    state = jules()
    play(state, "m6 c4")
    assert state.players[0].cage_level == 4
    with pytest.raises(IllegalAction, match="already"):
        play(state, "c4")
    assert Cage(4) not in state.legal_actions(0) and Cage(0) in state.legal_actions(0)


def test_a_cube_is_taken_only_from_a_cart_at_the_cage_level() -> None:
    state = jules()
    play(state, "m6")
    with pytest.raises(IllegalAction, match="surface"):
        play(state, "+g")
    play(state, "c1")
    with pytest.raises(IllegalAction, match="no grey cube"):
        play(state, "+g")
    assert [a for a in state.legal_actions(0) if isinstance(a, Take)] == [Take(YELLOW)]


def test_cage_holds_five_cubes() -> None:
    state = jules()
    for _ in range(3):
        give_tile(state, 0, "k2d")
    play(state, "m10 c4 +k +k +k +k +k")
    assert len(state.players[0].cage) == 5
    with pytest.raises(IllegalAction, match="full"):
        play(state, "+k")
    assert not any(isinstance(a, Take) for a in state.legal_actions(0))


def test_cubes_leave_the_cage_only_at_the_surface_onto_a_matching_free_slot() -> None:
    state = jules()
    play(state, "m10 c3 +g")
    with pytest.raises(IllegalAction, match="surface"):
        play(state, "g>WGG")
    play(state, "c1 +y c0")
    with pytest.raises(IllegalAction, match="match"):
        state.apply(0, Load((Cube(YELLOW),), state.players[0].orders[0].card, GREY))
    with pytest.raises(IllegalAction, match="no free brown slot"):
        play(state, "y+g>WGG:b")
    play(state, "g>1")
    assert state.players[0].orders[0].slots == [[GREY], []]


def test_two_cubes_of_any_colours_fill_one_slot_for_two_moves() -> None:
    state = jules()
    play(state, "m6 c3 +g c1 +y c0")
    assert extracting(state).left == 1
    assert not any(isinstance(a, Load) and len(a.cubes) == 2 for a in state.legal_actions(0))
    with pytest.raises(IllegalAction, match="not enough moves"):
        play(state, "y+g>WGG:g")
    state = jules()
    play(state, "m8 c3 +g c1 +y c0")
    play(state, "y+g>WGG:g")
    assert state.players[0].orders[0].slots == [[YELLOW, GREY], []]
    assert extracting(state).left == 1


def test_cage_to_stock_and_stock_to_order() -> None:
    state = jules()
    play(state, "m10 c3 +g +g c0 g>s g>s")
    assert state.players[0].stock == [0, 0, 2, 0] and state.players[0].cage == []
    play(state, "sg>WGG c4 sg>WGG")  # the stock is reachable wherever the cage is
    assert state.players[0].orders[0].complete() and state.players[0].stock == [0, 0, 0, 0]
    state.check_invariants()


def test_two_for_one_mixes_cage_and_stock_cubes() -> None:
    state = jules()
    play(state, "m10 c1 +y c0 y>s c2 +b c0")
    assert Load((Cube(BROWN), Cube(YELLOW, True)), state.players[0].orders[0].card, GREY) in (
        state.legal_actions(0)
    )
    play(state, "sy+b>WGG:g")
    assert state.players[0].orders[0].slots[0] == [BROWN, YELLOW]


def test_cubes_on_an_order_never_move_again() -> None:
    state = jules()
    play(state, "m10 c3 +g +g c0 g>WGG")
    card = state.players[0].orders[0].card
    legal = state.legal_actions(0)
    assert Stow(GREY) in legal
    # no step takes a cube off an order: the only cube sources are the cage and the stock
    assert all(not isinstance(a, Load) or a.order == card for a in legal)
    play(state, "g>WGG")
    with pytest.raises(IllegalAction):
        play(state, "g>WGG")


def test_whole_extraction_line_is_all_or_nothing() -> None:
    state = jules()
    before = state.to_json()
    with pytest.raises(IllegalAction, match="no black cube"):
        play(state, "m8 c3 +g +k")
    assert state.to_json() == before


def test_steps_after_the_turn_is_over_are_refused() -> None:
    state = jules()
    before = state.to_json()
    with pytest.raises(IllegalAction, match="turn is over"):
        play(state, "m6 c1 +y c0 y>s c1 c2 c3")
    assert state.to_json() == before


def test_partial_extraction_checked_step_by_step_on_a_copy() -> None:
    state = jules()
    play(state, "m8")
    trial = state.copy()
    trial.apply(0, Cage(3))
    with pytest.raises(IllegalAction, match="no black cube"):
        trial.apply(0, Take(BLACK))
    assert state.players[0].cage_level == 0 and extracting(state).left == 8
    assert trial.players[0].cage_level == 3 and extracting(trial).left == 7


def test_default_action_during_extraction_is_end() -> None:
    state = jules()
    play(state, "m8 c3")
    assert state.default_action(0) == End()


def test_mining_is_always_legal_even_with_nothing_to_extract() -> None:
    # Moving the cage is always possible, so a mining space can always be chosen.
    state = playing(4)
    player = state.players[0]
    for cart in player.carts:
        state.supply[cart.cube] += 1
        cart.cube = -1
    for order in list(player.orders):
        take_order(state, ORDERS[order.card].name)
        state.order_pile.append(order.card)
    legal = state.legal_actions(0)
    assert all(Place(space) in legal for space in ("m4", "m6", "m8", "m10"))
    play(state, "m4 c2 end")
    assert state.to_act() == (1,)
    state.check_invariants()


def test_any_cage_cube_may_go_to_the_stock_at_the_surface_even_one_an_order_needs() -> None:
    # Rule 5 ("si le charbon extrait ne correspond à aucune commande") explains
    # why one stows a cube; it doesn't forbid stowing a cube an order could take.
    state = jules()
    play(state, "m6 c3 +g c0")
    assert Stow(GREY) in state.legal_actions(0)
    play(state, "g>s")
    assert state.players[0].stock[GREY] == 1
