"""What the Coal Baron images show, read from a seat's view.

The renderers draw these typed records, never the raw view; the ``*_from_view``
functions are the only places that know the view's JSON shape (docs/coal-baron.md,
section "View"). Colours and vehicles become the ints of
`bot.games.coal_baron.components`, tiles and order cards its `Tile` / `Order` designs;
the scoring records are the engine's own (`ElementScore`, `FinalConversion`), read
back with their ``from_json``.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.base import JSON
from bot.games.coal_baron.components import (
    COLOUR_NAMES,
    ORDER_BY_NAME,
    ORDERS,
    TILE_DESIGN_BY_NAME,
    TILE_DESIGNS,
    Order,
    Tile,
)
from bot.games.coal_baron.scoring import ElementScore, FinalConversion
from bot.games.coal_baron.shapes import CartView, CoalView, OrderView, TileView

Workers = tuple[tuple[int, int], ...]
"""(seat, count) pairs, seats with no worker left out."""


@dataclass(frozen=True)
class Pending:
    """A decision in progress: kind "draft", "place", "extraction", "draw-tiles" or
    "draw-orders", by `seat`."""

    kind: str
    seat: int
    moves: int = 0
    moves_left: int = 0


@dataclass(frozen=True)
class LastMove:
    """The seat that played the last turn and the worker space it took (a placement, a
    bought tile, a delivery...; None for a draft pick), from the turn's public events
    (`cogs.coal_baron.presenter.last_move`)."""

    seat: int
    space: str | None


@dataclass(frozen=True)
class Holdings:
    """What a seat's player panel on the board shows besides its name and VP (its orders are
    on the all-mines images)."""

    money: int
    workers: int
    """Workers left to place this shift."""


@dataclass(frozen=True)
class Board:
    """The shared board and the public facts about every seat."""

    players: int
    shift: int
    over: bool
    first_player: int
    to_act: tuple[int, ...]
    scores: tuple[int, ...]
    workers: dict[str, Workers]
    """Workers on each worker space, by space id (components.SPACES), bank included."""
    factory: tuple[Tile | None, ...]
    """The tile on each factory space f1..f8 (None: empty or locked)."""
    orders: tuple[Order | None, ...]
    """The order card on each order space o1..o4 (None: empty or locked)."""
    canteen: Workers
    tiles_left: int
    orders_left: int
    supply: tuple[int, ...]
    """Cubes left in the general supply, per colour."""
    pending: Pending | None
    holdings: tuple[Holdings, ...]
    draft: tuple[Order, ...]
    """The orders still on offer while the draft is on (empty afterwards)."""
    winners: tuple[int, ...] = ()
    """The winning seats once the game is over (ties broken by Francs left)."""


@dataclass(frozen=True)
class Gallery:
    """Carts side by side in a mine: a bought tile, or the cart printed on the mine board."""

    colour: int
    lit: bool
    cubes: tuple[int | None, ...]
    """The cube on each cart (None: empty)."""
    printed: bool = False


@dataclass(frozen=True)
class OrderInProgress:
    card: Order
    filled: tuple[tuple[int, ...], ...]
    """The cubes on each printed slot: () free, one cube, or two (the 2-for-1 rule)."""


@dataclass(frozen=True)
class Mine:
    """One seat's mine and holdings, all public in the physical game."""

    seat: int
    money: int
    workers: int
    vp: int
    galleries: tuple[Gallery, ...]
    """Level by level, lit side then dark side, each from the shaft outward."""
    cage_level: int
    """0 = surface, 1..4 = the levels."""
    cage: tuple[int, ...]
    stock: tuple[int, ...]
    """Cubes in the private stock, count per colour."""
    orders: tuple[OrderInProgress, ...]
    delivered: tuple[Order, ...]
    to_act: bool
    first_player: bool


@dataclass(frozen=True)
class Final:
    conversions: tuple[FinalConversion, ...]
    scores: tuple[int, ...]
    money_left: tuple[int, ...]
    winners: tuple[int, ...]
    standings: tuple[int, ...]


def colour(name: str) -> int:
    return COLOUR_NAMES.index(name)


def tile(data: TileView) -> Tile:
    return TILE_DESIGNS[TILE_DESIGN_BY_NAME[data["name"]]]


def order(data: OrderView) -> Order:
    return ORDERS[ORDER_BY_NAME[data["name"]]]


def drawn_card(data: TileView | OrderView) -> Tile | Order:
    """A card looked at on a draw-5 space: a tile or an order card (their names differ)."""
    name = data["name"]
    if name in TILE_DESIGN_BY_NAME:
        return TILE_DESIGNS[TILE_DESIGN_BY_NAME[name]]
    return ORDERS[ORDER_BY_NAME[name]]


def workers(counts: list[int]) -> Workers:
    return tuple((seat, count) for seat, count in enumerate(counts) if count)


def board_from_view(view: CoalView) -> Board:
    spaces = view["spaces"]
    pending = view["pending"]
    return Board(
        players=view["num_players"],
        shift=view["shift"],
        over=view["phase"] == "over",
        first_player=view["first_player"],
        to_act=tuple(view["to_act"]),
        scores=tuple(view["scores"]),
        workers={space["id"]: workers(space["workers"]) for space in spaces},
        factory=tuple(
            tile(space["tile"]) if space["tile"] else None
            for space in spaces
            if space["kind"] == "factory"
        ),
        orders=tuple(
            order(space["order"]) if space["order"] else None
            for space in spaces
            if space["kind"] == "order"
        ),
        canteen=workers(view["canteen"]),
        tiles_left=view["piles"]["tiles"],
        orders_left=view["piles"]["orders"],
        supply=tuple(view["supply"][name] for name in COLOUR_NAMES),
        pending=Pending(
            pending["kind"], pending["seat"], pending.get("moves", 0), pending.get("moves_left", 0)
        )
        if pending
        else None,
        holdings=tuple(
            Holdings(p["money"], p["workers_left"])
            for p in view["players"]
        ),
        draft=tuple(order(card) for card in view["draft"]) if view["phase"] == "draft" else (),
        winners=tuple(view["final"]["winners"]) if view["final"] else (),
    )


def _galleries(carts: list[CartView], lit: bool) -> list[Gallery]:
    """Group one side's carts into galleries: consecutive carts of one tile id make a tile."""
    galleries: list[Gallery] = []
    previous: int | None = None
    for cart in carts:
        cube = colour(cart["cube"]) if cart["cube"] else None
        tile_id = cart["tile_id"]
        if tile_id is not None and tile_id == previous:
            last = galleries[-1]
            galleries[-1] = Gallery(last.colour, lit, (*last.cubes, cube))
        else:
            galleries.append(Gallery(colour(cart["colour"]), lit, (cube,), tile_id is None))
        previous = tile_id
    return galleries


def mine_from_view(view: CoalView, seat: int) -> Mine:
    player = view["players"][seat]
    galleries = [
        gallery
        for level in player["mine"]
        for carts, lit in ((level["lit"], True), (level["dark"], False))
        for gallery in _galleries(carts, lit)
    ]
    return Mine(
        seat=seat,
        money=player["money"],
        workers=player["workers_left"],
        vp=player["vp"],
        galleries=tuple(galleries),
        cage_level=player["cage"]["level"],
        cage=tuple(colour(c) for c in player["cage"]["cubes"]),
        stock=tuple(player["stock"][name] for name in COLOUR_NAMES),
        orders=tuple(
            OrderInProgress(
                order(data), tuple(tuple(colour(c) for c in s["cubes"]) for s in data["filled"])
            )
            for data in player["orders"]
        ),
        delivered=tuple(order(data) for data in player["delivered"]),
        to_act=seat in view["to_act"],
        first_player=view["first_player"] == seat,
    )


def shift_results(elements: list[JSON]) -> tuple[ElementScore, ...]:
    """The ELEMENT_SCORE list of a shift (view "shift_scores" or event "shift-end")."""
    return tuple(ElementScore.from_json(data) for data in elements)


def final_from_view(data: JSON) -> Final:
    """The FINAL record (view "final" or event "game-end")."""
    return Final(
        conversions=tuple(FinalConversion.from_json(c) for c in data["conversions"]),
        scores=tuple(data["scores"]),
        money_left=tuple(data["money"]),
        winners=tuple(data["winners"]),
        standings=tuple(data["standings"]),
    )
