"""Mine Out's view (docs/mine-out.md) typed: `MineOutView` and its parts, what
`view.state_view` returns and `renderer/mine_out` draws from."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from bot.games.base import JSON, Seat


class PositionView(TypedDict):
    """A pawn on the board: a player's master, or the apprentice they also play."""

    index: int
    seat: Seat
    apprentice: bool
    node: str
    money: int
    fame: int
    cubes: dict[str, int]
    """Kind id -> cubes held."""
    area: list[str]
    hand_size: int
    hand: NotRequired[list[str]]
    """Only in the view of the seat playing this position."""


class TurnView(TypedDict):
    points: int
    scoring: bool
    hires: list[str]
    digs: list[str]
    sales: int
    changes: int
    acted: bool


class TrailView(TypedDict):
    """What the last ended turn changed in public (`player.Trail`): the images mark it."""

    position: int
    path: list[str]
    """The places the pawn went through, its start first."""
    hired: list[str]
    dug: list[str]
    sold: list[str]
    played: list[str]
    community: list[str]
    changed: bool


class MineOutView(TypedDict):
    """What `MineOutState.view` returns (docs/mine-out.md)."""

    game: str
    seat: Seat | None
    players: int
    options: JSON
    round: int
    current: int
    """The index of the position to act."""
    to_act: list[Seat]
    turn: TurnView
    positions: list[PositionView]
    scores: list[int]
    display: list[str | None]
    waiting: list[str | None]
    community: list[str]
    deck_size: int
    discard: list[str]
    mines: dict[str, int]
    market: dict[str, list[str]]
    bank: int
    expenses: int
    final: JSON
    last: TrailView | None
    """The last ended turn's public changes; None before the first turn ends."""

