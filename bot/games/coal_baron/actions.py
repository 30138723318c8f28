"""Coal Baron actions (small frozen values) and their text notation both ways.

The grammar is documented in docs/coal-baron.md. A line is a sequence of
whitespace-separated steps; a line of several steps is a `Compound`, applied
all or nothing (e.g. a placement on a mining space and the whole extraction).
Parsing checks syntax only; `CoalBaronState.apply` checks legality.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.games.coal_baron.components import (
    COLOUR_LETTERS,
    FACTORY,
    ORDER_BY_NAME,
    ORDERS,
    SPACES,
)
from bot.games.errors import ActionSyntaxError
from bot.games.lines import Tokens

# -- action values ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Draft:
    """Set-up draft: take order card `order` from the revealed cards."""

    order: int


@dataclass(frozen=True, slots=True)
class Place:
    """Place workers on a space that needs no further parameter (not a tile space)."""

    space: str


@dataclass(frozen=True, slots=True)
class Buy:
    """Place workers on factory space `space` and buy its tile.

    `fill`: the colour chosen for each cart the supply cannot fill (shortage
    only), sorted by level.
    """

    space: str
    fill: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Keep:
    """Draw-5 choice: keep the card or tile named `card` (None: keep nothing)."""

    card: str | None
    fill: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Return:
    """Draw-5: put one of the cards not kept back on top of / under the pile.

    Cards put on top are stacked *under* the ones already put on top this
    turn, cards put under go under everything: listing them in order reads
    the pile from top to bottom.
    """

    card: str
    bottom: bool


@dataclass(frozen=True, slots=True)
class Cage:
    """Extraction move: the cage goes to `level` (0 = surface)."""

    level: int


@dataclass(frozen=True, slots=True)
class Take:
    """Extraction move: a cube of `colour` from a cart of the cage's level into the cage."""

    colour: int


@dataclass(frozen=True, slots=True)
class Cube:
    """A cube to load: its colour and whether it comes from the private stock."""

    colour: int
    from_stock: bool = False


@dataclass(frozen=True, slots=True)
class Load:
    """Extraction: one cube (1 move) or two cubes (2 moves) onto a free `slot`
    (its printed colour) of order in progress `order`."""

    cubes: tuple[Cube, ...]
    order: int
    slot: int


@dataclass(frozen=True, slots=True)
class Stow:
    """Extraction move: a cube of `colour` from the cage (at the surface) to the stock."""

    colour: int


@dataclass(frozen=True, slots=True)
class End:
    """Extraction: stop now; the moves left are lost."""


@dataclass(frozen=True, slots=True)
class Compound:
    """Several steps written on one line, applied all or nothing."""

    steps: tuple[Action, ...]


Step = Draft | Place | Buy | Keep | Return | Cage | Take | Load | Stow | End
Action = Step | Compound

# -- formatting ---------------------------------------------------------------------


def _fill_text(fill: tuple[int, ...]) -> str:
    return "".join(f" ={COLOUR_LETTERS[c]}" for c in fill)


def _cube_text(cube: Cube) -> str:
    return ("s" if cube.from_stock else "") + COLOUR_LETTERS[cube.colour]


def format_action(action: Action) -> str:
    """The canonical notation of `action`."""
    match action:
        case Compound(steps):
            return " ".join(format_action(step) for step in steps)
        case Draft(order):
            return f"draft {ORDERS[order].name}"
        case Place(space):
            return space
        case Buy(space, fill):
            return space + _fill_text(fill)
        case Keep(card, fill):
            return f"keep {card or 'none'}{_fill_text(fill)}"
        case Return(card, bottom):
            return f"{'bottom' if bottom else 'top'} {card}"
        case Cage(level):
            return f"c{level}"
        case Take(colour):
            return f"+{COLOUR_LETTERS[colour]}"
        case Load(cubes, order, slot):
            text = "+".join(_cube_text(c) for c in cubes) + ">" + ORDERS[order].name
            if len(cubes) == 1 and cubes[0].colour == slot:
                return text
            return f"{text}:{COLOUR_LETTERS[slot]}"
        case Stow(colour):
            return f"{COLOUR_LETTERS[colour]}>s"
        case End():
            return "end"
    raise TypeError(f"not a Coal Baron action: {action!r}")


# -- parsing ------------------------------------------------------------------------

_PLACE_SPACES = {space.id for space in SPACES if space.kind != FACTORY}
_BUY_SPACES = {space.id for space in SPACES if space.kind == FACTORY}
_CUBE = r"s?[ybgk]"
_LOAD = re.compile(rf"({_CUBE})(?:\+({_CUBE}))?>([a-z0-9]+)(?::([ybgk]))?")
_CAGE = re.compile(r"c[0-4]")
_TILE_NAME = re.compile(r"[ybgk][12][ld]")
_ORDER_NAME = re.compile(r"[hwtl][ybgk]{1,4}")
_EXPECTED_STEP = (
    "a space (f1..f8, fd, m4, m6, m8, m10, $3..$6, dh, dw, dt, dl, o1..o4, od, bank), "
    "'draft ORDER', 'keep CARD|none', 'top CARD', 'bottom CARD', "
    "or an extraction move (c0..c4 cage to a level, +COLOUR, COLOUR>ORDER, COLOUR>s, end)"
)


def _colour(letter: str) -> int:
    return COLOUR_LETTERS.index(letter)


def order_id(name: str) -> int:
    """The order card called `name` (case-insensitive, slot colours in any order)."""
    lowered = name.lower()
    if not _ORDER_NAME.fullmatch(lowered):
        raise ActionSyntaxError(
            f"expected an order card name such as WKK (vehicle h/w/t/l, then slot "
            f"colours y/b/g/k), got {name!r}",
            expected_key="coal-baron.order-name",
        )
    cubes = "".join(sorted(lowered[1:], key=COLOUR_LETTERS.index))
    try:
        return ORDER_BY_NAME[(lowered[0] + cubes).upper()]
    except KeyError:
        raise ActionSyntaxError(
            f"there is no order card {name.upper()}",
            expected_key="coal-baron.no-such-order",
            name=name.upper(),
        ) from None


def card_name(token: str) -> str:
    """Canonical name of a tile design (``g2l``) or order card (``WKK``) in a draw-5."""
    lowered = token.lower()
    if _TILE_NAME.fullmatch(lowered):
        return lowered
    if _ORDER_NAME.fullmatch(lowered):
        return ORDERS[order_id(lowered)].name
    raise ActionSyntaxError(
        f"expected a tile (colour y/b/g/k, carts 1/2, l lit or d dark: g2l) or an order "
        f"card (WKK), got {token!r}",
        expected_key="coal-baron.card",
    )


class _Parser(Tokens):
    """Turns one line into steps; `orders` resolves order positions (1-based)."""

    def __init__(self, text: str, orders: Sequence[int]) -> None:
        super().__init__(text)
        self.orders = orders

    def fill(self) -> tuple[int, ...]:
        """Colours given as ``=c`` after a purchase."""
        colours: list[int] = []
        while self.position < len(self.tokens) and self.tokens[self.position].startswith("="):
            token = self.tokens[self.position]
            if len(token) != 2 or token[1] not in COLOUR_LETTERS:
                raise ActionSyntaxError(
                    f"expected =y, =b, =g or =k (colour for a cart the supply cannot fill), "
                    f"got {token!r}",
                    expected_key="coal-baron.fill",
                )
            colours.append(_colour(token[1]))
            self.position += 1
        return tuple(sorted(colours))

    def order(self, token: str) -> int:
        if token.isdigit():
            index = int(token)
            if not 1 <= index <= len(self.orders):
                raise ActionSyntaxError(
                    f"expected an order number from 1 to {len(self.orders)}, got {token}",
                    expected_key="coal-baron.order-number",
                    count=len(self.orders),
                )
            return self.orders[index - 1]
        return order_id(token)

    def load(self, token: str) -> Step:
        match = _LOAD.fullmatch(token)
        if match is None:
            raise ActionSyntaxError(
                f"expected {_EXPECTED_STEP}, got {token!r}", expected_key="coal-baron.step"
            )
        first, second, target, slot = match.groups()
        cubes = tuple(
            Cube(_colour(cube[-1]), cube.startswith("s")) for cube in (first, second) if cube
        )
        if target == "s":
            if len(cubes) != 1 or cubes[0].from_stock or slot:
                raise ActionSyntaxError(
                    f"expected one cage cube to the stock, such as g>s, got {token!r}",
                    expected_key="coal-baron.stow",
                )
            return Stow(cubes[0].colour)
        order = self.order(target)
        if slot is None:
            if len(cubes) == 2:
                raise ActionSyntaxError(
                    f"expected the slot colour after two cubes, such as y+b>{target}:g",
                    expected_key="coal-baron.slot-colour",
                    order=target.upper(),
                )
            slot_colour = cubes[0].colour
        else:
            slot_colour = _colour(slot)
        ordered = tuple(sorted(cubes, key=lambda c: (c.from_stock, c.colour)))
        return Load(ordered, order, slot_colour)

    def step(self) -> list[Step]:
        token = self.next_token(_EXPECTED_STEP, expected_key="coal-baron.step")
        if token in _PLACE_SPACES:
            return [Place(token)]
        if token in _BUY_SPACES:
            return [Buy(token, self.fill())]
        if token == "draft":
            name = self.next_token(
                "an order card name after 'draft'", expected_key="coal-baron.order-name"
            )
            return [Draft(order_id(name))]
        if token == "keep":
            card = self.next_token(
                "a card name or 'none' after 'keep'", expected_key="coal-baron.kept-card"
            )
            if card == "none":
                return [Keep(None)]
            return [Keep(card_name(card), self.fill())]
        if token in ("top", "bottom"):
            first = self.next_token(f"a card name after {token!r}", expected_key="coal-baron.card")
            names = [card_name(first)]
            while self.position < len(self.tokens) and self._is_card(self.tokens[self.position]):
                names.append(card_name(self.tokens[self.position]))
                self.position += 1
            return [Return(name, token == "bottom") for name in names]
        if token == "end":
            return [End()]
        if _CAGE.fullmatch(token):
            return [Cage(int(token[1]))]
        if token.startswith("+"):
            if len(token) != 2 or token[1] not in COLOUR_LETTERS:
                raise ActionSyntaxError(
                    f"expected +y, +b, +g or +k, got {token!r}", expected_key="coal-baron.take"
                )
            return [Take(_colour(token[1]))]
        return [self.load(token)]

    @staticmethod
    def _is_card(token: str) -> bool:
        return bool(_TILE_NAME.fullmatch(token) or _ORDER_NAME.fullmatch(token))

    def parse(self) -> Action:
        steps = self.steps(self.step, _EXPECTED_STEP, expected_key="coal-baron.step")
        return steps[0] if len(steps) == 1 else Compound(tuple(steps))


def parse_action(text: str, orders: Sequence[int] = ()) -> Action:
    """Read one line of notation.

    `orders` is the acting seat's orders in progress, so an order may be given
    by its position (``g>2``) as well as by its name (``g>WGG``).
    """
    return _Parser(text, orders).parse()
