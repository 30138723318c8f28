"""Random self-play: seeded games of random legal actions, checked after every action.

Used by ``python -m bot selfplay`` and by the engines' tests to shake out rule
bugs: after every action the state must keep its invariants, survive a JSON
round trip unchanged, and be over exactly when no seat is left to act.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any

from bot.games.base import JSON, GameState
from bot.games.record import format_entry

MAX_ACTIONS = 100_000
"""A game longer than this is taken to be stuck in a loop."""


class SelfPlayError(AssertionError):
    """A check failed; `record` replays the game up to and including the faulty action."""

    def __init__(self, message: str, record: dict[str, JSON]) -> None:
        super().__init__(message)
        self.record = record


def check_state(state: GameState[Any]) -> None:
    """Raise AssertionError if `state` breaks the interface's promises."""
    state.check_invariants()
    data = state.to_json()
    assert json.loads(json.dumps(data)) == data, "to_json() is not plain JSON"
    again = type(state).from_json(json.loads(json.dumps(data))).to_json()
    assert again == data, "from_json(to_json()) differs from the state"
    to_act = state.to_act()
    assert state.is_over() == (not to_act), f"is_over()={state.is_over()} but to_act={to_act}"
    for seat in range(state.num_players):
        legal = state.legal_actions(seat)
        if seat in to_act:
            assert legal, f"seat {seat} is to act but has no legal action"
        else:
            assert not legal, f"seat {seat} is not to act but has legal actions"


def play_out(
    state: GameState[Any],
    record: dict[str, JSON],
    move: Callable[[list[str]], None],
    *,
    check: bool,
) -> None:
    """Play `state` to its end, one `move` at a time: it chooses an action, adds its
    entry to the record's actions (the list it is given), then applies it. With
    `check`, every state is checked with `check_state`; any failure raises
    SelfPlayError naming the game, seed and action, carrying the record so far."""
    entries: list[str] = record["actions"]
    try:
        if check:
            check_state(state)
        while state.to_act():
            if len(entries) >= MAX_ACTIONS:
                raise AssertionError(f"no end after {MAX_ACTIONS} actions")
            move(entries)
            if check:
                check_state(state)
    except Exception as error:
        moment = f"action {len(entries) - 1}" if entries else "the initial state"
        where = f"{record['game']} seed {record['seed']}, {moment}"
        raise SelfPlayError(f"{where}: {type(error).__name__}: {error}", record) from error


def play_random_game(
    game_cls: type[GameState[Any]],
    players: int,
    seed: int,
    check: bool = True,
    options: Mapping[str, JSON] | None = None,
) -> tuple[GameState[Any], dict[str, JSON]]:
    """Play one game of uniformly random legal actions (seat and action) to its end.

    Both the game and the choices derive from `seed`. With `check`, every state
    is checked with `check_state` and every notation must parse back to its
    action; a failure raises SelfPlayError carrying the record so far.
    Returns the final state and the game's record.
    """
    options = dict(options or {})
    rng = random.Random(seed)
    state = game_cls.new(players, seed, options)
    record: dict[str, JSON] = {
        "game": game_cls.game_id,
        "players": players,
        "seed": seed,
        "options": options,
        "actions": [],
    }

    def move(entries: list[str]) -> None:
        seat = rng.choice(state.to_act())
        action = rng.choice(state.legal_actions(seat))
        notation = state.format_action(action)
        entries.append(format_entry(state, seat, notation))
        if check:
            parsed = state.parse_action(seat, notation)
            assert parsed == action, f"{notation!r} parses to {parsed!r}, not {action!r}"
        state.apply(seat, action)

    play_out(state, record, move, check=check)
    return state, record
