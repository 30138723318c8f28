"""The places a path card may go, lettered A, B, C... for a one-tap choice.

The Discord layer shows the maze with these letters (renderer.saboteur.placement)
and offers one button per spot. A spot is a cell and an orientation: where the
card turned shows another shape and both fit, the turned one is a spot of its
own, with its own letter. Letters follow reading order (row by row from the
top, left to right; upright before turned), so they are easy to find.
"""

from __future__ import annotations

from dataclasses import dataclass
from string import ascii_uppercase
from typing import TYPE_CHECKING

from bot.games.base import Seat
from bot.games.saboteur.actions import PlacePath, format_action
from bot.games.saboteur.cards import shape_of

if TYPE_CHECKING:
    from bot.games.saboteur.state import SaboteurState


@dataclass(frozen=True)
class Spot:
    """One legal placement of a path card."""

    letter: str
    card: str
    x: int
    y: int
    rotated: bool
    shape: str
    """The shape as laid (``NSW``, ``EWx``...), as the notation names it."""
    notation: str
    """The action in the notation (``path NSW 4,-1``), what `parse_action` reads back."""

    @property
    def action(self) -> PlacePath:
        return PlacePath(self.card, self.x, self.y, self.rotated)


def spot_letter(index: int) -> str:
    """A, B, ... Z, then AA, AB...: a path card rarely has more than 26 spots."""
    if index < len(ascii_uppercase):
        return ascii_uppercase[index]
    return spot_letter(index // len(ascii_uppercase) - 1) + ascii_uppercase[
        index % len(ascii_uppercase)
    ]


def placement_spots(state: SaboteurState, seat: Seat, card: str) -> list[Spot]:
    """Every legal placement of the path card `card` by `seat`, lettered in reading
    order; empty when it is not `seat`'s turn, the card is not in its hand, or a
    broken tool forbids path cards."""
    plays = [
        play
        for play in state.legal_actions(seat)
        if isinstance(play, PlacePath) and play.card == card
    ]
    plays.sort(key=lambda play: (play.y, play.x, play.rotated))
    return [
        Spot(
            spot_letter(index),
            play.card,
            play.x,
            play.y,
            play.rotated,
            shape_of(play.card, play.rotated),
            format_action(play),
        )
        for index, play in enumerate(plays)
    ]
