"""Saboteur for the computer players.

The measure of a position is the shortest path to the likely gold: the cards
still to lay, through free cells, for the maze to touch a goal, averaged over
the seat's belief of where the gold lies. A gold-digger plays to
shorten it, repairs probable gold-diggers, breaks the tools of probable
saboteurs and looks at the goals it is unsure of. A saboteur plays to keep it
long (dead ends at the front, rockfalls on the way, tools of probable
gold-diggers) but hides while the path is still far: it then lays harmless
cards like anyone and keeps its sabotage for when it counts.
"""

from __future__ import annotations

import math
import random
from collections import deque
from typing import Any

from bot.ai.knowledge import GameKnowledge, relative_rewards
from bot.ai.observation import Determinizer, Observation
from bot.ai.saboteur_belief import Belief, read_belief
from bot.games.base import GameState, Seat
from bot.games.saboteur import rules
from bot.games.saboteur.actions import (
    Action,
    BreakTool,
    Discard,
    Peek,
    PlacePath,
    RepairTool,
    Rockfall,
    TakeGold,
)
from bot.games.saboteur.cards import (
    GOAL_GOLD,
    PATH_CARDS,
    gold_cards_drawn,
    saboteur_payout,
)
from bot.games.saboteur.determinize import determinize
from bot.games.saboteur.maze import GOAL_POSITIONS, Maze, Placed, Pos, step
from bot.games.saboteur.state import SaboteurState

ROOT_CANDIDATES = 6
"""The search compares the heuristic's best few plays."""
HIDING_DISTANCE = 4.0
"""A saboteur plays openly only once the path is this close to the gold."""


UNREACHABLE = 20
"""Distance given to a goal no free cell leads to."""
AREA_X, AREA_Y = range(-4, 13), range(-8, 9)
"""Cells the shortest-path search looks through: the goals' area with a margin."""


def gold_distance(maze: Maze, gold: dict[Pos, float]) -> float:
    """Expected number of cards still to lay, through free cells, for the maze's
    open ends to touch the gold (a breadth-first search from every open end)."""
    ends = {step(pos, edge) for pos, edge in maze.reached()}
    todo = deque(cell for cell in ends if cell not in maze.cards)
    distance = dict.fromkeys(todo, 0)
    while todo:
        cell = todo.popleft()
        if cell in maze.hidden_goals:
            continue  # a goal is reached, not gone through
        for edge in "NESW":
            near = step(cell, edge)
            if (
                near not in distance
                and near not in maze.cards
                and near[0] in AREA_X
                and near[1] in AREA_Y
            ):
                distance[near] = distance[cell] + 1
                todo.append(near)
    return sum(
        chance * (0 if goal in maze.cards else distance.get(goal, UNREACHABLE))
        for goal, chance in gold.items()
    )


def _after(maze: Maze, action: PlacePath | Rockfall) -> Maze:
    trial = Maze(dict(maze.cards), dict(maze.hidden_goals))
    if isinstance(action, PlacePath):
        trial.place(action.card, action.rotated, action.pos)
    else:
        trial.remove(action.pos)
    return trial


def score_play(
    action: Action, maze: Maze, belief: Belief, chances: list[float], distance: float
) -> float:
    """How much `action` serves the seat's side (higher is better); `chances` are
    the belief's `saboteur_chances()`."""
    saboteur = belief.role == "saboteur"
    me = belief.seat
    hiding = saboteur and distance > HIDING_DISTANCE
    match action:
        case PlacePath(card):
            gain = distance - gold_distance(_after(maze, action), belief.gold)
            dead = PATH_CARDS[card].dead_end
            if not saboteur:
                return 3 * gain - 2 * dead
            if hiding:
                return 1.0 - abs(gain) - 3 * dead
            return -3 * gain + 2 * dead
        case Rockfall():
            gain = distance - gold_distance(_after(maze, action), belief.gold)
            removed = maze.cards[action.pos].card
            if not saboteur:
                return 2.5 if removed.dead_end and distance < 6 else -1 + 3 * gain
            return -1.0 if hiding else -3 * gain + 1
        case BreakTool(target=target):
            if target == me:
                return -10.0
            if saboteur:
                return (4.0 if not hiding else 0.5) * (1 - chances[target])
            return 6 * (chances[target] - 0.45)
        case RepairTool(target=target):
            if target == me:
                return 8.0
            side = chances[target] if saboteur else 1 - chances[target]
            return 4 * side - 1 if not hiding else 0.5
        case Peek(goal):
            unknown = belief.gold.get(GOAL_POSITIONS[goal], 0.0)
            return 3.5 * (1 - unknown) * (unknown > 0) + 0.5 * (len(belief.gold) > 1)
        case Discard(card):
            return -1.0 - 0.1 * rules.usefulness(card)
        case TakeGold(value):
            return float(value)
    return 0.0


_last_belief: list[tuple[Observation[Action], Belief]] = []


def belief_of(observation: Observation[Action]) -> Belief:
    """`read_belief`, remembered for the last observation (a search samples it often)."""
    if _last_belief and _last_belief[0][0] is observation:
        return _last_belief[0][1]
    belief = read_belief(observation)
    _last_belief[:] = [(observation, belief)]
    return belief


def ranked_plays(observation: Observation[Action], rng: random.Random) -> list[Action]:
    """The legal plays, best first by `score_play` (ties broken at random)."""
    belief = belief_of(observation)
    chances = belief.saboteur_chances()
    view = observation.view
    maze = Maze(
        cards={(c["x"], c["y"]): Placed(c["card"], c["rotated"]) for c in view["maze"]},
        hidden_goals={(g["x"], g["y"]): "?" for g in view["goals"] if not g["revealed"]},
    )
    distance = gold_distance(maze, belief.gold)
    scored = [
        (score_play(action, maze, belief, chances, distance) + rng.random() * 0.01, index)
        for index, action in enumerate(observation.legal)
    ]
    return [observation.legal[index] for _, index in sorted(scored, reverse=True)]


def easy_choice(observation: Observation[Action], rng: random.Random) -> Action:
    return ranked_plays(observation, rng)[0]


# -- playouts and evaluation -------------------------------------------------------------------


def _gold_pos(state: SaboteurState) -> Pos:
    for pos, code in state.maze.hidden_goals.items():
        if code == GOAL_GOLD.code:
            return pos
    return next(pos for pos, placed in state.maze.cards.items() if placed.code == GOAL_GOLD.code)


def playout_choice(state: SaboteurState, seat: Seat, rng: random.Random) -> Action:
    """Each side plays its obvious card towards (or against) the gold it is dealt in
    this determinization; one choice in ten is random.

    Nobody knows the others' roles here either: a gold-digger never breaks a
    tool and repairs anyone, a saboteur breaks anyone's and repairs only its
    own. (Playouts that let gold-diggers punish the real saboteur would teach
    a computer saboteur that hiding is worthless.)"""
    if state.phase == "gold":
        return TakeGold(max(state.gold_pool))
    legal = state.legal_actions(seat)
    if rng.random() < 0.1:
        return rng.choice(legal)
    gold = _gold_pos(state)
    saboteur = state.roles[seat] == "saboteur"

    def key(action: Action) -> float:
        match action:
            case PlacePath(card, x, y):
                near = -abs(x - gold[0]) - abs(y - gold[1])
                dead = PATH_CARDS[card].dead_end
                return (near + 8 * dead) if saboteur else near - 20 * dead + 10
            case BreakTool(target=target):
                return 3.0 if saboteur and target != seat else -20.0
            case RepairTool(target=target):
                return 15.0 if target == seat else -20.0 if saboteur else 5.0
        return -19.0 + rng.random()

    return max(legal, key=key)


def expected_gold(state: SaboteurState) -> list[float]:
    """Each seat's gold plus its expected share of the gold still in play this round."""
    values = [float(sum(cards)) for cards in state.gold]
    if state.phase == "gold":
        diggers = [s for s, role in enumerate(state.roles) if role == "digger"]
        for s in diggers:
            values[s] += sum(state.gold_pool) / len(diggers)
        return values
    if state.phase != "play":
        return values
    diggers = [s for s, role in enumerate(state.roles) if role == "digger"]
    saboteurs = [s for s in range(state.players) if s not in diggers]
    distance = gold_distance(state.maze, {_gold_pos(state): 1.0})
    cards_left = len(state.deck) + sum(len(hand) for hand in state.hands)
    broken = sum(1 for s in diggers if state.broken[s]) / max(len(diggers), 1)
    reach = cards_left / 4 - distance - 4 * broken - len(saboteurs)
    diggers_win = 1 / (1 + math.exp(-reach / 2))
    pot = gold_cards_drawn(state.players) * 1.5
    for s in diggers:
        values[s] += diggers_win * pot / len(diggers)
    for s in saboteurs:
        values[s] += (1 - diggers_win) * saboteur_payout(len(saboteurs))
    return values


class SaboteurKnowledge(GameKnowledge[Action]):
    game_id = "saboteur"
    playout_depth = 8

    @property
    def determinizer(self) -> Determinizer:
        return determinize

    def sample(self, observation: Observation[Action], rng: random.Random) -> GameState[Action]:
        return observation.sample(rng, **belief_of(observation).hints())

    def easy_action(self, observation: Observation[Action], rng: random.Random) -> Action:
        return easy_choice(observation, rng)

    def root_candidates(
        self, observation: Observation[Action], rng: random.Random
    ) -> list[Action]:
        return ranked_plays(observation, rng)[:ROOT_CANDIDATES]

    def playout_action(self, state: GameState[Action], seat: Seat, rng: random.Random) -> Action:
        assert isinstance(state, SaboteurState)
        return playout_choice(state, seat, rng)

    def forced(self, state: GameState[Action], seat: Seat) -> Action | None:
        assert isinstance(state, SaboteurState)
        return TakeGold(max(state.gold_pool)) if state.phase == "gold" else None

    def evaluate(self, state: GameState[Action]) -> list[float]:
        assert isinstance(state, SaboteurState)
        return relative_rewards(expected_gold(state), scale=2.0)

    def stage(self, state: GameState[Action]) -> int:
        assert isinstance(state, SaboteurState)
        return state.round

    def rounds_by_role(self, state: GameState[Action], seat: Seat) -> list[tuple[str, bool]]:
        assert isinstance(state, SaboteurState)
        return [
            (entry["roles"][seat], entry["winner"] == f"{entry['roles'][seat]}s")
            for entry in state.history
        ]


KNOWLEDGE: GameKnowledge[Any] = SaboteurKnowledge()
