"""Saboteur's legal actions as choices: grouped by card, ranked, described in words.

Used by `/game play`'s autocomplete (through the presenter's `ranked_choices`)
and by the hand view's selects. "Most
relevant first" is a reading aid, never advice that depends on a role: path
cards that lead on (no dead end) closest to a face-down goal first, tools
broken on the others before oneself, repairs of one's own tools first,
rockfalls nearest the goals first.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.base import Seat
from bot.games.saboteur import SaboteurState
from bot.games.saboteur.actions import (
    Action,
    BreakTool,
    CardPlay,
    Discard,
    Peek,
    PlacePath,
    RepairTool,
    Rockfall,
    TakeGold,
)
from bot.games.saboteur.cards import PATH_CARDS, card_type, shape_of
from bot.games.saboteur.cells import cell_name
from bot.games.saboteur.maze import GOAL_POSITIONS, Pos
from bot.i18n import LocaleLike, language_of, t
from bot.service import Table
from bot.service.errors import NotPlaying
from cogs.platform.names import mention
from cogs.platform.presenter import ActionChoice
from cogs.platform.seen import TableFacts
from renderer.saboteur.labels import card_words, shape_words

AUTOCOMPLETE_LIMIT = 25
"""Discord shows at most 25 autocomplete choices."""
CHOICE_LIMIT = 100
"""Longest choice name Discord accepts."""


def sab_state(table: Table) -> SaboteurState:
    """The table's Saboteur state; NotPlaying if it holds none (a lobby, or a forged
    custom_id naming another game's table)."""
    state = table.state
    if not isinstance(state, SaboteurState):
        raise NotPlaying()
    return state


# -- ranking --------------------------------------------------------------------------


def _goal_distance(state: SaboteurState, pos: Pos) -> int:
    """Steps from `pos` to the nearest face-down goal (to any goal once all are up)."""
    goals = list(state.maze.hidden_goals) or list(GOAL_POSITIONS.values())
    return min(abs(pos[0] - gx) + abs(pos[1] - gy) for gx, gy in goals)


def _rank(state: SaboteurState, seat: Seat, action: Action) -> tuple[int, ...]:
    """Sort key of an action among those of its card (smaller is shown first)."""
    match action:
        case PlacePath(card, x, y, rotated):
            path = PATH_CARDS[card]
            return (path.dead_end, _goal_distance(state, (x, y)), -len(path.edges), rotated)
        case BreakTool(_, target):
            return ((target - seat - 1) % state.players,)
        case RepairTool(_, _, target):
            return ((target - seat) % state.players,)
        case Rockfall(x, y):
            return (_goal_distance(state, (x, y)),)
        case TakeGold(value):
            return (-value,)
        case Peek() | Discard():
            return ()


_CARD_ORDER = {"path": 0, "repair": 1, "break": 2, "map": 3, "rockfall": 4, "dead_end": 5}
"""Which cards come first: paths that lead on, repairs, broken tools, map, rockfall, dead ends."""


def _card_order(card: str) -> int:
    kind = card_type(card)
    if kind == "path" and PATH_CARDS[card].dead_end:
        kind = "dead_end"
    return _CARD_ORDER[kind]


def plays_by_card(state: SaboteurState, seat: Seat) -> dict[str, list[CardPlay]]:
    """Card code -> its legal plays, most relevant first (discards excluded); the cards
    themselves come in `_CARD_ORDER`."""
    grouped: dict[str, list[CardPlay]] = {}
    for action in state.legal_actions(seat):
        if isinstance(action, (Discard, TakeGold)):
            continue
        grouped.setdefault(action.card, []).append(action)
    for plays in grouped.values():
        plays.sort(key=lambda play: _rank(state, seat, play))
    return dict(sorted(grouped.items(), key=lambda item: (_card_order(item[0]), item[0])))


def discards(state: SaboteurState, seat: Seat) -> list[Discard]:
    return [a for a in state.legal_actions(seat) if isinstance(a, Discard)]


def gold_picks(state: SaboteurState, seat: Seat) -> list[TakeGold]:
    return [a for a in state.legal_actions(seat) if isinstance(a, TakeGold)]


def first_actions(
    state: SaboteurState, seat: Seat, limit: int = AUTOCOMPLETE_LIMIT
) -> list[Action]:
    """A useful first list: the best plays of every card in turn, then one discard per card."""
    picks: list[Action] = list(gold_picks(state, seat))
    if picks:
        return picks[:limit]
    passes = discards(state, seat)
    queues = list(plays_by_card(state, seat).values())
    chosen: list[Action] = []
    room = max(limit - len(passes), 0)
    depth = 0
    while len(chosen) < room and any(depth < len(queue) for queue in queues):
        chosen += [queue[depth] for queue in queues if depth < len(queue)][: room - len(chosen)]
        depth += 1
    return (chosen + list(passes))[:limit]


def ranked_actions(state: SaboteurState, seat: Seat) -> list[Action]:
    """Every legal action of `seat`: the first list, then the rest card by card."""
    first = first_actions(state, seat)
    rest = [play for plays in plays_by_card(state, seat).values() for play in plays]
    return first + [action for action in rest if action not in first]


# -- words --------------------------------------------------------------------------


def player(table: Table | TableFacts, seat: Seat, locale: LocaleLike) -> str:
    """``@alice``: the player as a text names them (the mention shows their name; a
    computer is named in `locale`'s words)."""
    return mention(table.seats[seat], locale)


def card_name(locale: LocaleLike, card: str) -> str:
    """A card in words: a path card by its shape ("path open north and south"), an
    action card by its name ("broken lamp")."""
    if card in PATH_CARDS:
        return card_words(card, language_of(locale))
    return t(locale, f"saboteur.card.{card}")


_VOWELS = frozenset("aeiouyhàâäéèêëîïôöûüAEIOUYHÀÂÄÉÈÊËÎÏÔÖÛÜ")


def of_player(locale: LocaleLike, name: str) -> str:
    """"of Ana" in the reader's language; French elides before a vowel ("d'Ana",
    "de Bruno"); a mention (``<@…>``) or a computer's name keeps "de"."""
    if language_of(locale) == "fr" and name[:1] in _VOWELS:
        return "d'" + name
    return t(locale, "sab.of_player", player=name)


def describe(locale: LocaleLike, action: Action, names: Sequence[str]) -> str:
    """What `action` does, in words; `names` are the seats' display names; a cell is
    named as the images' edges print it (``D3``)."""
    match action:
        case PlacePath(card, x, y, rotated):
            key = "sab.describe.path_turned" if rotated else "sab.describe.path"
            shape = shape_words(shape_of(card, rotated), language_of(locale))
            return t(locale, key, shape=shape, cell=cell_name(x, y))
        case BreakTool(tool, target):
            return t(locale, "sab.describe.break", tool=tool_name(locale, tool),
                     of_target=of_player(locale, names[target]))
        case RepairTool(card, tool, target):
            return t(locale, "sab.describe.repair", tool=tool_name(locale, tool),
                     of_target=of_player(locale, names[target]), card=card_name(locale, card))
        case Rockfall(x, y):
            return t(locale, "sab.describe.rockfall", cell=cell_name(x, y))
        case Peek(goal):
            return t(locale, "sab.describe.map", goal=goal_name(locale, goal))
        case Discard(card):
            return t(locale, "sab.describe.discard", card=card_name(locale, card))
        case TakeGold(value):
            return t(locale, "sab.describe.take", value=value)


def tool_name(locale: LocaleLike, tool: str) -> str:
    return t(locale, f"saboteur.tool.{tool}")


def goal_name(locale: LocaleLike, goal: str) -> str:
    return t(locale, f"saboteur.goal.{goal}")


def choice(
    state: SaboteurState, locale: LocaleLike, action: Action, names: Sequence[str]
) -> ActionChoice:
    """The action as a choice: its notation as the hidden value, what it does in words
    as the name the player reads (the notation only comes back in the confirmation of
    a typed play)."""
    return ActionChoice(state.format_action(action), describe(locale, action, names)[:CHOICE_LIMIT])
