"""Mine Épuisée, Banque Épuisée, the Mafia and Slave Traders, and an empty deck."""

from bot.games.mine_out.components import CARDS, COPPER, GOLD, JEWEL, SILVER

from .builders import arrange, community, kinds, play, playing


def test_mine_out_the_single_largest_holder_scores_nothing() -> None:
    state = playing(4)
    arrange(state, 1, cubes={"ag": 1})
    arrange(state, 2, cubes={"ag": 4})
    state.market[SILVER] = [SILVER]
    state.mines[SILVER] -= 1
    assert state.mines[SILVER] == 2
    arrange(state, 0, node="silver", hand=["MI24"])
    before = [p.fame for p in state.positions]
    events = play(state, "dig MI24")  # dig 8: 2 silver, the mine is empty
    gains = [p.fame - b for p, b in zip(state.positions, before, strict=True)]
    assert gains == [2, 1, 0, 0]
    mine_out = next(e for e in events if e.kind == "mine-out-silver")
    assert mine_out.data["holdings"] == [2, 1, 4, 0] and mine_out.data["ore"] == "ag"
    assert state.mines[SILVER] == 8 and state.market[SILVER] == []


def test_mine_out_tied_largest_holders_all_score_nothing() -> None:
    state = playing(4)
    arrange(state, 1, cubes={"au": 2})
    arrange(state, 2, cubes={"au": 1})
    arrange(state, 0, node="gold", hand=["MI24"], cubes={"au": 1})
    before = [p.fame for p in state.positions]
    play(state, "dig MI24")  # takes the last: holdings 2, 2, 1, 0
    gains = [p.fame - b for p, b in zip(state.positions, before, strict=True)]
    assert gains == [0, 0, 1, 0]


def test_mine_out_returns_the_market_cubes_jewels_stay_and_shift_left() -> None:
    state = playing(4)
    state.market[COPPER] = [COPPER, JEWEL, COPPER, JEWEL]
    state.mines[COPPER] -= 2
    state.mines[JEWEL] -= 2
    arrange(state, 1, cubes={"cu": 7})
    arrange(state, 0, node="copper", hand=["MI05"])
    assert state.mines[COPPER] == 2
    play(state, "dig MI05")
    assert state.market[COPPER] == [JEWEL, JEWEL]
    assert state.mines[COPPER] == 11


def test_jewel_mine_out_takes_jewels_out_of_every_row_and_ores_shift_left() -> None:
    state = playing(4)
    state.market = [[JEWEL, COPPER], [SILVER, JEWEL, SILVER], [GOLD]]
    for kind, count in ((COPPER, 1), (SILVER, 2), (GOLD, 1)):
        state.mines[kind] -= count
    state.mines[JEWEL] = 2
    arrange(state, 0, node="jewel", hand=["MI24"], cubes={"j": 1})
    play(state, "dig MI24")
    assert state.market == [[COPPER], [SILVER, SILVER], [GOLD]]
    assert state.mines[JEWEL] == 4 and state.positions[0].cubes[JEWEL] == 0


def test_mafia_scores_1_3_6_10_for_the_player_whose_turn_it_is() -> None:
    for count, fame in ((1, 1), (2, 3), (3, 6), (4, 10), (5, 10)):
        state = playing(4)
        mafia = ["MA01", "MA02", "MA03", "MA04", "MA05"][:count]
        community(state, *mafia[:1])
        arrange(state, 0, node="gold", hand=["MI24"], area=mafia[1:])
        arrange(state, 1, cubes={"au": 4})
        events = play(state, "dig MI24")
        assert next(e for e in events if e.kind == "mafia").data["fame"] == fame
        assert state.positions[0].fame == 1 + fame  # 1 for its gold at the Mine Out


def test_other_players_mafia_do_not_score_at_my_mine_out() -> None:
    state = playing(4)
    arrange(state, 1, area=["MA01"], cubes={"au": 4})
    arrange(state, 0, node="gold", hand=["MI24"])
    events = play(state, "dig MI24")
    assert "mafia" not in kinds(events)


def test_slave_traders_draw_a_card_each_up_to_the_hand_limit_privately() -> None:
    state = playing(4)
    community(state, "ST01")
    arrange(state, 0, node="gold", hand=["MI24", "WO05", "WO06"], area=["ST02", "ST03"])
    arrange(state, 1, cubes={"au": 4})
    top = state.deck[:2]
    events = play(state, "dig MI24")
    assert state.positions[0].hand == ["WO05", "WO06", *top]  # 3 Slave Traders, limit 4
    drew = next(e for e in events if e.kind == "drew")
    assert drew.seat == 0 and drew.data == {"cards": top}
    public = next(e for e in events if e.kind == "slavers-drew")
    assert public.seat is None and public.data["count"] == 2 and "cards" not in public.data


def test_bank_out_half_money_in_fame_except_the_richest_then_5_each() -> None:
    state = playing(4)
    arrange(state, 1, money=9)
    arrange(state, 2, money=9)
    arrange(state, 3, money=0)
    state.expenses = 4
    state.bank -= 4
    arrange(state, 0, cubes={"au": 1}, money=5 + state.bank - 3)
    before = [p.fame for p in state.positions]
    richest = state.positions[0].money + 3
    events = play(state, "sell au")
    bank_out = next(e for e in events if e.kind == "bank-out")
    assert bank_out.data["money"] == [richest, 9, 9, 0]
    gains = [p.fame - b for p, b in zip(state.positions, before, strict=True)]
    assert gains == [0, 4, 4, 0]
    assert [p.money for p in state.positions] == [5, 5, 5, 5]
    assert state.expenses == 0 and state.bank == 60 - 20


def test_bank_out_tied_richest_score_nothing() -> None:
    state = playing(4)
    arrange(state, 0, cubes={"au": 1})
    for index, money in enumerate([0, 4, 0, 6]):
        state.positions[index].money = money
    state.bank, state.expenses = 6, 60 - 6 - 10
    state.check_invariants()
    play(state, "sell au")  # the bank pays its last 6: player 0 ties player 3 at 6
    assert [p.fame for p in state.positions] == [0, 2 + 2, 4, 6]


def test_bank_out_triggers_mafia_and_slave_traders_like_a_mine_out() -> None:
    state = playing(4)
    arrange(state, 0, cubes={"cu": 1}, area=["MA01", "ST01"], hand=[], money=5 + state.bank - 2)
    events = play(state, "sell cu")
    assert {"bank-out", "mafia", "slavers-drew"} <= set(kinds(events))
    assert len(state.positions[0].hand) == 1


def test_empty_deck_reshuffles_the_discard_pile() -> None:
    state = playing(4)
    state.discard.extend(state.deck[2:])
    del state.deck[2:]
    events = play(state, "change")  # 3 waiting + 2 drawn, then 3 new waiting cards
    assert "reshuffled" in kinds(events)
    assert state.reshuffles == 1 and all(state.waiting)
    state.check_invariants()


def test_deck_and_discard_both_empty_draws_are_skipped() -> None:
    state = playing(4)
    arrange(state, 1, area=list(state.deck))  # every deck card away
    assert state.deck == [] and state.discard == []
    hired = next(card for card in state.display if card and CARDS[card].establishment == "pub")
    waiting = list(state.waiting)
    play(state, f"move pub hire {hired} end")
    assert state.waiting == [waiting[1], waiting[2], None]
    state.check_invariants()


def test_slave_traders_draw_nothing_from_an_empty_deck_and_discard() -> None:
    state = playing(4)
    arrange(state, 0, hand=[], area=["ST01"], cubes={"cu": 1}, money=5 + state.bank - 2)
    arrange(state, 2, area=list(state.deck))
    events = play(state, "sell cu")
    assert "bank-out" in kinds(events) and "drew" not in kinds(events)
    assert state.positions[0].hand == []
