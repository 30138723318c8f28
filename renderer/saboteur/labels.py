"""The words drawn on the Saboteur images: ``render.saboteur.*`` keys of the bot catalogs
(renderer/saboteur/i18n/saboteur-render.<lang>.json), the players' names and the compass letters."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.i18n import t
from renderer.names import drawable_names

Names = tuple[str, ...]
"""Each seat's name as drawn (index = seat), from `seat_names`."""


def label(lang: str, key: str, **params: Any) -> str:
    """The text of ``render.saboteur.<key>`` in `lang` ("fr" or "en"), formatted."""
    return t(lang, "render.saboteur." + key, **params)


def numbered_names(players: int, lang: str) -> Names:
    """ "Player 1"... in `lang`: the stand-in for a name the fonts cannot draw."""
    return tuple(label(lang, "player", number=seat + 1) for seat in range(players))


def seat_names(names: Sequence[str], lang: str) -> Names:
    """The players' display names (index = seat) as the images draw them."""
    return drawable_names(names, numbered_names(len(names), lang))


def compass(shape: str, lang: str) -> str:
    """A path shape (``NSW``, ``EWx``) in the reader's compass letters (``NSO`` in French),
    without the dead-end mark (the picture and caption show it)."""
    letters = dict(zip("NESW", label(lang, "compass"), strict=True))
    return "".join(letters[edge] for edge in shape if edge in letters)


START_COLUMN = 3
"""The start card's column as a letter index (D): the maze's columns are lettered from
three left of the start, its rows numbered from four above it (the start is D5, the
goals L3, L5 and L7), the same on every image and in every text of the game."""
START_ROW = 5


def column_name(x: int) -> str:
    """The letter printed over column `x` of the maze (``D`` for the start's): A to Z,
    then AA, AB…; a column further left than A (rare) is ``−A``, ``−B``…"""
    index = x + START_COLUMN
    sign = "−" if index < 0 else ""
    index = -index - 1 if index < 0 else index
    letters = ""
    while True:
        letters = chr(ord("A") + index % 26) + letters
        index = index // 26 - 1
        if index < 0:
            return sign + letters


def row_name(y: int) -> str:
    """The number printed beside row `y` of the maze (5 for the start's; y grows south)."""
    return str(y + START_ROW)


def cell_name(x: int, y: int) -> str:
    """A maze cell as the images' edges name it: ``L3`` for the top goal."""
    return column_name(x) + row_name(y)
