"""Seeded Saboteur positions for the renderer's tests and benchmark.

Random legal actions, with a taste for laying path cards towards the goals so
that the maze grows, and goals get turned over, as between real players.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

from bot.games.saboteur import SaboteurState
from bot.games.saboteur.actions import Action, PlacePath

PATH_PREFERENCE = 0.8
"""Chance of laying a path card, when one can be laid, rather than any legal action."""


def play(players: int, seed: int, stop: Callable[[SaboteurState], bool]) -> SaboteurState:
    """A new game of `players` played from `seed` until `stop(state)` or the end."""
    state = SaboteurState.new(players, seed)
    rng = random.Random(seed)
    while state.to_act() and not stop(state):
        seat = state.to_act()[0]
        actions = state.legal_actions(seat)
        paths = [a for a in actions if isinstance(a, PlacePath)]
        action: Action
        if paths and rng.random() < PATH_PREFERENCE:
            action = max(paths, key=lambda path: (path.x, rng.random()))  # furthest east
        else:
            action = rng.choice(actions)
        state.apply(seat, action)
    return state


def after(players: int, seed: int, actions: int) -> SaboteurState:
    """The position after `actions` actions (or the end, if sooner)."""
    checks = itertools.count()  # `stop` is asked once before each action
    return play(players, seed, lambda _: next(checks) >= actions)


def late_in_round(players: int, seed: int) -> SaboteurState:
    """The first position of the game where the draw pile is empty and cards are still played."""
    return play(players, seed, lambda state: state.phase == "play" and not state.deck)
