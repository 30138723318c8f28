"""The fixed palettes: every flat colour the renderers draw is in their image's palette.

Only antialiased edges may fall between palette colours (they are mapped to the
nearest shade); a colour covering a real area must be exact, or a renderer drew
with a colour its palette (`renderer/*/colours.py`) does not list. Each renderer is
run whole, and the RGB images it hands to `FixedPalette.map` are checked against
the palette they are mapped onto, which must be the expected one.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from typing import cast

import pytest
from PIL import Image, ImageChops, ImageFilter

from bot.games.saboteur.spots import placement_spots
from bot.outcomes.stats import LeaderboardRow
from bot.outcomes.summaries import Player
from renderer.chart import render_score_chart
from renderer.coal_baron.board import REPLAY as COAL_BARON_REPLAY
from renderer.coal_baron.board import render_board
from renderer.coal_baron.colours import PALETTE as COAL_BARON
from renderer.coal_baron.draw5 import render_draw5
from renderer.coal_baron.mine import render_mine
from renderer.coal_baron.mines import render_mines
from renderer.coal_baron.scoring import render_scoring
from renderer.colours import PALETTE as SHARED
from renderer.leaderboard import render_leaderboard
from renderer.mine_out.colours import PALETTE as MINE_OUT
from renderer.mine_out.hiring import render_hiring
from renderer.mine_out.holdings import render_holdings
from renderer.mine_out.town import render_town
from renderer.png import FixedPalette, mix
from renderer.replay import replay_gif
from renderer.saboteur.board import render_board as saboteur_board
from renderer.saboteur.board import render_round_end
from renderer.saboteur.colours import PALETTE as SABOTEUR
from renderer.saboteur.hand import render_hand
from renderer.saboteur.placement import render_placement
from tests.coal_baron_draft import DRAFT_2P, coal_baron_record
from tests.coal_baron_positions import mid_game, pending
from tests.coal_baron_positions import play as play_coal_baron
from tests.saboteur_positions import after, late_in_round, play
from tests.test_mine_out_render import midgame

FLAT = 5
"""A pixel whose FLAT x FLAT square is all one colour is inside an area, not on an edge."""
NAMES = ("Alice", "Bérénice-Marguerite du Pont", "Zoë", "Dan", "Eve", "Fay", "Gus", "Hal",
         "Ida", "Jo")

Mapped = list[tuple[FixedPalette, Image.Image]]


def area_colours(image: Image.Image) -> set[tuple[int, int, int]]:
    """The colours of the pixels inside flat areas."""
    lowest = image.filter(ImageFilter.MinFilter(FLAT))
    highest = image.filter(ImageFilter.MaxFilter(FLAT))
    spread = ImageChops.difference(highest, lowest).convert("L")
    flat = spread.point(lambda value: 255 if value == 0 else 0)
    inside = Image.new("RGB", image.size)
    inside.paste(image, mask=flat)
    colours = inside.getcolors(image.width * image.height)
    assert colours is not None
    found = {cast(tuple[int, int, int], colour) for _, colour in colours}  # RGB: triples
    return found - {(0, 0, 0)}  # black: outside the areas


@pytest.fixture
def mapped(monkeypatch: pytest.MonkeyPatch) -> Iterator[Mapped]:
    """Every (palette, RGB image) a renderer maps while the test runs."""
    seen: Mapped = []
    original = FixedPalette.map

    def recording(palette: FixedPalette, image: Image.Image) -> Image.Image:
        seen.append((palette, image.copy()))
        return original(palette, image)

    monkeypatch.setattr(FixedPalette, "map", recording)
    yield seen


def assert_in_palette(mapped: Mapped, palette: FixedPalette, images: int) -> None:
    assert len(mapped) == images
    for used, image in mapped:
        assert used is palette
        assert area_colours(image) - set(palette.colours) == set()


def coal_baron_images(seed: int) -> None:
    view = mid_game(4, seed).view(None)
    render_board(view, NAMES[:4], "fr")
    render_mine(view, 0, NAMES[:4], "en")
    render_mines(view, NAMES[:4], "fr")
    render_scoring(play_coal_baron(4, seed + 10, stop=lambda s: False).view(None), 3,
                   NAMES[:4], "en")
    draw = pending(4, seed + 4, kind="draw-tiles")
    render_draw5(draw.view(draw.to_act()[0]), NAMES[:4], "en")


def saboteur_images(seed: int) -> None:
    state = late_in_round(10, seed)
    saboteur_board(state.view(None), NAMES, "fr")
    render_hand(state.view(state.to_act()[0]), NAMES, "en")
    placing = after(4, seed=2, actions=10)
    seat = placing.to_act()[0]
    spots = placement_spots(placing, seat, "NES")
    render_placement(placing.view(seat), "NES", spots, NAMES[:4], "fr")
    ended = play(4, seed=1, stop=lambda s: s.round == 2)
    render_round_end(ended.view(None), 1, NAMES[:4], "fr")


def mine_out_images(seed: int) -> None:
    state = midgame(4, seed, 50)
    render_town(state.view(None), list(NAMES[:4]), "fr")
    render_hiring(state.view(None), "fr")
    render_holdings(state.view(1), 1, list(NAMES[:4]), "en")  # with the hand
    render_holdings(state.view(None), 2, list(NAMES[:4]), "fr")
    two = midgame(2, seed, 60)  # an apprentice's smaller pawn
    render_town(two.view(None), list(NAMES[:2]), "en")


def shared_images() -> None:
    series = [[0, seat, 2 * seat, 3 * seat + 1] for seat in range(10)]
    render_score_chart(series, NAMES, "fr", marks=[(2, "Quart 1")])
    rows = [LeaderboardRow(1, Player("1"), 12.5, 10, 6),
            LeaderboardRow(2, Player("strong", computer=True), 3.25, 8, 1)]
    render_leaderboard("coal-baron", rows, {Player("1"): "Alice"}, "en")


CASES: list[tuple[str, Callable[[], None], FixedPalette, int]] = [
    ("coal-baron-1", lambda: coal_baron_images(1), COAL_BARON, 5),
    ("coal-baron-2", lambda: coal_baron_images(2), COAL_BARON, 5),
    ("saboteur-1", lambda: saboteur_images(1), SABOTEUR, 4),
    ("saboteur-2", lambda: saboteur_images(2), SABOTEUR, 4),
    ("mine-out-1", lambda: mine_out_images(1), MINE_OUT, 5),
    ("mine-out-8", lambda: mine_out_images(8), MINE_OUT, 5),
    ("chart-and-leaderboard", shared_images, SHARED, 2),
]


@pytest.mark.parametrize(("draw", "palette", "images"), [case[1:] for case in CASES],
                         ids=[case[0] for case in CASES])
def test_images_draw_areas_in_their_palette_colours(
    mapped: Mapped, draw: Callable[[], None], palette: FixedPalette, images: int
) -> None:
    draw()
    assert_in_palette(mapped, palette, images)


def test_replay_frames_are_mapped_onto_the_game_palette(mapped: Mapped) -> None:
    record = coal_baron_record([*DRAFT_2P, (0, "$4"), (1, "m6")])
    replay_gif(record, "fr", COAL_BARON_REPLAY, ("Aline", "Bastien"))
    first, *_, last = mapped
    assert_in_palette([first, last], COAL_BARON, 2)
    assert {palette for palette, _ in mapped} == {COAL_BARON}


def test_a_palette_holds_its_colours_then_the_shades_of_its_ramps() -> None:
    ink, paper = (0, 0, 0), (200, 100, 40)
    palette = FixedPalette([ink, paper], [(ink, [paper])], steps=(0.5,))
    assert palette.colours == (ink, paper, mix(paper, ink, 0.5))
    assert palette.colours[2] == (100, 50, 20)


def test_a_palette_of_more_than_256_colours_is_refused() -> None:
    greys = [(g, g, g) for g in range(256)]
    with pytest.raises(ValueError, match="257 colours"):
        FixedPalette([*greys, (1, 2, 3)], [])


def test_mapping_keeps_palette_colours_exact() -> None:
    image = Image.new("RGB", (4, 4), COAL_BARON.colours[5])
    png = COAL_BARON.to_png(image)
    decoded = Image.open(io.BytesIO(png))
    assert decoded.mode == "P"
    assert decoded.convert("RGB").getpixel((0, 0)) == COAL_BARON.colours[5]
