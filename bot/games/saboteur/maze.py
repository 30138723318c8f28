"""The maze: cards on the grid, placement checks, paths from the start, goals.

Paths are followed edge by edge. A *half-edge* ``(cell, edge)`` is an opening of
the card on `cell`; it is *reached* when an uninterrupted path leads to it from
the start. Entering a connected card reaches all its openings; entering a dead
end reaches only the stub it was entered by.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from bot.games.base import JSON
from bot.games.saboteur.cards import (
    DELTA,
    GOAL_GOLD,
    MAZE_CARDS,
    OPPOSITE,
    PATH_CARDS,
    START,
    PathCard,
)

Pos = tuple[int, int]
HalfEdge = tuple[Pos, str]

GoalName = Literal["top", "middle", "bottom"]

START_POS: Pos = (0, 0)
GOAL_POSITIONS: dict[GoalName, Pos] = {"top": (8, -2), "middle": (8, 0), "bottom": (8, 2)}
"""Rulebook set-up picture: eight columns east of the start, two rows apart."""
GOAL_NAMES: dict[Pos, GoalName] = {pos: name for name, pos in GOAL_POSITIONS.items()}


def step(pos: Pos, edge: str) -> Pos:
    dx, dy = DELTA[edge]
    return pos[0] + dx, pos[1] + dy


@dataclass(frozen=True)
class Placed:
    """A face-up card on the grid, possibly turned 180°."""

    code: str
    rotated: bool = False

    @property
    def card(self) -> PathCard:
        return MAZE_CARDS[self.code]

    @property
    def edges(self) -> str:
        return self.card.placed_edges(self.rotated)


@dataclass
class Maze:
    """Face-up cards by cell, and the goals still face down."""

    cards: dict[Pos, Placed] = field(default_factory=dict)
    hidden_goals: dict[Pos, str] = field(default_factory=dict)

    @classmethod
    def new(cls, goal_codes: list[str]) -> Maze:
        """Start card at the origin, `goal_codes` face down on top, middle, bottom."""
        return cls(
            cards={START_POS: Placed(START.code)},
            hidden_goals=dict(zip(GOAL_POSITIONS.values(), goal_codes, strict=True)),
        )

    # -- reading --------------------------------------------------------------------

    def occupied(self, pos: Pos) -> bool:
        return pos in self.cards or pos in self.hidden_goals

    def path_cards(self) -> list[str]:
        """Codes of the path cards laid (neither start nor goals)."""
        return [placed.code for placed in self.cards.values() if placed.code in PATH_CARDS]

    def removable(self) -> list[Pos]:
        """Cells a rockfall may clear: path cards, not the start nor a goal."""
        return sorted(pos for pos, placed in self.cards.items() if placed.code in PATH_CARDS)

    def reached(self) -> set[HalfEdge]:
        """Every half-edge joined to the start by an uninterrupted path."""
        seen: set[HalfEdge] = {(START_POS, edge) for edge in START.edges}
        todo = list(seen)
        while todo:
            pos, edge = todo.pop()
            neighbour = step(pos, edge)
            placed = self.cards.get(neighbour)
            entry = OPPOSITE[edge]
            if placed is None or entry not in placed.edges or (neighbour, entry) in seen:
                continue
            seen.add((neighbour, entry))
            if placed.card.dead_end:
                continue
            for exit_edge in placed.edges:
                if (neighbour, exit_edge) not in seen:
                    seen.add((neighbour, exit_edge))
                    todo.append((neighbour, exit_edge))
        return seen

    def frontier(self) -> list[Pos]:
        """Empty cells a path card could join to the start from, sorted."""
        cells = {step(pos, edge) for pos, edge in self.reached()}
        return sorted(cell for cell in cells if not self.occupied(cell))

    def placement_error(
        self, code: str, rotated: bool, pos: Pos, reached: set[HalfEdge] | None = None
    ) -> str | None:
        """Why path card `code` can't go on `pos` (a reason key), or None if it can.

        Every edge must match the face-up neighbour (open to open, closed to
        closed; face-down goals are ignored) and one opening must meet a reached
        half-edge, which also makes the card adjacent to the maze. `reached`
        may be passed when known, to spare recomputing it.
        """
        if self.occupied(pos):
            return "cell_taken"
        edges = PATH_CARDS[code].placed_edges(rotated)
        if reached is None:
            reached = self.reached()
        joined = False
        for edge in "NESW":
            neighbour = step(pos, edge)
            placed = self.cards.get(neighbour)
            if placed is None:
                continue
            facing = OPPOSITE[edge]
            if (edge in edges) != (facing in placed.edges):
                return "edges_mismatch"
            joined = joined or (edge in edges and (neighbour, facing) in reached)
        return None if joined else "not_connected"

    def reached_goals(self) -> dict[Pos, str]:
        """Face-down goals an uninterrupted path touches -> the goal's edges it touches."""
        touching: dict[Pos, str] = {}
        for pos, edge in self.reached():
            goal = step(pos, edge)
            if goal in self.hidden_goals:
                touching[goal] = touching.get(goal, "") + OPPOSITE[edge]
        return touching

    # -- changing -------------------------------------------------------------------

    def place(self, code: str, rotated: bool, pos: Pos) -> None:
        self.cards[pos] = Placed(code, rotated)

    def remove(self, pos: Pos) -> str:
        return self.cards.pop(pos).code

    def reveal(self, pos: Pos, touched: str, last_laid: Pos) -> Placed:
        """Turn the goal on `pos` face up, joined to the path that reached it.

        Rulebook "Fin d'une manche": a stone is laid so that its paths connect
        with those of the last card laid (`last_laid`). Each edge opens in
        exactly one of a stone's two orientations, so the edge towards that
        card decides when it is among the `touched` ones; otherwise the
        orientation opening on more touched edges wins, upright on a tie.
        Other edges may mismatch.
        """
        card = MAZE_CARDS[self.hidden_goals.pop(pos)]
        towards = [edge for edge in touched if step(pos, edge) == last_laid]

        def fit(rotated: bool) -> tuple[int, int]:
            edges = card.placed_edges(rotated)
            return sum(e in edges for e in towards), sum(e in edges for e in touched)

        placed = Placed(card.code, rotated=fit(True) > fit(False))
        self.cards[pos] = placed
        return placed

    def is_gold(self, pos: Pos) -> bool:
        placed = self.cards.get(pos)
        return placed is not None and placed.code == GOAL_GOLD.code

    # -- persistence ----------------------------------------------------------------

    def to_json(self) -> JSON:
        return {
            "cards": [[x, y, p.code, p.rotated] for (x, y), p in sorted(self.cards.items())],
            "hidden_goals": [[x, y, code] for (x, y), code in sorted(self.hidden_goals.items())],
        }

    @classmethod
    def from_json(cls, data: JSON) -> Maze:
        return cls(
            cards={(x, y): Placed(code, rotated) for x, y, code, rotated in data["cards"]},
            hidden_goals={(x, y): code for x, y, code in data["hidden_goals"]},
        )
