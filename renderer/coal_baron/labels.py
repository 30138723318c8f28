"""The words drawn on the Coal Baron images: ``render.coal-baron.*`` keys of the bot catalogs
(bot/i18n/coal-baron-render.<lang>.json)."""

from __future__ import annotations

from typing import Any

from bot.i18n import t


def label(lang: str, key: str, **params: Any) -> str:
    """The text of ``render.coal-baron.<key>`` in `lang` ("fr" or "en"), formatted."""
    return t(lang, "render.coal-baron." + key, **params)


def letters(lang: str) -> str:
    """The letter of each coal colour, index = colour: "YBGK" in English, "JMGN" in French."""
    return label(lang, "colour_letters")


def player_name(lang: str, seat: int) -> str:
    return label(lang, "player", number=seat + 1)
