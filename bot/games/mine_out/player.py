"""One player's holdings, and the counters of the turn in progress.

A *position* is a pawn with its own cards, cubes and money. Usually each seat
has one; in a 2-player game each seat (a master) also plays an apprentice
position, which holds its own cards, cubes and money but no fame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Self

from bot.games.base import JSON
from bot.games.mine_out.components import KINDS


@dataclass
class Position:
    seat: int
    """The seat that plays this position (its master's seat for an apprentice)."""
    apprentice: bool
    node: str
    money: int
    fame: int = 0
    hand: list[str] = field(default_factory=list)
    area: list[str] = field(default_factory=list)
    """Cards played to the own area, in the order played."""
    cubes: list[int] = field(default_factory=lambda: [0] * len(KINDS))

    def to_json(self) -> JSON:
        return {
            "seat": self.seat,
            "apprentice": self.apprentice,
            "node": self.node,
            "money": self.money,
            "fame": self.fame,
            "hand": list(self.hand),
            "area": list(self.area),
            "cubes": list(self.cubes),
        }

    @classmethod
    def from_json(cls, data: JSON) -> Self:
        return cls(
            data["seat"],
            data["apprentice"],
            data["node"],
            data["money"],
            data["fame"],
            list(data["hand"]),
            list(data["area"]),
            list(data["cubes"]),
        )

    def copy(self) -> Position:
        return Position(
            self.seat,
            self.apprentice,
            self.node,
            self.money,
            self.fame,
            list(self.hand),
            list(self.area),
            list(self.cubes),
        )


@dataclass
class Turn:
    """What the position to act has done this turn."""

    points: int
    scoring: bool = False
    """Whether the scoring phase still waits for the jewels' ores."""
    hires: list[str] = field(default_factory=list)
    """The establishment of each hire this turn."""
    digs: list[str] = field(default_factory=list)
    """The mine of each dig this turn."""
    sales: int = 0
    changes: int = 0
    acted: bool = False
    """Whether a non-move action was done (needed to end the turn)."""

    def to_json(self) -> JSON:
        return {
            "points": self.points,
            "scoring": self.scoring,
            "hires": list(self.hires),
            "digs": list(self.digs),
            "sales": self.sales,
            "changes": self.changes,
            "acted": self.acted,
        }

    @classmethod
    def from_json(cls, data: JSON) -> Self:
        return cls(
            data["points"],
            data["scoring"],
            list(data["hires"]),
            list(data["digs"]),
            data["sales"],
            data["changes"],
            data["acted"],
        )

    def copy(self) -> Turn:
        return Turn(
            self.points,
            self.scoring,
            list(self.hires),
            list(self.digs),
            self.sales,
            self.changes,
            self.acted,
        )


@dataclass
class Trail:
    """What one turn changed in public, for the next turn's images to mark: the places
    the pawn went through (its start first), the cards hired and played, the mines dug,
    the Market rows sold into, the hiring display changed. A Slave Trader's draw is
    hidden and left out."""

    position: int
    path: list[str]
    hired: list[str] = field(default_factory=list)
    dug: list[str] = field(default_factory=list)
    """The mine (its node) of each dig."""
    sold: list[str] = field(default_factory=list)
    """The Market row (its ore id) of each sale."""
    played: list[str] = field(default_factory=list)
    """Cards played to the own area."""
    community: list[str] = field(default_factory=list)
    """Cards played to a community space."""
    changed: bool = False

    def to_json(self) -> JSON:
        return {
            "position": self.position,
            "path": list(self.path),
            "hired": list(self.hired),
            "dug": list(self.dug),
            "sold": list(self.sold),
            "played": list(self.played),
            "community": list(self.community),
            "changed": self.changed,
        }

    @classmethod
    def from_json(cls, data: JSON) -> Self:
        return cls(
            data["position"],
            list(data["path"]),
            list(data["hired"]),
            list(data["dug"]),
            list(data["sold"]),
            list(data["played"]),
            list(data["community"]),
            data["changed"],
        )

    def copy(self) -> Trail:
        return Trail.from_json(self.to_json())
