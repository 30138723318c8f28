"""Conservation rules a Coal Baron state must keep after every action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.coal_baron.components import (
    CAGE_PLACES,
    CUBES_PER_COLOUR,
    FACTORY,
    LEVELS,
    ORDER,
    ORDERS,
    SHIFTS,
    SPACES,
    SURFACE,
    TILES,
)
from bot.games.coal_baron.draw import TILES_KIND, DrawFive

if TYPE_CHECKING:
    from bot.games.coal_baron.state import CoalBaronState


def check_invariants(state: CoalBaronState) -> None:
    """Raise AssertionError naming the broken rule.

    16 cubes of each colour in total, all 48 tiles and 44 orders exactly once,
    each seat's workers all accounted for, no negative money or supply, a cage
    of at most 5 cubes, and a legal action for the seat to act until the end.
    """
    cubes = list(state.supply)
    for player in state.players:
        for colour, count in enumerate(player.cubes_owned()):
            cubes[colour] += count
        assert player.money >= 0, "negative money"
        assert len(player.cage) <= CAGE_PLACES, "cage over 5 cubes"
        assert player.cage_level in (SURFACE, *LEVELS), "cage off the shaft"
    assert cubes == [CUBES_PER_COLOUR] * 4, f"cubes per colour {cubes}"
    assert min(state.supply) >= 0, "negative supply"

    on_board = list(enumerate(state.space_cards))
    tiles = state.tile_pile + [c for i, c in on_board if SPACES[i].kind == FACTORY and c >= 0]
    orders = state.order_pile + state.draft_cards
    orders += [c for i, c in on_board if SPACES[i].kind == ORDER and c >= 0]
    for player in state.players:
        tiles += player.tiles
        orders += [order.card for order in player.orders] + player.delivered
    if isinstance(state.pending, DrawFive):
        (tiles if state.pending.kind == TILES_KIND else orders).extend(state.pending.cards)
    assert sorted(tiles) == list(range(len(TILES))), "tiles lost or duplicated"
    assert sorted(orders) == list(range(len(ORDERS))), "orders lost or duplicated"

    for seat, player in enumerate(state.players):
        placed = sum(workers[seat] for workers in state.space_workers)
        total = player.workers + placed + state.canteen[seat]
        assert total == state.workers_per_player, f"seat {seat} has {total} workers"

    assert 1 <= state.shift <= SHIFTS, f"shift {state.shift}"
    assert state.is_over() == (not state.to_act()), "to act / over mismatch"
    for seat in state.to_act():
        assert state.legal_actions(seat), f"seat {seat} is to act but has no legal action"
