"""Per game: a copy of a state with every secret a viewer may not know changed.

The generic contract and leak tests (tests/test_game_contract.py) compare what
a viewer is shown of a state and of such a copy: anything that differs leaked a
secret. A new game adds its shuffler here (docs/adding-a-game.md, step 6).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

from bot.games.base import GameState, Seat
from bot.games.coal_baron import CoalBaronState
from bot.games.mine_out import MineOutState
from bot.games.saboteur import SaboteurState
from tests.saboteur_support import hide_other_secrets
from tests.tinygame import TinyGame

Shuffler = Callable[[Any, Seat | None, random.Random], GameState[Any]]


def coal_baron_secrets(
    state: CoalBaronState, seat: Seat | None, rng: random.Random
) -> GameState[Any]:
    """The draw piles' order (the cards of a draw-5 under way are the drawer's)."""
    other = state.copy()
    rng.shuffle(other.tile_pile)
    rng.shuffle(other.order_pile)
    return other


def mine_out_secrets(
    state: MineOutState, seat: Seat | None, rng: random.Random
) -> GameState[Any]:
    """The hands of the positions `seat` does not play and the deck, mixed and dealt
    again in the same sizes (the discard pile and everything else are public)."""
    other = state.copy()
    hidden = [p for p in other.positions if seat is None or p.seat != seat]
    pool = [card for p in hidden for card in p.hand] + other.deck
    rng.shuffle(pool)
    for position in hidden:
        size = len(position.hand)
        position.hand, pool = pool[:size], pool[size:]
    other.deck = pool
    return other


def tiny_secrets(state: TinyGame, seat: Seat | None, rng: random.Random) -> GameState[Any]:
    """The cards of the other seats and the deck, until the end reveals them."""
    other = copy.deepcopy(state)
    if state.reached_by is not None:
        return other
    others = [s for s in range(state.num_players) if s != seat]
    pool = [other.cards[s] for s in others] + other.deck
    rng.shuffle(pool)
    for s in others:
        other.cards[s] = pool.pop()
    other.deck = pool
    return other


SHUFFLERS: dict[str, Shuffler] = {
    CoalBaronState.game_id: coal_baron_secrets,
    SaboteurState.game_id: hide_other_secrets,
    MineOutState.game_id: mine_out_secrets,
    TinyGame.game_id: tiny_secrets,
}
