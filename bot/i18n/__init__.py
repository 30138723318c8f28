"""Every string a user reads, in English and French.

Catalogs are flat JSON objects, key -> text with ``{name}`` placeholders
(``str.format`` syntax). A count chooses between a singular and a plural word
with ``{name:singular|plural}``: ``"{count} {count:ouvrier|ouvriers}"`` reads
"1 ouvrier", "3 ouvriers" (French takes the singular for 0 and 1, English for 1
only), so no text writes "ouvrier(s)". The platform's strings live in ``en.json`` and
``fr.json``; any other pair ``<name>.en.json`` / ``<name>.fr.json`` in this
directory is merged in, so each game keeps its keys in its own files
(``coal-baron.en.json``...). A key defined twice is an error, found at load.

Replies follow the user's locale: French for every ``fr*`` locale, English
otherwise. Command, option and choice names and descriptions are translated
by `cogs.platform.translator.CatalogTranslator`, from the same catalogs. This
module imports no discord, so renderers may use it.

A game shipped in another distribution adds its own catalog directory with
`add_catalog_dir` (its plugin's ``catalogs``); the built-in games keep theirs here.
"""

from __future__ import annotations

import json
import string
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any, Protocol

CATALOG_DIR = Path(__file__).parent
LANGUAGES = ("en", "fr")
DEFAULT_LANGUAGE = "en"
EXTRA_CATALOG_DIRS: list[Path] = []
"""Directories of ``<name>.<language>.json`` files added by plugins (`add_catalog_dir`)."""


class _HasValue(Protocol):
    @property
    def value(self) -> str: ...


LocaleLike = _HasValue | str | None
"""A Discord locale (anything with a ``value`` code), a code such as ``fr`` or
``en-US``, or None (English)."""


def catalog_files(language: str, directory: Path = CATALOG_DIR) -> list[Path]:
    """The files holding `language`'s strings: ``<language>.json`` then ``*.<language>.json``."""
    return [directory / f"{language}.json", *sorted(directory.glob(f"*.{language}.json"))]


def add_catalog_dir(directory: Path) -> None:
    """Merge the ``*.<language>.json`` files of `directory` into every catalog."""
    if directory not in EXTRA_CATALOG_DIRS:
        EXTRA_CATALOG_DIRS.append(directory)
        catalog.cache_clear()


def catalog_dirs() -> list[Path]:
    """Every directory whose catalogs are merged: the platform's, then those plugins added."""
    return [CATALOG_DIR, *EXTRA_CATALOG_DIRS]


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


@cache
def catalog(language: str) -> dict[str, str]:
    """The merged catalog of `language`, loaded once per process."""
    return load_catalog(language, CATALOG_DIR, EXTRA_CATALOG_DIRS)


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
