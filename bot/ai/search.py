"""Information-set Monte Carlo tree search (single observer, SO-ISMCTS).

Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search"
(2012): each iteration draws a determinization of the acting seat's
information set, walks one shared tree whose edges are actions (a child is
"available" when its action is legal in that determinization), adds one node,
plays the game on with the game's quick policy up to a horizon, and backs up
every seat's reward. Nodes keep one reward total per seat, so every seat
maximises its own (the table is not assumed to be two-sided).

Small budgets make three choices matter (see docs/ai.md):

- the root only considers the heuristic's best few actions (its
  `root_candidates`), tried in the heuristic's order, and on equal visits the
  heuristic's preference wins, so a search is never blind to the easy move;
- below the root, an untried action is the quick policy's choice when it can
  be, so opponents are first expected to play sensibly, not at random;
- the tree stops at `tree_depth`; below, the quick policy plays.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.ai.knowledge import GameKnowledge, outcome_rewards
from bot.ai.observation import Observation
from bot.games.base import GameState, Seat

A = TypeVar("A")


@dataclass(frozen=True)
class SearchBudget:
    """How long a search may think: iterations, and a clock limit if any."""

    iterations: int
    seconds: float | None = None
    tree_depth: int = 3
    """Decisions kept in the tree below the root's (deeper: the quick policy)."""
    exploration: float = 0.7


class Node:
    """Statistics of one action sequence from the root."""

    __slots__ = ("available", "children", "rewards", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.available = 1
        self.rewards = [0.0] * players

    def score(self, seat: Seat, exploration: float) -> float:
        mean = self.rewards[seat] / self.visits
        return mean + exploration * math.sqrt(math.log(self.available) / self.visits)


def ismcts(
    knowledge: GameKnowledge[A],
    observation: Observation[A],
    rng: random.Random,
    budget: SearchBudget,
) -> tuple[A | None, int]:
    """The most visited root candidate and the number of iterations run.

    Returns None as action when no iteration could run (a zero budget); a single
    candidate is returned at once, without iterations.
    """
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    candidates = knowledge.root_candidates(observation, rng)
    if len(candidates) == 1:
        return candidates[0], 0  # nothing to compare
    root = Node(observation.num_players)
    iterations = 0
    while iterations < budget.iterations:
        if deadline is not None and time.perf_counter() >= deadline:
            break
        state = knowledge.sample(observation, rng)
        path = _descend_root(knowledge, state, root, candidates, budget, rng)
        rewards = _play_out(knowledge, state, rng)
        for node in path:
            node.visits += 1
            for seat, reward in enumerate(rewards):
                node.rewards[seat] += reward
        iterations += 1
    ranked = [
        (root.children[action].visits, -rank, action)
        for rank, action in enumerate(candidates)
        if action in root.children
    ]
    if not ranked:
        return None, iterations
    return max(ranked, key=lambda item: item[:2])[2], iterations


def _descend_root(
    knowledge: GameKnowledge[A],
    state: GameState[A],
    root: Node,
    candidates: list[A],
    budget: SearchBudget,
    rng: random.Random,
) -> list[Node]:
    """The root's step (candidates in order, then UCB), then `_descend` below it."""
    seat = state.to_act()[0]
    untried = [action for action in candidates if action not in root.children]
    for child in root.children.values():
        child.available += 1
    if untried:
        action = untried[0]
        root.children[action] = child = Node(state.num_players)
    else:
        action = max(candidates, key=lambda a: root.children[a].score(seat, budget.exploration))
        child = root.children[action]
    state.apply(seat, action)
    return [root, child, *_descend(knowledge, state, child, budget, rng)]


def _descend(
    knowledge: GameKnowledge[A],
    state: GameState[A],
    node: Node,
    budget: SearchBudget,
    rng: random.Random,
) -> list[Node]:
    """Walk the tree in `state` (changing it) up to `tree_depth` decisions, adding at
    most one node; the nodes walked."""
    path: list[Node] = []
    for _ in range(budget.tree_depth):
        if state.is_over():
            break
        seat = state.to_act()[0]
        forced = knowledge.forced(state, seat)
        if forced is not None:
            state.apply(seat, forced)
            continue
        legal = state.legal_actions(seat)
        for action in legal:
            child = node.children.get(action)
            if child is not None:
                child.available += 1
        if any(action not in node.children for action in legal):
            action = knowledge.playout_action(state, seat, rng)
            if action in node.children:
                action = rng.choice([a for a in legal if a not in node.children])
            node.children[action] = child = Node(state.num_players)
            state.apply(seat, action)
            path.append(child)
            break
        action = max(legal, key=lambda a: node.children[a].score(seat, budget.exploration))
        node = node.children[action]
        state.apply(seat, action)
        path.append(node)
    return path


def _play_out(knowledge: GameKnowledge[A], state: GameState[A], rng: random.Random) -> list[float]:
    """Play on with the quick policy for the game's `playout_depth` actions or to the
    end of the stage (where an evaluation is most meaningful), then score."""
    stage = knowledge.stage(state)
    for _ in range(knowledge.playout_depth):
        if state.is_over() or knowledge.stage(state) != stage:
            break
        seat = state.to_act()[0]
        action = knowledge.forced(state, seat)
        if action is None:
            action = knowledge.playout_action(state, seat, rng)
        state.apply(seat, action)
    if state.is_over():
        return outcome_rewards(state)
    return knowledge.evaluate(state)
