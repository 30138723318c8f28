"""The Saboteur images: golden renders, no hidden information on the public board, labels,
names, the placement image and the final maze of a round."""

from __future__ import annotations

import copy
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.games.saboteur import SaboteurState
from bot.games.saboteur.cards import hand_cards
from bot.games.saboteur.shapes import SaboteurView
from bot.games.saboteur.spots import placement_spots
from bot.games.saboteur.view import card_json
from renderer.saboteur.board import render_board, render_round_end
from renderer.saboteur.card_faces import CARD_H, CARD_W, card_face
from renderer.saboteur.hand import GAP, render_hand
from renderer.saboteur.labels import numbered_names, shape_words
from renderer.saboteur.placement import render_placement
from tests import golden_images
from tests.saboteur_positions import after, late_in_round, play

GOLDEN_DIR = Path(__file__).parent / "golden" / "saboteur"
I18N_DIR = Path(__file__).parents[1] / "renderer" / "saboteur" / "i18n"
NAMES = ("Alice", "Bérénice-Marguerite", "Zoë 🎲", "🐉", "Élodie", "Dmitri", "Kenji", "Lou",
         "Maëlys", "Noor")
"""Short and long names, one with an emoji the fonts lack, one made only of emoji."""


def names(players: int) -> tuple[str, ...]:
    return NAMES[:players]


def assert_matches_golden(png: bytes, name: str) -> None:
    """Compare with tests/golden/saboteur/<name>.png (see `tests.golden_images`)."""
    golden_images.assert_matches_golden(png, GOLDEN_DIR / f"{name}.png")


def test_board_with_a_stone_turned_over_matches_golden_image() -> None:
    state = play(5, seed=4, stop=lambda s: len(s.maze.hidden_goals) < 3)
    assert state.phase == "play"
    board = render_board(state.view(None), names(5), "en")
    assert_matches_golden(board, "board_5p_stone_en")


def test_hand_with_two_goals_seen_matches_golden_image() -> None:
    state = play(4, seed=7, stop=lambda s: s.phase == "play" and len(s.peeks[s.turn]) == 2)
    hand = render_hand(state.view(state.turn), names(4), "fr")
    assert_matches_golden(hand, "hand_4p_peeks_fr")


def test_board_while_the_gold_is_shared_matches_golden_image() -> None:
    state = play(5, seed=13, stop=lambda s: s.phase == "gold")
    assert state.gold_pool
    assert_matches_golden(render_board(state.view(None), names(5), "fr"), "board_5p_gold_fr")


def test_board_at_the_end_of_the_game_matches_golden_image() -> None:
    state = play(4, seed=1, stop=lambda s: False)
    assert state.is_over()
    assert_matches_golden(render_board(state.view(None), names(4), "en"), "board_4p_over_en")


def test_board_at_ten_players_late_in_round_matches_golden_image() -> None:
    state = late_in_round(10, seed=7)
    assert state.phase == "play" and not state.deck
    assert_matches_golden(render_board(state.view(None), NAMES, "fr"), "board_10p_late_fr")


def reshuffle_secrets(state: SaboteurState, seed: int) -> SaboteurState:
    """The same public position with other secrets: roles, the set-aside role, hands,
    draw pile, face-down goals, peeks and gold (all secret while the game goes on)."""
    rng = random.Random(seed)
    data: dict[str, Any] = copy.deepcopy(state.to_json())
    roles = [*data["roles"], data["aside"]]
    rng.shuffle(roles)
    data["roles"], data["aside"] = roles[:-1], roles[-1]
    unseen = [card for hand in data["hands"] for card in hand] + data["deck"]
    rng.shuffle(unseen)
    for hand in data["hands"]:
        hand[:] = [unseen.pop() for _ in hand]
    data["deck"] = unseen
    hidden = data["maze"]["hidden_goals"]
    codes = [code for _, _, code in hidden]
    rng.shuffle(codes)
    data["maze"]["hidden_goals"] = [
        [x, y, code] for (x, y, _), code in zip(hidden, codes, strict=True)
    ]
    data["peeks"] = [{} for _ in data["peeks"]]
    rng.shuffle(data["gold"])
    twin = SaboteurState.from_json(data)
    twin.check_invariants()
    return twin


@pytest.mark.parametrize("players", [4, 10])
def test_public_board_is_the_same_whatever_the_hidden_information(players: int) -> None:
    changed = 0
    for actions in range(0, 60, 12):
        state = after(players, seed=11, actions=actions)
        if state.phase != "play":
            break
        twin = reshuffle_secrets(state, seed=actions)
        changed += twin.to_json() != state.to_json()
        seats = names(players)
        assert render_board(twin.view(None), seats, "en") == render_board(
            state.view(None), seats, "en"
        )
    assert changed >= 3, "the secrets were not actually changed"


def test_board_reads_nothing_from_a_seat_view() -> None:
    state = after(6, seed=5, actions=20)
    public = render_board(state.view(None), names(6), "fr")
    for seat in range(state.num_players):
        assert render_board(state.view(seat), names(6), "fr") == public


def test_hand_lays_its_cards_three_to_a_row() -> None:
    view: SaboteurView = after(3, seed=2, actions=4).view(0)
    heights = {}
    for count in (0, 3, 6):
        view["you"]["hand"] = [card_json("NES")] * count
        heights[count] = Image.open(io.BytesIO(render_hand(view, names(3), "en"))).height
    assert heights[6] - heights[3] == CARD_H + GAP
    assert heights[0] < heights[3]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_hand_card_has_a_face_in_both_languages(lang: str) -> None:
    for code in hand_cards():
        assert card_face(code, lang).size == (CARD_W, CARD_H)


def test_render_labels_exist_in_english_and_french() -> None:
    english = json.loads((I18N_DIR / "saboteur-render.en.json").read_text(encoding="utf-8"))
    french = json.loads((I18N_DIR / "saboteur-render.fr.json").read_text(encoding="utf-8"))
    assert set(english) == set(french)
    assert all(key.startswith("render.saboteur.") for key in english)


def test_the_players_strip_draws_the_names_it_is_given() -> None:
    view = after(4, seed=3, actions=8).view(None)
    renamed = ("Alicia", *names(4)[1:])
    assert render_board(view, names(4), "en") != render_board(view, renamed, "en")
    assert numbered_names(2, "fr") == ("Joueur 1", "Joueur 2")


def test_path_shapes_are_named_in_words() -> None:
    assert shape_words("NSW", "en") == "path open north, south, and west"  # CLDR's list
    assert shape_words("EWx", "fr") == "cul-de-sac ouvert à l'est et à l'ouest"
    assert shape_words("NESW", "fr") == "carrefour"
    assert shape_words("Sx", "en") == "dead end open south"


def test_placement_image_matches_golden_image() -> None:
    """Upright and turned fit at A/B, C/D and F/G: those cells are split in two."""
    state = after(4, seed=2, actions=10)
    seat = state.to_act()[0]
    spots = placement_spots(state, seat, "NES")
    assert [spot.letter for spot in spots] == list("ABCDEFGH")
    png = render_placement(state.view(seat), "NES", spots, names(4), "fr")
    assert_matches_golden(png, "placement_4p_fr")


def test_placement_image_shows_only_the_maze_around_the_spots() -> None:
    state = after(4, seed=2, actions=10)
    seat = state.to_act()[0]
    spots = placement_spots(state, seat, "NES")
    view = state.view(seat)
    near = Image.open(io.BytesIO(render_placement(view, "NES", spots[:1], names(4), "en")))
    wide = Image.open(io.BytesIO(render_placement(view, "NES", spots, names(4), "en")))
    assert near.width < wide.width and near.height <= wide.height


def test_round_end_image_shows_the_final_maze_after_the_next_round_is_dealt() -> None:
    state = play(4, seed=1, stop=lambda s: s.round == 2)
    assert state.round == 2 and len(state.maze.cards) == 1
    png = render_round_end(state.view(None), 1, names(4), "fr")
    assert_matches_golden(png, "round_end_4p_fr")
    with pytest.raises(ValueError, match="no final maze for round 2"):
        render_round_end(state.view(None), 2, names(4), "fr")
