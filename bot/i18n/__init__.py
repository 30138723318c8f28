"""Every string a user reads, in every language that has catalogs.

A language is its catalogs: adding one is adding its ``*.<code>.json`` files
(docs/languages.md), no code. Catalogs are flat JSON objects, key -> text with
``{name}`` placeholders (``str.format`` syntax). A count chooses its word with
``{name:one|other}`` (``"{count} {count:ouvrier|ouvriers}"``: "1 ouvrier", "3
ouvriers"), the form picked by the language's CLDR plural rule (French takes "one"
for 0 and 1, English and German for 1 only); a language with more forms names them,
``{count:one=plik|few=pliki|many=plików|other=pliku}``. No text writes "ouvrier(s)".

The platform's strings live in this folder: ``<code>.json`` (one per language: the
languages are the codes of these files), plus any ``<name>.<code>.json``. Each game
keeps its own catalogs in its own packages, one ``i18n/`` folder per layer
(``bot/games/<game>/i18n/`` for the engine's events and reasons, ``cogs/<game>/i18n/``
for its Discord texts, ``renderer/<game>/i18n/`` for the words on its images), named
by its `bot.games.registry.GameSpec` (``catalogs``); every ``*.<code>.json`` of
those folders is merged in. A key defined twice is an error, found at load.

Replies follow the user's locale, matched to the languages by Babel (``de-AT`` reads
German, a locale without catalogs English). Numbers, lists and plural forms come
from Babel's CLDR data; a language's own grammar (French elision) is written in its
catalog (``grammar.*``, see `elide`). Command, option and choice names and
descriptions are translated by `cogs.platform.translator.CatalogTranslator`, from the
same catalogs. This module imports no discord, so renderers may use it.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Callable, Sequence
from decimal import Decimal
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any, Protocol

from babel import Locale
from babel.core import negotiate_locale
from babel.lists import format_list
from babel.numbers import format_decimal, parse_decimal

from bot.games.registry import catalog_folders

CATALOG_DIR = Path(__file__).parent
"""The platform's catalogs: one ``<code>.json`` per language (a test may point it
elsewhere: everything below reads it when called)."""
DEFAULT_LANGUAGE = "en"
"""The language of a locale that has no catalogs, and of a key missing in another
language: the one language the code names."""
_LANGUAGE_FILE = re.compile(r"[a-z]{2,3}(?:-[A-Za-z0-9]+)*")


class _HasValue(Protocol):
    @property
    def value(self) -> str: ...


LocaleLike = _HasValue | str | None
"""A Discord locale (anything with a ``value`` code), a code such as ``fr`` or
``en-US``, or None (English)."""


def languages() -> tuple[str, ...]:
    """The codes of the languages that have catalogs, English first: each
    ``<code>.json`` of the platform's folder."""
    return _languages(CATALOG_DIR)


@cache
def _languages(directory: Path) -> tuple[str, ...]:
    found = sorted(path.stem for path in directory.glob("*.json")
                   if _LANGUAGE_FILE.fullmatch(path.stem))
    return (DEFAULT_LANGUAGE, *(code for code in found if code != DEFAULT_LANGUAGE))


def catalog_files(language: str, directory: Path | None = None) -> list[Path]:
    """The files holding `language`'s strings: ``<language>.json`` then ``*.<language>.json``."""
    folder = CATALOG_DIR if directory is None else directory
    return [folder / f"{language}.json", *sorted(folder.glob(f"*.{language}.json"))]


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
    language: str, directory: Path | None = None, extra_dirs: Sequence[Path] = ()
) -> dict[str, str]:
    """Merge every catalog file of `language` (in `directory`, then the ``*.<language>.json``
    of `extra_dirs`); raises ValueError on a key defined twice."""
    merged: dict[str, str] = {}
    origin: dict[str, Path] = {}
    extra = [path for d in extra_dirs for path in sorted(d.glob(f"*.{language}.json"))]
    for path in [*catalog_files(language, directory), *extra]:
        if not path.is_file():
            continue
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
    return _merged(language, CATALOG_DIR, catalog_folders())


@cache
def _merged(language: str, directory: Path, folders: tuple[str, ...]) -> dict[str, str]:
    """Loaded once per process for each set of games (a test game may register later)."""
    return load_catalog(language, directory, [folder_path(folder) for folder in folders])


def language_of(locale: LocaleLike) -> str:
    """The language with catalogs that `locale` reads (``de-AT`` → ``de``, CLDR's
    matching), English for a locale without catalogs."""
    code = locale if isinstance(locale, str) else (locale.value if locale is not None else "")
    return _matched(code, languages())


@cache
def _matched(code: str, available: tuple[str, ...]) -> str:
    found = negotiate_locale([code.lower().replace("_", "-")], available, sep="-")
    return found or DEFAULT_LANGUAGE


def has_key(key: str) -> bool:
    """Whether `key` exists (the completeness test keeps every language in step)."""
    return key in catalog(DEFAULT_LANGUAGE)


@cache
def _cldr(language: str) -> Locale:
    return Locale.parse(language, sep="-")


def plural_category(language: str, count: object) -> str:
    """CLDR's plural category of `count` in `language`: ``one``, ``few``, ``other``…
    (`count` a number, or a number as the language writes it: "1,5" in French)."""
    number: float | Decimal
    if isinstance(count, int | float | Decimal):
        number = count
    else:
        number = parse_decimal(str(count), locale=_cldr(language), strict=False)
    return str(_cldr(language).plural_form(-number if number < 0 else number))


def plural_choice(language: str, count: object, forms: str) -> str:
    """The form of ``one|other`` (or ``one=…|few=…|other=…``) that `count` takes."""
    category = plural_category(language, count)
    choices = forms.split("|")
    if all("=" in choice for choice in choices):
        named = dict(choice.split("=", 1) for choice in choices)
        return named.get(category, named["other"])
    one, other = choices
    return one if category == "one" else other


def decimal(locale: LocaleLike, value: float, pattern: str = "#,##0.0") -> str:
    """`value` written as `locale`'s language writes numbers (CLDR: "1,234.5",
    "1 234,5", "1.234,5"); `pattern` is a CLDR number pattern (one decimal by default)."""
    text = str(format_decimal(value, pattern, locale=_cldr(language_of(locale))))
    return text.removeprefix("-") if text.lstrip("-").strip("0.,") == "" else text


def joined(locale: LocaleLike, items: Sequence[str]) -> str:
    """"A, B and C" as `locale`'s language joins a list (CLDR)."""
    return str(format_list(list(items), locale=_cldr(language_of(locale)))) if items else ""


@cache
def _elision(language: str) -> Callable[[str], str] | None:
    """The language's elision (``grammar.elision``: words and their elided form,
    ``"de=d' que=qu'"``, before the letters of ``grammar.elision_before``), or None."""
    texts = catalog(language)
    pairs = dict(pair.split("=", 1) for pair in texts.get("grammar.elision", "").split())
    if not pairs:
        return None
    words = "|".join(re.escape(word) for word in pairs)
    letters = re.escape(texts["grammar.elision_before"])
    pattern = re.compile(rf"\b({words}) (?=[{letters}])", re.IGNORECASE)
    return lambda text: pattern.sub(lambda m: _cased(pairs[m[1].lower()], m[1]), text)


def _cased(elided: str, word: str) -> str:
    return elided[:1].upper() + elided[1:] if word[:1].isupper() else elided


def elide(locale: LocaleLike, text: str) -> str:
    """`text` with its language's elisions made ("la mine d'Ann", not "de Ann")."""
    rule = _elision(language_of(locale))
    return rule(text) if rule else text


class _CatalogFormatter(string.Formatter):
    """``str.format`` plus the plural choice ``{count:one|other}``."""

    def __init__(self, language: str) -> None:
        self.language = language

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            return plural_choice(self.language, value, format_spec)
        return str(super().format_field(value, format_spec))


def format_text(language: str, text: str, **params: Any) -> str:
    """`text` (a catalog entry of `language`) formatted with `params`, plurals chosen."""
    return _CatalogFormatter(language).format(text, **params)


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
