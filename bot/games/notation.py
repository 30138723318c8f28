"""What the games' text notations share: one line read token by token into steps.

A game's parser (Coal Baron's, Mine Out's) extends `Tokens` with the reading of
its own steps and makes the action of the line from `steps`: the one step, or
the game's compound of several.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from bot.games.errors import ActionSyntaxError

StepT = TypeVar("StepT")


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
