"""The Mine Out images: golden renders of the town and a player's holdings at fixed
states (a greedy game stopped part-way), the hand only in its owner's view, and
the public town the same whatever the hands."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.games.mine_out import MineOutState
from bot.games.mine_out.greedy import choose
from renderer.mine_out.common import numbered_names
from renderer.mine_out.holdings import render_holdings
from renderer.mine_out.town import render_town
from tests import golden_images

GOLDEN_DIR = Path(__file__).parent / "golden" / "mine_out"


def midgame(players: int, seed: int, turns: int, **options: object) -> MineOutState:
    """A greedy game after `turns` steps (cubes dug and sold, cards in areas)."""
    rng = random.Random(seed)
    state = MineOutState.new(players, seed, options)
    for _ in range(turns):
        seat = state.to_act()[0]
        state.apply(seat, choose(state, seat, rng))
    return state


@pytest.mark.parametrize(("lang", "players"), [("en", 3), ("fr", 2)])
def test_the_town_matches_its_golden_image(lang: str, players: int) -> None:
    state = midgame(players, 8, 60)
    png = render_town(state.view(None), numbered_names(players, lang), lang)
    golden_images.assert_matches_golden(png, GOLDEN_DIR / f"town-{players}p-{lang}.png")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_players_holdings_match_their_golden_image(lang: str) -> None:
    state = midgame(3, 8, 60)
    png = render_holdings(state.view(1), 1, numbered_names(3, lang), lang)
    golden_images.assert_matches_golden(png, GOLDEN_DIR / f"holdings-{lang}.png")


def test_the_hand_is_drawn_only_for_its_owner() -> None:
    state = midgame(3, 8, 60)
    names = numbered_names(3, "en")
    own = render_holdings(state.view(1), 1, names, "en")
    other = render_holdings(state.view(0), 1, names, "en")
    spectator = render_holdings(state.view(None), 1, names, "en")
    assert other == spectator != own


def test_the_town_and_others_holdings_do_not_change_with_the_secrets() -> None:
    state = midgame(4, 8, 40)
    names = numbered_names(4, "en")
    shuffled = state.shuffle_secrets(0, random.Random(1))
    for view_of in (None, 0):
        assert render_town(state.view(view_of), names, "en") == render_town(
            shuffled.view(view_of), names, "en")
    assert render_holdings(state.view(0), 2, names, "en") == render_holdings(
        shuffled.view(0), 2, names, "en")
