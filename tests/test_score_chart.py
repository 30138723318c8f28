"""The end-of-game chart of each player's score over the game."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from renderer.chart import WIDTH, line_colour, render_score_chart
from tests.golden_images import assert_matches_golden
from tests.readability import assert_phone_readable, drawn_text

GOLDEN = Path(__file__).parent / "golden" / "chart"
NAMES = ("Alice", "Bérénice-Marguerite du Pont", "Zoë 🎲", "🐉")
SERIES = (
    (0, 2, 2, 7, 9, 9, 15, 21),
    (0, 0, 3, 3, 8, 12, 12, 19),
    (0, 1, 1, 1, 4, 10, 16, 16),
    (0, 0, 0, 5, 5, 5, 9, 24),
)


def test_chart_of_a_4_player_game_matches_golden_image() -> None:
    png = render_score_chart(SERIES, NAMES, "fr", marks=[(3, "Quart 1"), (7, "Quart 2")])
    assert_matches_golden(png, GOLDEN / "scores_4p_fr.png")


def test_chart_grows_with_the_legend_and_keeps_its_width() -> None:
    small = Image.open(io.BytesIO(render_score_chart(SERIES[:2], NAMES[:2], "en")))
    ten = [[0, seat % 3, seat] for seat in range(10)]
    large = Image.open(
        io.BytesIO(render_score_chart(ten, [f"P{s}" for s in range(10)], "en", unit="round"))
    )
    assert small.width == large.width == WIDTH
    assert large.height > small.height


def test_ten_seats_never_share_both_colour_and_mark() -> None:
    looks = {(line_colour(seat), seat % 4) for seat in range(10)}
    assert len(looks) == 10


@pytest.mark.parametrize(
    ("series", "names"),
    [((), ()), (((0, 1), (0,)), ("A", "B")), (((0, 1),), ("A", "B"))],
)
def test_chart_refuses_series_that_do_not_fit_the_seats(
    series: tuple[tuple[int, ...], ...], names: tuple[str, ...]
) -> None:
    with pytest.raises(ValueError, match="one series per seat"):
        render_score_chart(series, names, "en")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("seats", [2, 10])
def test_the_chart_reads_on_a_phone(lang: str, seats: int) -> None:
    series = [[0, seat, 2 * seat, 3 * seat + 1] for seat in range(seats)]
    names = [f"Bérénice {seat + 1}" for seat in range(seats)]
    with drawn_text() as log:
        png = render_score_chart(series, names, lang, marks=[(2, "Quart 1")])
    assert_phone_readable(png, log, f"score chart, {seats} seats ({lang})")
