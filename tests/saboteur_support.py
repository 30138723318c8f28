"""Helpers for the Saboteur tests: arrange hands and mazes without losing a card.

Cards always move between the deck and where the test wants them, so a
prepared state still passes `check_invariants`.
"""

from __future__ import annotations

import copy
import random
import re

from bot.games.saboteur import SaboteurState
from bot.games.saboteur.actions import Action, PlacePath, RepairTool
from bot.games.saboteur.cards import GOALS, Role
from bot.games.saboteur.maze import GOAL_POSITIONS
from renderer.saboteur.labels import numbered_names

SAB_NOTATION = re.compile(
    r"\b(?:path\s+[NESW]+x?|(?:break|repair)\s+(?:pick|lamp|cart)\s+p\d|rockfall\s+-?\d+,"
    r"|map\s+(?:top|middle|bottom)|discard\s+(?:[NESW]+x?|break-|repair-|rockfall|map)"
    r"|take\s+\d)"
    r"|\b[NESWO]{2,4}x?\b|\bp\d+\b|-?\d+,-?\d+|\bgoal-\w+|\b(?:break|repair)-\w+"
)
"""Saboteur's notation (``path NSW 3,-1``, ``break lamp p2``), compass codes (``NEW``,
``NSO``), seat numbers and ``x,y`` coordinates: none belongs in what a player reads."""


def game(players: int = 4, seed: int = 1) -> SaboteurState:
    return SaboteurState.new(players, seed)


def take_from_deck(state: SaboteurState, card: str) -> str:
    """Move one `card` out of the deck (from a hand or the discard if the deck has none)."""
    for pile in (state.deck, state.discard, *state.hands):
        if card in pile:
            pile.remove(card)
            return card
    raise AssertionError(f"no {card} left outside the maze")


def set_hand(state: SaboteurState, seat: int, cards: list[str]) -> None:
    """Give `seat` exactly `cards`, its old hand going back to the deck."""
    state.deck += state.hands[seat]
    state.hands[seat] = []
    state.hands[seat] = [take_from_deck(state, card) for card in cards]


def lay(state: SaboteurState, *cards: tuple[str, int, int] | tuple[str, int, int, bool]) -> None:
    """Put path cards on the maze directly: (code, x, y[, rotated])."""
    for code, x, y, *turned in cards:
        state.maze.place(take_from_deck(state, code), bool(turned and turned[0]), (x, y))


def corridor(state: SaboteurState, to_x: int) -> None:
    """Connected cards from the start east to column `to_x` on row 0 (crosses and Ts).

    The three straight EW cards are kept for the tests to play.
    """
    lay(state, *[("NESW" if x % 2 else "ESW", x, 0) for x in range(1, to_x + 1)])


def set_goals(state: SaboteurState, top: str, middle: str, bottom: str) -> None:
    assert sorted((top, middle, bottom)) == sorted(goal.code for goal in GOALS)
    state.maze.hidden_goals = dict(zip(GOAL_POSITIONS.values(), (top, middle, bottom), strict=True))


def roles_of(letters: str) -> list[Role]:
    """``"dsd"`` -> digger, saboteur, digger."""
    return ["saboteur" if letter == "s" else "digger" for letter in letters]


def set_roles(state: SaboteurState, roles: list[Role]) -> None:
    """Deal `roles`; the aside card becomes whatever the role deck has left."""
    deck = sorted([*state.roles, state.aside])
    for role in roles:
        deck.remove(role)
    state.roles, state.aside = list(roles), deck[0]


def digger_play(rng: random.Random, actions: list[Action]) -> Action:
    """A random policy leaning towards the gold: repairs, then connected paths far east."""
    repairs = [a for a in actions if isinstance(a, RepairTool)]
    if repairs and rng.random() < 0.8:
        return rng.choice(repairs)
    paths = [a for a in actions if isinstance(a, PlacePath) and not a.card.endswith("x")]
    if paths and rng.random() < 0.9:
        east = max(a.x for a in paths)
        return rng.choice([a for a in paths if a.x == east])
    return rng.choice(actions)


def hide_other_secrets(state: SaboteurState, seat: int | None, rng: random.Random) -> SaboteurState:
    """A copy where every secret `seat` may not know is changed, the rest kept.

    Other seats' hands are swapped with deck cards, their roles and the aside
    card shuffled, the deck and discard shuffled, the face-down goals swapped,
    other seats' peeks forgotten and the gold (other seats', the stock's and,
    unless `seat` holds it, the table's) shuffled. A view that leaks none of these is the
    same for both states.
    """
    other = copy.deepcopy(state)
    others = [s for s in range(state.players) if s != seat]
    pool = other.deck + other.discard + [card for s in others for card in other.hands[s]]
    rng.shuffle(pool)
    for s in others:
        size = len(other.hands[s])
        other.hands[s], pool = pool[:size], pool[size:]
    split = len(other.deck)
    other.deck, other.discard = pool[:split], pool[split:]
    roles = [other.roles[s] for s in others] + [other.aside]
    rng.shuffle(roles)
    for s in others:
        other.roles[s] = roles.pop()
    other.aside = roles.pop()
    hidden = list(other.maze.hidden_goals.values())
    rng.shuffle(hidden)
    other.maze.hidden_goals = dict(zip(other.maze.hidden_goals, hidden, strict=True))
    for s in others:
        other.peeks[s] = {}
    if state.phase != "over":
        # The gold on the table is seen only by the seat holding it (the one to act).
        table_hidden = seat not in state.to_act()
        gold = [value for s in others for value in other.gold[s]] + other.gold_deck
        if table_hidden:
            gold += other.gold_pool
        rng.shuffle(gold)
        for s in others:
            size = len(other.gold[s])
            other.gold[s], gold = gold[:size], gold[size:]
        if table_hidden:
            size = len(other.gold_pool)
            other.gold_pool, gold = gold[:size], gold[size:]
        other.gold_deck = gold
    return other


def seat_names(state: SaboteurState, lang: str = "en") -> tuple[str, ...]:
    """The names the bot draws on the images for now: "Player 1"... (the Discord layer
    will pass the players' display names)."""
    return numbered_names(state.players, lang)
