"""The words drawn on the Coal Baron images: ``render.coal-baron.*`` keys of the bot catalogs
(renderer/coal_baron/i18n/coal-baron-render.<lang>.json), and the players' names."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.i18n import t
from renderer.names import DISPLAY_NAME_CHARS, drawable_names

Names = tuple[str, ...]
"""Each seat's name as drawn (index = seat), from `seat_names`."""


def label(lang: str, key: str, **params: Any) -> str:
    """The text of ``render.coal-baron.<key>`` in `lang`, formatted."""
    return t(lang, "render.coal-baron." + key, **params)


def letters(lang: str) -> tuple[str, ...]:
    """The mark of each coal colour, index = colour, as the catalog lists them apart by
    spaces: "Y B G K" in English, "J M G N" in French, "1 2 3 4" in German (each coal
    by its level: yellow, brown, grey and black share no initial there)."""
    return tuple(label(lang, "colour_letters").split())


def numbered_names(players: int, lang: str) -> Names:
    """ "Player 1"... in `lang`: the stand-in for a name the fonts cannot draw."""
    return tuple(label(lang, "player", number=seat + 1) for seat in range(players))


def seat_names(names: Sequence[str], lang: str) -> Names:
    """The players' display names (index = seat) as the images draw them: whole, each
    image cutting a name only where its room runs out (`renderer.names.fit_name`)."""
    return drawable_names(names, numbered_names(len(names), lang), limit=DISPLAY_NAME_CHARS)
