"""Seeded Coal Baron positions for the renderer's tests and benchmark.

Random legal actions, with a taste for delivering, filling orders and taking cubes, so
that mines empty and orders get delivered as between real players.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.games.base import Seat
from bot.games.coal_baron.actions import Action
from bot.games.coal_baron.extraction import Extraction
from bot.games.coal_baron.state import CoalBaronState

PREFERENCE = 0.85
"""Chance of taking a preferred kind of action, when there is one, rather than any."""
PREFERRED: tuple[Callable[[str], bool], ...] = (
    lambda notation: notation in ("dh", "dw", "dt", "dl"),  # deliver
    lambda notation: ">" in notation and not notation.endswith(">s"),  # fill an order slot
    lambda notation: notation.startswith("+"),  # load a cube into the cage
    lambda notation: notation.startswith("c"),  # move the cage
)


def choose(state: CoalBaronState, seat: Seat, rng: random.Random) -> Action:
    actions = state.legal_actions(seat)
    if isinstance(state.pending, Extraction):
        notations = [state.format_action(action) for action in actions]
        for preferred in PREFERRED:
            good = [a for a, n in zip(actions, notations, strict=True) if preferred(n)]
            if good and rng.random() < PREFERENCE:
                return rng.choice(good)
    else:
        deliveries = [a for a in actions if state.format_action(a).startswith("d")]
        if deliveries and rng.random() < PREFERENCE:
            return rng.choice(deliveries)
    return rng.choice(actions)


def play(players: int, seed: int, stop: Callable[[CoalBaronState], bool]) -> CoalBaronState:
    """A new game of `players` played from `seed` until `stop(state)` or the end."""
    state = CoalBaronState.new(players, seed)
    rng = random.Random(seed)
    while state.to_act() and not stop(state):
        seat = state.to_act()[0]
        state.apply(seat, choose(state, seat, rng))
    return state


def mid_game(players: int, seed: int) -> CoalBaronState:
    """Shift 2 with half the workers placed."""

    def half_placed(state: CoalBaronState) -> bool:
        left = sum(player.workers for player in state.players)
        return state.shift == 2 and 2 * left <= players * state.workers_per_player

    return play(players, seed, half_placed)


def pending(players: int, seed: int, kind: str) -> CoalBaronState:
    """The first position where the seat to act is in a decision of `kind` ("draw-tiles"...)."""
    state = play(players, seed, lambda s: (s.view(None)["pending"] or {}).get("kind") == kind)
    assert state.to_act(), f"seed {seed} never reached a {kind} decision"
    return state
