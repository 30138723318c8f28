"""Every string a user reads, in English and French.

Catalogs are flat JSON objects, key -> text with ``{name}`` placeholders
(``str.format`` syntax). A count chooses between a singular and a plural word
with ``{name:singular|plural}``: ``"{count} {count:ouvrier|ouvriers}"`` reads
"1 ouvrier", "3 ouvriers" (French takes the singular for 0 and 1, English for 1
only), so no text writes "ouvrier(s)". The platform's strings live in this folder: ``en.json``
and ``fr.json``, plus any pair ``<name>.en.json`` / ``<name>.fr.json`` (``weeks``,
``chart-render``). Each game keeps its own catalogs in its own packages, one
``i18n/`` folder per layer (``bot/games/<game>/i18n/`` for the engine's events and
reasons, ``cogs/<game>/i18n/`` for its Discord texts, ``renderer/<game>/i18n/``
for the words on its images), named by its `bot.games.registry.GameSpec`
(``catalogs``); every ``*.<language>.json`` of those folders is merged in. A key
defined twice is an error, found at load.

Replies follow the user's locale: French for every ``fr*`` locale, English
otherwise. Command, option and choice names and descriptions are translated
by `cogs.platform.translator.CatalogTranslator`, from the same catalogs. This
module imports no discord, so renderers may use it.
"""

from __future__ import annotations

import json
import string
from collections.abc import Sequence
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any, Protocol

from bot.games.registry import catalog_folders

CATALOG_DIR = Path(__file__).parent
"""The platform's catalogs."""
LANGUAGES = ("en", "fr")
DEFAULT_LANGUAGE = "en"


class _HasValue(Protocol):
    @property
    def value(self) -> str: ...


LocaleLike = _HasValue | str | None
"""A Discord locale (anything with a ``value`` code), a code such as ``fr`` or
``en-US``, or None (English)."""


def catalog_files(language: str, directory: Path = CATALOG_DIR) -> list[Path]:
    """The files holding `language`'s strings: ``<language>.json`` then ``*.<language>.json``."""
    return [directory / f"{language}.json", *sorted(directory.glob(f"*.{language}.json"))]


@cache
def folder_path(folder: str) -> Path:
    """The folder named ``package.sub.folder`` (dotted from a top-level package), found
    without importing anything below the top-level package: a game's Discord folder
    must not import discord into a renderer's process."""
    top, *rest = folder.split(".")
    return Path(str(files(top).joinpath(*rest)))


def game_catalog_dirs() -> list[Path]:
    """The catalog folders of every registered game (`bot.games.registry.catalog_folders`)."""
    return [folder_path(folder) for folder in catalog_folders()]


def catalog_dirs() -> list[Path]:
    """Every directory whose catalogs are merged: the platform's, then each game's."""
    return [CATALOG_DIR, *game_catalog_dirs()]


def load_catalog(
    language: str, directory: Path = CATALOG_DIR, extra_dirs: Sequence[Path] = ()
) -> dict[str, str]:
    """Merge every catalog file of `language` (in `directory`, then the ``*.<language>.json``
    of `extra_dirs`); raises ValueError on a key defined twice."""
    merged: dict[str, str] = {}
    origin: dict[str, Path] = {}
    extra = [path for d in extra_dirs for path in sorted(d.glob(f"*.{language}.json"))]
    for path in [*catalog_files(language, directory), *extra]:
        entries = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(entries, dict):
            raise ValueError(f"{path}: a catalog is a JSON object of key -> text")
        for key, text in entries.items():
            if key in merged:
                raise ValueError(f"{path}: key {key!r} is already defined in {origin[key]}")
            if not isinstance(text, str):
                raise ValueError(f"{path}: the text of {key!r} is not a string")
            merged[key] = text
            origin[key] = path
    return merged


def catalog(language: str) -> dict[str, str]:
    """The merged catalog of `language`: the platform's and every registered game's."""
    return _merged(language, catalog_folders())


@cache
def _merged(language: str, folders: tuple[str, ...]) -> dict[str, str]:
    """Loaded once per process for each set of games (a test game may register later)."""
    return load_catalog(language, CATALOG_DIR, [folder_path(folder) for folder in folders])


def language_of(locale: LocaleLike) -> str:
    """``fr`` for any French locale (``fr``, ``fr-CA``...), ``en`` for everything else."""
    code = locale if isinstance(locale, str) else (locale.value if locale is not None else "")
    return "fr" if code.lower().startswith("fr") else DEFAULT_LANGUAGE


def has_key(key: str) -> bool:
    """Whether `key` exists (the completeness test keeps both languages in step)."""
    return key in catalog(DEFAULT_LANGUAGE)


def is_singular(language: str, count: object) -> bool:
    """Whether `count` takes the singular in `language`: 0 and 1 in French, 1 in English."""
    number = abs(int(count))  # type: ignore[call-overload]
    return bool(number <= 1 if language == "fr" else number == 1)


class _CatalogFormatter(string.Formatter):
    """``str.format`` plus the plural choice ``{count:singular|plural}``."""

    def __init__(self, language: str) -> None:
        self.language = language

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            singular, plural = format_spec.split("|", 1)
            return singular if is_singular(self.language, value) else plural
        return str(super().format_field(value, format_spec))


_FORMATTERS = {language: _CatalogFormatter(language) for language in LANGUAGES}


def format_text(language: str, text: str, **params: Any) -> str:
    """`text` (a catalog entry of `language`) formatted with `params`, plurals chosen."""
    return _FORMATTERS[language].format(text, **params)


def t(locale: LocaleLike, key: str, **params: Any) -> str:
    """The text of `key` in the language of `locale`, formatted with `params`.

    A key missing from the user's language falls back to English; a key
    missing everywhere raises KeyError (a bug, caught by the tests).
    """
    language = language_of(locale)
    text = catalog(language).get(key)
    if text is None:
        language, text = DEFAULT_LANGUAGE, catalog(DEFAULT_LANGUAGE)[key]
    return format_text(language, text, **params) if params else text
