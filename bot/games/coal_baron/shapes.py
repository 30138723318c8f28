"""The shape of `CoalBaronState.view` (docs/coal-baron.md, "View"), as TypedDicts:
built by `view.state_view`, read by the presenters (through `as_view`, which
names the shape of the engine interface's plain JSON) and the renderers."""

from __future__ import annotations

from typing import NotRequired, TypedDict, cast

from bot.games.base import JSON, Seat


class TileView(TypedDict):
    name: str
    colour: str
    level: int
    carts: int
    lit: bool
    cost: int


class OrderView(TypedDict):
    name: str
    vehicle: str
    slots: list[str]
    vp: int


class SlotView(TypedDict):
    colour: str
    """The colour printed on the slot."""
    cubes: list[str]


class OrderInProgressView(OrderView):
    filled: list[SlotView]
    free: int
    complete: bool


class CartView(TypedDict):
    tile: str | None
    """The name of the tile the cart is on; None for a starting cart."""
    tile_id: int | None
    colour: str
    cube: str | None


class MineLevel(TypedDict):
    level: int
    colour: str
    lit: list[CartView]
    dark: list[CartView]


class TilesView(TypedDict):
    lit: int
    dark: int


class CageView(TypedDict):
    level: int
    cubes: list[str]


class PlayerView(TypedDict):
    seat: Seat
    money: int
    vp: int
    workers_left: int
    workers_total: int
    mine: list[MineLevel]
    tiles: TilesView
    cage: CageView
    stock: dict[str, int]
    """Colour name -> cubes."""
    orders: list[OrderInProgressView]
    delivered: list[OrderView]


class SpaceView(TypedDict):
    id: str
    kind: str
    param: str | int | None
    """The vehicle name of a delivery space; else the space's number parameter."""
    locked: bool
    tile: TileView | None
    order: OrderView | None
    workers: list[int]


class PendingView(TypedDict):
    """The decision under way: `kind` ("draft", "extraction", "draw-tiles",
    "draw-orders" or "place") and the seat making it; the other keys by kind."""

    kind: str
    seat: Seat
    picks_made: NotRequired[int]
    space: NotRequired[str]
    moves: NotRequired[int]
    moves_left: NotRequired[int]
    step: NotRequired[str]
    count: NotRequired[int]
    cards: NotRequired[list[TileView] | list[OrderView] | None]
    """The cards looked at: only in the drawer's own view."""
    returned_top: NotRequired[int]
    returned_bottom: NotRequired[int]
    sides: NotRequired[list[str]]


class PilesView(TypedDict):
    tiles: int
    orders: int


class ScoringElementView(TypedDict):
    element: str
    first: int
    second: int | None


class CoalView(TypedDict):
    """What `CoalBaronState.view` returns (docs/coal-baron.md, "View")."""

    game: str
    viewer: Seat | None
    num_players: int
    phase: str
    shift: int
    first_player: Seat
    to_act: list[Seat]
    pending: PendingView | None
    scores: list[int]
    draft: list[OrderView]
    spaces: list[SpaceView]
    bank: list[int]
    canteen: list[int]
    piles: PilesView
    supply: dict[str, int]
    scoring: list[ScoringElementView]
    players: list[PlayerView]
    shift_scores: list[JSON]
    """The engine's scoring records (`ElementScore.to_json`), read back with ``from_json``."""
    final: JSON
    """The engine's final record (None until the end)."""


def as_view(view: JSON) -> CoalView:
    """`state.view(seat)` with its shape."""
    return cast(CoalView, view)
