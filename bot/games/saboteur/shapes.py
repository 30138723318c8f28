"""The shape of `SaboteurState.view` (docs/saboteur.md, "View JSON"), as TypedDicts.

The view is plain JSON; these types name the parts the Discord layer reads, so
its texts are type-checked against it (`as_view` casts once). The renderers read
the maze, goals and hand cards, which stay untyped here.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict, cast

from bot.games.base import JSON


class PeekView(TypedDict):
    x: int
    y: int
    name: str
    card: str
    gold: bool


class YouView(TypedDict):
    """What only the viewing seat knows."""

    role: str
    hand: list[dict[str, Any]]
    peeks: list[PeekView]
    gold: list[int]
    nuggets: int
    gold_offer: list[int]
    """The gold cards on the table, when this seat is picking; else empty."""


class SaboteurView(TypedDict):
    game: str
    players: int
    round: int
    rounds: int
    phase: str
    to_act: list[int]
    seat: int | None
    deck: int
    discard: int
    gold_deck: int
    hands: list[int]
    broken_tools: list[list[str]]
    gold_pool: int
    """How many gold cards lie on the table (their values are the picker's)."""
    scores: list[int] | None
    winners: list[int] | None
    you: NotRequired[YouView]


def as_view(view: JSON) -> SaboteurView:
    """`state.view(seat)` with its shape."""
    return cast(SaboteurView, view)
