"""Every count through its language's plural form (issues 44 and 45): each catalog
entry that takes a number is rendered with 0, 1, 2 and 5 in every language, and the
noun after the number must be the form CLDR's plural rule asks for ("1 card", "2
cards"; "0 carte" in French). The nouns are those of the catalogs' own plural choices
(``{count:card|cards}``), so a text that writes "{price} rupees" where another writes
"{salary:rupee|rupees}" is found."""

from __future__ import annotations

import re
import string
from functools import cache

import pytest

from bot.i18n import catalog, format_text, languages, plural_category
from cogs.platform.plugins import all_plugins

NUMBERS = (0, 1, 2, 5)
OTHER_NUMBER = 7
"""What the entry's other numbers are while one is tried (plural in every language)."""

NUMBERS_BY_NAME = {
    "price", "payout", "bank", "bonus", "asked", "limit", "max", "min", "max_players",
    "min_players", "players", "needed", "votes", "total", "draw", "moves", "francs", "fame",
    "hand", "capacity", "copies", "most", "rank", "number", "values", "payouts",
}
"""Placeholders that hold a number but choose no word in any text (a number of
placeholders that do choose one, ``{count:…|…}``, are found in the catalogs)."""


def fields(text: str) -> list[tuple[str, str]]:
    """The placeholders of `text` with their format spec."""
    return [(name, spec or "") for _, name, spec, _ in string.Formatter().parse(text) if name]


@cache
def number_names() -> frozenset[str]:
    """Every placeholder that is a number: those choosing a plural form anywhere, and
    `NUMBERS_BY_NAME`."""
    all_plugins()
    chosen = {name for language in languages() for text in catalog(language).values()
              for name, spec in fields(text) if "|" in spec}
    return frozenset(chosen | NUMBERS_BY_NAME)


def first_word(form: str) -> str:
    words = re.findall(r"[^\W\d_][\w'’-]*", form)
    return words[0].lower() if words else ""


@cache
def nouns(language: str) -> tuple[frozenset[str], frozenset[str]]:
    """The singular and the plural words of `language`'s plural choices (``card``,
    ``cards``): a pair whose plural starts as its singular does (not ``in|each``)."""
    singular: set[str] = set()
    plural: set[str] = set()
    both: set[str] = set()
    for text in catalog(language).values():
        for _, spec in fields(text):
            forms = spec.split("|")
            if len(forms) != 2 or "{" in spec or "=" in spec:
                continue
            one, other = (first_word(form) for form in forms)
            if one == other:
                both.add(one)  # "1 Arbeiter", "2 Arbeiter"
            elif len(one) > 2 and other.startswith(one[:3]):
                singular.add(one)
                plural.add(other)
    return frozenset(singular - plural - both), frozenset(plural - singular - both)


def wrong_forms(language: str, text: str) -> list[str]:
    """Each way of filling `text`'s numbers with 0, 1, 2 and 5 (one at a time) that puts
    a noun after the number in the form the number does not take."""
    singular, plural = nouns(language)
    numbers = number_names()
    names = {name for name, _ in fields(text)}
    faults = []
    for name in sorted(names & numbers):
        for n in NUMBERS:
            params: dict[str, object] = {
                other: OTHER_NUMBER if other in numbers else "Xq" for other in names}
            params[name] = n
            shown = format_text(language, text, **params)
            wrong = plural if plural_category(language, n) == "one" else singular
            for word in re.findall(
                rf"(?<![\d.,]){n}[ \u00a0\u202f]+(?:\*\*)?([^\W\d_][\w'’-]*)", shown
            ):
                if word.lower() in wrong:
                    faults.append(f"{name}={n}: {shown}")
    return faults


@pytest.mark.parametrize("language", languages())
def test_every_count_takes_its_plural_form(language: str) -> None:
    all_plugins()
    faults = {key: wrong for key, text in catalog(language).items()
              if (wrong := wrong_forms(language, text))}
    assert faults == {}


@pytest.mark.parametrize("language", languages())
def test_the_entries_taking_a_number_are_many_and_their_nouns_known(language: str) -> None:
    """The check above reads enough: hundreds of entries take a number, and the words
    it knows include the games' own ("card", "rupee")."""
    all_plugins()
    taking = [key for key, text in catalog(language).items()
              if {name for name, _ in fields(text)} & number_names()]
    singular, plural = nouns(language)
    assert len(taking) > 300 and len(singular) > 30 and len(plural) > 30


def test_a_singular_number_with_a_plural_noun_is_found() -> None:
    """"1 cards": what the check exists for (and "2 card", "0 cards" in French)."""
    assert wrong_forms("en", "{deck} cards left in the deck") == [
        "deck=1: 1 cards left in the deck"]
    assert wrong_forms("en", "{price} rupee") == [
        "price=0: 0 rupee", "price=2: 2 rupee", "price=5: 5 rupee"]
    assert wrong_forms("fr", "{limit} cartes") == ["limit=0: 0 cartes", "limit=1: 1 cartes"]
    assert wrong_forms("en", "{deck} {deck:card|cards} left") == []
