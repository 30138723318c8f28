"""Shift scoring (the time clock), the next first player, and final conversions.

Every function returns a breakdown (counts and VP per seat) so the Discord
layer can explain who got what and why.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, fields

from bot.games.base import JSON, Seat
from bot.games.coal_baron.components import (
    COAL_ELEMENT,
    CUBES_PER_VP,
    ELEMENTS_SCORED,
    EMPTY_CART_ELEMENT,
    FRANCS_PER_VP,
    IMBALANCE_VP_PER_TILE,
    ORDERS,
    SCORING_ELEMENTS,
    UNDELIVERED_ORDER_VP,
    Order,
    ScoringElement,
)
from bot.games.coal_baron.player import Player


@dataclass(frozen=True, slots=True)
class ElementScore:
    """One element of the clock: each seat's count and the VP it was awarded."""

    element: ScoringElement
    counts: tuple[int, ...]
    awarded: tuple[int, ...]

    def to_json(self) -> JSON:
        return {
            "element": self.element.name,
            "first": self.element.first,
            "second": self.element.second if len(self.counts) > 2 else None,
            "counts": list(self.counts),
            "vp": list(self.awarded),
        }

    @classmethod
    def from_json(cls, data: JSON) -> ElementScore:
        """Read back `to_json` (a shift's view "shift_scores" or event "shift-end")."""
        by_name = {element.name: element for element in SCORING_ELEMENTS}
        return cls(by_name[data["element"]], tuple(data["counts"]), tuple(data["vp"]))


def element_count(element: ScoringElement, player: Player) -> int:
    """What `element` counts for `player`.

    Delivered orders only for coal (slots of that printed colour; the
    four-colour card counts one of each) and vehicles (all slots of that
    vehicle's cards); empty carts of that colour in the mine, printed carts
    included.
    """
    if element.kind == EMPTY_CART_ELEMENT:
        return sum(1 for cart in player.carts if cart.colour == element.param and cart.cube < 0)
    delivered = [ORDERS[card] for card in player.delivered]
    if element.kind == COAL_ELEMENT:
        return coal_delivered(delivered, element.param)
    return vehicle_slots_delivered(delivered, element.param)


def coal_delivered(orders: Iterable[Order], colour: int) -> int:
    """Slots printed in `colour` on the delivered `orders` (the four-colour card has one)."""
    return sum(order.slots.count(colour) for order in orders)


def vehicle_slots_delivered(orders: Iterable[Order], vehicle: int) -> int:
    """All slots of the delivered `orders` carried by `vehicle`."""
    return sum(len(order.slots) for order in orders if order.vehicle == vehicle)


def award(element: ScoringElement, counts: Sequence[int]) -> tuple[int, ...]:
    """VP per seat for one element.

    A seat needs at least 1 to score. All seats tied for first get first and
    then nobody gets second; otherwise all seats tied for second get second.
    With two players there is no second place.
    """
    awarded = [0] * len(counts)
    best = max(counts)
    if best < 1:
        return tuple(awarded)
    firsts = [seat for seat, count in enumerate(counts) if count == best]
    for seat in firsts:
        awarded[seat] = element.first
    if len(firsts) > 1 or len(counts) == 2:
        return tuple(awarded)
    runner_up = max((count for count in counts if count < best), default=0)
    if runner_up >= 1:
        for seat, count in enumerate(counts):
            if count == runner_up:
                awarded[seat] = element.second
    return tuple(awarded)


def shift_scoring(players: Sequence[Player], shift: int) -> list[ElementScore]:
    """The elements scored at the end of `shift` (4, 8 or all 12), in clock order."""
    scores = []
    for element in SCORING_ELEMENTS[: ELEMENTS_SCORED[shift]]:
        counts = tuple(element_count(element, player) for player in players)
        scores.append(ElementScore(element, counts, award(element, counts)))
    return scores


def next_first_player(factory_workers: Sequence[int], previous: Seat) -> Seat:
    """Most workers on the factory spaces takes the first player marker.

    On a tie, the tied seat nearest clockwise after `previous`; `previous`
    never keeps the marker on a tie (so with everyone tied, it passes on).
    """
    best = max(factory_workers)
    tied = [seat for seat, count in enumerate(factory_workers) if count == best]
    if len(tied) == 1:
        return tied[0]
    players = len(factory_workers)
    for step in range(1, players):
        seat = (previous + step) % players
        if seat in tied:
            return seat
    raise AssertionError("a tie has at least two seats")


@dataclass(frozen=True, slots=True)
class FinalConversion:
    """End-of-game conversions of one seat."""

    money: int
    money_vp: int
    money_left: int
    cubes: int
    cubes_vp: int
    undelivered: int
    undelivered_vp: int
    lit_tiles: int
    dark_tiles: int
    imbalance_vp: int

    @property
    def total(self) -> int:
        return self.money_vp + self.cubes_vp + self.undelivered_vp + self.imbalance_vp

    def to_json(self) -> JSON:
        return {**asdict(self), "total": self.total}

    @classmethod
    def from_json(cls, data: JSON) -> FinalConversion:
        """Read back `to_json` (an entry of the view's or the "game-end" event's
        "conversions")."""
        return cls(**{field.name: data[field.name] for field in fields(cls)})


def final_conversion(player: Player) -> FinalConversion:
    """+1 VP per 5 Francs (the rest is kept), +1 VP per 3 cubes owned anywhere,
    -1 VP per order not delivered, -2 VP per tile of lit/dark imbalance."""
    cubes = sum(player.cubes_owned())
    lit, dark = player.lit_and_dark_tiles()
    return FinalConversion(
        money=player.money,
        money_vp=player.money // FRANCS_PER_VP,
        money_left=player.money % FRANCS_PER_VP,
        cubes=cubes,
        cubes_vp=cubes // CUBES_PER_VP,
        undelivered=len(player.orders),
        undelivered_vp=UNDELIVERED_ORDER_VP * len(player.orders),
        lit_tiles=lit,
        dark_tiles=dark,
        imbalance_vp=IMBALANCE_VP_PER_TILE * abs(lit - dark),
    )


def winners(vp: Sequence[int], money: Sequence[int]) -> tuple[Seat, ...]:
    """Most VP, then most Francs left; still tied: shared victory."""
    best = max(zip(vp, money, strict=True))
    return tuple(seat for seat, key in enumerate(zip(vp, money, strict=True)) if key == best)
