"""Each game's images in German (issue 45): golden renders under tests/golden/german,
every word readable on a phone (400 px wide), and no English word of the images'
catalogs drawn where German has its own."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from bot.games.coal_baron.state import CoalBaronState
from bot.i18n import catalog
from bot.outcomes.stats import LeaderboardRow
from bot.outcomes.summaries import Player
from renderer.chart import render_score_chart
from renderer.coal_baron.board import render_board as coal_board
from renderer.coal_baron.draw5 import render_draw5
from renderer.coal_baron.mine import render_mine
from renderer.coal_baron.mines import render_mines
from renderer.leaderboard import render_leaderboard
from renderer.mine_out.hiring import render_hiring
from renderer.mine_out.holdings import render_holdings
from renderer.mine_out.town import render_town
from renderer.saboteur.board import render_board as saboteur_board
from renderer.saboteur.board import render_round_end
from renderer.saboteur.hand import render_hand
from renderer.tournament import StandingRow, render_standings
from tests.coal_baron_positions import mid_game, pending
from tests.golden_images import assert_matches_golden
from tests.readability import TextLog, assert_phone_readable, drawn_text
from tests.saboteur_positions import play as saboteur_play
from tests.test_mine_out_render import midgame

GOLDEN_DIR = Path(__file__).parent / "golden" / "german"
NAMES = ("Anna", "Bärbel-Friederike von Hohenstein", "Jürgen 🎲", "Özlem", "Kai")
"""A short name, a long one, one with an emoji the fonts lack, umlauts."""
RENDER_PREFIXES = ("render.", "mo.render.")


def english_words_drawn(log: TextLog) -> list[str]:
    """The image texts of the English catalog (``render.*``) that were drawn although
    German has its own."""
    english, german = catalog("en"), catalog("de")
    own = {text for key, text in english.items()
           if key.startswith(RENDER_PREFIXES) and "{" not in text and german[key] != text
           and sum(ch.isalpha() for ch in text) >= 3}
    return sorted({d.text for d in log.words() if d.text in own})


def coal_baron_mid() -> CoalBaronState:
    return mid_game(4, seed=3)


IMAGES: dict[str, Callable[[], bytes]] = {
    "coal_board_4p_mid": lambda: coal_board(coal_baron_mid().view(1), NAMES[:4], "de"),
    "coal_board_2p_setup": lambda: coal_board(
        CoalBaronState.new(2, seed=21).view(None), NAMES[:2], "de"),
    "coal_mine_4p_mid": lambda: render_mine(coal_baron_mid().view(None), 1, NAMES[:4], "de"),
    "coal_mines_2p_mid": lambda: render_mines(mid_game(2, seed=3).view(None), NAMES[:2], "de"),
    "coal_draw5_tiles": lambda: render_draw5(
        (s := pending(4, seed=5, kind="draw-tiles")).view(s.to_act()[0]), NAMES[:4], "de"),
    "saboteur_board_5p_gold": lambda: saboteur_board(
        saboteur_play(5, seed=13, stop=lambda s: s.phase == "gold").view(None), NAMES, "de"),
    "saboteur_hand_4p_peeks": lambda: render_hand(
        (s := saboteur_play(4, seed=7, stop=lambda s: s.phase == "play"
                            and len(s.peeks[s.turn]) == 2)).view(s.turn), NAMES[:4], "de"),
    "saboteur_round_end_4p": lambda: render_round_end(
        saboteur_play(4, seed=1, stop=lambda s: s.round == 2).view(None), 1, NAMES[:4], "de"),
    "mine_out_town_3p": lambda: render_town(midgame(3, 8, 60).view(None), NAMES[:3], "de"),
    "mine_out_cards": lambda: render_hiring(midgame(3, 8, 60).view(None), "de"),
    "mine_out_holdings": lambda: render_holdings(midgame(3, 8, 60).view(1), 1, NAMES[:3], "de"),
    "tournament_standings": lambda: render_standings(
        "Turnier #3 · Glück Auf · Runde 2 von 3",
        [StandingRow(rank, NAMES[rank - 1], 14.5 - rank, 2, rank % 2, 121.5 - rank * 7,
                     10.25 - rank / 2, by_computer=int(rank == 2), active=rank != 5)
         for rank in range(1, 6)], "de"),
    "score_chart": lambda: render_score_chart(
        ((0, 2, 2, 7, 9, 15), (0, 0, 3, 8, 12, 19), (0, 1, 4, 10, 16, 16), (0, 0, 5, 5, 9, 24)),
        NAMES[:4], "de", marks=[(3, "Schicht 1")]),
    "leaderboard": lambda: render_leaderboard(
        "coal-baron",
        [LeaderboardRow(1, Player("1"), 1234.5, 10, 6), LeaderboardRow(2, Player("2"), 3.25, 8, 1),
         LeaderboardRow(3, Player("strong", computer=True), 2.0, 12, 4)],
        {Player("1"): NAMES[0], Player("2"): NAMES[1],
         Player("strong", computer=True): "Computer (stark)"}, "de"),
}


@pytest.mark.parametrize("name", sorted(IMAGES))
def test_each_image_in_german_matches_its_golden_render_and_reads_on_a_phone(name: str) -> None:
    with drawn_text() as log:
        png = IMAGES[name]()
    assert_phone_readable(png, log, f"{name} (German)")
    assert english_words_drawn(log) == []
    assert_matches_golden(png, GOLDEN_DIR / f"{name}.png")


def test_the_check_of_english_words_reads_the_images_catalogs() -> None:
    """It would find an English label left on a German image."""
    with drawn_text() as log:
        coal_board(coal_baron_mid().view(1), NAMES[:4], "en")
    assert "Canteen" in english_words_drawn(log)
