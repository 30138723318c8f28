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

