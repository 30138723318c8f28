"""Players' names on the images: glyphs the shipped fonts lack, long names."""

from __future__ import annotations

import pytest

from renderer.fonts import font
from renderer.names import (
    MAX_NAME_CHARS,
    drawable,
    drawable_name,
    drawable_names,
    fit_apart,
    fit_name,
)


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


def test_names_cut_for_room_keep_what_tells_them_apart() -> None:
    """Issue 44: three computers in a narrow box read "Comp…1", "Comp…2", "Comp…3",
    never three "Comput…"; a name that fits is whole; a name unlike the others is cut
    at its end."""
    names = ("Maximilienne de la Tour-Argentée", "Computer 1", "Computer 2", "Computer 3")
    shown = [fit_apart(names, seat, 30, 150) for seat in range(4)]
    assert shown[0].startswith("Max") and shown[0].endswith("…")
    assert [name[-2:] for name in shown[1:]] == ["…1", "…2", "…3"]
    assert all(font(30, True).getlength(name) <= 150 for name in shown)
    assert fit_apart(names, 2, 30, 400) == "Computer 2"
    assert fit_apart(names, 1, 30, 400, prefix="▶ ") == "▶ Computer 1"
    twins = ("Alexandra the Great Miner of Coal", "Alexandra the Great Miner of Iron")
    assert [fit_apart(twins, seat, 30, 300)[-4:] for seat in (0, 1)] == ["Coal", "Iron"]
