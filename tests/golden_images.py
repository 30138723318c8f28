"""Golden-image comparison shared by the renderer tests.

A render must match its golden image pixel for pixel, except for a very small
share of pixels that may differ slightly: a different FreeType build can move
anti-aliased glyph edges by a shade, which is no change a player would see.
Anything larger (a moved shape, another colour, missing text) fails.
"""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import cast

from PIL import Image, ImageChops

MAX_CHANGED_SHARE = 0.002
"""At most 0.2 % of the pixels may differ from the golden image..."""
MAX_CHANNEL_DELTA = 96
"""...and none by more than this on any colour channel (0-255)."""


def assert_matches_golden(png: bytes, path: Path) -> None:
    """Compare the pixels of `png` with the image at `path`; UPDATE_GOLDEN=1 rewrites it."""
    if os.environ.get("UPDATE_GOLDEN") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(png)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    golden = Image.open(path).convert("RGB")
    assert image.size == golden.size, f"{path.name}: size {image.size} != golden {golden.size}"
    diff = ImageChops.difference(image, golden)
    if diff.getbbox() is None:
        return
    gray = diff.convert("L")
    changed = sum(gray.histogram()[1:])
    extrema = cast(tuple[tuple[int, int], ...], diff.getextrema())  # one pair per band
    worst = max(high for _, high in extrema)
    share = changed / (image.width * image.height)
    assert share <= MAX_CHANGED_SHARE and worst <= MAX_CHANNEL_DELTA, (
        f"{path.name} differs from its golden image ({share:.3%} of pixels, up to {worst}); "
        "look at both, then UPDATE_GOLDEN=1 if intended"
    )
