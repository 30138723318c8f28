"""Golden-image comparison shared by the renderer tests."""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image, ImageChops


def assert_matches_golden(png: bytes, path: Path) -> None:
    """Compare the pixels of `png` with the image at `path`; UPDATE_GOLDEN=1 rewrites it."""
    if os.environ.get("UPDATE_GOLDEN") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(png)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    golden = Image.open(path).convert("RGB")
    assert image.size == golden.size, f"{path.name}: size {image.size} != golden {golden.size}"
    assert ImageChops.difference(image, golden).getbbox() is None, (
        f"{path.name} differs from its golden image; look at both, then UPDATE_GOLDEN=1 if intended"
    )
