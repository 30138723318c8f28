"""The fixed palettes: every flat colour the renderers draw is in their game's palette.

Only antialiased edges may fall between palette colours (they are mapped to the
nearest shade); a colour covering a real area must be exact, or a renderer drew
with a colour its game's `colours.PALETTE` does not list.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageFilter

from renderer.coal_baron.board import board_image
from renderer.coal_baron.colours import PALETTE as COAL_BARON
from renderer.coal_baron.mine import mine_image
from renderer.coal_baron.model import board_from_view, mine_from_view
from renderer.png import FixedPalette, mix
from renderer.saboteur.board import board_image as saboteur_board
from renderer.saboteur.colours import PALETTE as SABOTEUR
from renderer.saboteur.hand import hand_image
from tests.coal_baron_positions import mid_game
from tests.saboteur_positions import late_in_round

FLAT = 5
"""A pixel whose FLAT x FLAT square is all one colour is inside an area, not on an edge."""


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
    return {colour for _, colour in colours} - {(0, 0, 0)}  # black: outside the areas


@pytest.mark.parametrize("seed", [1, 2])
def test_coal_baron_images_draw_areas_in_palette_colours(seed: int) -> None:
    view = mid_game(4, seed).view(None)
    for image in (
        board_image(board_from_view(view), "fr"),
        mine_image(mine_from_view(view, 0), "en"),
    ):
        assert area_colours(image) <= set(COAL_BARON.colours)


@pytest.mark.parametrize("seed", [1, 2])
def test_saboteur_images_draw_areas_in_palette_colours(seed: int) -> None:
    state = late_in_round(10, seed)
    for image in (
        saboteur_board(state.view(None), "fr"),
        hand_image(state.view(state.to_act()[0]), "en"),
    ):
        assert area_colours(image) <= set(SABOTEUR.colours)


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
