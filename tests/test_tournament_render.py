"""The tournament standings image (renderer/tournament.py): golden renders in both
languages, readable at 400 px with at most twelve lines, entrants a computer played
for marked, long names cut."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from bot.i18n import t
from cogs.tournaments.card import ALT_TEXT_LIMIT
from cogs.tournaments.words import standings_description
from renderer import tournament
from renderer.tournament import MAX_ROWS, StandingRow, figure, render_standings
from tests.golden_images import assert_matches_golden
from tests.readability import assert_phone_readable, drawn_text

GOLDEN_DIR = Path(__file__).parent / "golden" / "tournament"
NAMES = ("Alice", "Bartholomew the Magnificent of the Deep Mines", "Computer 1 (easy)",
         "Chloé", "David", "Eve", "Félix", "Gaëlle", "Hugo", "Inès", "Jules", "Karim",
         "Léa", "Marc")
TITLES = {"en": "Tournament #3 · Coal Baron · round 2 of 3",
          "fr": "Tournoi n°3 · Gueules Noires · manche 2 sur 3"}


def rows(count: int) -> list[StandingRow]:
    return [StandingRow(rank, NAMES[rank - 1], 14.5 - rank, 2, rank % 2, 121.5 - rank * 7,
                        10.25 - rank / 2, by_computer=int(rank in (2, 5)), active=rank != 6)
            for rank in range(1, count + 1)]


def image(png: bytes) -> Image.Image:
    with Image.open(io.BytesIO(png)) as opened:
        return opened.convert("RGB")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_standings_match_their_golden_image_and_read_on_a_phone(lang: str) -> None:
    with drawn_text() as log:
        png = render_standings(TITLES[lang], rows(len(NAMES)), lang)
    assert_phone_readable(png, log, f"tournament standings ({lang})")
    assert_matches_golden(png, GOLDEN_DIR / f"standings-{lang}.png")
    drawn = [d.text for d in log.drawn]
    assert NAMES[MAX_ROWS - 1] in drawn and NAMES[MAX_ROWS] not in drawn  # twelve lines
    assert any("2 more" in text or "2 autres" in text for text in drawn)


def test_every_line_adds_one_row_up_to_twelve() -> None:
    few = image(render_standings("T", rows(3), "en"))
    more = image(render_standings("T", rows(4), "en"))
    assert few.width == more.width == tournament.WIDTH
    assert more.height - few.height == tournament.ROW_H
    capped = image(render_standings("T", rows(len(NAMES)), "en"))
    assert capped.height <= 1.3 * capped.width


def test_a_long_name_is_cut_and_numbers_read_in_each_language() -> None:
    with drawn_text() as log:
        render_standings("T", rows(2), "en")
    cut = [d.text for d in log.drawn if d.text.startswith("Bartholomew")]
    assert cut and cut[0].endswith("…")
    assert figure("en", 12.5) == "12.5" and figure("fr", 12.5) == "12,5"
    assert figure("en", 6.0) == "6"


def test_nobody_yet() -> None:
    with drawn_text() as log:
        empty = image(render_standings("T", [], "en"))
    assert empty.height == image(render_standings("T", rows(1), "en")).height
    assert "Nobody has entered yet" in [d.text for d in log.drawn]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_alt_text_keeps_whole_lines_within_discords_limit_then_says_how_many_more(
    lang: str,
) -> None:
    """64 entrants of 32-character names: as many whole lines as fit in 1,024
    characters, then "and N more" counting every entrant left out."""
    names = [f"Aleksandr Vladimirovich Petrov{n:02d}" for n in range(64)]
    assert {len(name) for name in names} == {32}
    many = [StandingRow(rank, names[rank - 1], 70 - rank, 9, 1, 300.5, 33.25)
            for rank in range(1, 65)]
    told = standings_description(many, TITLES[lang], lang, ALT_TEXT_LIMIT)
    assert len(told) <= ALT_TEXT_LIMIT == 1024
    shown = [row for row in many if f"{row.rank}. {row.name}" in told]
    assert 0 < len(shown) < MAX_ROWS and shown == many[:len(shown)]
    tail = t(lang, "render.tournament.more", count=64 - len(shown))
    assert told.endswith(tail)
    last = standings_description(many[:len(shown)], TITLES[lang], lang, 10_000)
    assert told == f"{last} {tail}"  # the shown lines whole, nothing cut
    more = standings_description(many[:len(shown) + 1], TITLES[lang], lang, 10_000)
    one_more = f"{more} {t(lang, 'render.tournament.more', count=63 - len(shown))}"
    assert len(one_more) > ALT_TEXT_LIMIT  # as many as fit
