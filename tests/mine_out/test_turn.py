"""A turn: end check, display refill, scoring phase, 5 action points, ending."""

import pytest

from bot.games.errors import GameOver, IllegalAction, NotYourTurn
from bot.games.mine_out import MineOutState
from bot.games.mine_out.actions import End, Hire, Move

from .builders import arrange, display, kinds, play, playing


def test_end_check_more_than_50_ends_at_51_not_at_50() -> None:
    state = playing(4)
    arrange(state, 1, fame=50)
    play(state, "change end")
    assert not state.is_over()
    arrange(state, 2, fame=51)
    play(state, "change end")
    assert state.is_over()
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (2,)


def test_end_option_50_or_more_ends_at_50() -> None:
    state = playing(4, end="50-or-more")
    arrange(state, 1, fame=50)
    events = play(state, "change end")
    assert state.is_over() and kinds(events)[-1] == "game-end"


def test_end_is_checked_only_at_the_start_of_the_active_players_turn() -> None:
    state = playing(4)
    arrange(state, 3, fame=60)
    play(state, "change end")
    assert not state.is_over()  # seat 1's turn: seat 3 is not checked
    for _ in range(2):
        play(state, "change end")
    assert state.is_over() and state.outcome().winners == (3,)  # type: ignore[union-attr]


def test_tie_goes_to_the_tied_player_nearest_the_active_player_clockwise() -> None:
    state = playing(4)
    for index in range(4):
        arrange(state, index, fame=55 if index in (0, 1) else 10)
    play(state, "change end")  # seat 1 active; 0 and 1 tied: seat 1 is nearest (itself)
    assert state.final is not None and state.final["winner"] == 1
    state = playing(4)
    for index in range(4):
        arrange(state, index, fame=55 if index in (0, 3) else 10 + 50 * (index == 1))
    play(state, "change end")  # seat 1 active with 60: wins outright
    assert state.final is not None and state.final["winner"] == 1
    state = playing(4)
    for index, fame in enumerate([60, 51, 10, 60]):
        arrange(state, index, fame=fame)
    play(state, "change end")  # seat 1 active; 0 and 3 tied at 60: 3 comes first clockwise
    assert state.final is not None and state.final["winner"] == 3


def test_a_game_over_refuses_actions_and_nobody_is_to_act() -> None:
    state = playing(4)
    arrange(state, 1, fame=51)
    play(state, "change end")
    assert state.to_act() == () and state.legal_actions(1) == []
    with pytest.raises(GameOver):
        state.apply(1, End())


def test_refill_at_turn_start_leftmost_waiting_card_first_then_waiting_shift_and_draw() -> None:
    state = playing(4)
    display(state, "MI05", "MI06")
    waiting = list(state.waiting)
    top = state.deck[0]
    play(state, "move pub hire MI06")
    assert state.display[1] is None  # not replaced during the turn (ruling 2)
    play(state, "end")
    assert state.display[1] == waiting[0]
    assert state.waiting == [waiting[1], waiting[2], top]


def test_scoring_phase_only_ores_at_their_minimum_score() -> None:
    state = playing(4)
    arrange(state, 1, cubes={"cu": 3, "ag": 2, "au": 1})
    events = play(state, "change end")
    assert "scored" not in kinds(events)
    assert state.positions[1].fame == 2
    arrange(state, 2, cubes={"cu": 4, "ag": 0, "au": 2})
    events = play(state, "change end")
    assert state.positions[2].fame == 4 + 6


def test_scoring_ignores_where_the_pawn_is_and_keeps_the_cubes() -> None:
    state = playing(4)
    arrange(state, 1, node="jewel", cubes={"au": 2})
    play(state, "change end")
    assert state.positions[1].fame == 2 + 2 and state.positions[1].cubes[2] == 2


def test_each_turn_has_5_action_points_and_ends_by_itself_at_0() -> None:
    state = playing(4)
    assert state.turn.points == 5
    play(state, "change change")
    assert state.turn.points == 1 and state.current == 0
    play(state, "move pub")
    assert state.current == 1 and state.turn.points == 5


def test_end_is_illegal_after_moves_alone() -> None:
    state = playing(4)
    play(state, "move pub")
    assert End() not in state.legal_actions(0)
    with pytest.raises(IllegalAction) as refusal:
        play(state, "end")
    assert refusal.value.reason_key == "mine-out.only-moves"


def test_a_move_is_illegal_when_no_non_move_action_would_stay_reachable() -> None:
    state = playing(4)
    arrange(state, 0, node="jewel", hand=[], money=0)
    for slot, card in enumerate(state.display):
        if card:
            state.deck.append(card)
            state.display[slot] = None
    play(state, "move gold")  # the Market's "change" stays reachable: 2 moves + 2
    legal = state.legal_actions(0)
    assert Move("alley") in legal
    assert Move("jewel") not in legal and Move("hall") not in legal
    with pytest.raises(IllegalAction) as refusal:
        play(state, "move jewel")
    assert refusal.value.reason_key == "mine-out.dead-end"


def test_only_the_seat_to_act_may_act() -> None:
    state = playing(4)
    with pytest.raises(NotYourTurn):
        state.apply(1, End())
    assert state.legal_actions(1) == []


def test_a_refused_action_changes_nothing() -> None:
    state = playing(4)
    before = state.to_json()
    with pytest.raises(IllegalAction):
        play(state, "change move pub sell cu")
    assert state.to_json() == before


def test_a_step_before_scoring_applies_the_best_scoring_first_all_or_nothing() -> None:
    state = playing(4)
    arrange(state, 1, cubes={"cu": 3, "ag": 2, "j": 1})
    play(state, "change end")
    assert state.turn.scoring
    before = state.to_json()
    with pytest.raises(IllegalAction):
        play(state, "sell au")
    assert state.to_json() == before
    events = play(state, "sell cu")
    assert kinds(events)[:2] == ["scored", "sold-copper"]
    assert state.positions[1].fame == 2 + 4


def test_the_last_turn_is_kept_and_a_state_saved_before_trails_loads_without() -> None:
    """`last` is what the ended turn did in public (docs/mine-out.md, "View"); a state
    saved before trails were kept loads with no last turn and a fresh trail."""
    state = MineOutState.new(3, 1)
    mover, start = state.current, state.positions[state.current].node
    seat = state.to_act()[0]
    step = next(s for s in state.legal_actions(seat) if isinstance(s, Move))
    state.apply(seat, step)
    hire = next(s for s in state.legal_actions(seat) if isinstance(s, Hire))
    state.apply(seat, hire)
    state.apply(seat, End())
    assert state.last is not None and state.last.position == mover
    assert state.last.path == [start, step.node] and state.last.hired == [hire.card]
    assert MineOutState.from_json(state.to_json()).to_json() == state.to_json()
    old = state.to_json()
    del old["trail"], old["last"]
    loaded = MineOutState.from_json(old)
    assert loaded.last is None and loaded.trail.path == [loaded.positions[loaded.current].node]
