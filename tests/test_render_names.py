"""Players' names on the images: glyphs the shipped fonts lack, long names."""

from __future__ import annotations

import pytest

from renderer.fonts import font
from renderer.names import MAX_NAME_CHARS, drawable, drawable_name, drawable_names, fit_name


def test_latin_accents_and_cyrillic_are_drawable_emoji_and_cjk_are_not() -> None:
    assert all(drawable(char) for char in "Zoë Ærøskøbing Дмитрий")
    assert not drawable("🎲")
    assert not drawable("漢")


def test_a_name_loses_only_the_glyphs_the_fonts_lack() -> None:
    assert drawable_name("Zoë 🎲", "Player 3") == "Zoë"
    assert drawable_name("🎲 Max  🎲 Power", "P") == "Max Power"


def test_a_name_with_nothing_readable_left_falls_back() -> None:
    assert drawable_name("🐉🐉", "Player 4") == "Player 4"
    assert drawable_name("漢字", "Joueur 2") == "Joueur 2"
    assert drawable_name("   ", "Player 1") == "Player 1"


def test_a_long_name_is_cut_with_an_ellipsis() -> None:
    name = drawable_name("Bérénice-Marguerite du Pont", "P2")
    assert len(name) == MAX_NAME_CHARS
    assert name.endswith("…") and name.startswith("Bérénice")


def test_names_and_fallbacks_must_match_the_seats() -> None:
    assert drawable_names(["Al", "🐉"], ["P1", "P2"]) == ("Al", "P2")
    with pytest.raises(ValueError, match="2 names for 3 seats"):
        drawable_names(["Al", "Bo"], ["P1", "P2", "P3"])


@pytest.mark.parametrize("width", [60, 120, 300])
def test_fit_name_stays_within_the_width(width: int) -> None:
    shown = fit_name("Bérénice-Marguerite", 28, width)
    assert font(28, True).getlength(shown) <= width or len(shown) == 2
    assert fit_name("Al", 28, 300) == "Al"
