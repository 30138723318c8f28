"""What one seat of a Saboteur game does not know, drawn again (`shuffle_secrets`).

Unlike the computer players' determinizer (`determinize.py`), this needs no
history and no belief: every unknown is dealt again uniformly. The discard
pile is kept as it is: which of its cards were seen face up is told by the
public history, not by the state, so a seat may know some of them.
"""

from __future__ import annotations

import random
from typing import TypeVar

from bot.games.base import Seat
from bot.games.saboteur.maze import GOAL_NAMES, GOAL_POSITIONS
from bot.games.saboteur.state import Phase, SaboteurState

T = TypeVar("T")


def shuffle_secrets(state: SaboteurState, seat: Seat | None, rng: random.Random) -> SaboteurState:
    """A copy of `state` with what `seat` (None: a spectator) does not know dealt
    again from `rng`: the other roles and the one set aside (during play), the
    other hands and the deck, the goals `seat` has not seen (the other seats'
    peeks follow), the other seats' gold, the gold deck and a gold pool `seat`
    does not hold (before the end), and the seed of later shuffles."""
    other = state.copy()
    other.seed = rng.getrandbits(63)
    others = [s for s in range(other.players) if s != seat]
    if other.phase == Phase.PLAY:
        roles = [other.roles[s] for s in others] + [other.aside]
        rng.shuffle(roles)
        for s in others:
            other.roles[s] = roles.pop()
        other.aside = roles.pop()
    _deal(rng, [*(other.hands[s] for s in others), other.deck])
    hidden = other.maze.hidden_goals
    seen = other.peeks[seat] if seat is not None else {}
    unseen = [pos for pos in sorted(hidden) if GOAL_NAMES[pos] not in seen]
    codes = [hidden[pos] for pos in unseen]
    rng.shuffle(codes)
    hidden.update(zip(unseen, codes, strict=True))
    for s in others:
        for name in other.peeks[s]:
            if GOAL_POSITIONS[name] in hidden:
                other.peeks[s][name] = hidden[GOAL_POSITIONS[name]]
    if other.phase != Phase.OVER:
        gold = [other.gold[s] for s in others] + [other.gold_deck]
        if seat not in other.to_act():
            gold.append(other.gold_pool)
        _deal(rng, gold)
    return other


def _deal(rng: random.Random, places: list[list[T]]) -> None:
    """Pool the contents of `places`, shuffle, and deal them back in the same sizes."""
    pool = [item for place in places for item in place]
    rng.shuffle(pool)
    for place in places:
        place[:], pool = pool[: len(place)], pool[len(place) :]
