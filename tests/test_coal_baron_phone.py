"""Every Coal Baron image a player is shown, read on a phone (the rule of tests/readability.py):
each word at least 11 px tall when the image is shown 400 px wide, no image taller than
1.3 times its width; in English and French, from seeded positions.

The images: the board (set-up draft at 2 and 4 players, mid-game, game over, with the
last move framed), every all-mines image of a turn (`mine_groups`), a player's mine, and
the draw-5 panel's picture (keeping, then putting back).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import pytest

from bot.games.coal_baron.state import CoalBaronState
from bot.i18n import languages
from renderer.coal_baron.board import render_board
from renderer.coal_baron.draw5 import render_draw5
from renderer.coal_baron.mine import render_mine
from renderer.coal_baron.mines import mine_groups, render_mines
from renderer.coal_baron.model import LastMove
from tests.coal_baron_positions import mid_game, pending, play
from tests.readability import assert_phone_readable, drawn_text

NAMES = ("Bartholomew the Younger", "Bérénice-Marguerite du Pont", "Zoë 🎲", "🐉🐉")
"""Long names, one with an emoji the fonts lack, one made only of emoji."""


@cache
def positions() -> dict[str, CoalBaronState]:
    def returning(state: CoalBaronState) -> bool:
        pending_view = state.view(None)["pending"] or {}
        return pending_view.get("kind") == "draw-orders" and pending_view.get("step") != "keep"

    return {
        "draft 2": CoalBaronState.new(2, seed=21),
        "draft 4": CoalBaronState.new(4, seed=22),
        "mid 4": mid_game(4, seed=3),
        "over 3": play(3, seed=8, stop=lambda s: False),
        "draw tiles": pending(4, seed=5, kind="draw-tiles"),
        "put back": play(4, seed=5, stop=returning),
    }


def board(name: str, last: LastMove | None = None) -> Callable[[str], list[bytes]]:
    def draw(lang: str) -> list[bytes]:
        state = positions()[name]
        return [render_board(state.view(None), NAMES[: state.num_players], lang, last)]

    return draw


def mines(name: str) -> Callable[[str], list[bytes]]:
    def draw(lang: str) -> list[bytes]:
        view = positions()[name].view(None)
        names = NAMES[: view["num_players"]]
        return [render_mines(view, names, lang, seats) for seats in mine_groups(view)]

    return draw


def mine(name: str, seat: int) -> Callable[[str], list[bytes]]:
    def draw(lang: str) -> list[bytes]:
        view = positions()[name].view(seat)
        return [render_mine(view, seat, NAMES[: view["num_players"]], lang)]

    return draw


def draw5(name: str) -> Callable[[str], list[bytes]]:
    def draw(lang: str) -> list[bytes]:
        state = positions()[name]
        return [render_draw5(state.view(state.to_act()[0]), NAMES, lang)]

    return draw


IMAGES: dict[str, Callable[[str], list[bytes]]] = {
    "board, draft at 2 players": board("draft 2"),
    "board, draft at 4 players": board("draft 4", LastMove(1, None)),
    "board, mid-game": board("mid 4", LastMove(2, "m10")),
    "board, game over": board("over 3", LastMove(0, "bank")),
    "all mines, mid-game": mines("mid 4"),
    "all mines, game over": mines("over 3"),
    "a mine, mid-game": mine("mid 4", 1),
    "a mine, game over": mine("over 3", 2),
    "draw-5 tiles, keeping": draw5("draw tiles"),
    "draw-5 orders, putting back": draw5("put back"),
}


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("kind", IMAGES)
def test_every_coal_baron_image_reads_at_400_px_wide(kind: str, lang: str) -> None:
    with drawn_text() as log:
        pngs = IMAGES[kind](lang)
    for index, png in enumerate(pngs):
        assert_phone_readable(png, log, f"{kind} #{index + 1} ({lang})")


def test_all_mines_of_4_players_take_more_than_one_image_but_2_players_one() -> None:
    assert len(mine_groups(positions()["mid 4"].view(None))) >= 2
    assert mine_groups(positions()["draft 2"].view(None)) == [(0, 1)]
    groups = mine_groups(positions()["mid 4"].view(None))
    assert [seat for group in groups for seat in group] == [0, 1, 2, 3]
