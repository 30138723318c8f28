"""Checks shared by the games' translation tests: the keys an engine names have texts."""

from __future__ import annotations

import re
from pathlib import Path

from bot.errors import ActionSyntaxError
from bot.i18n import LANGUAGES, catalog

ENGINES = Path(__file__).parent.parent / "bot" / "games"


def keys_in_source(package: str, game: str) -> set[str]:
    """The catalog keys (``reason.<key>``, ``expected.<key>``) that the engine in
    ``bot/games/<package>`` names literally as ``reason_key="<game>.x"`` or
    ``expected_key="<game>.x"``."""
    source = "".join(path.read_text() for path in (ENGINES / package).glob("*.py"))
    pattern = rf'(reason|expected)_key="({re.escape(game)}\.[a-z_-]+)"'
    return {f"{family}.{key}" for family, key in re.findall(pattern, source)}


def assert_translated(error: ActionSyntaxError) -> None:
    """`error` names an ``expected.`` text that formats with its parameters in both languages."""
    assert error.expected_key is not None, f"no expected_key: {error}"
    for language in LANGUAGES:
        catalog(language)[f"expected.{error.expected_key}"].format(**error.params)
