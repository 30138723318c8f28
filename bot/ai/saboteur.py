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

from bot.ai.appraisers import Appraiser, Told
from bot.ai.knowledge import GameKnowledge
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
    card_type,
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


def keep_value(card: str, belief: Belief) -> float:
    """What keeping `card` in hand is worth to a gold-digger: the cost of spending it.

    Connected path cards are the way to the gold (a cross most), a repair is
    kept for its own tools, a map while the gold's place is unsure; dead ends
    are worth nothing to a gold-digger."""
    kind = card_type(card)
    if kind == "path":
        path = PATH_CARDS[card]
        return 0.0 if path.dead_end else 0.3 + 0.2 * len(path.edges)
    if kind == "map":
        return 0.3 if len(belief.gold) > 1 else 0.0
    return {"repair": 1.5, "rockfall": 0.6, "break": 0.4}[kind]


def score_play(
    action: Action, maze: Maze, belief: Belief, chances: list[float], distance: float
) -> float:
    """How much `action` serves the seat's side (higher is better); `chances` are
    the belief's `saboteur_chances()`."""
    if belief.role == "digger":
        return _digger_score(action, maze, belief, chances, distance)
    return _saboteur_score(action, maze, belief, chances, distance)


def _digger_score(
    action: Action, maze: Maze, belief: Belief, chances: list[float], distance: float
) -> float:
    """What a play brings a gold-digger, less what the card would be worth kept."""
    if isinstance(action, TakeGold):
        return float(action.value)
    cost = keep_value(action.card, belief)
    match action:
        case PlacePath() | Rockfall():
            gain = distance - gold_distance(_after(maze, action), belief.gold)
            dead = isinstance(action, PlacePath) and PATH_CARDS[action.card].dead_end
            return 3 * gain - cost - 2 * dead
        case BreakTool(target=target):
            return -10.0 if target == belief.seat else 6 * (chances[target] - 0.45) - cost
        case RepairTool(target=target):
            return 8.0 if target == belief.seat else 4 * (1 - chances[target]) - 1 - cost
        case Peek(goal):
            unknown = belief.gold.get(GOAL_POSITIONS[goal], 0.0)
            return 3.5 * (1 - unknown) * (unknown > 0) - cost
    return -0.5 - cost  # a discard


def _saboteur_score(
    action: Action, maze: Maze, belief: Belief, chances: list[float], distance: float
) -> float:
    me = belief.seat
    hiding = distance > HIDING_DISTANCE
    match action:
        case PlacePath(card):
            gain = distance - gold_distance(_after(maze, action), belief.gold)
            dead = PATH_CARDS[card].dead_end
            if hiding:
                return 1.0 - abs(gain) - 3 * dead
            return -3 * gain + 2 * dead
        case Rockfall():
            gain = distance - gold_distance(_after(maze, action), belief.gold)
            return -1.0 if hiding else -3 * gain + 1
        case BreakTool(target=target):
            if target == me:
                return -10.0
            return (4.0 if not hiding else 0.5) * (1 - chances[target])
        case RepairTool(target=target):
            if target == me:
                return 8.0
            return 4 * chances[target] - 1 if not hiding else 0.5
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


def seen_maze(view: dict[str, Any]) -> Maze:
    """The maze as a seat sees it: the goals not turned over are unknown cards."""
    return Maze(
        cards={(c["x"], c["y"]): Placed(c["card"], c["rotated"]) for c in view["maze"]},
        hidden_goals={(g["x"], g["y"]): "?" for g in view["goals"] if not g["revealed"]},
    )


def hiding(observation: Observation[Action]) -> bool:
    """Whether the seat is a saboteur that should still hide (the gold is far)."""
    belief = belief_of(observation)
    return belief.role == "saboteur" and (
        gold_distance(seen_maze(observation.view), belief.gold) > HIDING_DISTANCE
    )


def ranked_plays(observation: Observation[Action], rng: random.Random) -> list[Action]:
    """The legal plays, best first by `score_play` (ties broken at random)."""
    belief = belief_of(observation)
    chances = belief.saboteur_chances()
    view = observation.view
    maze = seen_maze(view)
    distance = gold_distance(maze, belief.gold)
    scores = [
        score_play(action, maze, belief, chances, distance) + rng.random() * 0.01
        for action in observation.legal
    ]
    if belief.role == "digger":
        hand = [card["card"] for card in view["you"]["hand"]]
        _add_follow_ups(observation.legal, scores, maze, belief.gold, hand)
    ranked = sorted(range(len(scores)), key=lambda index: scores[index], reverse=True)
    return [observation.legal[index] for index in ranked]


FOLLOW_UPS = 4
"""How many of a gold-digger's best path plays are weighed by the next card they allow."""
FOLLOW_UP = 1.5
"""Worth of the hand's next step beyond a path play (a step now is worth 3)."""


def _add_follow_ups(
    legal: tuple[Action, ...], scores: list[float], maze: Maze, gold: dict[Pos, float],
    hand: list[str],
) -> None:
    """Add to the best few path plays the best step the rest of the hand could lay
    next beyond them: of two equal steps, the one the hand can go on from is worth more."""
    paths = [i for i, action in enumerate(legal) if isinstance(action, PlacePath)]
    best = sorted(paths, key=lambda i: scores[i], reverse=True)[:FOLLOW_UPS]
    for index in best:
        action = legal[index]
        assert isinstance(action, PlacePath)
        rest = list(hand)
        rest.remove(action.card)
        scores[index] += FOLLOW_UP * _next_gain(_after(maze, action), action.pos, gold, rest)


def _next_gain(maze: Maze, laid: Pos, gold: dict[Pos, float], hand: list[str]) -> float:
    """The most one connected path card of `hand` shortens the distance (at most 1),
    laid next to the card on `laid`."""
    reached = maze.reached()
    cells = {step(laid, edge) for edge in "NESW"} - maze.cards.keys() - maze.hidden_goals.keys()
    distance = gold_distance(maze, gold)
    best = 0.0
    for card in set(hand) & PATH_CARDS.keys():
        if PATH_CARDS[card].dead_end:
            continue
        for rotated in (False,) if PATH_CARDS[card].symmetric else (False, True):
            for cell in cells:
                if maze.placement_error(card, rotated, cell, reached) is None:
                    trial = _after(maze, PlacePath(card, cell[0], cell[1], rotated))
                    best = max(best, distance - gold_distance(trial, gold))
    return min(best, 1.0)


def easy_choice(observation: Observation[Action], rng: random.Random) -> Action:
    return ranked_plays(observation, rng)[0]


# -- playouts and evaluation -------------------------------------------------------------------


def gold_position(state: SaboteurState) -> Pos:
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
    gold = gold_position(state)
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


PROGRESS = 0.35
"""Distance a gold-digger's card shortens on average (its cards that neither fit nor
find the way, its turns with a broken tool and its other plays included)."""


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
    distance = gold_distance(state.maze, {gold_position(state): 1.0})
    cards_left = len(state.deck) + sum(len(hand) for hand in state.hands)
    working = sum(1 for s in diggers if not state.broken[s]) / max(len(diggers), 1)
    digger_cards = cards_left * len(diggers) / state.players
    reach = PROGRESS * digger_cards * working - distance - 1.5 * len(saboteurs)
    diggers_win = 1 / (1 + math.exp(-reach / 2))
    pot = gold_cards_drawn(state.players) * 1.5
    for s in diggers:
        values[s] += diggers_win * pot / len(diggers)
    for s in saboteurs:
        values[s] += (1 - diggers_win) * saboteur_payout(len(saboteurs))
    return values


def team_rewards(values: list[float], scale: float) -> list[float]:
    """Each seat's lead in estimated gold, squashed into (0, 1): half over its best
    opponent (the game's winner has the most gold), half over the average of the
    others (a gold-digger gains with its side, not only against its partners)."""
    rewards = []
    for seat, value in enumerate(values):
        others = [v for other, v in enumerate(values) if other != seat]
        lead = value - (max(others) + sum(others) / len(others)) / 2
        rewards.append(1 / (1 + math.exp(-lead / scale)))
    return rewards


class SaboteurAppraiser(Appraiser, unit="chance", margin=10.0):
    """The chance that the seat's side wins the round, as `bot.ai.saboteur.expected_gold`
    estimates it, split among what moves it: the path to the gold, the gold-diggers'
    working tools and the saboteurs still able to block."""

    def settle(self, state: GameState[Any], seat: Seat) -> list[Any]:
        """Nothing: a play is the whole turn."""
        return []

    def told(self, observation: Observation[Any], action: Any, term: str) -> Told:
        """A gold-digger who knows where the gold is (it looked, or the goal is turned
        over) is told the path goes toward the goal it saw holds gold; one told to break
        a player's tool, why that player is a likely saboteur: the tools of likely
        gold-diggers it broke and the times it blocked the path this round (the public
        record, as the belief reads it). A look at a goal is told as what it is: what it
        shows is worth nothing in the chance the coach measures, only in the plays after."""
        if isinstance(action, Peek):
            return "peek", {}
        belief = belief_of(observation)
        if term == "path_digger" and len(belief.gold) == 1:
            return f"{term}_seen", {}
        if term == "blockers_digger" and isinstance(action, BreakTool):
            target = action.target
            facts = {"broken": belief.broke_diggers[target], "blocked": belief.blocked[target]}
            found = "_".join(name for name, count in facts.items() if count)
            if found:
                return f"{term}_{found}", {"player": target, **facts}
        return term, {}

    def terms(self, state: GameState[Any], seat: Seat) -> dict[str, float]:
        assert isinstance(state, SaboteurState)
        side = state.roles[seat]
        names = ("path", "tools", "blockers")
        keys = [f"{name}_{side}" for name in names]
        if state.phase != "play":
            # The round is decided: gold is shared among the gold-diggers, or the next round began.
            won = state.phase == "gold" and side == "digger"
            return dict(zip(keys, (100.0 if won else 0.0, 0.0, 0.0), strict=True))
        diggers = [s for s, role in enumerate(state.roles) if role == "digger"]
        saboteurs = [s for s in range(state.players) if s not in diggers]
        cards_left = len(state.deck) + sum(len(hand) for hand in state.hands)
        working = sum(1 for s in diggers if not state.broken[s]) / max(len(diggers), 1)
        blocking = sum(0.5 if state.broken[s] else 1.0 for s in saboteurs)
        reach = (
            -gold_distance(state.maze, {gold_position(state): 1.0}),
            PROGRESS * cards_left * len(diggers) / state.players * working,
            -1.5 * blocking,
        )
        # The chance 100·σ(r/2) shared among the parts of r in proportion (exactly).
        total = sum(reach)
        share = 1 / 8 if abs(total) < 1e-9 else (1 / (1 + math.exp(-total / 2)) - 0.5) / total
        sign = 1.0 if side == "digger" else -1.0
        return {
            key: sign * 100 * share * part + (50.0 if key == keys[0] else 0.0)
            for key, part in zip(keys, reach, strict=True)
        }


class SaboteurKnowledge(GameKnowledge[Action]):
    game_id = "saboteur"
    playout_depth = 8
    appraiser = SaboteurAppraiser()

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
        """The heuristic's best few plays; only its best while a saboteur hides: a
        playout never punishes a player who gave itself away, so the search cannot
        tell hiding from blocking in the open."""
        plays = ranked_plays(observation, rng)
        return plays[:1] if hiding(observation) else plays[:ROOT_CANDIDATES]

    def playout_action(self, state: GameState[Action], seat: Seat, rng: random.Random) -> Action:
        assert isinstance(state, SaboteurState)
        return playout_choice(state, seat, rng)

    def forced(self, state: GameState[Action], seat: Seat) -> Action | None:
        assert isinstance(state, SaboteurState)
        return TakeGold(max(state.gold_pool)) if state.phase == "gold" else None

    def evaluate(self, state: GameState[Action]) -> list[float]:
        assert isinstance(state, SaboteurState)
        return team_rewards(expected_gold(state), scale=2.0)

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
