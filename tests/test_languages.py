"""A language is its catalogs: the locale match, plural forms, numbers and lists come
from Babel's CLDR data, a language's grammar from its own catalog, and a language
whose catalogs alone are added is spoken everywhere (docs/languages.md)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands

import bot.i18n
from bot.__main__ import parse_arguments
from bot.i18n import (
    catalog,
    decimal,
    elide,
    format_text,
    joined,
    language_of,
    languages,
    plural_category,
    t,
)
from bot.local.table import discord_locale
from bot.workers.render_pool import warm_up
from cogs.platform.translator import CatalogTranslator


@pytest.mark.parametrize(
    "locale, language",
    [("fr", "fr"), ("fr-CA", "fr"), (discord.Locale.french, "fr"), ("de", "de"),
     ("de-AT", "de"), ("de_CH", "de"), (discord.Locale.german, "de"), ("en-US", "en"),
     ("en-GB", "en"), ("zh-CN", "en"), ("pt-BR", "en"), (None, "en"), ("", "en")],
)
def test_a_locale_reads_its_language_or_english(locale: object, language: str) -> None:
    assert language_of(locale) == language  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "language, counts",
    [("en", {0: "other", 1: "one", 2: "other", 5: "other"}),
     ("fr", {0: "one", 1: "one", 2: "other", 5: "other"}),
     ("de", {0: "other", 1: "one", 2: "other", 5: "other"})],
)
def test_plural_categories_are_cldrs(language: str, counts: dict[int, str]) -> None:
    assert {count: plural_category(language, count) for count in counts} == counts


def test_a_language_with_more_plural_forms_names_them() -> None:
    forms = "{n} {n:one=plik|few=pliki|many=plików|other=pliku}"
    assert [format_text("pl", forms, n=n) for n in (1, 3, 5)] == ["1 plik", "3 pliki", "5 plików"]


def test_numbers_and_lists_are_written_as_each_language_writes_them() -> None:
    assert [decimal(lang, 1234.56) for lang in ("en", "fr", "de")] == [
        "1,234.6", "1\u202f234,6", "1.234,6"]
    assert decimal("fr", 2.0, "#,##0.#") == "2" and decimal("en", -0.01, "#,##0.#") == "0"
    assert joined("en", ["Ann", "Bob", "Cleo"]) == "Ann, Bob, and Cleo"
    assert joined("fr", ["Ann", "Bob", "Cleo"]) == "Ann, Bob et Cleo"
    assert joined("de", ["Ann", "Bob", "Cleo"]) == "Ann, Bob und Cleo"
    assert joined("fr", ["Ann"]) == "Ann" and joined("en", []) == ""


def test_french_elides_by_its_own_catalogs_rule_and_english_never() -> None:
    assert elide("fr", "la mine de Ann, de Hugo et de Bruno") == "la mine d'Ann, d'Hugo et de Bruno"
    assert elide("fr", "De Émile") == "D'Émile"
    assert elide("en", "de Ann") == "de Ann" and elide("de", "de Ann") == "de Ann"


ITALIAN = {
    "local.server_name": "Tavolo locale",
    "error.table_full": "Il tavolo è pieno ({max_players} {max_players:giocatore|giocatori}).",
    "command.game.name": "partita",
}
"""A few texts of a language the bot does not speak: the rest reads in English."""


@pytest.fixture
def italian(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The platform's catalogs copied to a temporary folder, with an Italian catalog
    added there and nothing else: the folder the bot reads its catalogs from."""
    folder = tmp_path / "i18n"
    folder.mkdir()
    for path in bot.i18n.CATALOG_DIR.glob("*.json"):
        shutil.copy(path, folder / path.name)
    (folder / "it.json").write_text(str(ITALIAN).replace("'", '"'), encoding="utf-8")
    monkeypatch.setattr(bot.i18n, "CATALOG_DIR", folder)
    return folder


async def test_a_catalog_only_language_is_picked_up_with_no_code_change(italian: Path) -> None:
    assert "it" in languages() and languages()[0] == "en"
    assert language_of("it") == "it" and language_of(discord.Locale.italian) == "it"
    assert t("it", "error.table_full", max_players=1) == "Il tavolo è pieno (1 giocatore)."
    assert t("it", "error.table_full", max_players=4) == "Il tavolo è pieno (4 giocatori)."
    assert t("it-IT", "words.someone") == catalog("en")["words.someone"]  # not yet written
    assert decimal("it", 1234.5) == "1.234,5" and joined("it", ["A", "B", "C"]) == "A, B e C"
    name = app_commands.locale_str("game", key="command.game.name")
    context: app_commands.TranslationContext[Any, None] = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.other, None)
    translated = await CatalogTranslator().translate(name, discord.Locale.italian, context)
    assert translated == "partita"
    assert parse_arguments(["local", "--locale", "it"]).locale == "it"
    assert discord_locale("it") == "it" and t("it", "local.server_name") == "Tavolo locale"
    drawn: list[str] = []
    warm_up([drawn.append], languages())
    assert "it" in drawn


def test_discord_locales_of_the_languages() -> None:
    assert [discord_locale(code) for code in languages()] == ["en-US", "de", "fr"]
