"""Renderers that fail, for the render pool's tests: module-level, so that a worker
process can import them by name."""

from __future__ import annotations

import os
import time
from typing import Any

SLOW_SECONDS = 2.0


def broken_render(*args: Any) -> bytes:
    raise RuntimeError("the renderer broke")


def slow_render(*args: Any) -> bytes:
    """Longer than the pool's timeout in the tests."""
    time.sleep(SLOW_SECONDS)
    return b""


def dying_render(*args: Any) -> bytes:
    """A worker that dies (a crash in Pillow's C code would look the same)."""
    os._exit(1)
