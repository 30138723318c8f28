"""A turn written on one line of steps, as Coal Baron and Mine Out write it: read
token by token (`Tokens`), then applied all or nothing (`apply_line`).

A game's parser extends `Tokens` with the reading of its own steps and makes the
action of the line from `steps`: the one step, or the game's compound of several.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.games.base import Event, GameState
from bot.games.errors import ActionSyntaxError, IllegalAction

StepT = TypeVar("StepT")
StateT = TypeVar("StateT", bound="GameState[Any]")


class Tokens:
    """The whitespace-separated tokens of one line of notation, lower-cased, read
    from left to right."""

    def __init__(self, text: str) -> None:
        self.tokens = text.lower().split()
        self.position = 0

    def peek(self) -> str | None:
        """The next token, left unread; None at the line's end."""
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def next_token(self, expected: str, expected_key: str) -> str:
        """The next token, or at the line's end an error saying what was `expected`
        (`expected_key` is its translation)."""
        token = self.peek()
        if token is None:
            raise ActionSyntaxError(
                f"expected {expected} at the end of the line", expected_key=expected_key
            )
        self.position += 1
        return token

    def steps(
        self, read: Callable[[], Sequence[StepT]], expected: str, expected_key: str
    ) -> list[StepT]:
        """Every step of the line, each call of `read` taking one or more, until the
        line's end; an empty line is an error saying what was `expected`."""
        if not self.tokens:
            raise ActionSyntaxError(
                f"expected {expected}, got an empty line", expected_key=expected_key
            )
        found: list[StepT] = []
        while self.position < len(self.tokens):
            found.extend(read())
        return found


@dataclass(frozen=True)
class StepPlayed:
    """What one step of a line did to the turn."""

    events: list[Event]
    turn_over: bool
    """The seat's turn is over."""
    ran_out: bool = False
    """It ended by itself (the step used the last moves or points): an ``end`` written
    next is let through."""


def apply_line(
    state: StateT,
    steps: Sequence[StepT],
    play: Callable[[StateT, StepT], StepPlayed],
    *,
    game: str,
    end: type,
    compound: type,
    text: Callable[[StepT], str],
) -> list[Event]:
    """Play the `steps` of one turn on one line, all or nothing: each one by `play` on a
    copy of `state`, which takes the copy's place only once every step was played.

    Refused (`IllegalAction`, with the `game`'s reason keys): no step, a step that
    is itself a `compound`, and a step after the turn is over, except an `end` step
    just after a turn that ran out (`text` writes the step in the refusal).
    """
    if not steps:
        raise IllegalAction("no step given", reason_key=f"{game}.no-step")
    trial = state.copy()
    events: list[Event] = []
    done = StepPlayed([], turn_over=False)
    for step in steps:
        if isinstance(step, compound):
            raise IllegalAction("steps can't be nested", reason_key=f"{game}.nested")
        if done.turn_over:
            if isinstance(step, end) and done.ran_out:
                done = StepPlayed([], turn_over=True)
                continue
            raise IllegalAction(
                f"your turn is over before {text(step)!r}",
                reason_key=f"{game}.turn-over",
                step=text(step),
            )
        done = play(trial, step)
        events.extend(done.events)
    state.__dict__.update(trial.__dict__)
    return events
