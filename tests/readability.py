"""The phone rule every image follows, measured on the text an image really draws.

A phone shows an image about 400 px wide (`PHONE_WIDTH`). A word drawn at `size` px in
an image `width` px wide is seen at `size * 400 / width` px: it must be at least
`MIN_SEEN_PX` (11). An image taller than `MAX_ASPECT` (1.3) times its width is shrunk
further by desktop clients (to the chat's height), so none is.

`drawn_text()` records every string FreeType rasterises while it is open (both
`renderer.draw.text` and Pillow's `ImageDraw.text` end in `FreeTypeFont.getmask2`),
with the renderer's caches emptied first so that nothing drawn earlier hides.
A renderer that draws text on a tile and then resizes the tile reports the tile's
scale with `scaled(factor)` around that drawing (see `renderer.saboteur.tiles`).
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageFont

PHONE_WIDTH = 400
MIN_SEEN_PX = 11
MAX_ASPECT = 1.3


@dataclass(frozen=True)
class Drawn:
    """One string as FreeType drew it: its font size in px and its text."""

    size: float
    text: str


@dataclass
class TextLog:
    """Every string drawn while `drawn_text()` was open."""

    drawn: list[Drawn] = field(default_factory=list)

    def words(self) -> list[Drawn]:
        """What a player reads: strings of two letters or more (a lone letter or digit on
        a cube or a chip only backs up its colour or shape)."""
        return [d for d in self.drawn if sum(ch.isalnum() for ch in d.text) >= 2]


def _clear_renderer_caches() -> None:
    for name, module in list(sys.modules.items()):
        if not name.startswith("renderer"):
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()


@contextmanager
def drawn_text() -> Iterator[TextLog]:
    """Record the text drawn inside the block (renderer caches cleared on entry and exit)."""
    log = TextLog()
    original = ImageFont.FreeTypeFont.getmask2

    def recording(self: ImageFont.FreeTypeFont, text: str, *args: Any, **kwargs: Any) -> Any:
        log.drawn.append(Drawn(self.size * _scale[-1], text))
        return original(self, text, *args, **kwargs)

    _clear_renderer_caches()
    ImageFont.FreeTypeFont.getmask2 = recording  # type: ignore[method-assign,assignment]
    try:
        yield log
    finally:
        ImageFont.FreeTypeFont.getmask2 = original  # type: ignore[method-assign]
        _clear_renderer_caches()


_scale: list[float] = [1.0]


@contextmanager
def scaled(factor: float) -> Iterator[None]:
    """Text drawn inside the block is shown `factor` times its drawn size in the image."""
    _scale.append(_scale[-1] * factor)
    try:
        yield
    finally:
        _scale.pop()


def image_size(png: bytes) -> tuple[int, int]:
    """Width and height of encoded image bytes (PNG, GIF or WebP: the first frame)."""
    with Image.open(io.BytesIO(png)) as image:
        return image.size


def unreadable(log: TextLog, width: int) -> list[tuple[float, str]]:
    """The words that would show under `MIN_SEEN_PX` in an image `width` px wide on a
    phone, each with the px it would show at, smallest first."""
    seen = PHONE_WIDTH / max(width, PHONE_WIDTH)
    return sorted(
        (round(d.size * seen, 1), d.text) for d in log.words() if d.size * seen < MIN_SEEN_PX
    )


def assert_phone_readable(png: bytes, log: TextLog, what: str) -> None:
    """Every word of `png` (whose text `log` recorded) shows at 11 px or more at 400 px
    wide, and the image is at most 1.3 times as tall as it is wide."""
    width, height = image_size(png)
    assert log.words(), f"{what}: no text was recorded (is the renderer's cache cleared?)"
    small = unreadable(log, width)
    assert not small, f"{what} ({width}x{height}): words under {MIN_SEEN_PX} px: {small[:8]}"
    assert height <= MAX_ASPECT * width, (
        f"{what} is {width}x{height}: taller than {MAX_ASPECT} x its width"
    )
