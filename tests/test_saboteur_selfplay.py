"""Seeded self-play of Saboteur for 3 to 10 players, with invariants after every action."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import pytest

from bot.games.base import Event
from bot.games.record import replay
from bot.games.saboteur import SaboteurState
from bot.games.saboteur.actions import (
    BreakTool,
    CardPlay,
    Discard,
    Peek,
    PlacePath,
    RepairTool,
    Rockfall,
)
from bot.games.saboteur.cards import TOOLS
from bot.games.saboteur.maze import GOAL_POSITIONS
from bot.games.selfplay import check_state, play_random_game
from bot.service.errors import IllegalAction
from tests.saboteur_support import digger_play, hide_other_secrets

PRIVATE_KINDS = {
    "dealt_digger", "dealt_saboteur", "card_drawn", "peeked_gold", "peeked_stone", "gold_received"
}
TOLD_TO_OTHER_SEATS = {"dealt_digger", "dealt_saboteur", "gold_received"}
"""Private events that may go to a seat other than the one acting (a deal, a card handed on)."""
FACE_UP_CARD_KINDS = {"path_played", "tool_repaired", "rockfall"}
"""Public events that may name a card: it lies face up on the table."""


def check_views(state: SaboteurState, rng: random.Random) -> None:
    """No view changes when the secrets its seat may not know are changed."""
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view
        assert hide_other_secrets(state, seat, rng).view(seat) == view, f"seat {seat} sees secrets"
        if seat is not None:
            assert Counter(card["card"] for card in view["you"]["hand"]) == Counter(
                state.hands[seat]
            )
            public = {k: v for k, v in view.items() if k not in ("seat", "you")}
            assert public == {k: v for k, v in state.view(None).items() if k != "seat"}


def check_events(events: list[Event], seat: int) -> None:
    for event in events:
        if event.seat is None:
            assert event.kind not in PRIVATE_KINDS, event
            assert "card" not in event.data or event.kind in FACE_UP_CARD_KINDS, event
            assert "value" not in event.data or event.kind == "gold_paid", event
        else:
            assert event.kind in PRIVATE_KINDS, event
            assert event.kind in TOLD_TO_OTHER_SEATS or event.seat == seat, event
            assert "value" not in event.data or event.kind == "gold_received", event


def play_checked(players: int, seed: int, views: bool = True) -> SaboteurState:
    """A game leaning towards the gold, every state (and, with `views`, every view) checked."""
    rng = random.Random(seed)
    state = SaboteurState.new(players, seed)
    check_state(state)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        assert len(legal) < 2000
        assert state.default_action(seat) in legal
        action = digger_play(rng, legal)
        check_events(state.apply(seat, action), seat)
        check_state(state)
        if views:
            check_views(state, rng)
    return state


@pytest.mark.parametrize("players", range(3, 11))
def test_games_towards_the_gold_keep_every_invariant_and_secret(players: int) -> None:
    state = play_checked(players, seed=100 + players)
    assert [entry["round"] for entry in state.history] == [1, 2, 3]


def test_self_play_reaches_every_ending() -> None:
    winners = Counter(
        entry["winner"]
        for players in (3, 4, 8)
        for seed in range(4)
        for entry in play_checked(players, seed, views=False).history
    )
    assert winners.keys() == {"diggers", "saboteurs", "nobody"}


def test_same_seed_and_actions_replay_the_same_game() -> None:
    first, record = play_random_game(SaboteurState, 6, 11, check=False)
    assert replay(record).to_json() == first.to_json()


def every_card_play(state: SaboteurState, seat: int) -> list[CardPlay]:
    """Every play of the seat's cards on any seat, goal or cell near the maze, legal or not."""
    bounds = state.view(None)["bounds"]
    cells = [
        (x, y)
        for x in range(bounds["min_x"] - 1, bounds["max_x"] + 2)
        for y in range(bounds["min_y"] - 1, bounds["max_y"] + 2)
    ]
    seats = range(-1, state.players + 1)
    hand = sorted(set(state.hands[seat]))
    plays: list[CardPlay] = [Discard(card) for card in hand]
    plays += [PlacePath(c, x, y, turn) for c in hand for x, y in cells for turn in (False, True)]
    plays += [BreakTool(tool, target) for tool in TOOLS for target in seats]
    plays += [RepairTool(c, tool, target) for c in hand for tool in TOOLS for target in seats]
    plays += [Rockfall(x, y) for x, y in cells]
    plays += [Peek(goal) for goal in GOAL_POSITIONS]
    return plays


def test_apply_accepts_exactly_the_legal_actions() -> None:
    rng = random.Random(5)
    state = SaboteurState.new(4, 5)
    for turn in itertools.count():
        if state.is_over():
            break
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if state.phase == "play" and turn % 15 == 0:
            before = state.to_json()
            for play in every_card_play(state, seat):
                trial = SaboteurState.from_json(before)
                try:
                    trial.apply(seat, play)
                except IllegalAction:
                    assert play not in legal, play
                    assert trial.to_json() == before, play
                else:
                    assert play in legal, play
        state.apply(seat, digger_play(rng, legal))
