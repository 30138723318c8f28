"""The words drawn on the Saboteur images: ``render.saboteur.*`` keys of the bot catalogs
(renderer/saboteur/i18n/saboteur-render.<lang>.json), the players' names and path shapes
in words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.i18n import joined, t
from renderer.draw import text_width
from renderer.names import DISPLAY_NAME_CHARS, drawable_names

Names = tuple[str, ...]
"""Each seat's name as drawn (index = seat), from `seat_names`."""


def label(lang: str, key: str, **params: Any) -> str:
    """The text of ``render.saboteur.<key>`` in `lang`, formatted."""
    return t(lang, "render.saboteur." + key, **params)


def numbered_names(players: int, lang: str) -> Names:
    """ "Player 1"... in `lang`: the stand-in for a name the fonts cannot draw."""
    return tuple(label(lang, "player", number=seat + 1) for seat in range(players))


def seat_names(names: Sequence[str], lang: str) -> Names:
    """The players' display names (index = seat) as the images draw them."""
    return drawable_names(names, numbered_names(len(names), lang), limit=DISPLAY_NAME_CHARS)


def shape_words(shape: str, lang: str) -> str:
    """A path shape as laid (``NSW``, ``EWx``: the engine's ``shape_of``) in words:
    "path open north, south and west", "dead end open east and west", "crossroads"."""
    edges = [edge for edge in "NESW" if edge in shape]
    dead_end = shape.endswith("x")
    if len(edges) == 4:
        return t(lang, "saboteur.shape.dead_end_all" if dead_end else "saboteur.shape.crossroads")
    ways = joined(lang, [t(lang, f"saboteur.way.{edge}") for edge in edges])
    return t(lang, "saboteur.shape.dead_end" if dead_end else "saboteur.shape.path", ways=ways)


def card_words(card: str, lang: str) -> str:
    """A path card by its upright shape in words (`shape_words`): its code is that shape."""
    return shape_words(card, lang)


def wrapped(words: str, size: int, width: int, bold: bool = True) -> list[str]:
    """`words` in lines at most `width` px wide at `size` px (a word longer than a line
    keeps its own line)."""
    lines: list[str] = []
    for word in words.split():
        if lines and text_width(f"{lines[-1]} {word}", size, bold) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines
