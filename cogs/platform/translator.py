"""Slash command names and descriptions from the catalogs (`bot.i18n`), for discord.py."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import DEFAULT_LANGUAGE, catalog, language_of, t


def command_text(key: str) -> app_commands.locale_str:
    """A command, option or choice string: English by default, translated by key.

    Use it for every ``name=``/``description=`` of an app command so that the
    English text lives in ``en.json`` only.
    """
    return app_commands.locale_str(t(DEFAULT_LANGUAGE, key), key=key)


class CatalogTranslator(app_commands.Translator):
    """Localizes strings made with `command_text` into French when Discord asks."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        language = language_of(locale)
        if key is None or language == DEFAULT_LANGUAGE:
            return None
        return catalog(language).get(key)
