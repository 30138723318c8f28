"""Mid-game positions for the computer players' tests."""

from __future__ import annotations

import random
from typing import Any, TypeVar

from bot.games.base import Event, GameState

S = TypeVar("S", bound=GameState[Any])


def midgame(game_cls: type[S], players: int, seed: int, actions: int) -> tuple[S, list[Event]]:
    """A game after `actions` random legal actions, and every event so far."""
    rng = random.Random(seed)
    state = game_cls.new(players, seed)
    events: list[Event] = []
    for _ in range(actions):
        if state.is_over():
            break
        seat = state.to_act()[0]
        events += state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state, events
