"""Which cards a seat may play, and why not: the rules of one turn.

Rulebook "Déroulement du jeu": lay a path card, lay an action card in front of
a player, or pass by discarding one card face down.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from bot.games.base import Seat
from bot.games.errors import IllegalAction
from bot.games.saboteur.actions import (
    BreakTool,
    CardPlay,
    Discard,
    Peek,
    PlacePath,
    RepairTool,
    Rockfall,
)
from bot.games.saboteur.cards import (
    GOALS,
    OPPOSITE,
    PATH_CARDS,
    Tool,
    card_tools,
    card_type,
)
from bot.games.saboteur.maze import GOAL_NAMES, Maze, step

REASONS: dict[str, str] = {
    "card_not_in_hand": "you don't hold that card",
    "not_a_path_card": "that card is not a path card",
    "tools_broken": "you can't lay path cards while a tool of yours is broken",
    "cell_taken": "that space already holds a card",
    "edges_mismatch": "every edge must match the cards next to it",
    "not_connected": "a path card must join the path that leads to the start",
    "no_such_player": "there is no such player",
    "already_broken": "that player's tool is already broken",
    "not_a_repair_card": "that card does not repair this tool",
    "nothing_to_repair": "that player's tool is not broken",
    "not_removable": "a rockfall removes a path card (never the start or a goal)",
    "goal_revealed": "that goal is already face up",
    "no_gold_sharing": "no gold is being shared",
    "no_such_gold": "no gold card of that value is on the table",
    "take_gold_first": "the gold-diggers are sharing the gold: take a gold card",
}


def illegal(reason: str, **params: object) -> IllegalAction:
    """An `IllegalAction` with its English text and its key ``reason.saboteur.<reason>``."""
    return IllegalAction(REASONS[reason], f"saboteur.{reason}", **params)


def check_card_play(
    maze: Maze, broken: Sequence[Sequence[Tool]], hand: Sequence[str], seat: Seat, play: CardPlay
) -> None:
    """Raise `IllegalAction` unless `seat`, holding `hand`, may make `play`."""
    if play.card not in hand:
        raise illegal("card_not_in_hand", card=play.card)
    match play:
        case PlacePath(card, x, y, rotated):
            if card not in PATH_CARDS:
                raise illegal("not_a_path_card", card=card)
            if broken[seat]:
                raise illegal("tools_broken", tools=list(broken[seat]))
            reason = maze.placement_error(card, rotated, (x, y))
            if reason is not None:
                raise illegal(reason, x=x, y=y)
        case BreakTool(tool, target):
            _check_target(broken, target)
            if tool in broken[target]:
                raise illegal("already_broken", target=target, tool=tool)
        case RepairTool(card, tool, target):
            _check_target(broken, target)
            if card_type(card) != "repair" or tool not in card_tools(card):
                raise illegal("not_a_repair_card", card=card, tool=tool)
            if tool not in broken[target]:
                raise illegal("nothing_to_repair", target=target, tool=tool)
        case Rockfall(x, y):
            if (x, y) not in maze.removable():
                raise illegal("not_removable", x=x, y=y)
        case Peek(goal):
            if play.pos not in maze.hidden_goals:
                raise illegal("goal_revealed", goal=goal)
        case Discard():
            pass


def _check_target(broken: Sequence[Sequence[Tool]], target: Seat) -> None:
    if not 0 <= target < len(broken):
        raise illegal("no_such_player", target=target)


def card_plays(
    maze: Maze, broken: Sequence[Sequence[Tool]], hand: Sequence[str], seat: Seat
) -> Iterator[CardPlay]:
    """Every legal play of `hand`, card by card in code order, discards last."""
    reached = maze.reached()
    frontier = maze.frontier()
    players = range(len(broken))
    for card in sorted(set(hand)):
        kind = card_type(card)
        if kind == "path" and not broken[seat]:
            turns = (False,) if PATH_CARDS[card].symmetric else (False, True)
            for rotated in turns:
                for pos in frontier:
                    if maze.placement_error(card, rotated, pos, reached) is None:
                        yield PlacePath(card, pos[0], pos[1], rotated)
        elif kind == "break":
            (tool,) = card_tools(card)
            yield from (BreakTool(tool, target) for target in players if tool not in broken[target])
        elif kind == "repair":
            for tool in card_tools(card):
                for target in players:
                    if tool in broken[target]:
                        yield RepairTool(card, tool, target)
        elif kind == "rockfall":
            yield from (Rockfall(x, y) for x, y in maze.removable())
        elif kind == "map":
            yield from (Peek(GOAL_NAMES[pos]) for pos in sorted(maze.hidden_goals))
    yield from (Discard(card) for card in sorted(set(hand)))


_RANK_BY_TYPE = {"map": 2, "rockfall": 3, "break": 4, "repair": 5}


def usefulness(card: str) -> int:
    """How much `card` helps the table reach the gold, for the idle-seat default.

    Lowest first: single dead ends (0), other dead ends (1), map (2), rockfall
    (3), broken tools (4), single repairs (5), double repairs (6), then path
    cards by openings: curves and straights (7), T (8), cross (9).
    """
    kind = card_type(card)
    if kind == "path":
        path = PATH_CARDS[card]
        if path.dead_end:
            return 0 if len(path.edges) == 1 else 1
        return 5 + len(path.edges)
    return _RANK_BY_TYPE[kind] + (len(card_tools(card)) == 2)


def check_edges(maze: Maze) -> None:
    """Assert that neighbouring face-up cards match, goals excepted (they may mismatch)."""
    goals = {goal.code for goal in GOALS}
    for pos, placed in maze.cards.items():
        for edge in "NESW":
            other = maze.cards.get(step(pos, edge))
            if other is None or goals & {placed.code, other.code}:
                continue
            assert (edge in placed.edges) == (OPPOSITE[edge] in other.edges), f"mismatch at {pos}"

