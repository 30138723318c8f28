"""Players' names on the images: what the shipped fonts can draw, shortened to fit.

The Discord layer passes each seat's display name; a name may hold emoji or
scripts DejaVu lacks (they would print as empty boxes), and may be long. Names
are cleaned once (`drawable_names`) and shortened only where drawn and only if they do
not fit there (`fit_name`; `fit_apart` keeps what tells a name from the table's others:
"Compu…r 2", never three "Comput…"). Colour and mark shape stay per seat, so a name
never has to carry the seat.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from renderer.fonts import font

MAX_NAME_CHARS = 16
"""Longer names are cut (with "…") even where there is room: a table is read at a glance
(an image that lays out its names by the room they have passes `DISPLAY_NAME_CHARS`)."""
DISPLAY_NAME_CHARS = 32
"""The longest Discord display name: no cut but where the room runs out."""
_MISSING_PROBE = "\U000f0000"
"""A private-use code point no shipped font has: its mask is the font's "missing" box."""


@lru_cache(maxsize=4)
def _missing_mask(bold: bool) -> bytes:
    return bytes(font(20, bold).getmask(_MISSING_PROBE))


@lru_cache(maxsize=4096)
def drawable(char: str, bold: bool = True) -> bool:
    """Whether DejaVu has a glyph for `char` (spaces and marks count as drawable)."""
    if unicodedata.category(char) in ("Zs", "Mn", "Me"):
        return True
    if unicodedata.category(char).startswith("C"):
        return False
    return bytes(font(20, bold).getmask(char)) != _missing_mask(bold)


def drawable_name(
    name: str, fallback: str, bold: bool = True, limit: int = MAX_NAME_CHARS
) -> str:
    """`name` without the characters the fonts lack, spaces tidied, cut to `limit`
    characters; `fallback` when nothing readable is left (e.g. a name made only of
    emoji). An image that cuts each name to the room it has (`fit_name`) passes
    `DISPLAY_NAME_CHARS`."""
    kept = "".join(char for char in unicodedata.normalize("NFC", name) if drawable(char, bold))
    words = " ".join(kept.split())
    if not any(char.isalnum() for char in words):
        return fallback
    if len(words) > limit:
        words = words[: limit - 1].rstrip() + "…"
    return words


def drawable_names(
    names: Sequence[str], fallbacks: Sequence[str], limit: int = MAX_NAME_CHARS
) -> tuple[str, ...]:
    """`drawable_name` for each seat; `fallbacks[seat]` stands in for an unreadable name."""
    if len(names) != len(fallbacks):
        raise ValueError(f"{len(names)} names for {len(fallbacks)} seats")
    return tuple(drawable_name(n, f, limit=limit) for n, f in zip(names, fallbacks, strict=True))


def fit_name(name: str, size: int, max_width: float, bold: bool = True) -> str:
    """`name` cut with "…" until it is at most `max_width` pixels wide at `size`."""
    face = font(size, bold)
    if face.getlength(name) <= max_width:
        return name
    while len(name) > 1 and face.getlength(name + "…") > max_width:
        name = name[:-1].rstrip()
    return name + "…"


def fit_apart(
    names: Sequence[str], seat: int, size: int, max_width: float, *, bold: bool = True,
    prefix: str = "",
) -> str:
    """`prefix` and `names[seat]`, at most `max_width` pixels wide at `size`: cut at its
    end (`fit_name`) where that keeps the part that tells it from the other `names`;
    else cut in the middle, keeping its head and the word where it differs ("Computer
    1", "Computer 2" → "Comp…1", "Comp…2")."""
    face = font(size, bold)
    name = names[seat]
    whole = prefix + name
    if face.getlength(whole) <= max_width:
        return whole
    cut = fit_name(whole, size, max_width, bold)
    differs = max((_common(name, other) for n, other in enumerate(names) if n != seat), default=0)
    if len(cut) - 1 - len(prefix) > differs or differs >= len(name):
        return cut  # what tells it apart is still shown (or nothing does)
    start = name.rfind(" ", 0, differs) + 1
    tail = name[start:] if face.getlength(prefix + "…" + name[start:]) <= max_width / 2 else (
        name[differs:])
    head = name[:start].rstrip()
    while head and face.getlength(f"{prefix}{head}…{tail}") > max_width:
        head = head[:-1].rstrip()
    return fit_name(f"{prefix}{head}…{tail}", size, max_width, bold)


def _common(one: str, other: str) -> int:
    """How many first characters `one` and `other` share."""
    count = 0
    for a, b in zip(one, other, strict=False):
        if a != b:
            break
        count += 1
    return count
