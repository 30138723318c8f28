"""Seeded self-play to the end with invariants after every action; views and events
that keep secrets; the default action; the greedy player sees only its view."""

import json
import random

import pytest

from bot.__main__ import main
from bot.games.base import Event
from bot.games.mine_out import MineOutState
from bot.games.mine_out.actions import End
from bot.games.mine_out.determinize import determinize
from bot.games.mine_out.greedy import choose, play_greedy_game
from bot.games.record import replay
from bot.games.registry import get_game
from bot.games.selfplay import check_state, play_random_game

from .builders import arrange, play, playing

MODES = [(2, {}), (3, {}), (4, {}), (4, {"variant": "teams"})]
MODE_IDS = ["2 players", "3 players", "4 players", "teams"]
PRIVATE_KINDS = {"drew"}


def hide_secrets(state: MineOutState, seat: int | None, rng: random.Random) -> MineOutState:
    """A copy where what `seat` may not see (deck order, other seats' hands) is redealt."""
    other = state.copy()
    hidden = [p for p in other.positions if p.seat != seat]
    pool = other.deck + [card for p in hidden for card in p.hand]
    rng.shuffle(pool)
    for position in hidden:
        size = len(position.hand)
        position.hand, pool = pool[:size], pool[size:]
    other.deck = pool
    return other


def check_views(state: MineOutState, rng: random.Random) -> None:
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view
        assert hide_secrets(state, seat, rng).view(seat) == view, f"seat {seat} sees secrets"


def check_events(events: list[Event], seat: int) -> None:
    for event in events:
        if event.kind in PRIVATE_KINDS:
            assert event.seat == seat, event
        else:
            assert event.seat is None, event


@pytest.mark.parametrize("players, options", MODES, ids=MODE_IDS)
def test_random_games_end_keeping_every_invariant(players: int, options: dict[str, str]) -> None:
    """One checked game per mode here; benchmarks/mine_out_selfplay.py plays many."""
    state, record = play_random_game(MineOutState, players, players, options=options)
    assert isinstance(state, MineOutState) and state.final is not None
    assert replay(record).to_json() == state.to_json()


@pytest.mark.parametrize("players, options", MODES, ids=MODE_IDS)
def test_fame_never_decreases_points_never_negative_views_and_events_keep_secrets(
    players: int, options: dict[str, str]
) -> None:
    rng = random.Random(players)
    state = MineOutState.new(players, 11, options)
    fame = list(state.scores())
    while not state.is_over():
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        check_events(state.apply(seat, action), seat)
        assert all(now >= before for now, before in zip(state.scores(), fame, strict=True))
        assert state.turn.points >= 0
        fame = list(state.scores())
        if rng.random() < 0.1:
            check_views(state, rng)


def test_a_seat_sees_its_hands_and_everyone_sees_the_table() -> None:
    state = playing(2)
    view = state.view(0)
    assert [("hand" in p) for p in view["positions"]] == [True, True, False, False]
    assert all(p["hand_size"] == 2 for p in view["positions"])
    spectator = state.view(None)
    assert not any("hand" in p for p in spectator["positions"])
    assert {"display", "waiting", "community", "mines", "market", "bank", "expenses",
            "deck_size", "discard", "scores", "turn"} <= set(spectator)
    assert "deck" not in spectator


def test_a_greedy_game_ends() -> None:
    state = play_greedy_game(4, 1)
    assert state.is_over() and 5 < state.round < 40
    check_state(state)


def test_greedy_choice_depends_only_on_what_its_seat_sees() -> None:
    state = playing(4, seed=3)
    for _ in range(6):
        seat = state.to_act()[0]
        shuffled = hide_secrets(state, seat, random.Random(5))
        assert choose(state, seat, random.Random(9)) == choose(shuffled, seat, random.Random(9))
        state.apply(seat, choose(state, seat, random.Random(9)))


def test_determinize_keeps_what_the_seat_sees() -> None:
    state = playing(4)
    world = determinize(state, 0, random.Random(1))
    assert world.view(0) == state.view(0)
    assert world.positions[0].hand == state.positions[0].hand


def test_default_action_plays_a_whole_turn_and_a_game_of_defaults_moves_on() -> None:
    """Each default is the rest of a turn (a pawn with nothing to do here walks toward
    the Market first): the next position is to act after it."""
    state = playing(4)
    arrange(state, 0, node="jewel", hand=[], money=0)
    for _ in range(30):
        turn = (state.round, state.current)
        seat = state.to_act()[0]
        state.apply(seat, state.default_action(seat))
        assert (state.round, state.current) != turn
    assert state.round > 3


def test_default_action_scores_best_then_acts_then_ends() -> None:
    """The cheapest non-move action here: at the Market, with a cube to sell, a sale."""
    state = playing(4)
    arrange(state, 1, cubes={"cu": 3, "ag": 2, "j": 1})
    play(state, "change end")
    assert state.format_action(state.default_action(1)) == "score cu sell cu end"
    play(state, "score cu")
    assert state.format_action(state.default_action(1)) == "sell cu end"
    play(state, "sell cu")
    assert state.default_action(1) == End()


def test_registry_and_selfplay_command_know_mine_out() -> None:
    assert get_game("mine-out") is MineOutState
    assert main(["selfplay", "mine-out", "--players", "3", "--games", "1"]) == 0


@pytest.mark.parametrize(
    "break_it",
    [
        lambda s: s.positions[0].cubes.__setitem__(0, 1),  # a cube from nowhere
        lambda s: setattr(s, "bank", s.bank - 1),  # a coin lost
        lambda s: s.deck.pop(),  # a card lost
        lambda s: s.positions[0].hand.extend(["WO05", "WO06", "WO07"]),  # hand of 5
        lambda s: setattr(s.turn, "points", -1),
    ],
    ids=["cube", "coin", "card", "hand limit", "points"],
)
def test_invariants_catch_a_broken_state(break_it: object) -> None:
    state = playing(4)
    state.check_invariants()
    assert callable(break_it)
    break_it(state)
    with pytest.raises(AssertionError):
        state.check_invariants()
