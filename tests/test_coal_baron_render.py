"""The Coal Baron images: golden renders, no hidden information in public images, labels,
players' names, size and rendering off the event loop."""

from __future__ import annotations

import copy
import io
import json
import random
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.games.coal_baron.components import SPACES
from bot.games.coal_baron.draw import DrawFive
from bot.games.coal_baron.shapes import CoalView
from bot.games.coal_baron.state import CoalBaronState
from bot.i18n import languages
from renderer.coal_baron import glyphs, mines
from renderer.coal_baron.board import render_board
from renderer.coal_baron.draw5 import render_draw5
from renderer.coal_baron.labels import label, letters, numbered_names
from renderer.coal_baron.mine import MARGIN, SHAFT_X, WIDTH, arrange, mine_image, render_mine
from renderer.coal_baron.mines import MINES_WIDTH, render_mines
from renderer.coal_baron.model import Gallery, Mine, board_from_view
from renderer.coal_baron.scoring import render_scoring
from renderer.draw import fitted_size
from renderer.draw import text as draw_text
from tests.coal_baron_positions import mid_game, pending, play
from tests.golden_images import assert_matches_golden
from tests.readability import assert_phone_readable, drawn_text, image_size, unreadable

GOLDEN_DIR = Path(__file__).parent / "golden" / "coal_baron"
I18N_DIR = Path(__file__).parents[1] / "renderer" / "coal_baron" / "i18n"
MAX_PNG_BYTES = 500_000
NAMES = ("Alice", "Bérénice-Marguerite du Pont", "Zoë 🎲", "🐉🐉")
"""A short name, a long one, one with an emoji the fonts lack, one made only of emoji."""


def names(players: int) -> tuple[str, ...]:
    return NAMES[:players]


def golden(png: bytes, name: str) -> None:
    assert_matches_golden(png, GOLDEN_DIR / f"{name}.png")


def test_board_after_setup_at_2_players_matches_golden_image() -> None:
    state = CoalBaronState.new(2, seed=21)
    golden(render_board(state.view(None), names(2), "en"), "board_2p_setup_en")


def test_board_after_setup_at_4_players_matches_golden_image() -> None:
    state = CoalBaronState.new(4, seed=22)
    golden(render_board(state.view(None), NAMES, "fr"), "board_4p_draft_fr")


def test_board_in_mid_game_at_4_players_matches_golden_image() -> None:
    state = mid_game(4, seed=3)
    golden(render_board(state.view(1), NAMES, "en"), "board_4p_mid_en")


def test_mine_in_mid_game_matches_golden_image() -> None:
    state = mid_game(4, seed=3)
    golden(render_mine(state.view(None), 1, NAMES, "en"), "mine_4p_mid_seat1_en")


def test_mine_at_the_end_of_the_game_matches_golden_image() -> None:
    state = play(3, seed=8, stop=lambda s: False)
    assert state.is_over()
    golden(render_mine(state.view(2), 2, names(3), "fr"), "mine_3p_over_seat2_fr")


def test_tiles_drawn_on_a_draw_5_space_match_golden_image() -> None:
    state = pending(4, seed=5, kind="draw-tiles")
    golden(render_draw5(state.view(state.to_act()[0]), NAMES, "en"), "draw5_tiles_4p_en")


def test_final_scoring_matches_golden_image() -> None:
    state = play(4, seed=11, stop=lambda s: False)
    golden(render_scoring(state.view(None), 3, NAMES, "en"), "scoring_final_4p_en")


def test_every_mine_of_a_4_player_game_matches_golden_image() -> None:
    state = mid_game(4, seed=3)
    golden(render_mines(state.view(None), NAMES, "fr"), "mines_4p_mid_fr")


def test_all_mines_image_is_one_column_of_panels_readable_at_400_px() -> None:
    """One panel per seat, stacked: the image keeps MINES_WIDTH (800 px, read at half
    size on a phone) and grows with the seats."""
    sizes = {}
    for players in (2, 4):
        view = mid_game(players, seed=3).view(None)
        png = render_mines(view, names(players), "en")
        sizes[players] = Image.open(io.BytesIO(png)).size
    assert sizes[2][0] == sizes[4][0] == MINES_WIDTH
    assert sizes[4][1] > sizes[2][1]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_all_mines_image_writes_no_word_under_22_px(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Read at 400 px on a phone (half its 800 px), no word is under 11 px (the colour
    letters on the cubes, 14 px and up, only back up their colours)."""
    sizes: list[tuple[int, str]] = []

    def recording(
        draw: Any, xy: Any, words: str, size: int, *, bold: bool = False,
        max_width: int | None = None, **kwargs: Any,
    ) -> int:
        shown = fitted_size(words, size, bold, max_width) if max_width else size
        sizes.append((shown, words))
        return draw_text(draw, xy, words, size, bold=bold, max_width=max_width, **kwargs)

    for module in (mines, glyphs):
        monkeypatch.setattr(module, "text", recording)
    render_mines(mid_game(4, seed=3).view(None), NAMES, lang)
    words = [(size, shown) for size, shown in sizes if len(shown) > 1]
    assert len(words) > 40 and min(words)[0] >= 22, min(words)
    assert min(sizes)[0] >= 14, min(sizes)


def test_board_panels_show_each_players_francs_and_workers() -> None:
    state = mid_game(4, seed=3)
    view = state.view(None)
    held = board_from_view(view).holdings
    for seat, player in enumerate(state.players):
        assert held[seat].money == player.money
        assert held[seat].workers == player.workers
    richer: CoalView = copy.deepcopy(view)
    richer["players"][0]["money"] += 7
    assert render_board(richer, NAMES, "en") != render_board(view, NAMES, "en")


def test_board_shows_the_draft_offer_only_during_the_draft() -> None:
    draft = CoalBaronState.new(4, seed=22)
    assert board_from_view(draft.view(None)).draft
    after_draft = play(4, seed=22, stop=lambda s: s.phase == "play")
    assert not board_from_view(after_draft.view(None)).draft
    offer = label("en", "draft", count=len(draft.view(None)["draft"]))
    with drawn_text() as log:
        render_board(draft.view(None), NAMES, "en")
    assert offer in {d.text for d in log.drawn}
    with drawn_text() as log:
        render_board(after_draft.view(None), NAMES, "en")
    assert not any(d.text.startswith("Draft") for d in log.drawn)


@pytest.mark.parametrize("players", [2, 4])
def test_board_names_the_spaces_as_the_messages_do_never_by_their_ids(players: int) -> None:
    """The factory's and the orders' spaces carry their number (the messages say
    "factory 3", "orders 2"), the draw-5 spaces "Draw 5"; no notation id (f1, m6, $4, o2)
    is printed."""
    state = CoalBaronState.new(players, seed=1)
    with drawn_text() as log:
        render_board(state.view(None), names(players), "en")
    drawn = [d.text for d in log.drawn]
    assert {s.id for s in SPACES}.isdisjoint(drawn)
    numbered = [s for s in SPACES if s.kind in ("factory", "order")]
    assert {str(s.param) for s in numbered if s.min_players <= players} <= set(drawn)
    assert "Draw 5" in drawn


def test_images_draw_the_names_they_are_given() -> None:
    view = mid_game(4, seed=3).view(None)
    renamed = ("Alicia", *NAMES[1:])
    assert render_board(view, NAMES, "en") != render_board(view, renamed, "en")
    assert render_mines(view, NAMES, "en") != render_mines(view, renamed, "en")
    assert render_mine(view, 0, NAMES, "en") != render_mine(view, 0, renamed, "en")
    assert render_mine(view, 1, NAMES, "en") == render_mine(view, 1, renamed, "en")


def test_numbered_names_are_the_stand_in_for_unreadable_names() -> None:
    assert numbered_names(2, "en") == ("Player 1", "Player 2")
    assert numbered_names(2, "fr") == ("Joueur 1", "Joueur 2")


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
    assert mine_image(mine, "Alice", "en").width == WIDTH


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
    own_before = render_draw5(state.view(drawing), NAMES, "en")
    own_after = render_draw5(other.view(drawing), NAMES, "en")
    assert own_before != own_after, "the reshuffle must change what the drawing seat sees"
    for viewer in (None, (drawing + 1) % 4):
        before, after = state.view(viewer), other.view(viewer)
        assert render_board(before, NAMES, "en") == render_board(after, NAMES, "en")
        assert render_draw5(before, NAMES, "en") == render_draw5(after, NAMES, "en")
        assert render_mines(before, NAMES, "en") == render_mines(after, NAMES, "en")
        for seat in range(4):
            assert render_mine(before, seat, NAMES, "en") == render_mine(after, seat, NAMES, "en")


def test_draw5_image_shows_face_down_cards_to_other_seats() -> None:
    state = pending(4, seed=5, kind="draw-tiles")
    drawing = state.to_act()[0]
    spectator = render_draw5(state.view(None), NAMES, "en")
    assert spectator != render_draw5(state.view(drawing), NAMES, "en")


def test_draw5_image_refuses_a_position_without_a_choice() -> None:
    state = play(2, seed=4, stop=lambda s: s.phase == "play" and s.pending is None)
    assert state.view(None)["pending"]["kind"] == "place"
    with pytest.raises(ValueError, match="no draw-5"):
        render_draw5(state.view(None), names(2), "en")


# -- labels, size, threads -----------------------------------------------------------------


def test_render_labels_exist_in_every_language() -> None:
    catalogs = [
        json.loads((I18N_DIR / f"coal-baron-render.{lang}.json").read_text(encoding="utf-8"))
        for lang in languages()
    ]
    assert all(catalog.keys() == catalogs[0].keys() for catalog in catalogs)
    assert all(key.startswith("render.coal-baron.") for key in catalogs[0])
    assert all(len(set(letters(lang))) == 4 for lang in languages())


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_image_of_a_finished_4_player_game_stays_under_500_kb(lang: str) -> None:
    state = play(4, seed=11, stop=lambda s: False)
    view = state.view(None)
    images = [render_board(view, NAMES, lang), render_scoring(view, 3, NAMES, lang)]
    images += [render_mine(view, seat, NAMES, lang) for seat in range(4)]
    images.append(render_mines(view, NAMES, lang))
    for png in images:
        assert len(png) < MAX_PNG_BYTES
        assert Image.open(io.BytesIO(png)).format == "PNG"


def test_draw5_title_says_the_side_once_the_table_puts_cards_back_on_one_side() -> None:
    state = pending(4, seed=5, kind="draw-tiles")
    seat = state.to_act()[0]
    state.apply(seat, state.default_action(seat))  # keep none
    state.apply(seat, state.default_action(seat))  # the first card back on top
    mixed = render_draw5(state.view(seat), NAMES, "fr")
    assert isinstance(state.pending, DrawFive)
    state.pending.one_side = True
    assert state.view(seat)["pending"]["sides"] == ["top"]
    one_side = render_draw5(state.view(seat), NAMES, "fr")
    assert one_side != mixed


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_final_board_shows_the_standings_and_nobody_to_act(lang: str) -> None:
    state = play(3, seed=8, stop=lambda s: False)
    assert state.is_over()
    with drawn_text() as log:
        render_board(state.view(None), names(3), lang)
    drawn = [d.text for d in log.drawn]
    outcome = state.outcome()
    assert outcome is not None and len(outcome.winners) == 1
    winner = names(3)[outcome.winners[0]]
    assert label(lang, "winners", count=1, players=winner) in drawn
    assert label(lang, "game_over") in drawn
    assert {label(lang, f"rank.{rank}") for rank in (1, 2, 3)} <= set(drawn)
    assert not any("▶" in words for words in drawn)
    assert label(lang, "first_player") not in drawn


COMPUTER_TABLE = {
    "en": ("Maximilienne de la Tour-Argentée", "Computer 1", "Computer 2", "Computer 3"),
    "fr": ("Maximilienne de la Tour-Argentée", "Ordinateur 1", "Ordinateur 2", "Ordinateur 3"),
}
"""A 4-seat table of one person with a 32-character name (Discord's longest) and three
computers, named as the bot names them in the images (`cogs.platform.names`)."""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_table_of_three_computers_and_a_long_name_tells_every_seat_apart(lang: str) -> None:
    """Issue 44: the computers read "Comp…1", "Comp…2" where room is short, never three
    "Comput…"; a name is cut only where it does not fit; every word readable at 400 px."""
    names = COMPUTER_TABLE[lang]
    assert len(names[0]) == 32
    state = mid_game(4, seed=3)
    renders: dict[str, Callable[[CoalView, Sequence[str], str], bytes]] = {
        "board": render_board, "mines": render_mines,
    }
    for kind, render in renders.items():
        with drawn_text() as log:
            png = render(state.view(None), names, lang)
        if kind == "mines":  # one tall column of panels, read scrolling: its words only
            assert not unreadable(log, image_size(png)[0]), kind
        else:
            assert_phone_readable(png, log, f"{kind} ({lang})")
        golden(png, f"{kind}_4p_computers_{lang}")
        drawn = " | ".join(d.text for d in log.drawn)
        for number in (1, 2, 3):  # each computer's number is drawn, cut or not
            assert re.search(rf"(?:{names[number]}|…{number})\b", drawn), (kind, drawn)
        assert not re.search(r"(?:Co|Or)\w*…(?!\d)", drawn), drawn  # no number lost
