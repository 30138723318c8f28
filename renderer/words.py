"""Plural forms of the words drawn on images: catalogs hold ``<key>.one`` and ``<key>.other``."""

from __future__ import annotations


def plural(lang: str, count: int) -> str:
    """ "one" or "other": French uses the singular for 0 and 1, English for 1 only."""
    return "one" if count == 1 or (lang == "fr" and count == 0) else "other"
