"""What a computer seat believes in Saboteur: who may be a saboteur, where the gold lies.

Each play a seat was told of this round multiplies the player's odds of being
a saboteur by a likelihood ratio (a dead end is a saboteur's card, breaking
a probable gold-digger's tool is a saboteur's move, repairing one is a
gold-digger's...). The seat's chances follow from those odds over every set
of saboteurs the role deck allows, exactly as the determinizer samples them.

The gold's place: known once a goal is turned over or the seat looked at it;
otherwise what a probable gold-digger does after looking at a goal moves the
odds of that goal (digging towards its row: gold; looking at another goal:
stone).
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
SECOND_MAP = 0.3
"""Odds factor for the gold under a goal a gold-digger looked at, then looked further."""
TOWARDS_PEEKED, AWAY_FROM_PEEKED = 1.5, 0.7
"""Odds factors for the gold under the goal a gold-digger looked at, when it then
digs towards that goal's row / another goal's row."""


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
    gold_odds: dict[Pos, float] = field(default_factory=dict)
    """Per goal, how much what others did after looking at it multiplied the odds of gold."""
    peeked: dict[Seat, Pos] = field(default_factory=dict)
    """The goal each player last looked at this round."""
    broke_diggers: Counter[Seat] = field(default_factory=Counter)
    """Per player, the tools it broke this round of players then believed gold-diggers
    (the evidence the coach names: `bot.ai.appraisers.SaboteurAppraiser.told`)."""
    blocked: Counter[Seat] = field(default_factory=Counter)
    """Per player, the times it blocked the path this round: a dead end laid, a path
    card taken away by a rockfall."""

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
    events = list(observation.history)
    starts = [i for i, event in enumerate(events) if event.kind == "round_started"]
    for event in events[starts[-1] if starts else 0 :]:
        _update(belief, event.kind, event.data)
    belief.odds[seat] = 1.0
    known = gold_chances(view)
    weights = {pos: chance * belief.gold_odds.get(pos, 1.0) for pos, chance in known.items()}
    total = sum(weights.values())
    belief.gold = {pos: weight / total for pos, weight in weights.items()}
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


def _digger_weighted(factor: float, digger_chance: float) -> float:
    """`factor` if the player is surely a gold-digger, 1 if surely not, in proportion."""
    return 1 + (factor - 1) * digger_chance


def _update_gold(belief: Belief, kind: str, data: dict[str, Any]) -> None:
    """What a player does after looking at a goal says something of that goal."""
    player = data.get("player")
    if player is None or player == belief.seat:
        return
    if player not in belief.peeked:
        if kind == "map_played":
            belief.peeked[player] = GOAL_POSITIONS[data["goal"]]
        return
    looked = belief.peeked[player]
    digger = 1 - belief.saboteur_chances()[player]
    if kind == "map_played":
        factor = SECOND_MAP if GOAL_POSITIONS[data["goal"]] != looked else 1.0
        belief.gold_odds[looked] = belief.gold_odds.get(looked, 1.0) * _digger_weighted(
            factor, digger
        )
        belief.peeked[player] = GOAL_POSITIONS[data["goal"]]
    elif kind == "path_played" and not PATH_CARDS[data["card"]].dead_end:
        rows = sorted((abs(data["y"] - y), (x, y)) for x, y in GOAL_POSITIONS.values())
        if rows[0][0] == rows[1][0]:
            return
        factor = TOWARDS_PEEKED if rows[0][1] == looked else AWAY_FROM_PEEKED
        belief.gold_odds[looked] = belief.gold_odds.get(looked, 1.0) * _digger_weighted(
            factor, digger
        )


def _update(belief: Belief, kind: str, data: dict[str, Any]) -> None:
    _update_gold(belief, kind, data)
    if kind == "path_played":
        card = PATH_CARDS[data["card"]]
        if card.dead_end:
            belief.odds[data["player"]] *= DEAD_END
            belief.blocked[data["player"]] += 1
        elif "E" in data["shape"] and data["x"] >= 0:
            belief.odds[data["player"]] *= FORWARD
    elif kind == "tool_broken":
        chance = belief.saboteur_chances()[data["target"]]
        factor = BREAK_DIGGER * (1 - chance) + BREAK_SABOTEUR * chance
        belief.odds[data["player"]] *= factor
        if chance < 0.5:
            belief.broke_diggers[data["player"]] += 1
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
        if not removed.dead_end:
            belief.blocked[data["player"]] += 1
    elif kind == "map_played":
        belief.public_discards.update(["map"])
