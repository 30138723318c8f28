"""The leaderboard image: both languages, computer players marked, legible sizes."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.i18n import decimal
from bot.outcomes.stats import LeaderboardRow
from bot.outcomes.summaries import Player
from renderer import leaderboard
from renderer.leaderboard import render_leaderboard, shorten
from tests.readability import assert_phone_readable, drawn_text

ALICE, BOB = Player("101"), Player("102")
STRONG = Player("strong", computer=True)
NAMES = {ALICE: "Alice", BOB: "Bob", STRONG: "Strong"}


def image(rows: list[LeaderboardRow], lang: str = "en") -> Image.Image:
    with Image.open(io.BytesIO(render_leaderboard("coal-baron", rows, NAMES, lang))) as opened:
        return opened.convert("RGB")


def test_one_row_per_player_at_a_width_that_reads_at_400_px() -> None:
    two = image([LeaderboardRow(1, ALICE, 12.5, 10, 6), LeaderboardRow(2, BOB, 3.25, 8, 1)])
    three = image(
        [
            LeaderboardRow(1, ALICE, 12.5, 10, 6),
            LeaderboardRow(2, BOB, 3.25, 8, 1),
            LeaderboardRow(3, STRONG, 1.0, 30, 9),
        ]
    )
    assert two.width == three.width == leaderboard.WIDTH == 800
    assert three.height - two.height == leaderboard.ROW_H
    assert leaderboard.NAME_SIZE >= 26  # 13 px or more once shown 400 px wide


def test_computer_players_carry_a_mark() -> None:
    person = image([LeaderboardRow(1, Player("strong"), 1.0, 3, 1)])
    computer = image([LeaderboardRow(1, STRONG, 1.0, 3, 1)])
    assert person.size == computer.size
    assert person.tobytes() != computer.tobytes()


def test_english_and_french() -> None:
    rows = [LeaderboardRow(1, ALICE, 12.5, 10, 6)]
    assert image(rows, "en").tobytes() != image(rows, "fr").tobytes()
    assert decimal("fr", 12.25) == "12,2" and decimal("en", -3.0) == "-3.0"


def test_no_rated_player_yet() -> None:
    empty = image([])
    assert empty.height == image([LeaderboardRow(1, ALICE, 0.0, 1, 0)]).height


def test_long_names_are_cut() -> None:
    long = "A very very long Discord display name indeed"
    assert shorten("Alice", 300) == "Alice"
    cut = shorten(long, 300)
    assert cut.endswith("…") and long.startswith(cut[:-1])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_leaderboard_of_ten_reads_on_a_phone(lang: str) -> None:
    rows = [LeaderboardRow(rank, Player(str(rank)), 20.5 - rank, 30, 9) for rank in range(1, 10)]
    rows.append(LeaderboardRow(10, STRONG, 1.0, 30, 9))
    names: dict[Player, str] = {row.player: f"Bartholomew the {row.rank}th" for row in rows[:5]}
    with drawn_text() as log:
        png = render_leaderboard("coal-baron", rows, {**names, STRONG: "Strong"}, lang)
    assert_phone_readable(png, log, f"leaderboard ({lang})")
    assert not any(d.text.isdigit() and len(d.text) > 3 for d in log.drawn)  # no id
