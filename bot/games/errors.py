"""The errors engines raise, typed so the table can answer in the user's language.

Each error has a translation key (``error.<key>``) and the values its message
is formatted with. They live with the engines, which import nothing outside the
standard library and `bot.games`; the service's own errors are in `bot.service.errors`.
"""

from __future__ import annotations

from typing import Any


class UserError(Exception):
    """An error caused by what a user asked; shown to them, never logged as a crash."""

    key: str = "generic"

    def __init__(self, message: str = "", **params: Any) -> None:
        super().__init__(message or self.key)
        self.params: dict[str, Any] = params


class GameError(UserError, ValueError):
    """Raised by engines."""


class NotYourTurn(GameError):
    key = "not_your_turn"


class IllegalAction(GameError):
    """The action is well formed but not allowed now; `reason` says why (in English).

    Engines may pass ``reason_key`` (a translation key under ``reason.``) and
    parameters so the reason can be shown in the user's language too.
    """

    key = "illegal_action"

    def __init__(self, reason: str, reason_key: str | None = None, **params: Any) -> None:
        super().__init__(reason, **params)
        self.reason = reason
        self.reason_key = reason_key


class ActionSyntaxError(GameError):
    """The text is not an action of this game; the message says what was expected (in English).

    Engines may pass ``expected_key`` (a translation key under ``expected.``) and
    parameters so what was expected can be shown in the user's language too.
    """

    key = "action_syntax"

    def __init__(self, message: str, expected_key: str | None = None, **params: Any) -> None:
        super().__init__(message, **params)
        self.expected_key = expected_key


class GameOver(GameError):
    key = "game_over"
