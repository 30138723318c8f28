"""A check shared by the games' notation tests: a syntax error reads in both languages."""

from __future__ import annotations

from bot.i18n import catalog, format_text, languages
from bot.service.errors import ActionSyntaxError


def assert_translated(error: ActionSyntaxError) -> None:
    """`error` names an ``expected.`` text that formats with its parameters in both languages."""
    assert error.expected_key is not None, f"no expected_key: {error}"
    for language in languages():
        format_text(language, catalog(language)[f"expected.{error.expected_key}"], **error.params)
