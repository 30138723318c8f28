"""A turn: placing workers and the factory, money, order and delivery spaces."""

import pytest

from bot.games.coal_baron import CoalBaronState
from bot.games.coal_baron.actions import Buy, Keep, Place, Return
from bot.games.coal_baron.components import BLACK, BROWN, GREY, ORDERS, SPACE_INDEX, TILES, YELLOW
from bot.games.coal_baron.draw import DrawFive
from bot.service.errors import ActionSyntaxError, IllegalAction, NotYourTurn

from .builders import give_order, play, playing, take_order


def workers_on(state: CoalBaronState, space: str) -> list[int]:
    return state.space_workers[SPACE_INDEX[space]]


def test_placing_on_an_empty_space_takes_one_worker() -> None:
    state = playing(3)
    play(state, "$4")
    assert workers_on(state, "$4") == [1, 0, 0]
    assert state.players[0].workers == 14


def test_placing_on_an_occupied_space_sends_its_workers_to_the_canteen_and_adds_one() -> None:
    # Rulebook example: Jules on "5 Francs" removes the red worker and places 2;
    # on "6 Francs" he removes his own 2 workers and places 3.
    state = playing(3)
    play(state, "$5")  # seat 0 (red)
    play(state, "$5")  # seat 1 (Jules) removes red's worker, places 2
    assert workers_on(state, "$5") == [0, 2, 0] and state.canteen == [1, 0, 0]
    play(state, "bank")
    play(state, "bank")
    play(state, "$5")  # Jules removes his own 2 workers, places 3
    assert workers_on(state, "$5") == [0, 3, 0] and state.canteen == [1, 2, 0]
    assert state.players[1].workers == 15 - 2 - 3
    state.check_invariants()


def test_not_enough_workers_makes_a_space_illegal() -> None:
    state = playing(3)
    state.space_workers[SPACE_INDEX["$6"]][1] = 15
    state.players[1].workers = 0
    with pytest.raises(IllegalAction, match="needs 16 workers"):
        play(state, "$6")
    assert Place("$6") not in state.legal_actions(0)


def test_bank_takes_one_worker_never_displaces_gives_one_franc_and_is_always_legal() -> None:
    state = playing(3)
    for _ in range(4):
        play(state, "bank")
    assert workers_on(state, "bank") == [2, 1, 1]
    assert state.canteen == [0, 0, 0]
    assert state.players[0].money == 9 + 2
    state.players[1].workers = 1
    state.players[1].money = 0
    for space in ("$4", "$5", "$6", "m6", "m8", "m10", "o1", "o2", "o3", "o4", "od", "fd"):
        state.space_workers[SPACE_INDEX[space]][2] += 1  # occupied: needs 2 workers
    state.players[2].workers -= 12
    assert state.legal_actions(1) == [Place("bank")]


def test_locked_space_is_illegal() -> None:
    state = playing(2)
    with pytest.raises(IllegalAction, match="locked"):
        play(state, "m8")


def test_only_the_seat_to_act_may_play() -> None:
    state = playing(3)
    with pytest.raises(NotYourTurn):
        state.apply(1, Place("bank"))


def test_a_player_without_workers_passes_until_the_next_shift() -> None:
    state = playing(3)
    state.players[1].workers = 1
    state.canteen[1] = 14
    play(state, "bank")
    play(state, "bank")  # seat 1's last worker
    assert state.to_act() == (2,)
    play(state, "bank")
    assert state.to_act() == (0,)  # seat 1 is skipped


@pytest.mark.parametrize(("space", "francs"), [("$3", 3), ("$4", 4), ("$5", 5), ("$6", 6)])
def test_money_spaces_give_3_4_5_6_francs(space: str, francs: int) -> None:
    state = playing(4)
    play(state, space)
    assert state.players[0].money == 8 + francs


def test_factory_buys_the_tile_at_its_cost_cubes_on_each_cart_and_the_space_is_refilled() -> None:
    # Rulebook example: Jules buys the tile with 2 grey carts for 6 Francs and
    # puts it on level 3, lit side, with a grey cube on each cart.
    state = playing(3)
    index = SPACE_INDEX["f2"]
    in_pile = next(i for i, t in enumerate(state.tile_pile) if TILES[t].name == "g2l")
    tile = state.tile_pile[in_pile]
    state.tile_pile[in_pile], state.space_cards[index] = state.space_cards[index], tile
    next_tile = state.tile_pile[0]
    play(state, "f2")
    player = state.players[0]
    assert player.money == 9 - 6
    assert player.tiles == [tile]
    assert [(c.colour, c.lit, c.cube) for c in player.carts[4:]] == [(2, True, 2)] * 2
    assert state.space_cards[index] == next_tile
    state.check_invariants()


def test_factory_tile_too_expensive_is_illegal() -> None:
    state = playing(3)
    state.players[0].money = 0
    assert not any(isinstance(a, Buy) for a in state.legal_actions(0))
    with pytest.raises(IllegalAction, match="costs"):
        play(state, "f1")


def test_factory_shortage_the_buyer_chooses_a_colour_per_cart_that_cannot_be_filled() -> None:
    state = playing(3)
    index = SPACE_INDEX["f1"]
    colour, carts = TILES[state.space_cards[index]].colour, TILES[state.space_cards[index]].carts
    state.players[1].stock[colour] += state.supply[colour]
    state.supply[colour] = 0
    other = (colour + 1) % 4
    state.players[0].money = 20
    buys = [a for a in state.legal_actions(0) if isinstance(a, Buy) and a.space == "f1"]
    assert all(len(a.fill) == carts for a in buys) and Buy("f1", (other,) * carts) in buys
    with pytest.raises(IllegalAction, match="choose an available colour"):
        play(state, "f1")
    play(state, "f1" + f" ={'ybgk'[other]}" * carts)
    assert [c.cube for c in state.players[0].carts[4:]] == [other] * carts
    state.check_invariants()


def test_factory_colour_choice_refused_without_shortage() -> None:
    state = playing(3)
    with pytest.raises(IllegalAction, match="no colour choice"):
        play(state, "f1 =y")


def test_draw_five_tiles_keep_one_and_put_the_others_back_in_the_chosen_order() -> None:
    state = playing(3)
    state.players[0].money = 30
    top5 = state.tile_pile[:5]
    names = [TILES[t].name for t in top5]
    play(state, "fd")
    assert state.to_act() == (0,)
    play(state, f"keep {names[0]}")
    assert state.players[0].tiles == [top5[0]]
    assert state.players[0].money == 30 - TILES[top5[0]].cost
    play(state, f"top {names[3]} {names[1]} {names[4]} {names[2]}")
    assert [TILES[t].name for t in state.tile_pile[:4]] == [names[3], names[1], names[4], names[2]]
    assert state.to_act() == (1,)
    state.check_invariants()


def test_draw_five_cards_not_kept_go_back_on_top_and_or_under_the_pile() -> None:
    # Issue 3: "put the others back on top and/or bottom of the pile in the order
    # the player chooses": the sides may be mixed.
    state = playing(3)
    top5 = state.order_pile[:5]
    rest = state.order_pile[5:]
    play(state, "od keep none")
    draw = state.pending
    assert isinstance(draw, DrawFive)
    names = [draw.name(card) for card in top5]
    play(state, f"bottom {names[4]}")
    assert {a.bottom for a in state.legal_actions(0) if isinstance(a, Return)} == {False, True}
    play(state, f"top {names[2]} {names[0]} bottom {names[1]} top {names[3]}")
    assert state.order_pile == [top5[2], top5[0], top5[3], *rest, top5[4], top5[1]]
    assert state.to_act() == (1,)
    state.check_invariants()


@pytest.mark.parametrize("first_side", ["top", "bottom"])
def test_draw_five_with_the_one_side_option_puts_every_card_on_the_first_ones_side(
    first_side: str,
) -> None:
    """Table option put_back "one-side" (the literal reading, and Board Game Arena's)."""
    state = playing(3, put_back="one-side")
    top5 = state.order_pile[:5]
    play(state, "od keep none")
    draw = state.pending
    assert isinstance(draw, DrawFive)
    names = [draw.name(card) for card in top5]
    assert {a.bottom for a in state.legal_actions(0) if isinstance(a, Return)} == {False, True}
    play(state, f"{first_side} {names[4]}")
    bottom = first_side == "bottom"
    assert {a.bottom for a in state.legal_actions(0) if isinstance(a, Return)} == {bottom}
    other = "top" if bottom else "bottom"
    with pytest.raises(IllegalAction) as refused:
        play(state, f"{other} {names[0]}")
    assert refused.value.reason_key == "coal-baron.put-back-one-side"
    assert state.default_action(0) == Return(names[0], bottom=bottom)
    play(state, f"{first_side} {names[0]} {names[1]} {names[2]} {names[3]}")
    assert state.to_act() == (1,)
    state.check_invariants()


def test_the_put_back_option_survives_a_json_round_trip_and_defaults_to_mixed() -> None:
    one_side = playing(3, put_back="one-side")
    assert CoalBaronState.from_json(one_side.to_json()).put_back_one_side
    data = playing(3).to_json()
    del data["put_back_one_side"]  # a record stored before the option existed
    assert not CoalBaronState.from_json(data).put_back_one_side
    with pytest.raises(ValueError, match="put_back"):
        CoalBaronState.new(3, 1, {"put_back": "sideways"})


def test_draw_five_default_put_back_follows_the_side_already_used() -> None:
    state = playing(3)
    top5 = state.order_pile[:5]
    play(state, "od keep none")
    names = [state.pending.name(card) for card in top5]  # type: ignore[union-attr]
    play(state, f"bottom {names[4]}")
    assert state.default_action(0) == Return(names[0], bottom=True)
    play(state, f"top {names[1]}")
    assert state.default_action(0) == Return(names[0], bottom=False)


def test_draw_five_keeping_nothing_still_spends_the_action() -> None:
    state = playing(3)
    top5 = state.tile_pile[:5]
    play(state, "fd")
    assert Keep(None) in state.legal_actions(0)
    state.apply(0, state.default_action(0))
    for _ in range(5):
        state.apply(0, state.default_action(0))
    assert state.tile_pile[:5] == top5 and state.players[0].tiles == []
    assert state.to_act() == (1,) and state.players[0].workers == 14


def test_draw_five_draws_fewer_when_the_pile_is_short_and_is_illegal_when_empty() -> None:
    state = playing(3)
    state.players[0].tiles.extend(state.tile_pile[2:])  # out of play for this test
    del state.tile_pile[2:]
    play(state, "fd")
    assert state.view(0)["pending"]["count"] == 2
    play(state, "keep none")
    play(state, "top " + " ".join(TILES[t].name for t in state.pending.cards))  # type: ignore[union-attr]
    state.tile_pile.clear()
    assert Place("fd") not in state.legal_actions(1)


def test_draw_five_cards_are_seen_only_by_the_drawing_seat() -> None:
    state = playing(3)
    events = state.apply(0, Place("fd"))
    seen = [e for e in events if e.kind == "seen"]
    assert len(seen) == 1 and seen[0].seat == 0 and len(seen[0].data["cards"]) == 5
    assert len(state.view(0)["pending"]["cards"]) == 5
    for viewer in (1, 2, None):
        pending = state.view(viewer)["pending"]
        assert pending["cards"] is None and pending["count"] == 5


def test_draw_five_orders_keeping_costs_nothing() -> None:
    state = playing(3)
    top5 = state.order_pile[:5]
    play(state, "od")
    kept = state.pending.name(top5[2])  # type: ignore[union-attr]
    play(state, f"keep {kept}")
    assert state.players[0].money == 9
    assert state.players[0].orders[-1].card == top5[2]
    assert isinstance(state.legal_actions(0)[0], Return)


def test_order_space_takes_the_card_and_refills_it_from_the_deck() -> None:
    state = playing(3)
    card = state.space_cards[SPACE_INDEX["o2"]]
    top = state.order_pile[0]
    play(state, "o2")
    assert state.players[0].orders[-1].card == card
    assert state.space_cards[SPACE_INDEX["o2"]] == top


def test_empty_pile_leaves_the_space_empty_and_not_legal() -> None:
    state = playing(3)
    for card in list(state.order_pile):
        state.players[2].delivered.append(card)
    state.order_pile.clear()
    play(state, "o2")
    assert state.space_cards[SPACE_INDEX["o2"]] == -1
    assert Place("o2") not in state.legal_actions(1) and Place("od") not in state.legal_actions(1)
    state.check_invariants()


def test_delivery_needs_a_complete_order_of_that_vehicle() -> None:
    state = playing(3)
    give_order(state, 0, "TKKK")
    with pytest.raises(IllegalAction, match="no complete truck order"):
        play(state, "dt")
    give_order(state, 0, "HY", complete=True)
    assert Place("dh") in state.legal_actions(0) and Place("dt") not in state.legal_actions(0)


def test_delivery_example_horse_wagon_orders_of_9_and_10_vp() -> None:
    state = playing(3)
    for order in list(state.players[0].orders):
        take_order(state, ORDERS[order.card].name)
        state.order_pile.append(order.card)
    give_order(state, 0, "WKK", complete=True)
    give_order(state, 0, "WYBGK", complete=True)
    give_order(state, 0, "WGG")  # incomplete: stays
    give_order(state, 0, "HY", complete=True)  # other vehicle: stays
    supply = list(state.supply)
    events = state.apply(0, Place("dw"))
    delivery = next(e for e in events if e.kind == "delivery")
    assert delivery.data["vp"] == 19 and delivery.data["orders"] == ["WKK", "WYBGK"]
    player = state.players[0]
    assert player.vp == 19
    assert [ORDERS[o.card].name for o in player.orders] == ["WGG", "HY"]
    assert [ORDERS[card].name for card in player.delivered] == ["WKK", "WYBGK"]
    assert state.supply == [supply[0] + 1, supply[1] + 1, supply[2] + 1, supply[3] + 3]
    state.check_invariants()


def test_parse_error_says_what_was_expected() -> None:
    state = playing(3)
    with pytest.raises(ActionSyntaxError, match="expected"):
        state.parse_action(0, "fly")


def test_default_action_is_a_worker_on_the_bank() -> None:
    state = playing(3)
    assert state.default_action(0) == Place("bank")
    with pytest.raises(NotYourTurn):
        state.default_action(1)


def test_a_line_holds_one_turn_only() -> None:
    state = playing(2)
    state.players[1].workers = 0  # seat 0 plays alone until the end of the shift
    state.canteen[1] = 18
    before = state.to_json()
    with pytest.raises(IllegalAction, match="turn is over"):
        play(state, "bank bank")
    assert state.to_json() == before


def test_draw_five_tile_kept_during_a_shortage_takes_the_chosen_colours() -> None:
    state = playing(3)
    state.players[0].money = 30
    top = state.tile_pile[0]
    design = TILES[top]
    other = (design.colour + 1) % 4
    state.players[2].stock[design.colour] += state.supply[design.colour]
    state.supply[design.colour] = 0
    play(state, "fd")
    keeps = [a for a in state.legal_actions(0) if isinstance(a, Keep) and a.card == design.name]
    assert keeps and all(len(a.fill) == design.carts for a in keeps)
    with pytest.raises(IllegalAction, match="choose an available colour"):
        play(state, f"keep {design.name}")
    play(state, f"keep {design.name}" + f" ={'ybgk'[other]}" * design.carts)
    assert [c.cube for c in state.players[0].carts[4:]] == [other] * design.carts
    state.check_invariants()


def put_tile_on(state: CoalBaronState, space: str, name: str) -> None:
    """Swap the tile on factory `space` with a tile of design `name` from the pile."""
    index = SPACE_INDEX[space]
    at = next(i for i, t in enumerate(state.tile_pile) if TILES[t].name == name)
    state.tile_pile[at], state.space_cards[index] = state.space_cards[index], state.tile_pile[at]


def test_factory_shortage_only_the_carts_the_supply_cannot_fill_take_a_chosen_colour() -> None:
    state = playing(3)
    put_tile_on(state, "f1", "g2l")
    state.players[1].stock[GREY] += state.supply[GREY] - 1
    state.supply[GREY] = 1
    buys = [a for a in state.legal_actions(0) if isinstance(a, Buy) and a.space == "f1"]
    assert buys == [Buy("f1", (YELLOW,)), Buy("f1", (BROWN,)), Buy("f1", (BLACK,))]
    play(state, "f1 =k")
    assert [c.cube for c in state.players[0].carts[4:]] == [GREY, BLACK]
    assert state.players[0].money == 9 - 6
    state.check_invariants()


def test_factory_shortage_with_the_whole_supply_dry_leaves_the_carts_empty() -> None:
    state = playing(3)
    put_tile_on(state, "f1", "g2l")
    for colour in range(4):
        state.players[1].stock[colour] += state.supply[colour]
        state.supply[colour] = 0
    assert Buy("f1") in state.legal_actions(0)
    play(state, "f1")
    assert [c.cube for c in state.players[0].carts[4:]] == [-1, -1]
    state.check_invariants()


def test_the_draw_five_view_says_where_the_next_card_may_go_back() -> None:
    state = playing(3, put_back="one-side")
    top5 = state.order_pile[:5]
    play(state, "od keep none")
    assert state.view(0)["pending"]["sides"] == ["top", "bottom"]
    play(state, f"bottom {state.pending.name(top5[4])}")  # type: ignore[union-attr]
    assert state.view(None)["pending"]["sides"] == ["bottom"]
