"""Every Saboteur image reads on a phone (`tests.readability`): each word at least 11 px
tall once the image is shown 400 px wide, no image taller than 1.3 times its width, in
English and in French; and the board marks what the last move changed.

One seeded position per image kind, with long names: the board early, at ten players
late in a round, during the gold sharing and at the end of the game; the round-end
image; the hand; the placement image.
"""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from PIL import Image

from bot.games.saboteur import SaboteurState
from bot.games.saboteur.shapes import SaboteurView, as_view
from bot.games.saboteur.spots import placement_spots
from bot.i18n import languages
from renderer.saboteur import palette
from renderer.saboteur.board import (
    CELL,
    cell_box,
    last_cell,
    maze_image,
    render_board,
    render_round_end,
)
from renderer.saboteur.hand import render_hand
from renderer.saboteur.labels import label, seat_names
from renderer.saboteur.placement import render_placement
from tests.readability import assert_phone_readable, drawn_text
from tests.saboteur_positions import after, late_in_round, play

NAMES = ("Bartholomew the Bold", "Bérénice-Marguerite", "Zoë", "Ana", "Élodie", "Dmitri",
         "Kenji", "Lou", "Maëlys", "Noor")


def names(players: int) -> tuple[str, ...]:
    return NAMES[:players]


def _images(lang: str) -> dict[str, Callable[[], bytes]]:
    late = late_in_round(10, seed=7)
    gold = play(5, seed=13, stop=lambda s: s.phase == "gold")
    over = play(4, seed=1, stop=lambda s: False)
    second = play(4, seed=1, stop=lambda s: s.round == 2)
    placing = after(4, seed=2, actions=10)
    seat = placing.to_act()[0]
    spots = placement_spots(placing, seat, "NES")
    full = play(4, seed=7, stop=lambda s: s.phase == "play" and len(s.hands[s.turn]) == 6)
    return {
        "board early": lambda: render_board(after(4, seed=3, actions=9).view(None), names(4),
                                            lang),
        "board 10 players late": lambda: render_board(late.view(None), names(10), lang),
        "board gold sharing": lambda: render_board(gold.view(None), names(5), lang),
        "board game over": lambda: render_board(over.view(None), names(4), lang),
        "round end": lambda: render_round_end(second.view(None), 1, names(4), lang),
        "hand of 6": lambda: render_hand(full.view(full.turn), names(4), lang),
        "placement": lambda: render_placement(placing.view(seat), "NES", spots, names(4), lang),
    }


@pytest.mark.parametrize("lang", languages())
def test_every_saboteur_image_reads_on_a_phone(lang: str) -> None:
    for what, draw in _images(lang).items():
        with drawn_text() as log:
            png = draw()
        assert_phone_readable(png, log, f"{what} ({lang})")


@pytest.mark.parametrize("players", [4, 5])
def test_long_names_use_the_room_they_have(players: int) -> None:
    """Up to five players, one row each across the whole width: each name is drawn as
    long as the images draw names (`renderer.names`), not cut further."""
    state = after(players, seed=3, actions=9)
    with drawn_text() as log:
        render_board(state.view(None), names(players), "en")
    drawn = {d.text for d in log.drawn}
    assert set(seat_names(names(players), "en")) <= drawn


def test_the_board_is_cropped_to_the_maze_and_the_goals() -> None:
    view = as_view(SaboteurState.new(4, seed=1).view(None))
    _, _, xs, ys = maze_image(view, seat_names(names(4), "en"), "en")
    assert (xs.start, xs.stop - 1) == (-1, 8)  # one free column left of the start; the goals
    assert (ys.start, ys.stop - 1) == (-2, 2)  # the goals' rows hold the start's neighbours


def _frame_colour(view: SaboteurView, lang: str = "en") -> tuple[int, int, int]:
    """The colour in the middle of the frame's top side on the last move's cell."""
    image, grid, xs, ys = maze_image(view, seat_names(names(view["players"]), lang), lang)
    cell = last_cell(view)
    assert cell is not None
    left, top = cell_box(grid, xs, ys, *cell)
    pixel = image.getpixel((left + CELL // 2, top - 1))
    assert isinstance(pixel, tuple)
    return pixel[0], pixel[1], pixel[2]


@pytest.mark.parametrize("kind", ["path", "rockfall", "map"])
def test_the_board_frames_the_cell_the_last_move_changed(kind: str) -> None:
    state = play(5, seed=4, stop=lambda s: (s.last_move or {}).get("kind") == kind)
    view = as_view(state.view(None))
    assert view["last"] is not None and view["last"]["kind"] == kind
    assert _frame_colour(view) == palette.HIGHLIGHT
    unmarked: SaboteurView = {**view, "last": None}
    assert render_board(unmarked, names(5), "en") != render_board(view, names(5), "en")


@pytest.mark.parametrize("kind", ["break", "repair", "discard"])
def test_the_board_frames_the_tool_the_last_move_broke_or_repaired(kind: str) -> None:
    """In the players' strip: the tool broken or repaired, or the hand of who passed."""
    state = play(5, seed=4, stop=lambda s: (s.last_move or {}).get("kind") == kind)
    view = as_view(state.view(None))
    unmarked: SaboteurView = {**view, "last": None}
    assert _orange(render_board(view, names(5), "en")) > _orange(
        render_board(unmarked, names(5), "en"))


def _orange(png: bytes) -> int:
    """How many pixels of the image are the highlight's orange."""
    colours = Image.open(io.BytesIO(png)).convert("RGB").getcolors(1 << 24) or []
    return sum(count for count, colour in colours if colour == palette.HIGHLIGHT)


def test_a_map_shows_only_that_a_goal_was_looked_at() -> None:
    state = play(5, seed=4, stop=lambda s: (s.last_move or {}).get("kind") == "map")
    last = as_view(state.view(None))["last"]
    assert last is not None and set(last) == {"kind", "seat", "goal"}


@pytest.mark.parametrize("lang", languages())
def test_the_end_looks_like_the_end(lang: str) -> None:
    """The last board and the last round's image say the game is over; nobody is to play."""
    over = play(4, seed=1, stop=lambda s: False)
    assert over.is_over()
    to_play = label(lang, "to_play", player="").strip()
    view = as_view(over.view(None))
    draws: list[Callable[[], bytes]] = [
        lambda: render_board(view, names(4), lang),
        lambda: render_round_end(view, 3, names(4), lang),
    ]
    for draw in draws:
        with drawn_text() as log:
            draw()
        drawn = [d.text for d in log.drawn]
        assert any(label(lang, "game_over") in line for line in drawn), drawn
        assert not any(to_play in line for line in drawn), drawn
