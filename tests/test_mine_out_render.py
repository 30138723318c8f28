"""The Mine Out images: golden renders of the town and a player's holdings at fixed
states (a greedy game stopped part-way), the hand only in its owner's view, and
the public town the same whatever the hands."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.games.mine_out import MineOutState
from bot.games.mine_out.greedy import choose
from renderer.mine_out.hiring import render_hiring
from renderer.mine_out.holdings import render_holdings
from renderer.mine_out.town import render_town
from tests import golden_images

GOLDEN_DIR = Path(__file__).parent / "golden" / "mine_out"
NAMES = ("Alice", "Béatrice-Ω long name", "🦊", "Dave")
"""Display names as the platform passes them: accents, a long one, one the fonts cannot
draw (its numbered stand-in is drawn)."""


def midgame(players: int, seed: int, turns: int, **options: object) -> MineOutState:
    """A greedy game after `turns` steps (cubes dug and sold, cards in areas)."""
    rng = random.Random(seed)
    state = MineOutState.new(players, seed, options)
    for _ in range(turns):
        seat = state.to_act()[0]
        state.apply(seat, choose(state, seat, rng))
    return state


@pytest.mark.parametrize(
    ("lang", "players", "name", "options"),
    [("en", 3, "town-3p-en", {}), ("fr", 2, "town-2p-fr", {}),
     ("en", 4, "town-teams-en", {"variant": "teams", "end": "50-or-more"})],
)
def test_the_town_matches_its_golden_image(
    lang: str, players: int, name: str, options: dict[str, object]
) -> None:
    state = midgame(players, 8, 60, **options)
    png = render_town(state.view(None), NAMES[:players], lang)
    golden_images.assert_matches_golden(png, GOLDEN_DIR / f"{name}.png")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_towns_cards_match_their_golden_image(lang: str) -> None:
    png = render_hiring(midgame(3, 8, 60).view(None), lang)
    golden_images.assert_matches_golden(png, GOLDEN_DIR / f"cards-{lang}.png")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_players_holdings_match_their_golden_image(lang: str) -> None:
    state = midgame(3, 8, 60)
    png = render_holdings(state.view(1), 1, NAMES[:3], lang)
    golden_images.assert_matches_golden(png, GOLDEN_DIR / f"holdings-{lang}.png")


def test_the_hand_is_drawn_only_for_its_owner() -> None:
    state = midgame(3, 8, 60)
    names = NAMES[:3]
    own = render_holdings(state.view(1), 1, names, "en")
    other = render_holdings(state.view(0), 1, names, "en")
    spectator = render_holdings(state.view(None), 1, names, "en")
    assert other == spectator != own


def test_the_town_and_others_holdings_do_not_change_with_the_secrets() -> None:
    state = midgame(4, 8, 40)
    names = NAMES
    shuffled = state.shuffle_secrets(0, random.Random(1))
    for view_of in (None, 0):
        assert render_town(state.view(view_of), names, "en") == render_town(
            shuffled.view(view_of), names, "en")
        assert render_hiring(state.view(view_of), "en") == render_hiring(
            shuffled.view(view_of), "en")
    assert render_holdings(state.view(0), 2, names, "en") == render_holdings(
        shuffled.view(0), 2, names, "en")


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {"variant": "teams"})])
def test_every_turn_of_a_whole_game_draws(players: int, options: dict[str, object]) -> None:
    """The town and the holdings of the player to act draw at the start of every turn
    of a greedy game to its end (hired display slots, an emptied mine, the final state),
    the holdings every third turn."""
    rng = random.Random(players)
    state = MineOutState.new(players, players, options)
    turn = None
    turns = 0
    while True:
        if (state.round, state.current) != turn or state.is_over():
            turn, turns = (state.round, state.current), turns + 1
            seat = state.positions[state.current].seat
            assert render_town(state.view(None), NAMES[:players], "fr").startswith(b"\x89PNG")
            if turns % 3 == 0 or state.is_over():
                assert render_holdings(state.view(seat), state.current, NAMES[:players], "en")
        if state.is_over():
            break
        seat = state.to_act()[0]
        state.apply(seat, choose(state, seat, rng))
