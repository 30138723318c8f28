"""The catalogs: both languages hold the same keys, game files included."""

from __future__ import annotations

import json
import string
import subprocess
import sys
from pathlib import Path

import discord
import pytest

from bot.games.registry import game_ids
from bot.i18n import (
    CATALOG_DIR,
    DEFAULT_LANGUAGE,
    LANGUAGES,
    catalog,
    game_catalog_dirs,
    language_of,
    load_catalog,
    t,
)

FOLDERS = [CATALOG_DIR, *game_catalog_dirs()]
"""The platform's catalogs and every registered game's."""


def catalog_pairs() -> list[tuple[Path, Path]]:
    """Every English catalog file with its French twin (which may be missing)."""
    english = sorted(path for folder in FOLDERS for path in folder.glob("*en.json"))
    return [(en, en.with_name(en.name.replace("en.json", "fr.json"))) for en in english]


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("en_file, fr_file", catalog_pairs(), ids=lambda p: p.name)
def test_every_key_exists_in_both_languages(en_file: Path, fr_file: Path) -> None:
    assert fr_file.is_file(), f"{en_file.name} has no French twin {fr_file.name}"
    en = json.loads(en_file.read_text(encoding="utf-8"))
    fr = json.loads(fr_file.read_text(encoding="utf-8"))
    assert sorted(set(en) - set(fr)) == [], f"missing in {fr_file.name}"
    assert sorted(set(fr) - set(en)) == [], f"missing in {en_file.name}"


def test_every_french_file_has_an_english_twin() -> None:
    english = {en.name for en, _ in catalog_pairs()}
    for fr_file in (path for folder in FOLDERS for path in folder.glob("*fr.json")):
        assert fr_file.name.replace("fr.json", "en.json") in english


def test_both_languages_use_the_same_placeholders() -> None:
    en, fr = catalog("en"), catalog("fr")
    different = [key for key in en if placeholders(en[key]) != placeholders(fr[key])]
    assert different == []


def test_the_merged_catalogs_have_the_same_keys() -> None:
    keys = [set(catalog(language)) for language in LANGUAGES]
    assert keys[0] == keys[1]


def test_the_platform_catalogs_name_no_game() -> None:
    """A game's texts live in its own packages (`GameSpec.catalogs`), none in bot/i18n."""
    platform_keys = load_catalog(DEFAULT_LANGUAGE).keys()
    named = [key for key in platform_keys for game_id in game_ids() if game_id in key]
    assert named == []
    for game_id in game_ids():
        assert f"game.{game_id}.name" in catalog(DEFAULT_LANGUAGE)


def test_a_key_defined_in_two_files_is_refused(tmp_path: Path) -> None:
    (tmp_path / "en.json").write_text('{"a": "A"}', encoding="utf-8")
    (tmp_path / "game.en.json").write_text('{"a": "again"}', encoding="utf-8")
    with pytest.raises(ValueError, match="already defined"):
        load_catalog("en", tmp_path)


def test_game_files_are_merged_into_the_language(tmp_path: Path) -> None:
    (tmp_path / "en.json").write_text('{"a": "A"}', encoding="utf-8")
    (tmp_path / "game.en.json").write_text('{"game.x": "X"}', encoding="utf-8")
    assert load_catalog("en", tmp_path) == {"a": "A", "game.x": "X"}


@pytest.mark.parametrize(
    "locale, language",
    [
        ("fr", "fr"),
        ("fr-CA", "fr"),
        (discord.Locale.french, "fr"),
        ("en-US", "en"),
        ("de", "en"),
        (None, "en"),
    ],
)
def test_french_for_french_locales_english_otherwise(locale: object, language: str) -> None:
    assert language_of(locale) == language  # type: ignore[arg-type]


def test_t_formats_the_parameters() -> None:
    assert t("fr", "error.table_full", max_players=4) == "La table est complète (4 joueurs)."
    assert t("en-GB", "error.table_full", max_players=4) == "The table is full (4 players)."


def test_reading_a_games_catalogs_imports_no_discord() -> None:
    """A renderer's process reads the Discord folders' catalogs without importing them."""
    code = (
        "import sys; from bot.i18n import t; "
        "t('fr', 'render.coal-baron.colour_letters'); "
        "assert 'discord' not in sys.modules and 'cogs.coal_baron' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).parents[1])
