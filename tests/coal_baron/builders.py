"""Build Coal Baron positions for tests without breaking conservation.

Cards and tiles are moved from wherever they are (pile, board, draft) and
cubes come from the supply, so `check_invariants()` keeps holding.
"""

from __future__ import annotations

import random

from bot.games.coal_baron import CoalBaronState
from bot.games.coal_baron.actions import order_id
from bot.games.coal_baron.components import (
    ORDERS,
    SPACES,
    TILE_DESIGN_BY_NAME,
    TILE_DESIGNS,
    tile_design,
)
from bot.games.coal_baron.player import OrderInProgress
from bot.games.coal_baron.state import PLAY


def playing(
    players: int = 3, seed: int = 1, first_player: int = 0, put_back: str = "mixed"
) -> CoalBaronState:
    """A game just after the draft (every seat took the first revealed order each time)."""
    options = {"first_player": first_player, "put_back": put_back}
    state = CoalBaronState.new(players, seed, options)
    while state.phase != PLAY:
        seat = state.to_act()[0]
        state.apply(seat, state.default_action(seat))
    return state


def play(state: CoalBaronState, text: str) -> None:
    """Apply one line for the seat to act."""
    seat = state.to_act()[0]
    state.apply(seat, state.parse_action(seat, text))


def take_tile(state: CoalBaronState, name: str) -> int:
    """Remove a tile of design `name` from the pile or a factory space."""
    design = TILE_DESIGN_BY_NAME[name]
    for tile in state.tile_pile:
        if tile_design(tile) == design:
            state.tile_pile.remove(tile)
            return tile
    for index, tile in enumerate(state.space_cards):
        if SPACES[index].kind == "factory" and tile >= 0 and tile_design(tile) == design:
            state.space_cards[index] = state.tile_pile.pop(0)
            return tile
    raise AssertionError(f"no {name} tile left")


def give_tile(state: CoalBaronState, seat: int, name: str, *, cubes: bool = True) -> int:
    tile = take_tile(state, name)
    design = TILE_DESIGNS[TILE_DESIGN_BY_NAME[name]]
    carts_cubes = [design.colour if cubes else -1] * design.carts
    for cube in carts_cubes:
        if cube >= 0:
            state.supply[cube] -= 1
    state.players[seat].add_tile(tile, carts_cubes)
    return tile


def take_order(state: CoalBaronState, name: str) -> int:
    """Remove order card `name` from wherever it is (pile, draft, board, a player)."""
    card = order_id(name)
    order_spaces = {
        state.space_cards[i]: i for i, space in enumerate(SPACES) if space.kind == "order"
    }
    if card in state.order_pile:
        state.order_pile.remove(card)
    elif card in state.draft_cards:
        state.draft_cards.remove(card)
    elif card in order_spaces:
        state.space_cards[order_spaces[card]] = state.order_pile.pop(0)
    else:
        for player in state.players:
            order = player.order(card)
            if order is not None:
                for cube in order.cubes():
                    state.supply[cube] += 1
                player.orders.remove(order)
            if card in player.delivered:
                player.delivered.remove(card)
    return card


def give_order(state: CoalBaronState, seat: int, name: str, *, complete: bool = False) -> int:
    card = take_order(state, name)
    order = OrderInProgress.new(card)
    if complete:
        for index, colour in enumerate(ORDERS[card].slots):
            state.supply[colour] -= 1
            order.slots[index].append(colour)
    state.players[seat].orders.append(order)
    return card


def give_delivered(state: CoalBaronState, seat: int, *names: str) -> None:
    for name in names:
        state.players[seat].delivered.append(take_order(state, name))


def positions(count: int) -> list[CoalBaronState]:
    """States met along seeded random games (all phases and pending decisions)."""
    states = []
    rng = random.Random(5)
    for seed in range(count):
        state = CoalBaronState.new(2 + seed % 3, seed)
        while not state.is_over():
            seat = state.to_act()[0]
            if rng.random() < 0.05:
                states.append(state.copy())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return states
