"""What a computer seat believes in Saboteur: who may be a saboteur, where the gold lies.

Each play a seat was told of this round multiplies the player's odds of being
a saboteur by a likelihood ratio (a dead end is a saboteur's card, breaking
a probable gold-digger's tool is a saboteur's move, repairing one is a
gold-digger's...). The seat's chances follow from those odds over every set
of saboteurs the role deck allows, exactly as the determinizer samples them.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bot.ai.observation import Observation
from bot.games.base import Seat
from bot.games.saboteur.cards import PATH_CARDS, Role, Tool, break_card
from bot.games.saboteur.determinize import saboteur_sets
from bot.games.saboteur.maze import GOAL_POSITIONS, GoalName, Pos

DEAD_END = 3.0
"""Odds factor for laying a dead end."""
FORWARD = 0.8
"""Odds factor for laying a connected card that opens towards the goals."""
BREAK_DIGGER, BREAK_SABOTEUR = 2.5, 0.5
"""Odds factors for breaking the tool of a sure gold-digger / a sure saboteur
(a likely one: in proportion)."""
REPAIR_DIGGER, REPAIR_SABOTEUR, REPAIR_SELF = 0.6, 2.0, 0.9
ROCKFALL_PATH, ROCKFALL_DEAD_END = 1.8, 0.5


@dataclass
class Belief:
    seat: Seat
    role: Role
    players: int
    odds: list[float]
    """Per seat, how much its plays multiplied its odds of being a saboteur."""
    public_discards: Counter[str] = field(default_factory=Counter)
    gold: dict[Pos, float] = field(default_factory=dict)
    """Chance that the gold lies under each goal position."""

    def saboteur_chances(self) -> list[float]:
        """Each seat's chance of being a saboteur (the seat's own role is known)."""
        sets = saboteur_sets(self.players, self.seat, self.role)
        weights = [math.prod(self.odds[s] for s in chosen) for chosen in sets]
        total = sum(weights)
        chances = [0.0] * self.players
        for chosen, weight in zip(sets, weights, strict=True):
            for s in chosen:
                chances[s] += weight / total
        chances[self.seat] = 1.0 if self.role == "saboteur" else 0.0
        return chances

    def hints(self) -> dict[str, Any]:
        """Keyword arguments for the engine's determinizer."""
        names: dict[Pos, GoalName] = {pos: name for name, pos in GOAL_POSITIONS.items()}
        return {
            "saboteur_odds": list(self.odds),
            "gold_odds": {names[pos]: chance for pos, chance in self.gold.items()},
            "public_discards": self.public_discards,
        }


def read_belief(observation: Observation[Any]) -> Belief:
    """The belief of the observing seat after the events of the current round."""
    view = observation.view
    seat = observation.seat
    belief = Belief(seat, view["you"]["role"], observation.num_players, [1.0] * view["players"])
    belief.gold = gold_chances(view)
    events = list(observation.history)
    starts = [i for i, event in enumerate(events) if event.kind == "round_started"]
    for event in events[starts[-1] if starts else 0 :]:
        _update(belief, event.kind, event.data)
    belief.odds[seat] = 1.0
    return belief


def gold_chances(view: dict[str, Any]) -> dict[Pos, float]:
    """Where the gold may be: a goal turned over or looked at is known, the rest alike."""
    known_stone: set[Pos] = set()
    for goal in [*view["goals"], *view["you"]["peeks"]]:
        pos = (goal["x"], goal["y"])
        gold = goal.get("gold")
        if gold:
            return {pos: 1.0}
        if gold is False:
            known_stone.add(pos)
    unknown = [pos for pos in GOAL_POSITIONS.values() if pos not in known_stone]
    return {pos: 1 / len(unknown) for pos in unknown}


def _update(belief: Belief, kind: str, data: dict[str, Any]) -> None:
    if kind == "path_played":
        card = PATH_CARDS[data["card"]]
        if card.dead_end:
            belief.odds[data["player"]] *= DEAD_END
        elif "E" in data["shape"] and data["x"] >= 0:
            belief.odds[data["player"]] *= FORWARD
    elif kind == "tool_broken":
        chance = belief.saboteur_chances()[data["target"]]
        factor = BREAK_DIGGER * (1 - chance) + BREAK_SABOTEUR * chance
        belief.odds[data["player"]] *= factor
    elif kind == "tool_repaired":
        tool: Tool = data["tool"]
        belief.public_discards.update([data["card"], break_card(tool)])
        if data["target"] == data["player"]:
            belief.odds[data["player"]] *= REPAIR_SELF
        else:
            chance = belief.saboteur_chances()[data["target"]]
            belief.odds[data["player"]] *= REPAIR_DIGGER * (1 - chance) + REPAIR_SABOTEUR * chance
    elif kind == "rockfall":
        belief.public_discards.update(["rockfall", data["card"]])
        removed = PATH_CARDS[data["card"]]
        belief.odds[data["player"]] *= ROCKFALL_DEAD_END if removed.dead_end else ROCKFALL_PATH
    elif kind == "map_played":
        belief.public_discards.update(["map"])
