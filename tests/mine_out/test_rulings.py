"""One test per ruling of the component reference ("Rulings where the French text is
unclear"): the reading the engine takes, and for a named constant the other reading too."""

import pytest

from bot.games.errors import IllegalAction
from bot.games.mine_out import rulings
from bot.games.mine_out.abilities import phase_fame
from bot.games.mine_out.actions import Move
from bot.games.mine_out.components import (
    CARDS,
    COLOURED_MINER_BONUS,
    COPPER,
    COSTS,
    DISTANCES,
    GOLD,
    JEWEL,
    MARKET_NODE,
    worker_bonus,
)
from bot.games.mine_out.rulings import Options

from .builders import arrange, community, display, fresh_turn, kinds, play, playing


def test_ruling_01_plus_de_50_is_strictly_more_by_default_the_option_includes_50() -> None:
    assert Options().end == rulings.MORE_THAN_50
    assert not Options().ended(50, 50) and Options().ended(51, 50)
    assert Options(rulings.FIFTY_OR_MORE).ended(50, 50)


def test_ruling_02_end_check_comes_before_the_scoring_phase() -> None:
    state = playing(4)
    arrange(state, 1, fame=48, cubes={"au": 3})
    play(state, "change end")
    assert not state.is_over() and state.positions[1].fame == 51  # scored after the check
    for _ in range(4):
        play(state, "change end")
    assert state.is_over() and state.positions[1].fame == 51  # no scoring past 50


def test_ruling_02_a_hired_card_is_replaced_only_at_the_next_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = playing(4)
    display(state, "MI05")
    play(state, "move pub hire MI05")
    assert state.display[0] is None
    monkeypatch.setattr(rulings, "REFILL_DURING_TURN", True)
    state = playing(4)
    display(state, "MI05")
    play(state, "move pub hire MI05")
    assert state.display[0] is not None


def test_ruling_03_second_hire_in_the_same_establishment_costs_2_so_3_for_both() -> None:
    assert COSTS["second_hire_same_establishment"] == 2
    state = playing(4)
    arrange(state, 0, node="pub")
    display(state, "MI05", "MI06")
    play(state, "hire MI05 hire MI06")
    assert state.turn.points == 2


def test_ruling_04_a_dig_below_the_difficulty_is_legal_and_yields_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = playing(4)
    arrange(state, 0, node="gold", hand=["WO05"])
    play(state, "dig WO05")
    assert state.positions[0].cubes[GOLD] == 0 and state.discard == ["WO05"]
    monkeypatch.setattr(rulings, "ZERO_CUBE_DIG_ALLOWED", False)
    state = playing(4)
    arrange(state, 0, node="gold", hand=["WO05"])
    with pytest.raises(IllegalAction) as refusal:
        play(state, "dig WO05")
    assert refusal.value.reason_key == "mine-out.digs-nothing"


def test_ruling_05_coloured_miners_give_2_for_their_ore() -> None:
    assert COLOURED_MINER_BONUS == 2
    state = playing(4)
    arrange(state, 0, node="gold", hand=["MA04"], area=["MI17"])  # dig 4 + 2 = 6
    play(state, "dig MA04")
    assert state.positions[0].cubes[GOLD] == 1


def test_ruling_06_a_change_does_not_make_the_first_sale_cost_2(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = playing(4)
    arrange(state, 0, cubes={"cu": 1})
    play(state, "change sell cu")
    assert state.turn.points == 2
    monkeypatch.setattr(rulings, "CHANGE_COUNTS_AS_SALE", True)
    state = playing(4)
    arrange(state, 0, cubes={"cu": 1})
    play(state, "change sell cu")
    assert state.turn.points == 1  # 2 for the change, 2 for the sale


def test_ruling_07_a_jewel_sold_as_gold_earns_the_yellow_negotiator(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = playing(4)
    arrange(state, 0, cubes={"j": 1}, area=["NE07"], money=0)
    play(state, "sell j:au")
    assert state.positions[0].money == 12
    monkeypatch.setattr(rulings, "JEWEL_SALE_GETS_NEGOTIATOR", False)
    state = playing(4)
    arrange(state, 0, cubes={"j": 1}, area=["NE07"], money=0)
    play(state, "sell j:au")
    assert state.positions[0].money == 6


def test_ruling_08_change_reshuffles_the_just_discarded_display_when_the_deck_runs_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = playing(4)
    arrange(state, 1, area=list(state.deck))
    play(state, "change")
    assert all(state.display) and all(state.waiting) and state.reshuffles == 1
    monkeypatch.setattr(rulings, "RESHUFFLE_DURING_CHANGE", False)
    state = playing(4)
    arrange(state, 1, area=list(state.deck))
    play(state, "change")
    assert state.display[3:] == [None, None] and state.waiting == [None] * 3


def test_ruling_09_jewels_do_not_count_at_a_mine_out_but_count_for_the_smiths_minimum(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert sum(phase_fame([1, 0, 0, 0], ["SM01"], (COPPER, COPPER, COPPER))) == 4 + 1

    def gold_mine_out() -> list[int]:
        state = playing(4)
        arrange(state, 1, cubes={"au": 2})
        arrange(state, 2, cubes={"au": 1, "j": 2})
        arrange(state, 0, node="gold", hand=["MI24"], cubes={"au": 1})
        before = [p.fame for p in state.positions]
        play(state, "dig MI24")
        assert state.positions[2].cubes[JEWEL] == 2  # jewels are not returned
        return [p.fame - b for p, b in zip(state.positions, before, strict=True)]

    assert gold_mine_out() == [0, 0, 1, 0]  # 2, 2, 1: the tied 2s score nothing
    monkeypatch.setattr(rulings, "JEWELS_COUNT_AT_MINE_OUT", True)
    assert gold_mine_out() == [2, 2, 0, 0]  # 2, 2, 3: player 2 holds most


def test_ruling_10_only_the_active_player_scores_mafia_after_the_mine_out_fame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def mine_out() -> list[str]:
        state = playing(4)
        arrange(state, 1, area=["MA01"], cubes={"au": 4})
        arrange(state, 0, node="gold", hand=["MI24"], area=["MA02"])
        return kinds(play(state, "dig MI24"))

    events = mine_out()
    assert events.count("mafia") == 1 and events.index("mafia") > events.index("mine-out-scored")
    monkeypatch.setattr(rulings, "CLOSURE_BONUS_ACTIVE_PLAYER_ONLY", False)
    assert mine_out().count("mafia") == 2


def test_ruling_11_bank_out_from_a_sale_or_an_investor_scores_mafia_and_draws_slaves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def bank_out() -> list[str]:
        state = playing(4)
        arrange(state, 0, hand=[], cubes={"cu": 1}, area=["MA01", "ST01"],
                money=5 + state.bank - 2)
        return kinds(play(state, "sell cu"))

    assert {"bank-out", "mafia", "slavers-drew"} <= set(bank_out())
    monkeypatch.setattr(rulings, "BANK_OUT_TRIGGERS_MAFIA_AND_SLAVERS", False)
    assert "mafia" not in bank_out() and "bank-out" in bank_out()


def test_ruling_12_draws_from_an_empty_deck_and_discard_are_skipped() -> None:
    state = playing(4)
    arrange(state, 1, area=list(state.deck))
    fresh_turn(state)
    hired = next(card for card in state.display if card and CARDS[card].establishment == "pub")
    play(state, f"move pub hire {hired} end")
    assert state.waiting[2] is None and state.deck == []


def test_ruling_13_an_investor_played_to_the_own_area_pays_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = playing(4)
    arrange(state, 0, hand=["IN01"], money=6)
    play(state, "play IN01")
    assert state.positions[0].money == 0
    monkeypatch.setattr(rulings, "INVESTOR_PAYS_ON_OWN_AREA_PLAY", True)
    state = playing(4)
    arrange(state, 0, hand=["IN01"], money=6)
    play(state, "play IN01")
    assert state.positions[0].money == 3


def test_ruling_13_a_replaced_community_investor_does_not_pay_for_that_play() -> None:
    state = playing(4)
    community(state, "IN01", "NE01", "NE02")
    arrange(state, 0, hand=["NE04"], money=10)
    play(state, "play NE04 comm IN01")
    assert state.positions[0].money == 10 - 6


def test_ruling_14_replacing_pays_the_higher_salary(monkeypatch: pytest.MonkeyPatch) -> None:
    state = playing(4)
    community(state, "IN01", "NE01", "NE02")
    arrange(state, 0, hand=["ST05"], money=10)
    play(state, "play ST05 comm IN01")
    assert state.expenses == 6
    monkeypatch.setattr(rulings, "REPLACEMENT_PAYS_HIGHER_SALARY", False)
    state = playing(4)
    community(state, "IN01", "NE01", "NE02")
    arrange(state, 0, hand=["ST05"], money=10)
    play(state, "play ST05 comm IN01")
    assert state.expenses == 2


def test_ruling_15_worker_bonus_beyond_9_is_n_n_plus_1_over_2_and_workers_print_fame_0() -> None:
    assert worker_bonus(9) == 45 and worker_bonus(10) == 55 and worker_bonus(12) == 78
    assert all(card.fame == 0 for card in CARDS.values() if card.type == "worker")


def test_ruling_16_a_community_smith_helps_every_player_meeting_the_minimum() -> None:
    state = playing(4)
    community(state, "SM05")
    arrange(state, 1, cubes={"au": 2}, area=["MI17"])  # yellow cards: Smith + Miner
    play(state, "change end")
    assert state.positions[1].fame == 2 + 2 + 2


def test_ruling_17_with_0_points_left_the_turn_ends_by_itself_and_moves_keep_an_action() -> None:
    state = playing(4)
    play(state, "change change")
    play(state, "move pub")
    assert state.current == 1
    for node, distance in DISTANCES[MARKET_NODE].items():
        assert distance + COSTS["change"] <= 5, node


def test_ruling_18_a_card_plays_anywhere() -> None:
    state = playing(4)
    arrange(state, 0, node="jewel", hand=["MI05"])
    play(state, "play MI05")
    assert state.positions[0].area == ["MI05"]
    assert Move("gold") in state.legal_actions(0)


def test_ruling_19_three_players_start_at_0_2_4_with_70_cards() -> None:
    state = playing(3)
    assert state.scores() == (0, 2, 4) and len(state.card_set()) == 70


def test_ruling_20_round_1_is_blue_then_red_and_apprentices_are_full_seats(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert rulings.FIRST_ROUND_MASTERS == (0, 2)
    state = playing(2)
    play(state, "change end")
    assert state.current == 2 and state.bank == 50 - 20
    monkeypatch.setattr(rulings, "APPRENTICE_FAME_PER_AWARD", False)
    state = playing(2)
    fresh_turn(state, 1)
    arrange(state, 1, hand=["NE01", "NE04"], money=10)
    play(state, "play NE01 comm play NE04 comm")  # 3 then 4: half of the running total
    assert state.positions[0].fame == 7 // 2 and state.positions[1].fame == 7


def test_ruling_21_teams_start_at_0_2_4_6_in_turn_order() -> None:
    assert playing(4, variant="teams").scores() == (0, 2, 4, 6)


def test_ruling_22_a_player_at_exactly_50_still_scores_under_the_default() -> None:
    state = playing(4)
    arrange(state, 1, fame=50, cubes={"au": 2})
    play(state, "change end")
    assert state.positions[1].fame == 52 and not state.is_over()


def test_ruling_23_start_cards_are_hired_at_the_pub() -> None:
    assert {card.establishment for card in CARDS.values() if card.start} == {"pub"}
