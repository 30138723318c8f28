"""What a player reads must be words: the checks every game's complete-game tests share.

`faults(text, lang, codes)` lists what a player should never read in `text`: a raw
Discord id, a plural written "(s)", a relative time after "since" or "depuis", a match
of the game's own notation (`codes`, one pattern per game: space codes, card ids,
coordinates of another system) and, in French, English words. Each game's tests
collect every line a player reads (turn lines, private panels, select and button
labels, autocomplete names, rules texts) and assert that `faults` is empty for each.
"""

from __future__ import annotations

import re

RAW_ID = re.compile(r"(?<!<#)\b\d{15,21}\b")
"""A Discord id (a snowflake) printed where a name belongs; a channel mention
(``<#id>``) is not one: Discord shows it as the channel's name."""

PLURAL_HEDGE = re.compile(r"\w\(s\)|\(e\)s\b|\(x\)")
"""'worker(s)', 'joueur(e)s': a sentence that did not choose its number."""

RELATIVE_TIME_AFTER_A_PREPOSITION = re.compile(
    r"\b(since|from|depuis|à partir de|dès)\s+<t:\d+:R>", re.IGNORECASE
)
"""A relative time ("3 hours ago", "in 2 days", "il y a 3 heures") after a word that
wants a date: "since 3 hours ago", "depuis il y a 3 heures"."""

ENGLISH_WORDS = re.compile(
    r"\b(the|your|you|turn|player|players|left|round|wins|with|and|of|to act|is|are|"
    r"takes|places|lays|hires|cards?|tools?|worker|workers|coal|order|orders)\b",
    re.IGNORECASE,
)
"""English words that no French sentence of the bot contains (player names aside)."""


def faults(text: str, lang: str, codes: re.Pattern[str] | None = None, *,
           names: tuple[str, ...] = ()) -> list[str]:
    """What is wrong with `text` as a line a player reads in `lang` (empty: nothing).

    `names` are the players' names, left out before looking for English words (a player
    may well be called "Tools").
    """
    found = [f"raw id {m.group()!r}" for m in RAW_ID.finditer(text)]
    found += [f"hedged plural {m.group()!r}" for m in PLURAL_HEDGE.finditer(text)]
    found += [
        f"relative time after {m.group(1)!r}"
        for m in RELATIVE_TIME_AFTER_A_PREPOSITION.finditer(text)
    ]
    if codes is not None:
        found += [f"notation {m.group()!r}" for m in codes.finditer(text)]
    if lang == "fr":
        prose = text
        for name in names:
            prose = prose.replace(name, " ")
        found += [f"English {m.group()!r}" for m in ENGLISH_WORDS.finditer(prose)]
    return found


def assert_words_only(texts: list[str], lang: str, codes: re.Pattern[str] | None = None, *,
                      names: tuple[str, ...] = ()) -> None:
    """No text of `texts` has a fault; the message lists the first ones found."""
    bad = [(text, found) for text in texts if (found := faults(text, lang, codes, names=names))]
    assert not bad, f"{len(bad)} of {len(texts)} texts a player reads are not words: {bad[:6]}"
