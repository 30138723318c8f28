"""A 2-player Coal Baron game (seed 1, seat 0 first) after its order draft, as a record."""

from __future__ import annotations

from typing import Any

from bot.games.record import make_record

DRAFT_2P = [
    (1, "draft WG"),
    (0, "draft LYY"),
    (1, "draft TBB"),
    (0, "draft TY"),
    (1, "draft LY"),
    (0, "draft TG"),
]
"""The draft: seat 1, right of the first player, picks first; seat 0 then plays first."""


def coal_baron_record(moves: list[tuple[int, str]]) -> dict[str, Any]:
    """The record of `moves` (seat, notation) from the start of that game."""
    return make_record("coal-baron", 2, 1, {"first_player": 0}, moves)
