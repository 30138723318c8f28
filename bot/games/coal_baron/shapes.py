"""The shape of `CoalBaronState.view` (docs/coal-baron.md, "View"), as TypedDicts.

The view is plain JSON; these types name the parts the Discord layer reads, so
the presenters are type-checked against it (`as_view` casts once). The
renderers read the mine and tiles, which stay untyped here.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict, cast

from bot.games.base import JSON


class CageView(TypedDict):
    level: int
    cubes: list[str]


class SlotView(TypedDict):
    colour: str
    cubes: list[str]


class OrderView(TypedDict):
    name: str
    vehicle: str
    slots: list[str]
    vp: int


class OrderInProgressView(OrderView):
    filled: list[SlotView]
    free: int
    complete: bool


class TileView(TypedDict):
    name: str
    colour: str
    level: int
    carts: int
    lit: bool
    cost: int


class PlayerView(TypedDict):
    seat: int
    money: int
    vp: int
    workers_left: int
    workers_total: int
    cage: CageView
    stock: dict[str, int]
    orders: list[OrderInProgressView]
    delivered: list[OrderView]


class SpaceView(TypedDict):
    id: str
    kind: str
    param: int | str | None
    locked: bool
    tile: TileView | None
    order: OrderView | None
    workers: list[int]


class PendingView(TypedDict):
    """The decision in progress; which keys are present depends on `kind`."""

    kind: str
    seat: int
    picks_made: NotRequired[int]
    space: NotRequired[str]
    moves: NotRequired[int]
    moves_left: NotRequired[int]
    step: NotRequired[str]
    count: NotRequired[int]
    cards: NotRequired[list[Any] | None]
    returned_top: NotRequired[list[str]]
    returned_bottom: NotRequired[list[str]]


class CoalView(TypedDict):
    game: str
    viewer: int | None
    num_players: int
    phase: str
    shift: int
    first_player: int
    to_act: list[int]
    pending: PendingView | None
    scores: list[int]
    draft: list[OrderView]
    spaces: list[SpaceView]
    bank: list[int]
    piles: dict[str, int]
    supply: dict[str, int]
    players: list[PlayerView]
    final: Any


def as_view(view: JSON) -> CoalView:
    """`state.view(seat)` with its shape."""
    return cast(CoalView, view)
