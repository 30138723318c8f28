"""Saboteur actions as small values, and their text notation both ways.

The grammar is documented in docs/saboteur.md. Seats are written from 1
(``p1`` is seat 0); coordinates are ``x,y`` with y growing south.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.games.base import Seat
from bot.games.errors import ActionSyntaxError
from bot.games.saboteur.cards import (
    ACTION_CARDS,
    PATH_CARDS,
    SHAPES,
    TOOLS,
    Tool,
    break_card,
    normalize_edges,
    repair_card,
    shape_of,
)
from bot.games.saboteur.maze import GOAL_POSITIONS, GoalName, Pos


@dataclass(frozen=True)
class PlacePath:
    """Lay path card `card` on (x, y), turned 180° if `rotated`.

    Turning a symmetric card changes nothing, so `rotated` is always False for
    one: both spellings are then the same action, the one `legal_actions` lists.
    """

    card: str
    x: int
    y: int
    rotated: bool = False

    def __post_init__(self) -> None:
        path = PATH_CARDS.get(self.card)
        if self.rotated and path is not None and path.symmetric:
            object.__setattr__(self, "rotated", False)

    @property
    def pos(self) -> Pos:
        return self.x, self.y


@dataclass(frozen=True)
class BreakTool:
    tool: Tool
    target: Seat

    @property
    def card(self) -> str:
        return break_card(self.tool)


@dataclass(frozen=True)
class RepairTool:
    """Repair `tool` in front of `target` with repair card `card` (single or double)."""

    card: str
    tool: Tool
    target: Seat


@dataclass(frozen=True)
class Rockfall:
    x: int
    y: int
    card = "rockfall"

    @property
    def pos(self) -> Pos:
        return self.x, self.y


@dataclass(frozen=True)
class Peek:
    """Play a map card on the goal named `goal` (top, middle or bottom)."""

    goal: GoalName
    card = "map"

    @property
    def pos(self) -> Pos:
        return GOAL_POSITIONS[self.goal]


@dataclass(frozen=True)
class Discard:
    """Pass, discarding `card` face down."""

    card: str


@dataclass(frozen=True)
class TakeGold:
    """While the gold-diggers share the gold, take one card of `value` nuggets."""

    value: int


CardPlay = PlacePath | BreakTool | RepairTool | Rockfall | Peek | Discard
Action = CardPlay | TakeGold

_TOOL_WORDS: dict[str, Tool] = {
    "pick": "pick",
    "pickaxe": "pick",
    "pioche": "pick",
    "lamp": "lamp",
    "lantern": "lamp",
    "lampe": "lamp",
    "cart": "cart",
    "wagon": "cart",
    "wagonnet": "cart",
}
_SHAPES = {shape.upper(): value for shape, value in SHAPES.items()}
_CARDS = {code.upper(): code for code in (*PATH_CARDS, *ACTION_CARDS)}
_GOALS: dict[str, GoalName] = {name: name for name in GOAL_POSITIONS}

_COORD = r"(-?[0-9]{1,3})\s*,\s*(-?[0-9]{1,3})"
_SEAT = r"p([0-9]{1,2})"
_TOOL = r"([a-z]+)"
_PATTERNS: dict[str, re.Pattern[str]] = {
    "path": re.compile(rf"path\s+([a-z]+)\s+{_COORD}"),
    "break": re.compile(rf"break\s+{_TOOL}\s+{_SEAT}"),
    "repair": re.compile(rf"repair\s+{_TOOL}\s+{_SEAT}(?:\s+with\s+{_TOOL}\s*\+\s*{_TOOL})?"),
    "rockfall": re.compile(rf"rockfall\s+{_COORD}"),
    "map": re.compile(r"map\s+([a-z]+)"),
    "discard": re.compile(r"discard\s+([a-z-]+)"),
    "take": re.compile(r"take\s+([0-9])"),
}
EXPECTED = (
    "path <shape> <x>,<y> | break <tool> p<n> | repair <tool> p<n> [with <tool>+<tool>] | "
    "rockfall <x>,<y> | map top|middle|bottom | discard <card> | take <nuggets>"
)


def _tool(word: str) -> Tool:
    try:
        return _TOOL_WORDS[word]
    except KeyError:
        raise ActionSyntaxError(
            f"unknown tool {word!r}: expected pick, lamp or cart",
            expected_key="saboteur.tool",
            word=word,
        ) from None


def _seat(number: str) -> Seat:
    if int(number) < 1:
        raise ActionSyntaxError("players are numbered from p1", expected_key="saboteur.seat")
    return int(number) - 1


def parse(text: str) -> Action:
    """Read one action; raises `ActionSyntaxError` saying what was expected."""
    words = " ".join(text.split()).lower()
    verb = words.split(" ", 1)[0]
    pattern = _PATTERNS.get(verb)
    match = pattern.fullmatch(words) if pattern else None
    if match is None:
        raise ActionSyntaxError(
            f"expected {EXPECTED}; got {text!r}", expected_key="saboteur.action"
        )
    args = match.groups()
    if verb == "path":
        card, rotated = _shape(args[0])
        return PlacePath(card, int(args[1]), int(args[2]), rotated)
    if verb == "break":
        return BreakTool(_tool(args[0]), _seat(args[1]))
    if verb == "repair":
        tool, seat = _tool(args[0]), _seat(args[1])
        if args[2] is None:
            return RepairTool(repair_card(tool), tool, seat)
        pair = {_tool(args[2]), _tool(args[3])}
        if len(pair) != 2:
            raise ActionSyntaxError(
                "a double repair card names two different tools",
                expected_key="saboteur.double_repair",
            )
        return RepairTool(repair_card(*pair), tool, seat)
    if verb == "rockfall":
        return Rockfall(int(args[0]), int(args[1]))
    if verb == "map":
        if args[0] not in _GOALS:
            raise ActionSyntaxError(
                "map needs a goal: top, middle or bottom", expected_key="saboteur.map_goal"
            )
        return Peek(_GOALS[args[0]])
    if verb == "discard":
        return Discard(_discarded_card(args[0]))
    value = int(args[0])
    if value not in (1, 2, 3):
        raise ActionSyntaxError(
            "gold cards are worth 1, 2 or 3 nuggets", expected_key="saboteur.gold_value"
        )
    return TakeGold(value)


def _shape(word: str) -> tuple[str, bool]:
    """(card, turned) for a shape written with its edges in any order: ``wsn`` is ``NSW``."""
    dead_end = word.endswith("x")
    letters = (word[:-1] if dead_end else word).upper()
    key = normalize_edges(letters) + ("X" if dead_end else "")
    if len(key) != len(word) or key not in _SHAPES:
        raise ActionSyntaxError(
            f"no path card shows the shape {word!r}", expected_key="saboteur.shape", word=word
        )
    return _SHAPES[key]


def _discarded_card(word: str) -> str:
    if word.upper() in _CARDS:
        return _CARDS[word.upper()]
    return _shape(word)[0]


def format_action(action: Action) -> str:
    """The canonical notation of `action`."""
    match action:
        case PlacePath(card, x, y, rotated):
            return f"path {shape_of(card, rotated)} {x},{y}"
        case BreakTool(tool, target):
            return f"break {tool} p{target + 1}"
        case RepairTool(card, tool, target):
            named = [t for t in TOOLS if t in card.split("-")]
            double = f" with {'+'.join(named)}" if len(named) == 2 else ""
            return f"repair {tool} p{target + 1}{double}"
        case Rockfall(x, y):
            return f"rockfall {x},{y}"
        case Peek(goal):
            return f"map {goal}"
        case Discard(card):
            return f"discard {card}"
        case TakeGold(value):
            return f"take {value}"
