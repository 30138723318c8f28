"""Every part of a Saboteur view (docs/saboteur.md, "View JSON") as a TypedDict.

`view.build_view` returns a `SaboteurView`; the Discord layer casts a
``state.view(seat)`` to it with `as_view`, the renderers take it as it is."""

from __future__ import annotations

from typing import NotRequired, TypedDict, cast

from bot.games.base import JSON, Seat


class MazeCard(TypedDict):
    x: int
    y: int
    card: str
    kind: str
    """"start", "path", "goal_gold" or "goal_stone"."""
    edges: str
    dead_end: bool
    rotated: bool


class Goal(TypedDict):
    x: int
    y: int
    name: str
    revealed: bool
    gold: bool | None
    """None while face down."""


class Bounds(TypedDict):
    min_x: int
    max_x: int
    min_y: int
    max_y: int


class LastMove(TypedDict):
    """What the last card played changed, in public terms (docs/saboteur.md)."""

    kind: str
    """"path", "rockfall", "break", "repair", "map" or "discard"."""
    seat: Seat
    """Who played it."""
    x: NotRequired[int]
    """The cell laid or cleared (path, rockfall)."""
    y: NotRequired[int]
    tool: NotRequired[str]
    """The tool broken or repaired, on `target`'s seat."""
    target: NotRequired[Seat]
    goal: NotRequired[str]
    """The goal looked at with a map (what it hides stays with the player)."""


class RoundPlayed(TypedDict):
    round: int
    winner: str
    """"diggers", "saboteurs" or "nobody"."""
    finder: Seat | None
    roles: list[str]
    maze: NotRequired[list[MazeCard]]
    """The final maze, every goal face up (absent from rounds stored before it was kept)."""
    last: NotRequired[LastMove | None]
    """The move that ended the round (absent from rounds stored before it was kept)."""


class HandCard(TypedDict):
    card: str
    type: str
    edges: str
    dead_end: bool
    tools: list[str]


class PeekView(TypedDict):
    x: int
    y: int
    name: str
    card: str
    gold: bool


class YouView(TypedDict):
    """What only the viewing seat sees."""

    role: str
    hand: list[HandCard]
    peeks: list[PeekView]
    gold: list[int]
    nuggets: int
    gold_offer: list[int]


class SaboteurView(TypedDict):
    """What `SaboteurState.view` returns (docs/saboteur.md, "View JSON")."""

    game: str
    players: int
    round: int
    rounds: int
    phase: str
    to_act: list[Seat]
    seat: Seat | None
    maze: list[MazeCard]
    goals: list[Goal]
    bounds: Bounds
    deck: int
    discard: int
    gold_deck: int
    hands: list[int]
    broken_tools: list[list[str]]
    gold_pool: int
    rounds_played: list[RoundPlayed]
    scores: list[int] | None
    winners: list[Seat] | None
    last: LastMove | None
    """What the last card played this round changed (None before the first card)."""
    you: NotRequired[YouView]
    """Only in a seat's view."""


def as_view(view: JSON) -> SaboteurView:
    """`state.view(seat)` with its shape."""
    return cast(SaboteurView, view)
