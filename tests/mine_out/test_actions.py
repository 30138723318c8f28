"""The actions and their costs: move, hire, dig, sell, change, play, end."""

import pytest

from bot.games.errors import IllegalAction
from bot.games.mine_out.actions import Dig, Play, Sell
from bot.games.mine_out.components import COPPER, GOLD, JEWEL, SILVER
from bot.games.mine_out.state import MineOutState

from .builders import arrange, community, display, kinds, play, playing


def refused(state: MineOutState, text: str) -> str | None:
    with pytest.raises(IllegalAction) as refusal:
        play(state, text)
    return refusal.value.reason_key


# -- move -----------------------------------------------------------------------------


def test_move_costs_1_along_a_rail_only() -> None:
    state = playing(4)
    play(state, "move copper")
    assert state.turn.points == 4 and state.positions[0].node == "copper"
    assert refused(state, "move gold") == "mine-out.no-rail"


# -- hire -----------------------------------------------------------------------------


def test_hire_costs_1_then_2_in_the_same_establishment() -> None:
    state = playing(4)
    display(state, "MI05", "MI06")
    play(state, "move pub hire MI05")
    assert state.turn.points == 3 and "MI05" in state.positions[0].hand
    play(state, "hire MI06")
    assert state.turn.points == 1


def test_second_hire_in_another_establishment_costs_1() -> None:
    state = playing(4)
    display(state, "MI05", "MI07")
    play(state, "move pub hire MI05 move hall hire MI07")
    assert state.turn.points == 1


def test_at_most_2_hires_a_turn() -> None:
    state = playing(4)
    arrange(state, 0, node="pub", hand=[])
    display(state, "MI05", "MI06", "MI09")
    play(state, "hire MI05 hire MI06")
    assert refused(state, "hire MI09") in ("mine-out.hires-done", "mine-out.no-points")
    state.turn.points = 5
    assert refused(state, "hire MI09") == "mine-out.hires-done"


def test_hire_refused_with_4_cards_in_hand() -> None:
    state = playing(4)
    arrange(state, 0, node="pub", hand=["WO05", "WO06", "WO07", "WO08"])
    display(state, "MI05")
    assert refused(state, "hire MI05") == "mine-out.hand-full"


def test_hire_only_at_the_cards_establishment_never_at_a_mine_or_the_market() -> None:
    state = playing(4)
    display(state, "MI05", "MI07")
    assert refused(state, "hire MI05") == "mine-out.hire-where"
    play(state, "move pub")
    assert refused(state, "hire MI07") == "mine-out.wrong-establishment"
    play(state, "move silver")
    assert refused(state, "hire MI05") == "mine-out.hire-where"


# -- dig ------------------------------------------------------------------------------


def test_dig_discards_exactly_the_one_hand_card_and_gives_capacity_over_difficulty() -> None:
    state = playing(4)
    arrange(state, 0, node="silver", hand=["MI24", "WO05"])  # dig 8 at silver (4)
    play(state, "dig MI24")
    position = state.positions[0]
    assert position.cubes[SILVER] == 2 and position.hand == ["WO05"]
    assert state.discard == ["MI24"] and state.turn.points == 4


def test_second_dig_in_the_same_mine_costs_2_in_another_mine_1_and_at_most_2() -> None:
    state = playing(4)
    arrange(state, 0, node="copper", hand=["MI05", "MI06", "MI07"])
    play(state, "dig MI05 dig MI06")
    assert state.turn.points == 2
    state = playing(4)
    arrange(state, 0, node="copper", hand=["MI05", "MI06", "MI07"])
    play(state, "dig MI05 move silver dig MI06")
    assert state.turn.points == 2
    assert refused(state, "dig MI07") == "mine-out.digs-done"


def test_dig_needs_a_hand_card_at_a_mine() -> None:
    state = playing(4)
    arrange(state, 0, node="copper", hand=[])
    assert not any(isinstance(a, Dig) for a in state.legal_actions(0))
    assert refused(state, "dig MI01") == "mine-out.not-in-hand"
    arrange(state, 0, node="pub", hand=["MI01"])
    assert refused(state, "dig MI01") == "mine-out.dig-where"


def test_dig_takes_what_is_left_and_the_mine_out_refills_it() -> None:
    state = playing(4)
    arrange(state, 1, cubes={"au": 4})
    arrange(state, 0, node="gold", hand=["MI24"])  # dig 8: 1 gold, 1 left
    events = play(state, "dig MI24")
    assert next(e for e in events if e.kind.startswith("dug-")).data["cubes"] == 1
    assert any(k.startswith("mine-out-") for k in kinds(events)) and state.mines[GOLD] == 5


def test_workers_discarded_only_from_the_own_area() -> None:
    state = playing(4)
    arrange(state, 1, area=["WO06"])
    arrange(state, 0, node="copper", hand=["MI05", "WO05"])
    assert refused(state, "dig MI05 +WO05") == "mine-out.not-your-worker"
    assert refused(state, "dig MI05 +WO06") == "mine-out.not-your-worker"


def test_legal_digs_offer_every_number_of_workers() -> None:
    state = playing(4)
    arrange(state, 0, node="copper", hand=["MI05"], area=["WO05", "WO06"])
    digs = [a for a in state.legal_actions(0) if isinstance(a, Dig)]
    assert digs == [Dig("MI05"), Dig("MI05", ("WO05",)), Dig("MI05", ("WO05", "WO06"))]


# -- sell -----------------------------------------------------------------------------


def test_sell_at_the_market_costs_1_then_2_and_at_most_2() -> None:
    state = playing(4)
    arrange(state, 0, cubes={"cu": 3})
    play(state, "sell cu")
    assert state.turn.points == 4
    play(state, "sell cu")
    assert state.turn.points == 2
    assert refused(state, "sell cu") == "mine-out.sales-done"


def test_sell_only_at_the_market_and_only_held_cubes() -> None:
    state = playing(4)
    arrange(state, 0, cubes={"cu": 1})
    assert refused(state, "sell ag") == "mine-out.no-cube"
    play(state, "move copper")
    assert refused(state, "sell cu") == "mine-out.market-only"


def test_market_boxes_fill_left_to_right_and_beyond_the_third_pay_the_third() -> None:
    state = playing(4)
    state.market[SILVER] = [SILVER, SILVER, SILVER]
    state.mines[SILVER] -= 3
    arrange(state, 0, cubes={"ag": 2, "au": 2}, money=0)
    play(state, "sell ag sell au")
    assert state.positions[0].money == 2 + 6
    assert state.market[SILVER] == [SILVER] * 4


def test_negotiators_of_area_and_community_add_to_the_price() -> None:
    state = playing(4)
    community(state, "NE07")
    arrange(state, 0, cubes={"au": 1, "j": 1}, area=["NE08"], money=0)
    play(state, "sell au")
    assert state.positions[0].money == 6 + 12
    play(state, "sell j:au")
    assert state.positions[0].money == 18 + 6 + 12  # a jewel sold as gold gets the bonus


def test_jewel_sells_as_a_chosen_ore_and_an_ore_only_in_its_row() -> None:
    state = playing(4)
    arrange(state, 0, cubes={"j": 1, "cu": 1})
    assert {a for a in state.legal_actions(0) if isinstance(a, Sell)} == {
        Sell(COPPER, COPPER), Sell(JEWEL, COPPER), Sell(JEWEL, SILVER), Sell(JEWEL, GOLD)
    }
    with pytest.raises(IllegalAction):
        state.apply(0, Sell(COPPER, GOLD))


def test_the_bank_pays_what_it_has_and_never_the_expense_box() -> None:
    state = playing(4)
    arrange(state, 0, cubes={"au": 1}, money=5 + state.bank - 4)
    state.expenses, state.positions[1].money = 5, 0
    money = state.positions[0].money
    events = play(state, "sell au")
    short = next(e for e in events if e.kind == "bank-short")
    assert (short.data["amount"], short.data["asked"]) == (4, 6)
    assert "bank-out" in kinds(events)
    assert money + 4 > 5 == state.positions[0].money  # then the Bank Out reset it


# -- change ---------------------------------------------------------------------------


def test_change_costs_2_at_the_market_and_at_most_twice() -> None:
    state = playing(4)
    display_before, waiting_before, deck = list(state.display), list(state.waiting), state.deck[:5]
    play(state, "change")
    assert state.turn.points == 3
    assert state.display == waiting_before + deck[:2]
    assert state.waiting == deck[2:5]
    assert state.discard == display_before
    play(state, "change")
    state.turn.points = 5
    assert refused(state, "change") == "mine-out.changes-done"
    play(state, "move pub")
    state.turn.changes = 0
    assert refused(state, "change") == "mine-out.market-only"


# -- play -----------------------------------------------------------------------------


def test_play_costs_2_pays_the_salary_into_the_expense_box_anywhere() -> None:
    state = playing(4)
    arrange(state, 0, node="jewel", hand=["MI05"], money=5)
    play(state, "play MI05")
    assert state.turn.points == 3 and state.positions[0].money == 2 and state.expenses == 3
    assert state.positions[0].area == ["MI05"]


def test_play_needs_the_salary() -> None:
    state = playing(4)
    arrange(state, 0, hand=["IN01"], money=5)
    assert refused(state, "play IN01") == "mine-out.salary"


def test_own_area_has_no_limit() -> None:
    state = playing(4)
    arrange(state, 0, area=["MI05", "MI06", "MI07", "NE01", "NE02"], hand=["WO05"])
    play(state, "play WO05")
    assert len(state.positions[0].area) == 6


def test_community_of_3_then_a_play_replaces_a_card_paying_the_higher_salary() -> None:
    state = playing(4)
    community(state, "NE01", "NE02", "IN01")
    arrange(state, 0, hand=["ST05"], money=10)
    assert refused(state, "play ST05 comm") == "mine-out.community-full"
    fame = state.positions[0].fame
    play(state, "play ST05 comm IN01")  # salary 2, replaced Investor 6: pays 6
    assert state.community == ["NE01", "NE02", "ST05"]
    assert state.positions[0].money == 4 and state.expenses == 6
    assert state.positions[0].fame == fame + 2 and "IN01" in state.discard


def test_a_free_community_space_is_never_replaced() -> None:
    state = playing(4)
    community(state, "NE01")
    arrange(state, 0, hand=["ST05"], money=10)
    assert refused(state, "play ST05 comm NE01") == "mine-out.community-free"
    assert refused(state, "play ST05 comm NE02") == "mine-out.community-free"


def test_workers_never_go_to_the_community() -> None:
    state = playing(4)
    arrange(state, 0, hand=["WO05"])
    assert Play("WO05", community=True) not in state.legal_actions(0)
    assert refused(state, "play WO05 comm") == "mine-out.worker-community"


def test_worker_play_scores_one_fame_per_worker_in_the_area_the_new_one_included() -> None:
    state = playing(4)
    arrange(state, 0, hand=["WO07"], area=["WO05", "WO06"])
    play(state, "play WO07")
    assert state.positions[0].fame == 3


def test_investor_pays_3_on_each_community_play_itself_included_not_on_own_area_plays() -> None:
    state = playing(4)
    arrange(state, 0, hand=["IN01", "NE01", "MI05"], area=["IN02"], money=20)
    play(state, "play MI05")
    assert state.positions[0].money == 17  # own-area play: no payout
    play(state, "play IN01 comm")  # two Investors work for the player: 6
    assert state.positions[0].money == 17 - 6 + 6
    state.turn.points = 5
    state.turn.acted = True
    arrange(state, 1, hand=["NE02"], money=10)
    play(state, "end")
    play(state, "play NE02 comm")  # the community Investor pays everyone's community plays
    assert state.positions[1].money == 10 - 3 + 3
