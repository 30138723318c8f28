"""The words drawn on the Saboteur images: ``render.saboteur.*`` keys of the bot catalogs
(bot/i18n/saboteur-render.<lang>.json)."""

from __future__ import annotations

from typing import Any

from bot.i18n import t


def label(lang: str, key: str, **params: Any) -> str:
    """The text of ``render.saboteur.<key>`` in `lang` ("fr" or "en"), formatted."""
    return t(lang, "render.saboteur." + key, **params)
