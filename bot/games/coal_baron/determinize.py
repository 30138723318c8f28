"""A full Coal Baron state that one seat cannot tell from the real one.

Everything in Coal Baron is public except the order of the two piles and the
cards another seat is looking at on a draw-5 space. A determinization deals
those unknown cards again, at random, so a search can play the game on.
"""

from __future__ import annotations

import random

from bot.games.base import Seat
from bot.games.coal_baron.draw import TILES_KIND, DrawFive
from bot.games.coal_baron.state import CoalBaronState


def determinize(
    state: CoalBaronState, seat: Seat | None, rng: random.Random
) -> CoalBaronState:
    """A copy of `state` with what `seat` (None: a spectator) does not know drawn
    again from `rng`.

    The unknown cards of each pile (its order, and another seat's draw-5 hand
    of that kind) are pooled, sorted, shuffled and dealt back to the same
    places, so the result depends only on what `seat` sees and on `rng`. When
    `seat` is itself putting cards back, the ones it already put on top of or
    under the pile stay where it put them.
    """
    sample = state.copy()
    sample.seed = rng.getrandbits(63)
    pending = sample.pending
    for kind, pile in ((TILES_KIND, sample.tile_pile), ("orders", sample.order_pile)):
        hand: list[int] = []
        if isinstance(pending, DrawFive) and pending.kind == kind:
            if state.to_act() != (seat,):
                hand = pending.cards
            else:
                top, bottom = pending.on_top, pending.on_bottom
                middle = pile[top : len(pile) - bottom]
                pile[top : len(pile) - bottom] = _shuffled(middle, rng)
                continue
        unknown = _shuffled(hand + pile, rng)
        hand[:] = unknown[: len(hand)]
        pile[:] = unknown[len(hand) :]
    return sample


def _shuffled(cards: list[int], rng: random.Random) -> list[int]:
    cards = sorted(cards)
    rng.shuffle(cards)
    return cards
