"""One player's board: money, workers, mine (carts), cage, stock and orders."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.games.base import JSON
from bot.games.coal_baron.components import ORDERS, PRINTED_CARTS, SURFACE, TILES, colour_level


@dataclass(slots=True)
class Cart:
    """A cart in a mine: printed on the mine board (tile -1) or on a bought tile."""

    colour: int
    lit: bool
    tile: int
    cube: int
    """Colour of the cube on it, or -1 when empty."""

    @property
    def level(self) -> int:
        return colour_level(self.colour)

    def to_json(self) -> JSON:
        return [self.colour, int(self.lit), self.tile, self.cube]

    @classmethod
    def from_json(cls, data: JSON) -> Cart:
        colour, lit, tile, cube = data
        return cls(colour, bool(lit), tile, cube)


@dataclass(slots=True)
class OrderInProgress:
    """An order card in progress; `slots[i]` holds the cubes on printed slot i (0-2)."""

    card: int
    slots: list[list[int]]

    @classmethod
    def new(cls, card: int) -> OrderInProgress:
        return cls(card, [[] for _ in ORDERS[card].slots])

    def free_slot(self, colour: int) -> int | None:
        """Index of a free slot printed in `colour`, or None."""
        printed = ORDERS[self.card].slots
        for index, cubes in enumerate(self.slots):
            if not cubes and printed[index] == colour:
                return index
        return None

    def free_colours(self) -> list[int]:
        """Distinct printed colours of the free slots, in slot order."""
        printed = ORDERS[self.card].slots
        colours: list[int] = []
        for index, cubes in enumerate(self.slots):
            if not cubes and printed[index] not in colours:
                colours.append(printed[index])
        return colours

    def complete(self) -> bool:
        return all(self.slots)

    def cubes(self) -> list[int]:
        return [cube for cubes in self.slots for cube in cubes]

    def copy(self) -> OrderInProgress:
        return OrderInProgress(self.card, [list(cubes) for cubes in self.slots])


@dataclass(slots=True)
class Player:
    money: int
    workers: int
    """Workers left in the reserve this shift."""
    vp: int = 0
    carts: list[Cart] = field(default_factory=list)
    """Printed carts first, then tiles' carts in the order they were bought."""
    tiles: list[int] = field(default_factory=list)
    cage_level: int = SURFACE
    cage: list[int] = field(default_factory=list)
    stock: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    """Cubes in the private stock, count per colour."""
    orders: list[OrderInProgress] = field(default_factory=list)
    delivered: list[int] = field(default_factory=list)

    @classmethod
    def new(cls, money: int, workers: int) -> Player:
        player = cls(money, workers)
        player.carts = [Cart(colour, lit, -1, colour) for colour, lit in PRINTED_CARTS]
        return player

    def add_tile(self, tile: int, cubes: list[int]) -> None:
        """A bought tile joins the mine, one cube (from `cubes`) on each cart."""
        design = TILES[tile]
        self.tiles.append(tile)
        for cube in cubes:
            self.carts.append(Cart(design.colour, design.lit, tile, cube))

    def order(self, card: int) -> OrderInProgress | None:
        for order in self.orders:
            if order.card == card:
                return order
        return None

    def cubes_owned(self) -> list[int]:
        """Every cube the player owns: mine, cage, stock, orders in progress (by colour)."""
        counts = list(self.stock)
        for cart in self.carts:
            if cart.cube >= 0:
                counts[cart.cube] += 1
        for cube in self.cage:
            counts[cube] += 1
        for order in self.orders:
            for cube in order.cubes():
                counts[cube] += 1
        return counts

    def lit_and_dark_tiles(self) -> tuple[int, int]:
        lit = sum(1 for tile in self.tiles if TILES[tile].lit)
        return lit, len(self.tiles) - lit

    def copy(self) -> Player:
        return Player(
            self.money,
            self.workers,
            self.vp,
            [Cart(c.colour, c.lit, c.tile, c.cube) for c in self.carts],
            list(self.tiles),
            self.cage_level,
            list(self.cage),
            list(self.stock),
            [order.copy() for order in self.orders],
            list(self.delivered),
        )

    def to_json(self) -> JSON:
        return {
            "money": self.money,
            "workers": self.workers,
            "vp": self.vp,
            "carts": [cart.to_json() for cart in self.carts],
            "tiles": list(self.tiles),
            "cage_level": self.cage_level,
            "cage": list(self.cage),
            "stock": list(self.stock),
            "orders": [[o.card, [list(c) for c in o.slots]] for o in self.orders],
            "delivered": list(self.delivered),
        }

    @classmethod
    def from_json(cls, data: JSON) -> Player:
        return cls(
            data["money"],
            data["workers"],
            data["vp"],
            [Cart.from_json(cart) for cart in data["carts"]],
            list(data["tiles"]),
            data["cage_level"],
            list(data["cage"]),
            list(data["stock"]),
            [OrderInProgress(card, [list(c) for c in slots]) for card, slots in data["orders"]],
            list(data["delivered"]),
        )
