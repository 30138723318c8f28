"""Every component of Coal Baron as data.

Sources: the French rulebook "Gueules Noires" (Gigamic 2013,
000_d9373ddba72c525a.txt) for set-up numbers, costs, scoring values and
the locks; ../shared/reference/coal-baron-components.md for what the
rulebook only shows in pictures (tiles, order cards, printed carts, which
spaces carry the "2" and "2+3" locks; cross-checked there against the Board
Game Arena implementation).

Colours are ints 0..3 (yellow, brown, grey, black); the level of a colour is
its index + 1. Tiles and order cards are ints indexing `TILES` and `ORDERS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

# -- colours and vehicles -------------------------------------------------------------

YELLOW, BROWN, GREY, BLACK = 0, 1, 2, 3
COLOURS: Final = (YELLOW, BROWN, GREY, BLACK)
COLOUR_LETTERS: Final = "ybgk"
"""Notation letters: y yellow, b brown, g grey, k black (k as in CMYK)."""
COLOUR_NAMES: Final = ("yellow", "brown", "grey", "black")
LEVELS: Final = (1, 2, 3, 4)
SURFACE: Final = 0

CUBES_PER_COLOUR: Final = 16
CAGE_PLACES: Final = 5

HAND_CART, HORSE_WAGON, TRUCK, LOCOMOTIVE = 0, 1, 2, 3
VEHICLES: Final = (HAND_CART, HORSE_WAGON, TRUCK, LOCOMOTIVE)
VEHICLE_LETTERS: Final = "hwtl"
"""Notation letters: h hand cart, w horse wagon, t truck, l locomotive."""
VEHICLE_NAMES: Final = ("hand-cart", "horse-wagon", "truck", "locomotive")


def colour_level(colour: int) -> int:
    """The mine level of a colour: yellow 1 ... black 4."""
    return colour + 1


# -- gallery tiles (reference file, "Gallery tiles") -------------------------------------


@dataclass(frozen=True, slots=True)
class Tile:
    """A gallery tile design: colour (= level), 1 or 2 carts, lit or dark side."""

    colour: int
    carts: int
    lit: bool

    @property
    def level(self) -> int:
        return colour_level(self.colour)

    @property
    def cost(self) -> int:
        """Rulebook: each cart costs its level in Francs."""
        return self.level * self.carts

    @property
    def name(self) -> str:
        """Notation name: colour, carts, l(it)/d(ark), e.g. ``g2l``."""
        return f"{COLOUR_LETTERS[self.colour]}{self.carts}{'l' if self.lit else 'd'}"


TILE_DESIGNS: Final = tuple(
    Tile(colour, carts, lit) for colour in COLOURS for carts in (1, 2) for lit in (True, False)
)
"""The 16 designs; each exists in 3 copies."""
COPIES_PER_DESIGN: Final = 3
TILES: Final = tuple(design for design in TILE_DESIGNS for _ in range(COPIES_PER_DESIGN))
"""The 48 tiles; tile id = index. Copies of a design are consecutive."""
TILE_DESIGN_BY_NAME: Final = {design.name: index for index, design in enumerate(TILE_DESIGNS)}


def tile_design(tile: int) -> int:
    """The design index (0..15) of tile id `tile`."""
    return tile // COPIES_PER_DESIGN


# -- order cards (reference file, "Order cards") -----------------------------------------

_Y, _B, _G, _K = YELLOW, BROWN, GREY, BLACK
_SET_A: Final = (
    (2, (_Y,)),
    (3, (_B,)),
    (3, (_Y, _Y)),
    (4, (_G,)),
    (5, (_K,)),
    (5, (_B, _B)),
    (7, (_B, _B, _B)),
    (7, (_G, _G)),
    (9, (_K, _K)),
    (9, (_G, _G, _G)),
    (10, (_Y, _B, _G, _K)),
)
"""Hand cart and locomotive decks."""
_SET_B: Final = (
    (2, (_Y,)),
    (3, (_Y, _Y)),
    (3, (_B,)),
    (4, (_Y, _Y, _Y)),
    (4, (_G,)),
    (5, (_B, _B)),
    (5, (_K,)),
    (7, (_G, _G)),
    (9, (_K, _K)),
    (10, (_Y, _B, _G, _K)),
    (12, (_K, _K, _K)),
)
"""Horse wagon and truck decks."""


@dataclass(frozen=True, slots=True)
class Order:
    """An order card: its vehicle, the colours of its slots and its VP."""

    vehicle: int
    slots: tuple[int, ...]
    vp: int

    @property
    def name(self) -> str:
        """Notation name: vehicle letter then slot colours, e.g. ``WKKK``.

        Unique: within one vehicle's deck no two cards have the same slots.
        """
        cubes = "".join(COLOUR_LETTERS[c] for c in self.slots)
        return (VEHICLE_LETTERS[self.vehicle] + cubes).upper()


ORDERS: Final = tuple(
    Order(vehicle, slots, vp)
    for vehicle, deck in (
        (HAND_CART, _SET_A),
        (HORSE_WAGON, _SET_B),
        (TRUCK, _SET_B),
        (LOCOMOTIVE, _SET_A),
    )
    for vp, slots in deck
)
"""The 44 order cards; order id = index."""
ORDER_BY_NAME: Final = {order.name: index for index, order in enumerate(ORDERS)}

# -- printed starting carts (reference file, "Player mine") ------------------------------

PRINTED_CARTS: Final = ((YELLOW, False), (BROWN, True), (GREY, True), (BLACK, False))
"""One 1-cart per level, (colour, lit): yellow dark, brown lit, grey lit, black dark.
Each starts with one cube of its colour."""

# -- worker spaces (rulebook "Tour de jeu"; locks from the reference file) ---------------

FACTORY, FACTORY_DRAW, MINING, MONEY, DELIVERY, ORDER, ORDER_DRAW, BANK = (
    "factory",
    "factory-draw",
    "mining",
    "money",
    "delivery",
    "order",
    "order-draw",
    "bank",
)


@dataclass(frozen=True, slots=True)
class Space:
    """A worker space. `param`: tile slot number, moves, Francs or vehicle.

    `min_players`: the space is covered by a lock below that count ("2" lock: 3,
    "2+3" lock: 4, no lock: 2).
    """

    id: str
    kind: str
    param: int
    min_players: int = 2


SPACES: Final = (
    *(
        Space(f"f{n}", FACTORY, n, {4: 3, 8: 4}.get(n, 2))  # f4 "2" lock, f8 "2+3" lock
        for n in range(1, 9)
    ),
    Space("fd", FACTORY_DRAW, 5),
    Space("m4", MINING, 4, 4),
    Space("m6", MINING, 6),
    Space("m8", MINING, 8, 3),
    Space("m10", MINING, 10),
    Space("$3", MONEY, 3, 4),
    Space("$4", MONEY, 4),
    Space("$5", MONEY, 5, 3),
    Space("$6", MONEY, 6),
    *(Space(f"d{VEHICLE_LETTERS[v]}", DELIVERY, v) for v in VEHICLES),
    Space("o1", ORDER, 1, 3),  # leftmost order space: "2" lock
    Space("o2", ORDER, 2),
    Space("o3", ORDER, 3),
    Space("o4", ORDER, 4),
    Space("od", ORDER_DRAW, 5),
    Space("bank", BANK, 1),
)
"""Every worker space in board order. The bank is unlimited and never displaces."""
SPACE_INDEX: Final = {space.id: index for index, space in enumerate(SPACES)}
BANK_INDEX: Final = SPACE_INDEX["bank"]
DRAW_SIZE: Final = 5

# -- set-up by player count (rulebook "Mise en place") -----------------------------------


@dataclass(frozen=True, slots=True)
class Setup:
    workers: int
    money: int
    draft_cards: int


SETUP: Final = {2: Setup(18, 10, 7), 3: Setup(15, 9, 10), 4: Setup(13, 8, 13)}
DRAFT_ORDERS_EACH: Final = 3
SHIFTS: Final = 3

# -- scoring (rulebook "Fin d'un quart"; reference file "Shift-end scoring table") -------

COAL_ELEMENT, VEHICLE_ELEMENT, EMPTY_CART_ELEMENT = "coal", "vehicle", "empty-carts"


@dataclass(frozen=True, slots=True)
class ScoringElement:
    """One element of the time clock: what is counted, and VP for first / second."""

    kind: str
    param: int
    first: int
    second: int

    @property
    def name(self) -> str:
        names = VEHICLE_NAMES if self.kind == VEHICLE_ELEMENT else COLOUR_NAMES
        return f"{self.kind}:{names[self.param]}"


SCORING_ELEMENTS: Final = (
    ScoringElement(COAL_ELEMENT, YELLOW, 2, 1),
    ScoringElement(COAL_ELEMENT, BROWN, 3, 1),
    ScoringElement(COAL_ELEMENT, GREY, 4, 2),
    ScoringElement(COAL_ELEMENT, BLACK, 5, 2),
    ScoringElement(VEHICLE_ELEMENT, HAND_CART, 6, 3),
    ScoringElement(VEHICLE_ELEMENT, HORSE_WAGON, 7, 3),
    ScoringElement(VEHICLE_ELEMENT, TRUCK, 8, 4),
    ScoringElement(VEHICLE_ELEMENT, LOCOMOTIVE, 9, 4),
    ScoringElement(EMPTY_CART_ELEMENT, YELLOW, 10, 5),
    ScoringElement(EMPTY_CART_ELEMENT, BROWN, 11, 5),
    ScoringElement(EMPTY_CART_ELEMENT, GREY, 12, 6),
    ScoringElement(EMPTY_CART_ELEMENT, BLACK, 13, 6),
)
ELEMENTS_SCORED: Final = {1: 4, 2: 8, 3: 12}
"""How many elements of the clock each shift scores."""

FRANCS_PER_VP: Final = 5
CUBES_PER_VP: Final = 3
UNDELIVERED_ORDER_VP: Final = -1
IMBALANCE_VP_PER_TILE: Final = -2
