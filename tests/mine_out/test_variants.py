"""2 players (masters and apprentices) and the 2-vs-2 team variant."""

from .builders import arrange, fresh_turn, play, playing


def turn_order(players: int, turns: int) -> list[tuple[int, int]]:
    """(position, seat to act) of the first `turns` turns of change-and-end turns."""
    state = playing(players)
    order = []
    for _ in range(turns):
        order.append((state.current, state.to_act()[0]))
        play(state, "change end")
    return order


def test_two_players_round_1_masters_only_then_blue_white_red_yellow() -> None:
    assert turn_order(2, 6) == [(0, 0), (2, 1), (0, 0), (1, 0), (2, 1), (3, 1)]


def test_two_players_each_apprentice_has_its_own_cards_money_and_pawn() -> None:
    state = playing(2)
    positions = state.positions
    assert [p.apprentice for p in positions] == [False, True, False, True]
    assert [p.seat for p in positions] == [0, 0, 1, 1]
    assert all(len(p.hand) == 2 and p.money == 5 and p.node == "market" for p in positions)
    assert len({card for p in positions for card in p.hand}) == 8
    assert state.seat_positions(0) == [0, 1]


def test_the_master_plays_the_apprentices_turn_with_the_apprentices_cards() -> None:
    state = playing(2)
    for _ in range(3):
        play(state, "change end")
    assert state.current == 1 and state.to_act() == (0,)
    apprentice_card = state.positions[1].hand[0]
    master_card = state.positions[0].hand[0]
    play(state, f"play {apprentice_card}")
    assert apprentice_card in state.positions[1].area
    assert master_card in state.positions[0].hand


def test_apprentice_gives_half_of_each_gain_rounded_down_to_its_master() -> None:
    state = playing(2)
    fresh_turn(state, 1)
    arrange(state, 1, hand=["NE01", "NE04"], money=10)  # fame 3 and 4
    play(state, "play NE01 comm")
    assert state.positions[0].fame == 1  # 3 // 2
    play(state, "play NE04 comm")
    assert state.positions[0].fame == 1 + 2  # per award: 1 + 2, not 7 // 2
    assert state.positions[1].fame == 0


def test_apprentice_scoring_phase_is_one_award_halved() -> None:
    state = playing(2)
    play(state, "change end")
    play(state, "change end")  # round 2: Blue master
    arrange(state, 1, cubes={"au": 3})  # 3 fame for the White apprentice
    play(state, "change end")
    assert state.positions[0].fame == 1


def test_only_masters_end_the_game() -> None:
    state = playing(2)
    play(state, "change end")
    play(state, "change end")
    arrange(state, 0, fame=60)
    play(state, "change end")  # the White apprentice's turn begins: no check
    assert not state.is_over() and state.current == 1
    play(state, "change end")  # Red master: Red has 0
    play(state, "change end")  # Yellow apprentice
    assert not state.is_over()
    play(state, "change end")  # Blue master with 60
    assert state.is_over() and state.outcome().winners == (0,)  # type: ignore[union-attr]
    assert state.scores() == (60, 0)


def test_two_player_majorities_count_all_four_positions() -> None:
    state = playing(2)
    fresh_turn(state, 2)
    arrange(state, 1, cubes={"au": 2})
    arrange(state, 3, cubes={"au": 1})
    arrange(state, 2, node="gold", hand=["MI24"])  # takes the last gold: 1
    play(state, "dig MI24")  # White holds most: 0; Yellow 1 -> Red +0; Red 1 -> +1
    assert state.positions[0].fame == 0 and state.positions[2].fame == 1


def test_teams_play_a1_b1_a2_b2_and_the_single_best_players_team_wins() -> None:
    assert turn_order(4, 4) == [(0, 0), (1, 1), (2, 2), (3, 3)]
    state = playing(4, variant="teams")
    assert state.team_of(0) == (0, 2) and state.team_of(3) == (1, 3)
    arrange(state, 3, fame=58)
    arrange(state, 1, fame=51)
    play(state, "change end")
    assert state.is_over()
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1, 3)
