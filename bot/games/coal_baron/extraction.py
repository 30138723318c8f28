"""Extraction: the moves of the cage, the cubes and the orders of one player.

An extraction is a pending decision of the seat that placed on a mining
space: each step is one action (so `legal_actions` stays small); steps cost
1 move each, a two-cube load costs 2. It ends when the moves run out or on
`End`. Cubes only move inside the player's own area, so the supply is
untouched here.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from itertools import combinations_with_replacement

from bot.games.base import JSON
from bot.games.coal_baron.actions import Cage, Cube, End, Load, Step, Stow, Take
from bot.games.coal_baron.components import CAGE_PLACES, COLOUR_NAMES, COLOURS, LEVELS, SURFACE
from bot.games.coal_baron.player import Player
from bot.games.errors import IllegalAction


@dataclass(slots=True)
class Extraction:
    """An extraction in progress: moves left and a summary for the announcement."""

    space: str
    moves: int
    left: int
    taken: int = 0
    loaded: int = 0
    stowed: int = 0

    def to_json(self) -> JSON:
        return asdict(self)

    @classmethod
    def from_json(cls, data: JSON) -> Extraction:
        return cls(**data)

    def copy(self) -> Extraction:
        return replace(self)


def _available_cubes(player: Player) -> list[tuple[Cube, int]]:
    """Cubes that can go onto an order now, with how many there are of each."""
    available: list[tuple[Cube, int]] = []
    if player.cage_level == SURFACE:
        for colour in COLOURS:
            count = player.cage.count(colour)
            if count:
                available.append((Cube(colour), count))
    for colour in COLOURS:
        if player.stock[colour]:
            available.append((Cube(colour, True), player.stock[colour]))
    return available


def legal_steps(player: Player, extraction: Extraction) -> list[Step]:
    """Every single step the player may take now, in a stable order."""
    steps: list[Step] = [Cage(level) for level in (SURFACE, *LEVELS) if level != player.cage_level]
    level = player.cage_level
    if level != SURFACE:
        if len(player.cage) < CAGE_PLACES:
            colours = {cart.cube for cart in player.carts if cart.level == level}
            steps.extend(Take(colour) for colour in COLOURS if colour in colours)
    else:
        steps.extend(Stow(colour) for colour in COLOURS if colour in player.cage)
    available = _available_cubes(player)
    pairs = []
    if extraction.left >= 2:
        pairs = [
            (a, b)
            for (a, count_a), (b, _) in combinations_with_replacement(available, 2)
            if a != b or count_a >= 2
        ]
    for order in player.orders:
        free = order.free_colours()
        for cube, _ in available:
            if cube.colour in free:
                steps.append(Load((cube,), order.card, cube.colour))
        for slot in free:
            steps.extend(Load(pair, order.card, slot) for pair in pairs)
    steps.append(End())
    return steps


def check_step(player: Player, extraction: Extraction, step: Step) -> None:
    """Raise `IllegalAction` if `step` cannot be played now."""
    cost = len(step.cubes) if isinstance(step, Load) else 1
    if not isinstance(step, End) and cost > extraction.left:
        raise IllegalAction(
            f"not enough moves left ({extraction.left}, this costs {cost})",
            reason_key="coal-baron.no-moves-left",
            left=extraction.left,
            cost=cost,
        )
    match step:
        case Cage(level):
            if level not in (SURFACE, *LEVELS) or level == player.cage_level:
                raise IllegalAction(
                    f"the cage is already at level {level}",
                    reason_key="coal-baron.cage-already-there",
                    level=level,
                )
        case Take(colour):
            if player.cage_level == SURFACE:
                raise IllegalAction(
                    "the cage is at the surface: move it down to a level first",
                    reason_key="coal-baron.cage-at-surface",
                )
            if len(player.cage) >= CAGE_PLACES:
                raise IllegalAction(
                    "the cage is full (5 cubes)", reason_key="coal-baron.cage-full"
                )
            if not any(c.cube == colour and c.level == player.cage_level for c in player.carts):
                raise IllegalAction(
                    f"no {COLOUR_NAMES[colour]} cube on a cart of level {player.cage_level}",
                    reason_key="coal-baron.no-cube-here",
                    colour=COLOUR_NAMES[colour],
                    level=player.cage_level,
                )
        case Stow(colour):
            _check_cage_cubes(player, [colour])
        case Load(cubes, card, slot):
            _check_load(player, cubes, card, slot)
        case End():
            pass
        case _:
            raise IllegalAction(
                "an extraction is in progress: play a move or 'end'",
                reason_key="coal-baron.extraction-in-progress",
            )


def _check_cage_cubes(player: Player, colours: list[int]) -> None:
    if not colours:
        return
    if player.cage_level != SURFACE:
        raise IllegalAction(
            "cubes leave the cage only at the surface: move the cage up first (c0)",
            reason_key="coal-baron.cage-not-at-surface",
        )
    for colour in set(colours):
        if player.cage.count(colour) < colours.count(colour):
            raise IllegalAction(
                f"not enough {COLOUR_NAMES[colour]} cubes in the cage",
                reason_key="coal-baron.not-in-cage",
                colour=COLOUR_NAMES[colour],
            )


def _check_load(player: Player, cubes: tuple[Cube, ...], card: int, slot: int) -> None:
    order = player.order(card)
    if order is None:
        raise IllegalAction(
            "that order is not one of your orders in progress",
            reason_key="coal-baron.not-your-order",
        )
    if not 1 <= len(cubes) <= 2 or (len(cubes) == 1 and cubes[0].colour != slot):
        raise IllegalAction(
            "one cube must match the slot's colour; two cubes of any colours fill one slot",
            reason_key="coal-baron.cube-does-not-match",
        )
    if order.free_slot(slot) is None:
        raise IllegalAction(
            f"that order has no free {COLOUR_NAMES[slot]} slot",
            reason_key="coal-baron.no-free-slot",
            colour=COLOUR_NAMES[slot],
        )
    _check_cage_cubes(player, [c.colour for c in cubes if not c.from_stock])
    for colour in COLOURS:
        wanted = sum(1 for c in cubes if c.from_stock and c.colour == colour)
        if wanted > player.stock[colour]:
            raise IllegalAction(
                f"not enough {COLOUR_NAMES[colour]} cubes in your stock",
                reason_key="coal-baron.not-in-stock",
                colour=COLOUR_NAMES[colour],
            )


def apply_step(player: Player, extraction: Extraction, step: Step) -> bool:
    """Play `step` (checked first: nothing changes if it is illegal).

    Returns True when the extraction is over (`End`, or no move left).
    """
    check_step(player, extraction, step)
    match step:
        case Cage(level):
            player.cage_level = level
        case Take(colour):
            cart = next(
                c for c in player.carts if c.level == player.cage_level and c.cube == colour
            )
            cart.cube = -1
            player.cage.append(colour)
            extraction.taken += 1
        case Stow(colour):
            player.cage.remove(colour)
            player.stock[colour] += 1
            extraction.stowed += 1
        case Load(cubes, card, slot):
            order = player.order(card)
            assert order is not None
            index = order.free_slot(slot)
            assert index is not None
            for cube in cubes:
                if cube.from_stock:
                    player.stock[cube.colour] -= 1
                else:
                    player.cage.remove(cube.colour)
                order.slots[index].append(cube.colour)
            extraction.loaded += len(cubes)
        case End():
            return True
    extraction.left -= len(step.cubes) if isinstance(step, Load) else 1
    return extraction.left == 0
