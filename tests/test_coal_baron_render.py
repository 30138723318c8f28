"""The Coal Baron images: golden renders, no hidden information in public images, labels,
size and rendering off the event loop."""

from __future__ import annotations

import copy
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.games.coal_baron.state import CoalBaronState
from renderer.coal_baron.board import render_board
from renderer.coal_baron.draw5 import render_draw5
from renderer.coal_baron.mine import MARGIN, SHAFT_X, WIDTH, arrange, mine_image, render_mine
from renderer.coal_baron.model import Gallery, Mine
from renderer.coal_baron.scoring import render_scoring
from tests.coal_baron_positions import mid_game, pending, play
from tests.golden_images import assert_matches_golden

GOLDEN_DIR = Path(__file__).parent / "golden" / "coal_baron"
I18N_DIR = Path(__file__).parents[1] / "bot" / "i18n"
MAX_PNG_BYTES = 500_000


def golden(png: bytes, name: str) -> None:
    assert_matches_golden(png, GOLDEN_DIR / f"{name}.png")


def test_board_after_setup_at_2_players_matches_golden_image() -> None:
    state = CoalBaronState.new(2, seed=21)
    golden(render_board(state.view(None), "en"), "board_2p_setup_en")


def test_board_after_setup_at_4_players_matches_golden_image() -> None:
    state = CoalBaronState.new(4, seed=22)
    golden(render_board(state.view(None), "fr"), "board_4p_setup_fr")


def test_board_in_mid_game_at_4_players_matches_golden_image() -> None:
    state = mid_game(4, seed=3)
    golden(render_board(state.view(1), "en"), "board_4p_mid_en")


def test_mine_in_mid_game_matches_golden_image() -> None:
    state = mid_game(4, seed=3)
    golden(render_mine(state.view(None), 0, "en"), "mine_4p_mid_seat0_en")


def test_mine_at_the_end_of_the_game_matches_golden_image() -> None:
    state = play(3, seed=8, stop=lambda s: False)
    assert state.is_over()
    golden(render_mine(state.view(2), 2, "fr"), "mine_3p_over_seat2_fr")


def test_tiles_drawn_on_a_draw_5_space_match_golden_image() -> None:
    state = pending(4, seed=5, kind="draw-tiles")
    golden(render_draw5(state.view(state.to_act()[0]), "en"), "draw5_tiles_4p_en")


def test_final_scoring_matches_golden_image() -> None:
    state = play(4, seed=11, stop=lambda s: False)
    golden(render_scoring(state.view(None), 3, "en"), "scoring_final_4p_en")


def test_a_full_side_of_a_level_wraps_onto_a_new_line_and_the_mine_keeps_its_width() -> None:
    printed = tuple(
        Gallery(colour, colour in (1, 2), (colour,), printed=True) for colour in range(4)
    )
    yellow_lit = tuple(Gallery(0, True, (0, None)) for _ in range(5))
    lines, placed = arrange(printed + yellow_lit)
    assert lines == (3, 1, 1, 1)
    assert all(MARGIN <= p.x < SHAFT_X for p in placed if p.gallery.lit)
    mine = Mine(
        seat=0,
        money=8,
        workers=13,
        vp=0,
        galleries=printed + yellow_lit,
        cage_level=0,
        cage=(),
        stock=(0, 0, 0, 0),
        orders=(),
        delivered=(),
        to_act=False,
        first_player=False,
    )
    assert mine_image(mine, "en").width == WIDTH


# -- secrets -------------------------------------------------------------------------------


def reshuffle_hidden_tiles(state: CoalBaronState, seed: int) -> CoalBaronState:
    """The same public position with other secrets: the tiles held by the drawing seat and
    the order of the tile pile are swapped around (only their counts are public)."""
    data: dict[str, Any] = copy.deepcopy(state.to_json())
    draw = data["pending"]["draw"]
    hidden = draw["cards"] + data["tile_pile"]
    random.Random(seed).shuffle(hidden)
    draw["cards"], data["tile_pile"] = hidden[: len(draw["cards"])], hidden[len(draw["cards"]) :]
    return CoalBaronState.from_json(data)


def test_public_images_do_not_depend_on_the_tiles_being_drawn() -> None:
    state = pending(4, seed=5, kind="draw-tiles")
    drawing = state.to_act()[0]
    other = reshuffle_hidden_tiles(state, seed=1)
    own_before = render_draw5(state.view(drawing), "en")
    own_after = render_draw5(other.view(drawing), "en")
    assert own_before != own_after, "the reshuffle must change what the drawing seat sees"
    for viewer in (None, (drawing + 1) % 4):
        before, after = state.view(viewer), other.view(viewer)
        assert render_board(before, "en") == render_board(after, "en")
        assert render_draw5(before, "en") == render_draw5(after, "en")
        for seat in range(4):
            assert render_mine(before, seat, "en") == render_mine(after, seat, "en")


def test_draw5_image_shows_face_down_cards_to_other_seats() -> None:
    state = pending(4, seed=5, kind="draw-tiles")
    drawing = state.to_act()[0]
    spectator = render_draw5(state.view(None), "en")
    assert spectator != render_draw5(state.view(drawing), "en")


def test_draw5_image_refuses_a_position_without_a_choice() -> None:
    state = play(2, seed=4, stop=lambda s: s.phase == "play" and s.pending is None)
    assert state.view(None)["pending"]["kind"] == "place"
    with pytest.raises(ValueError, match="no draw-5"):
        render_draw5(state.view(None), "en")


# -- labels, size, threads -----------------------------------------------------------------


def test_render_labels_exist_in_english_and_french() -> None:
    catalogs = [
        json.loads((I18N_DIR / f"coal-baron-render.{lang}.json").read_text(encoding="utf-8"))
        for lang in ("en", "fr")
    ]
    assert catalogs[0].keys() == catalogs[1].keys()
    assert all(key.startswith("render.coal-baron.") for key in catalogs[0])
    assert all(len(catalog["render.coal-baron.colour_letters"]) == 4 for catalog in catalogs)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_image_of_a_finished_4_player_game_stays_under_500_kb(lang: str) -> None:
    state = play(4, seed=11, stop=lambda s: False)
    view = state.view(None)
    images = [render_board(view, lang), render_scoring(view, 3, lang)]
    images += [render_mine(view, seat, lang) for seat in range(4)]
    for png in images:
        assert len(png) < MAX_PNG_BYTES
        assert Image.open(io.BytesIO(png)).format == "PNG"
