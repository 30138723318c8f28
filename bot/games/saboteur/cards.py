"""Every Saboteur card as data, and the set-up tables per player count.

Sources: the rulebook (shared/seeds/002_*) gives the totals (44 path, 27 action,
28 gold, 11 role cards), the role split, the hand sizes and the gold payouts; its
pictures are missing, so the path shapes and action counts come from
shared/reference/saboteur-components.md (the reading shared by six open-source
implementations and the Board Game Arena help).

Cards are named by short codes, used in the state, the views and the notation:

- path cards: their open edges, upright, in N E S W order (``NES``), with a
  trailing ``x`` for a dead end (``NESx``); ``start``; goals ``goal-gold``,
  ``goal-SW`` and ``goal-ES`` (the two stones);
- action cards: ``break-pick``, ``repair-lamp``, ``repair-pick-cart``,
  ``rockfall``, ``map``...
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Literal

Tool = Literal["pick", "lamp", "cart"]
TOOLS: tuple[Tool, ...] = ("pick", "lamp", "cart")
"""Pickaxe (pioche), lantern (lampe), cart (wagonnet)."""

Role = Literal["digger", "saboteur"]

EDGES = "NESW"
DELTA: dict[str, tuple[int, int]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
"""Grid steps; y grows south, x grows east towards the goals."""
OPPOSITE: dict[str, str] = {"N": "S", "E": "W", "S": "N", "W": "E"}


def normalize_edges(edges: str) -> str:
    """The edge letters in canonical N E S W order (``"WN"`` -> ``"NW"``)."""
    return "".join(e for e in EDGES if e in edges)


def turn_180(edges: str) -> str:
    """The open edges of a card turned half a turn."""
    return normalize_edges("".join(OPPOSITE[e] for e in edges))


@dataclass(frozen=True)
class PathCard:
    """A card of the maze: its open edges when upright, and whether it conducts.

    A dead end has stubs on its open edges (they must match neighbours) but no
    path through its centre, so nothing goes beyond it.
    """

    code: str
    edges: str
    dead_end: bool = False

    def placed_edges(self, rotated: bool) -> str:
        return turn_180(self.edges) if rotated else self.edges

    @property
    def symmetric(self) -> bool:
        """True when turning the card half a turn changes nothing."""
        return turn_180(self.edges) == self.edges


def _path(edges: str, dead_end: bool = False) -> PathCard:
    return PathCard(edges + ("x" if dead_end else ""), edges, dead_end)


START = PathCard("start", "NESW")
GOAL_GOLD = PathCard("goal-gold", "NESW")
GOAL_STONES = (PathCard("goal-SW", "SW"), PathCard("goal-ES", "ES"))
GOALS: tuple[PathCard, ...] = (GOAL_GOLD, *GOAL_STONES)

# The 40 path cards besides start and goals (components.md, "40 path cards"):
# (shape, connected copies, dead-end copies).
_PATH_COUNTS: tuple[tuple[str, int, int], ...] = (
    ("NESW", 5, 1),  # cross
    ("NES", 5, 1),  # T, = NSW turned
    ("ESW", 5, 1),  # T, = NEW turned
    ("NS", 4, 1),  # straight
    ("EW", 3, 1),  # straight
    ("SW", 5, 1),  # curve, = NE turned
    ("ES", 4, 1),  # curve, = NW turned
    ("S", 0, 1),  # single stub, = N turned
    ("W", 0, 1),  # single stub, = E turned
)

PATH_CARDS: dict[str, PathCard] = {
    card.code: card
    for edges, connected, dead in _PATH_COUNTS
    for card, count in ((_path(edges), connected), (_path(edges, dead_end=True), dead))
    if count
}
"""Every path card kind a hand can hold, by code."""

MAZE_CARDS: dict[str, PathCard] = {
    **PATH_CARDS,
    START.code: START,
    **{goal.code: goal for goal in GOALS},
}
"""Every card that can lie in the maze, by code."""

SHAPES: dict[str, tuple[str, bool]] = {
    card.placed_edges(rotated) + ("x" if card.dead_end else ""): (card.code, rotated)
    for card in PATH_CARDS.values()
    for rotated in ((False,) if card.symmetric else (False, True))
}
"""Placed shape (edges as laid, ``x`` for a dead end) -> (card code, turned 180°).

Each shape belongs to exactly one card, so the notation names a placement by
the shape it shows on the table: ``NSW`` is the ``NES`` card turned.
"""


def shape_of(code: str, rotated: bool) -> str:
    """The shape a path card shows when laid (the inverse of `SHAPES`)."""
    card = PATH_CARDS[code]
    return card.placed_edges(rotated) + ("x" if card.dead_end else "")


# The 27 action cards (components.md, "27 action cards").
_ACTION_COUNTS: dict[str, int] = {
    "break-pick": 3,
    "break-lamp": 3,
    "break-cart": 3,
    "repair-pick": 2,
    "repair-lamp": 2,
    "repair-cart": 2,
    "repair-pick-lamp": 1,
    "repair-pick-cart": 1,
    "repair-lamp-cart": 1,
    "rockfall": 3,
    "map": 6,
}

ACTION_CARDS: tuple[str, ...] = tuple(_ACTION_COUNTS)


def break_card(tool: Tool) -> str:
    return f"break-{tool}"


def repair_card(*tools: Tool) -> str:
    return "repair-" + "-".join(t for t in TOOLS if t in tools)


def card_tools(code: str) -> tuple[Tool, ...]:
    """The tools a break or repair card names, in `TOOLS` order; () for others."""
    if not code.startswith(("break-", "repair-")):
        return ()
    names = code.split("-")[1:]
    return tuple(t for t in TOOLS if t in names)


def card_type(code: str) -> str:
    """``path``, ``break``, ``repair``, ``rockfall`` or ``map``."""
    if code in PATH_CARDS:
        return "path"
    if code in ("rockfall", "map"):
        return code
    if code in _ACTION_COUNTS:
        return code.split("-")[0]
    raise KeyError(code)


def hand_cards() -> Counter[str]:
    """The 40 path and 27 action cards shuffled together each round."""
    deck: Counter[str] = Counter()
    for edges, connected, dead in _PATH_COUNTS:
        deck[edges] += connected
        deck[edges + "x"] += dead
    deck.update(_ACTION_COUNTS)
    return +deck


# 28 gold cards: 16 x 1 nugget, 8 x 2, 4 x 3 (components.md, "28 gold cards").
GOLD_CARDS: Counter[int] = Counter({1: 16, 2: 8, 3: 4})

# Rulebook "Préparation du jeu": saboteurs and gold-diggers in the role deck.
ROLE_DECK: dict[int, tuple[int, int]] = {
    3: (1, 3),
    4: (1, 4),
    5: (2, 4),
    6: (2, 5),
    7: (3, 5),
    8: (3, 6),
    9: (3, 7),
    10: (4, 7),
}


def role_deck(players: int) -> list[Role]:
    """The role cards used with `players`: one dealt to each, one set aside."""
    saboteurs, diggers = ROLE_DECK[players]
    saboteur: list[Role] = ["saboteur"]
    digger: list[Role] = ["digger"]
    return saboteur * saboteurs + digger * diggers


def hand_size(players: int) -> int:
    """Rulebook: 6 cards at 3-5 players, 5 at 6-7, 4 at 8-10."""
    return 6 if players <= 5 else 5 if players <= 7 else 4


def gold_cards_drawn(players: int) -> int:
    """Rulebook "Partage du trésor": one gold card per player, nine at ten players."""
    return min(players, 9)


def saboteur_payout(saboteurs: int) -> int:
    """Nuggets each winning saboteur receives: 4 alone, 3 for two or three, 2 for four."""
    return 4 if saboteurs == 1 else 3 if saboteurs <= 3 else 2


ROUNDS = 3
