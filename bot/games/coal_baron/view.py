"""What one seat (or a spectator) sees; the shape is documented in docs/coal-baron.md.

Everything in Coal Baron is public except the order of the two piles (only
their sizes are shown) and the cards a seat looks at on a draw-5 space (only
that seat sees them; the others see how many).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.base import Seat
from bot.games.coal_baron.components import (
    BANK_INDEX,
    COLOUR_NAMES,
    DELIVERY,
    ELEMENTS_SCORED,
    FACTORY,
    LEVELS,
    ORDER,
    ORDERS,
    SCORING_ELEMENTS,
    SPACES,
    TILES,
    VEHICLE_NAMES,
)
from bot.games.coal_baron.draw import TILES_KIND, DrawFive, sides
from bot.games.coal_baron.extraction import Extraction
from bot.games.coal_baron.player import Cart, OrderInProgress, Player
from bot.games.coal_baron.shapes import (
    CartView,
    CoalView,
    OrderInProgressView,
    OrderView,
    PendingView,
    PlayerView,
    SpaceView,
    TileView,
)

if TYPE_CHECKING:
    from bot.games.coal_baron.state import CoalBaronState


def _colour(colour: int) -> str | None:
    return COLOUR_NAMES[colour] if colour >= 0 else None


def tile_view(tile: int) -> TileView:
    design = TILES[tile]
    return {
        "name": design.name,
        "colour": COLOUR_NAMES[design.colour],
        "level": design.level,
        "carts": design.carts,
        "lit": design.lit,
        "cost": design.cost,
    }


def order_view(card: int) -> OrderView:
    order = ORDERS[card]
    return {
        "name": order.name,
        "vehicle": VEHICLE_NAMES[order.vehicle],
        "slots": [COLOUR_NAMES[c] for c in order.slots],
        "vp": order.vp,
    }


def _cart_view(cart: Cart) -> CartView:
    return {
        "tile": TILES[cart.tile].name if cart.tile >= 0 else None,
        "tile_id": cart.tile if cart.tile >= 0 else None,
        "colour": COLOUR_NAMES[cart.colour],
        "cube": _colour(cart.cube),
    }


def _order_in_progress_view(order: OrderInProgress) -> OrderInProgressView:
    printed = ORDERS[order.card].slots
    return {
        **order_view(order.card),
        "filled": [
            {"colour": COLOUR_NAMES[printed[i]], "cubes": [COLOUR_NAMES[c] for c in cubes]}
            for i, cubes in enumerate(order.slots)
        ],
        "free": sum(1 for cubes in order.slots if not cubes),
        "complete": order.complete(),
    }


def _player_view(state: CoalBaronState, seat: Seat, player: Player) -> PlayerView:
    lit, dark = player.lit_and_dark_tiles()
    return {
        "seat": seat,
        "money": player.money,
        "vp": player.vp,
        "workers_left": player.workers,
        "workers_total": state.workers_per_player,
        "mine": [
            {
                "level": level,
                "colour": COLOUR_NAMES[level - 1],
                "lit": [_cart_view(c) for c in player.carts if c.level == level and c.lit],
                "dark": [_cart_view(c) for c in player.carts if c.level == level and not c.lit],
            }
            for level in LEVELS
        ],
        "tiles": {"lit": lit, "dark": dark},
        "cage": {"level": player.cage_level, "cubes": [COLOUR_NAMES[c] for c in player.cage]},
        "stock": {COLOUR_NAMES[c]: count for c, count in enumerate(player.stock)},
        "orders": [_order_in_progress_view(order) for order in player.orders],
        "delivered": [order_view(card) for card in player.delivered],
    }


def _space_view(state: CoalBaronState, index: int) -> SpaceView:
    space = SPACES[index]
    card = state.space_cards[index]
    return {
        "id": space.id,
        "kind": space.kind,
        "param": VEHICLE_NAMES[space.param] if space.kind == DELIVERY else space.param,
        "locked": state.locked(index),
        "tile": tile_view(card) if space.kind == FACTORY and card >= 0 else None,
        "order": order_view(card) if space.kind == ORDER and card >= 0 else None,
        "workers": list(state.space_workers[index]),
    }


def _pending_view(state: CoalBaronState, seat: Seat | None) -> PendingView | None:
    pending = state.pending
    acting = state.to_act()
    if state.phase == "draft":
        return {"kind": "draft", "seat": acting[0], "picks_made": state.draft_picks}
    if isinstance(pending, Extraction):
        return {
            "kind": "extraction",
            "seat": acting[0],
            "space": pending.space,
            "moves": pending.moves,
            "moves_left": pending.left,
        }
    if isinstance(pending, DrawFive):
        drawing = acting[0]
        shown: list[TileView] | list[OrderView] | None = None
        if seat == drawing:
            if pending.kind == TILES_KIND:
                shown = [tile_view(c) for c in pending.cards]
            else:
                shown = [order_view(c) for c in pending.cards]
        return {
            "kind": "draw-tiles" if pending.kind == TILES_KIND else "draw-orders",
            "seat": drawing,
            "space": pending.space,
            "step": "return" if pending.kept else "keep",
            "count": len(pending.cards),
            "cards": shown,
            "returned_top": pending.on_top,
            "returned_bottom": pending.on_bottom,
            "sides": ["bottom" if bottom else "top" for bottom in sides(pending)],
        }
    if acting:
        return {"kind": "place", "seat": acting[0]}
    return None


def state_view(state: CoalBaronState, seat: Seat | None) -> CoalView:
    """The public state plus `seat`'s own secret (cards it is looking at)."""
    return {
        "game": state.game_id,
        "viewer": seat,
        "num_players": state.num_players,
        "phase": state.phase,
        "shift": state.shift,
        "first_player": state.first_player,
        "to_act": list(state.to_act()),
        "pending": _pending_view(state, seat),
        "scores": list(state.scores()),
        "draft": [order_view(card) for card in state.draft_cards],
        "spaces": [_space_view(state, index) for index in range(len(SPACES))],
        "bank": list(state.space_workers[BANK_INDEX]),
        "canteen": list(state.canteen),
        "piles": {"tiles": len(state.tile_pile), "orders": len(state.order_pile)},
        "supply": {COLOUR_NAMES[c]: count for c, count in enumerate(state.supply)},
        "scoring": [
            {
                "element": e.name,
                "first": e.first,
                "second": e.second if state.num_players > 2 else None,
            }
            for e in SCORING_ELEMENTS[: ELEMENTS_SCORED[state.shift]]
        ],
        "shift_scores": state.shift_scores,
        "players": [_player_view(state, s, p) for s, p in enumerate(state.players)],
        "final": state.final,
    }
