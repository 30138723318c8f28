"""Every worked example of the French rulebook, played on the engine."""

from bot.games.mine_out.abilities import dig_capacity, phase_fame
from bot.games.mine_out.components import COPPER, GOLD, JEWEL, SILVER

from .builders import arrange, community, display, fresh_turn, kinds, play, playing


def test_example_a_move_hire_hire_move_spends_1_1_2_1() -> None:
    state = playing(4)
    display(state, "MI05", "MI06")
    points = []
    for step in ("move pub", "hire MI05", "hire MI06"):
        play(state, step)
        points.append(state.turn.points)
    assert points == [4, 3, 1]
    assert len(state.positions[0].hand) == 4
    events = play(state, "move hall")
    assert state.positions[0].node == "hall"
    assert "turn-end" in kinds(events) and state.current == 1  # 0 points: the turn ended


def test_example_b_dig_4_at_copper_gives_2_then_two_sales_of_2() -> None:
    state = playing(4)
    arrange(state, 0, node="copper", hand=["MI01"])
    play(state, "dig MI01")
    assert state.positions[0].cubes[COPPER] == 2 and state.turn.points == 4
    play(state, "move market")
    assert state.turn.points == 3
    money = state.positions[0].money
    play(state, "sell cu")
    assert state.positions[0].money == money + 2 and state.turn.points == 2
    play(state, "sell cu")
    assert state.positions[0].money == money + 4
    assert state.current == 1


def test_example_c_sell_gold_for_6_play_to_area_then_to_community() -> None:
    state = playing(4)
    arrange(state, 0, hand=["MI05", "NE01"], cubes={"au": 1}, money=0)
    play(state, "sell au")
    assert state.positions[0].money == 6 and state.turn.points == 4
    play(state, "play MI05")
    assert state.positions[0].area == ["MI05"] and state.turn.points == 2
    fame = state.positions[0].fame
    play(state, "play NE01 comm")
    assert state.community == ["NE01"]
    assert state.positions[0].fame == fame + 3  # the card's fame
    assert state.expenses == 3 + 3


def test_scoring_phase_example_2_copper_3_silver_4_gold_scores_7() -> None:
    state = playing(4)
    arrange(state, 1, cubes={"cu": 2, "ag": 3, "au": 4})
    events = play(state, "change end")
    scored = [e for e in events if e.kind == "scored"]
    assert scored[0].data["fame"] == 7
    assert (scored[0].data["copper"], scored[0].data["silver"], scored[0].data["gold"]) == (0, 3, 4)
    assert state.positions[1].fame == 2 + 7


def test_jewel_example_counts_as_copper_for_4_or_silver_for_3_then_sells_as_gold_for_6() -> None:
    cubes = [3, 2, 0, 1]
    assert sum(phase_fame(cubes, [], (COPPER,))) == 4
    assert sum(phase_fame(cubes, [], (SILVER,))) == 3
    state = playing(4)
    arrange(state, 1, cubes={"cu": 3, "ag": 2, "j": 1}, money=0)
    play(state, "change end")
    assert state.turn.scoring  # the jewel's ore changes the score: the player chooses
    best = state.copy()
    play(best, "score")
    assert best.positions[1].fame == 2 + 4
    play(state, "score ag")
    assert state.positions[1].fame == 2 + 3
    play(state, "sell j:au")
    assert state.positions[1].money == 6
    assert state.market[GOLD] == [JEWEL]


def test_mine_out_example_a_0_b_3_c_0_d_1_and_copper_returns() -> None:
    state = playing(4)
    arrange(state, 0, cubes={"cu": 4})
    arrange(state, 1, cubes={"cu": 3})
    state.market[COPPER] = [COPPER] * 3
    state.mines[COPPER] -= 3
    assert state.mines[COPPER] == 1
    fresh_turn(state, 3)
    arrange(state, 3, node="copper", hand=["MI05"])
    before = [p.fame for p in state.positions]
    events = play(state, "dig MI05")
    dug = next(e for e in events if e.kind.startswith("dug-"))
    assert dug.data["capacity"] == 5 and dug.data["cubes"] == 1
    gains = [p.fame - b for p, b in zip(state.positions, before, strict=True)]
    assert gains == [0, 3, 0, 1]
    assert state.mines[COPPER] == 11 and state.market[COPPER] == []
    assert all(p.cubes[COPPER] == 0 for p in state.positions)
    assert state.mines[SILVER] == 8 and state.mines[GOLD] == 5


def test_jewel_dig_miner_plus_1_and_card_5_gets_nothing_one_worker_gives_1_jewel() -> None:
    assert dig_capacity("MI05", ["MI01"], JEWEL, 0) == 6
    state = playing(4)
    arrange(state, 0, node="jewel", hand=["MI05", "MI06"], area=["MI01", "WO05", "WO06"])
    nothing = state.copy()
    play(nothing, "dig MI05")
    assert nothing.positions[0].cubes[JEWEL] == 0
    events = play(state, "dig MI05 +WO05")
    assert next(e for e in events if e.kind.startswith("dug-")).data["capacity"] == 7
    assert state.positions[0].cubes[JEWEL] == 1
    assert "WO05" in state.discard and "WO05" not in state.positions[0].area


def test_jewel_dig_with_7_workers_reaches_34_and_takes_every_jewel() -> None:
    workers = ["WO05", "WO06", "WO07", "WO08", "WO09", "WO10", "WO11"]
    assert dig_capacity("MI05", ["MI01", *workers], JEWEL, 7) == 34
    state = playing(4)
    arrange(state, 0, node="jewel", hand=["MI05"], area=["MI01", *workers])
    events = play(state, "dig MI05 +7")
    dug = next(e for e in events if e.kind.startswith("dug-"))
    assert dug.data["capacity"] == 34 and dug.data["cubes"] == 4
    assert any(k.startswith("mine-out-") for k in kinds(events))


def test_investor_example_1_pays_3_and_scores_7_on_a_community_play() -> None:
    state = playing(4)
    arrange(state, 0, hand=["IN01"], money=6)
    play(state, "play IN01 comm")
    assert state.positions[0].money == 3
    assert state.positions[0].fame == 7


def test_investor_example_2_a_payout_that_empties_the_bank_still_scores_the_new_mafia() -> None:
    state = playing(4)
    community(state, "IN01")
    arrange(state, 0, hand=["MA01"], money=5 + state.bank - 2)
    assert state.bank == 2
    events = play(state, "play MA01 comm")
    assert "bank-out" in kinds(events)
    mafia = next(e for e in events if e.kind == "mafia")
    assert mafia.data["count"] == 1 and mafia.data["fame"] == 1
    assert state.expenses == 0 and all(p.money == 5 for p in state.positions)


def test_smith_example_scores_8_and_14_with_a_second_red_smith() -> None:
    cubes = [3, 0, 0, 1]
    working = ["MI09", "MI10", "SM01", "NE01"]
    assert sum(phase_fame(cubes, working, (COPPER,))) == 8
    assert sum(phase_fame(cubes, [*working, "SM02"], (COPPER,))) == 14
    state = playing(4)
    community(state, "NE01")
    arrange(state, 1, cubes={"cu": 3, "j": 1}, area=["MI09", "MI10", "SM01"])
    play(state, "change end")
    play(state, "score")
    assert state.positions[1].fame == 2 + 8


def test_black_miner_plus_1_and_red_miner_plus_2_add_to_3_for_copper() -> None:
    assert dig_capacity("WO01", ["MI05", "MI09"], COPPER, 0) == 2 + 3
    assert dig_capacity("WO01", ["MI05", "MI09"], SILVER, 0) == 2 + 1
    state = playing(4)
    community(state, "MI05")
    arrange(state, 0, node="copper", hand=["WO01"], area=["MI09"])
    play(state, "dig WO01")
    assert state.positions[0].cubes[COPPER] == 2  # 5 // 2

