"""What a computer seat knows when it has to act, and the events it was told."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from bot.games.base import JSON, Event, GameState, Seat

A = TypeVar("A")

Determinizer = Callable[..., GameState[Any]]
"""``determinize(state, seat, rng, **hints)``: a full state `seat` cannot tell from `state`."""


def visible_events(events: Iterable[Event], seat: Seat) -> list[Event]:
    """The events `seat` was told: the public ones and its own private ones."""
    return [event for event in events if event.seat is None or event.seat == seat]


@dataclass(frozen=True)
class Observation(Generic[A]):
    """One seat's information set: its view, legal actions and the events it saw.

    The full state is kept out of reach: a player only gets it through
    `sample`, which hands out a determinization (what the seat does not know
    drawn again), never the real secrets.
    """

    game_id: str
    seat: Seat
    num_players: int
    view: JSON
    legal: tuple[A, ...]
    history: tuple[Event, ...]
    _state: GameState[A] = field(repr=False, compare=False)
    _determinize: Determinizer = field(repr=False, compare=False)

    def sample(self, rng: random.Random, **hints: Any) -> GameState[A]:
        """A full state consistent with this seat's view; `hints` steer the game's belief."""
        sample: GameState[A] = self._determinize(self._state, self.seat, rng, **hints)
        return sample


def observe(
    state: GameState[A], seat: Seat, events: Iterable[Event], determinize: Determinizer
) -> Observation[A]:
    """The observation of `seat`; `events` are all the game's events so far (filtered here)."""
    return Observation(
        game_id=state.game_id,
        seat=seat,
        num_players=state.num_players,
        view=state.view(seat),
        legal=tuple(state.legal_actions(seat)),
        history=tuple(visible_events(events, seat)),
        _state=state,
        _determinize=determinize,
    )
