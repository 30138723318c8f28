"""Information-set Monte Carlo tree search (single observer, SO-ISMCTS).

Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search"
(2012): each iteration draws a determinization of the acting seat's
information set, walks one shared tree whose edges are actions (a child is
"available" when its action is legal in that determinization), adds one node,
plays the game on with the game's quick policy up to a horizon, and backs up
every seat's reward. Nodes keep one reward total per seat, so every seat
maximises its own (the table is not assumed to be two-sided).
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
    """The most visited root action and the number of iterations run.

    Returns None as action when no iteration could run (a zero budget).
    """
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    root = Node(observation.num_players)
    iterations = 0
    while iterations < budget.iterations:
        if deadline is not None and time.perf_counter() >= deadline:
            break
        state = knowledge.sample(observation, rng)
        path = _descend(knowledge, state, root, rng, budget.exploration)
        rewards = _play_out(knowledge, state, rng, knowledge.playout_depth)
        for node in path:
            node.visits += 1
            for seat, reward in enumerate(rewards):
                node.rewards[seat] += reward
        iterations += 1
    legal = set(observation.legal)
    visited = [(node.visits, index) for index, (action, node) in enumerate(root.children.items())
               if action in legal]
    if not visited:
        return None, iterations
    _, best = max(visited)
    return list(root.children)[best], iterations


def _descend(
    knowledge: GameKnowledge[A],
    state: GameState[A],
    root: Node,
    rng: random.Random,
    exploration: float,
) -> list[Node]:
    """Walk the tree in `state` (changing it), adding one node; the nodes walked."""
    node, path = root, [root]
    while not state.is_over():
        seat = state.to_act()[0]
        forced = knowledge.forced(state, seat)
        if forced is not None:
            state.apply(seat, forced)
            continue
        legal = state.legal_actions(seat)
        untried = [action for action in legal if action not in node.children]
        for action in legal:
            child = node.children.get(action)
            if child is not None:
                child.available += 1
        if untried:
            action = rng.choice(untried)
            node.children[action] = child = Node(state.num_players)
            state.apply(seat, action)
            path.append(child)
            return path
        action = max(legal, key=lambda a: node.children[a].score(seat, exploration))
        node = node.children[action]
        state.apply(seat, action)
        path.append(node)
    return path


def _play_out(
    knowledge: GameKnowledge[A], state: GameState[A], rng: random.Random, depth: int
) -> list[float]:
    """Play on with the quick policy for `depth` actions or to the end of the stage
    (where an evaluation is most meaningful), then score."""
    stage = knowledge.stage(state)
    for _ in range(depth):
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
