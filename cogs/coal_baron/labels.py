"""Coal Baron in words: what a space, a card or a step of the notation does, in a locale.

Labels are built from the engine's action values and from `state.view(seat)` (the
documented view, see docs/coal-baron.md), so they never show a hidden card.
Every text comes from the catalogs (keys ``coal.*``; colour and vehicle names
reuse the engine's ``coal-baron.colour.*`` / ``coal-baron.vehicle.*``).
"""

from __future__ import annotations

from typing import Any

from bot.games.coal_baron.actions import (
    Action,
    Buy,
    Cage,
    Compound,
    Cube,
    Draft,
    End,
    Keep,
    Load,
    Place,
    Return,
    Stow,
    Take,
)
from bot.games.coal_baron.components import (
    COLOUR_NAMES,
    DELIVERY,
    ORDER_BY_NAME,
    ORDERS,
    SPACE_INDEX,
    SPACES,
    TILE_DESIGN_BY_NAME,
    TILE_DESIGNS,
    VEHICLE_NAMES,
)
from bot.games.coal_baron.shapes import CoalView, OrderInProgressView, SpaceView
from bot.i18n import LocaleLike, t

View = CoalView
"""What ``state.view(seat)`` returns (`bot.games.coal_baron.shapes`)."""

SPACE_KINDS_WITH_CARDS = ("factory", "order")


def colour_name(locale: LocaleLike, colour: str | int) -> str:
    name = COLOUR_NAMES[colour] if isinstance(colour, int) else colour
    return t(locale, f"coal-baron.colour.{name}")


def vehicle_name(locale: LocaleLike, vehicle: str | int) -> str:
    name = VEHICLE_NAMES[vehicle] if isinstance(vehicle, int) else vehicle
    return t(locale, f"coal-baron.vehicle.{name}")


def tile_text(locale: LocaleLike, name: str) -> str:
    """``grey, 2 carts, lit, 6 F``: the tile named `name` (``g2l``) in words."""
    design = TILE_DESIGNS[TILE_DESIGN_BY_NAME[name]]
    return t(
        locale,
        "coal.tile",
        colour=colour_name(locale, design.colour),
        carts=design.carts,
        side=t(locale, "coal.side.lit" if design.lit else "coal.side.dark"),
        cost=design.cost,
    )


def order_text(locale: LocaleLike, name: str) -> str:
    """``horse wagon, grey grey, 7 VP``: the order card named `name` (``WGG``) in words."""
    order = ORDERS[ORDER_BY_NAME[name]]
    return t(
        locale,
        "coal.order",
        vehicle=vehicle_name(locale, order.vehicle),
        slots=" ".join(colour_name(locale, c) for c in order.slots),
        vp=order.vp,
    )


def order_short(locale: LocaleLike, order: OrderInProgressView) -> str:
    """``horse wagon (7 VP)``: an order in progress, its slots left to `slots_text`."""
    vehicle = vehicle_name(locale, order["vehicle"])
    return t(locale, "coal.order.short", vehicle=vehicle, vp=order["vp"])


def slots_text(locale: LocaleLike, order: OrderInProgressView) -> str:
    """The slots of an order in progress, ✓ on the filled ones: ``[grey ✓] [grey]``."""
    return " ".join(
        f"[{colour_name(locale, slot['colour'])}{' ✓' if slot['cubes'] else ''}]"
        for slot in order["filled"]
    )


def card_text(locale: LocaleLike, name: str) -> str:
    """A tile or an order card, by its notation name."""
    return tile_text(locale, name) if name in TILE_DESIGN_BY_NAME else order_text(locale, name)


def space_of(view: View, space_id: str) -> SpaceView:
    return next(space for space in view["spaces"] if space["id"] == space_id)


def workers_needed(space: SpaceView) -> int:
    """Workers a placement on `space` costs: 1 on the bank or an empty space, else one
    more than the workers already there."""
    return 1 if space["kind"] == "bank" else sum(space["workers"]) + 1


def delivery_vp(view: View, seat: int, vehicle: str) -> int:
    """The VP `seat` would score by delivering its complete `vehicle` orders now."""
    orders = view["players"][seat]["orders"]
    return sum(o["vp"] for o in orders if o["complete"] and o["vehicle"] == vehicle)


def space_name(locale: LocaleLike, space_id: str) -> str:
    """A worker space as the board image names it: its section and the number on its tab
    (``Factory 3``, ``Orders 2``), its moves or Francs (``Mining 8``, ``Money 5 F``), its
    vehicle (``Delivery by truck``), ``Factory Draw 5``, ``Bank``; never its id."""
    space = SPACES[SPACE_INDEX[space_id]]
    vehicle = vehicle_name(locale, space.param) if space.kind == DELIVERY else ""
    return t(locale, f"coal.name.{space.kind}", number=space.param, vehicle=vehicle)


def space_label(locale: LocaleLike, view: View, seat: int, space_id: str) -> str:
    """What a placement on the space gives, e.g. ``Mining 8: mine with 8 moves``."""
    space = space_of(view, space_id)
    kind, param = space["kind"], space["param"]
    params: dict[str, Any] = {"space": space_name(locale, space_id)}
    tile, order = space["tile"], space["order"]
    if tile is not None:
        params["tile"] = tile_text(locale, tile["name"])
    elif order is not None:
        params["order"] = order_text(locale, order["name"])
    elif kind in ("factory-draw", "order-draw"):
        params["left"] = view["piles"]["tiles" if kind == "factory-draw" else "orders"]
    elif kind == "mining":
        params["moves"] = param
    elif kind == "money":
        params["francs"] = param
    elif kind == "delivery":
        assert isinstance(param, str)
        params["vehicle"] = vehicle_name(locale, param)
        params["vp"] = delivery_vp(view, seat, param)
    return t(locale, f"coal.space.{kind}", **params)


def workers_text(locale: LocaleLike, view: View, space_id: str) -> str:
    """``2 workers``: the cost of a placement (the workers left are said once, in the
    select's placeholder)."""
    return t(locale, "coal.workers", count=workers_needed(space_of(view, space_id)))


def fill_text(locale: LocaleLike, fill: tuple[int, ...]) -> str:
    """The colours chosen for carts the supply can't fill (empty without shortage)."""
    if not fill:
        return ""
    colours = ", ".join(colour_name(locale, c) for c in fill)
    return " " + t(locale, "coal.fill", colours=colours)


def _cube_text(locale: LocaleLike, cube: Cube) -> str:
    key = "coal.cube.stock" if cube.from_stock else "coal.cube.cage"
    return t(locale, key, colour=colour_name(locale, cube.colour))


def cubes_text(locale: LocaleLike, cubes: tuple[Cube, ...]) -> str:
    """``yellow from the cage``, ``2 × yellow from the cage``, ``yellow from the cage +
    grey from the stock``: the cubes of a load."""
    if len(cubes) == 2 and cubes[0] == cubes[1]:
        return t(locale, "coal.cubes.same", count=2, cube=_cube_text(locale, cubes[0]))
    return " + ".join(_cube_text(locale, cube) for cube in cubes)


def held_order_text(locale: LocaleLike, view: View, seat: int, order: int) -> str:
    """``the horse wagon order (7 VP)``: an order `seat` holds, by its vehicle and VP, its
    slots added only when another order held has the same vehicle and VP (labels stay
    short enough for Discord's 100 characters, and distinct)."""
    card = ORDERS[order]
    vehicle = vehicle_name(locale, card.vehicle)
    twins = [
        held for held in view["players"][seat]["orders"]
        if held["vehicle"] == VEHICLE_NAMES[card.vehicle] and held["vp"] == card.vp
    ]
    if len(twins) <= 1:
        return t(locale, "coal.order.held", vehicle=vehicle, vp=card.vp)
    slots = " ".join(colour_name(locale, colour) for colour in card.slots)
    return t(locale, "coal.order.held_slots", vehicle=vehicle, slots=slots, vp=card.vp)


def step_label(locale: LocaleLike, view: View, seat: int, action: Action) -> str:
    """A sentence for one step of the notation (or a compound line, step by step)."""
    match action:
        case Compound(steps):
            return " · ".join(step_label(locale, view, seat, step) for step in steps)
        case Draft(order):
            return t(locale, "coal.step.draft", order=order_text(locale, ORDERS[order].name))
        case Place(space):
            return space_label(locale, view, seat, space)
        case Buy(space, fill):
            return space_label(locale, view, seat, space) + fill_text(locale, fill)
        case Keep(None, _):
            return t(locale, "coal.step.keep_none")
        case Keep(str(card), fill):
            text = t(locale, "coal.step.keep", card=card_text(locale, card))
            return text + fill_text(locale, fill)
        case Return(card, bottom):
            key = "coal.step.bottom" if bottom else "coal.step.top"
            return t(locale, key, card=card_text(locale, card))
        case Cage(0):
            return t(locale, "coal.step.surface")
        case Cage(level):
            return t(locale, "coal.step.cage", level=level)
        case Take(colour):
            return t(locale, "coal.step.take", colour=colour_name(locale, colour))
        case Load(cubes, order, slot):
            return t(
                locale,
                "coal.step.load" if len(cubes) == 1 else "coal.step.load2",
                cubes=cubes_text(locale, cubes),
                order=held_order_text(locale, view, seat, order),
                slot=t(locale, f"coal.slot.{COLOUR_NAMES[slot]}"),
            )
        case Stow(colour):
            return t(locale, "coal.step.stow", colour=colour_name(locale, colour))
        case End():
            return t(locale, "coal.step.end")
    raise TypeError(f"not a Coal Baron action: {action!r}")
