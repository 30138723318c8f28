"""A full Mine Out state that one seat cannot tell from the real one.

Everything in Mine Out is public except the hands of the positions other seats
play (their sizes are public) and the order of the deck; the discard pile is
face up. Later reshuffles of the discard pile derive from the state's seed,
so the seed is drawn again too. A determinization deals the unknown cards
again at random, so a search (or the greedy player) can play the game on.
"""

from __future__ import annotations

import random

from bot.games.base import Seat
from bot.games.mine_out.state import MineOutState


def determinize(state: MineOutState, seat: Seat | None, rng: random.Random) -> MineOutState:
    """A copy of `state` with what `seat` does not know (None: a spectator) dealt
    again from `rng`: the deck and the hands of the positions other seats play,
    sizes kept.

    The unknown cards are pooled and sorted before the shuffle, so the result
    depends only on what `seat` sees and on `rng`, never on how the real cards lie.
    """
    world = state.copy()
    hidden = [p for p in world.positions if seat is None or p.seat != seat]
    pool = list(world.deck)
    for position in hidden:
        pool.extend(position.hand)
    pool.sort()
    rng.shuffle(pool)
    for position in hidden:
        size = len(position.hand)
        position.hand = pool[:size]
        del pool[:size]
    world.deck = pool
    world.seed = rng.randrange(2**32)
    return world
