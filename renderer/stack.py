"""Two images as one, one above the other: a public message carries at most two
images, so the end of a game draws its score chart over the game's second image
(`cogs.platform.summary`). Pure function of PNG bytes, drawn in the render pool
like any image.

Each image keeps its own size (both are drawn to be legible at 400 px wide on a
phone, the chart and Coal Baron's mines being 800 px wide alike); the narrower
is centred on the page colour. Two palette images (every image of the bot) keep
every pixel: the result's palette is the colours they use (at most 256 when both
come from fixed palettes); otherwise it is mapped onto an adaptive palette.
"""

from __future__ import annotations

import io

from PIL import Image

from renderer.palette import PAPER, RGB
from renderer.png import MAX_COLOURS, encode

GAP = 16
"""Page colour between the two images."""


def stack_png(top: bytes, bottom: bytes) -> bytes:
    """PNG bytes: `top` above `bottom` (both PNG bytes), `GAP` px apart, centred."""
    upper, lower = Image.open(io.BytesIO(top)), Image.open(io.BytesIO(bottom))
    width = max(upper.width, lower.width)
    size = (width, upper.height + GAP + lower.height)
    places = ((width - upper.width) // 2, 0), ((width - lower.width) // 2, upper.height + GAP)
    if upper.mode == lower.mode == "P":
        colours: dict[RGB, int] = {PAPER: 0}
        moved = [_onto(image, colours) for image in (upper, lower)]
        if len(colours) <= MAX_COLOURS:
            page = Image.new("P", size, 0)
            page.putpalette([channel for colour in colours for channel in colour])
            for image, place in zip(moved, places, strict=True):
                page.paste(image, place)
            return encode(page)
    page = Image.new("RGB", size, PAPER)
    for image, place in zip((upper, lower), places, strict=True):
        page.paste(image.convert("RGB"), place)
    return encode(page.quantize(MAX_COLOURS, dither=Image.Dither.NONE))


def _onto(image: Image.Image, colours: dict[RGB, int]) -> Image.Image:
    """The palette image `image` with its pixels as indices of `colours` (each colour's
    index, in order of arrival), the colours it uses added: exact, pixel for pixel.
    (Past 256 colours the indices wrap: the caller then draws on an adaptive palette.)"""
    palette = image.getpalette() or []
    table = bytearray(range(MAX_COLOURS))
    for _, index in image.getcolors(MAX_COLOURS) or []:
        assert isinstance(index, int)
        colour = (palette[3 * index], palette[3 * index + 1], palette[3 * index + 2])
        table[index] = colours.setdefault(colour, len(colours)) % MAX_COLOURS
    return Image.frombytes("P", image.size, image.tobytes().translate(table))
