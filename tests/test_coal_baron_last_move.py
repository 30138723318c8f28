"""The last move shows on the board: which space and panel a turn's events frame, and the
frame drawn in the mover's colour."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.games.base import Event
from cogs.coal_baron.presenter import last_move
from renderer.coal_baron import board
from renderer.coal_baron.board import render_board
from renderer.coal_baron.model import LastMove
from renderer.palette import player_colour
from tests.coal_baron_positions import mid_game
from tests.coal_baron_reading import last_move_marked

NAMES = ("Alice", "Bob", "Chloé", "Dan")


@pytest.mark.parametrize(
    ("events", "expected"),
    [
        ([Event("placed", {"seat": 2, "space": "m8", "workers": 1, "displaced": [0, 0, 0]}),
          Event("extraction", {"seat": 2, "space": "m8", "used": 8, "moves": 8})],
         LastMove(2, "m8")),
        ([Event("tile-bought", {"seat": 1, "tile": "g2l", "cost": 6, "level": 3}),
          Event("returned", {"seat": 1, "kind": "tiles", "top": 4, "bottom": 0})],
         LastMove(1, "fd")),
        ([Event("kept-nothing", {"seat": 0, "kind": "orders"})], LastMove(0, "od")),
        ([Event("drafted", {"seat": 3, "order": "WGG"})], LastMove(3, None)),
        ([Event("seen", {"kind": "tiles", "cards": ["g2l"]}, 1)], None),
        ([], None),
    ],
)
def test_the_last_move_is_read_from_the_turns_public_events(
    events: list[Event], expected: LastMove | None
) -> None:
    assert last_move(events) == expected


def test_the_board_frames_the_last_space_and_panel_in_the_movers_colour() -> None:
    view = mid_game(4, seed=3).view(None)
    plain = render_board(view, NAMES, "en")
    marked = render_board(view, NAMES, "en", LastMove(3, "$5"))
    assert not last_move_marked(plain, 4)
    assert last_move_marked(marked, 4)
    image = Image.open(io.BytesIO(marked)).convert("RGB")
    x0, y0, x1, _ = board.SPACE_BOXES["$5"]
    assert image.getpixel(((x0 + x1) // 2, y0 + 3)) == player_colour(3)
    assert image.getpixel((x0 + 3, (y0 + board.SPACE_BOXES["$5"][3]) // 2)) == player_colour(3)
