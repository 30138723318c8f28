"""The Saboteur images: golden renders, no hidden information on the public board, labels."""

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
from bot.games.saboteur.view import card_json
from renderer.saboteur.board import render_board
from renderer.saboteur.card_faces import CARD_H, CARD_W, card_face
from renderer.saboteur.hand import GAP, render_hand
from tests import golden_images
from tests.saboteur_positions import after, late_in_round, play

GOLDEN_DIR = Path(__file__).parent / "golden" / "saboteur"
I18N_DIR = Path(__file__).parents[1] / "bot" / "i18n"


def assert_matches_golden(png: bytes, name: str) -> None:
    """Compare with tests/golden/saboteur/<name>.png (see `tests.golden_images`)."""
    golden_images.assert_matches_golden(png, GOLDEN_DIR / f"{name}.png")


def test_board_with_a_stone_turned_over_matches_golden_image() -> None:
    state = play(5, seed=4, stop=lambda s: len(s.maze.hidden_goals) < 3)
    assert state.phase == "play"
    assert_matches_golden(render_board(state.view(None), "en"), "board_5p_stone_en")


def test_hand_with_two_goals_seen_matches_golden_image() -> None:
    state = play(4, seed=7, stop=lambda s: s.phase == "play" and len(s.peeks[s.turn]) == 2)
    assert_matches_golden(render_hand(state.view(state.turn), "fr"), "hand_4p_peeks_fr")


def test_board_while_the_gold_is_shared_matches_golden_image() -> None:
    state = play(5, seed=13, stop=lambda s: s.phase == "gold")
    assert state.gold_pool
    assert_matches_golden(render_board(state.view(None), "fr"), "board_5p_gold_fr")


def test_board_at_the_end_of_the_game_matches_golden_image() -> None:
    state = play(4, seed=1, stop=lambda s: False)
    assert state.is_over()
    assert_matches_golden(render_board(state.view(None), "en"), "board_4p_over_en")


def test_board_at_ten_players_late_in_round_matches_golden_image() -> None:
    state = late_in_round(10, seed=7)
    assert state.phase == "play" and not state.deck
    assert_matches_golden(render_board(state.view(None), "fr"), "board_10p_late_fr")


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
        assert render_board(twin.view(None), "en") == render_board(state.view(None), "en")
    assert changed >= 3, "the secrets were not actually changed"


def test_board_reads_nothing_from_a_seat_view() -> None:
    state = after(6, seed=5, actions=20)
    public = render_board(state.view(None), "fr")
    for seat in range(state.num_players):
        assert render_board(state.view(seat), "fr") == public


def test_hand_lays_its_cards_three_to_a_row() -> None:
    view: dict[str, Any] = after(3, seed=2, actions=4).view(0)
    heights = {}
    for count in (0, 3, 6):
        view["you"]["hand"] = [card_json("NES")] * count
        heights[count] = Image.open(io.BytesIO(render_hand(view, "en"))).height
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
