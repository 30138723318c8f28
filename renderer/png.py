"""PNG output on a fixed palette: a game's colours are known in advance.

Each game builds one `FixedPalette` at import from its colour constants, plus
antialiasing ramps (the shades between a text colour and the backgrounds it is
drawn on, which FreeType's smooth glyph edges produce). An image is mapped onto
it pixel by pixel (`Image.quantize` with a palette and no dithering: a cached
nearest-colour lookup), instead of computing a new palette for every image: about
a fifth of the time, and a pixel keeps the same index from one turn to the next.

The compression level was chosen by measurement (docs/performance.md, "PNG
compression level"): level 3 costs 40 % of level 6 and the files are 30 % bigger
(70 KB instead of 50 KB for the board), far under Discord's limits.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence

from PIL import Image

from renderer.palette import RGB

COMPRESS_LEVEL = 3
RAMP_STEPS = (0.25, 0.5, 0.75)
"""Where the shades of a ramp sit between its two ends."""
MAX_COLOURS = 256


def mix(a: RGB, b: RGB, share: float) -> RGB:
    """`share` of the way from `a` to `b`."""
    return (
        round(a[0] + (b[0] - a[0]) * share),
        round(a[1] + (b[1] - a[1]) * share),
        round(a[2] + (b[2] - a[2]) * share),
    )


class FixedPalette:
    """The colours an image of a game may use: its constants, then ramps between them."""

    def __init__(
        self,
        colours: Iterable[RGB],
        ramps: Iterable[tuple[RGB, Sequence[RGB]]],
        steps: Sequence[float] = RAMP_STEPS,
    ) -> None:
        """`ramps` pairs a foreground (a text colour) with the backgrounds it is drawn on."""
        found = dict.fromkeys(colours)
        for foreground, backgrounds in ramps:
            for background in backgrounds:
                found |= dict.fromkeys(mix(background, foreground, share) for share in steps)
        self.colours: tuple[RGB, ...] = tuple(found)
        if len(self.colours) > MAX_COLOURS:
            raise ValueError(f"{len(self.colours)} colours: a PNG palette holds {MAX_COLOURS}")
        flat = [channel for colour in self.colours for channel in colour]
        self.image = Image.new("P", (1, 1))
        self.image.putpalette(flat + flat[:3] * (MAX_COLOURS - len(self.colours)))

    def map(self, image: Image.Image) -> Image.Image:
        """`image` (RGB) as a "P" image on this palette, each pixel the nearest colour."""
        return image.quantize(palette=self.image, dither=Image.Dither.NONE)

    def to_png(self, image: Image.Image) -> bytes:
        """`image` (RGB) mapped onto the palette, as PNG bytes."""
        return encode(self.map(image))


def encode(image: Image.Image, level: int = COMPRESS_LEVEL) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=level)
    return buffer.getvalue()
