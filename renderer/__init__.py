"""Pillow images of game states, drawn from per-seat views only.

Rendering is CPU work: callers on the event loop go through `render_in_thread`
so a slow image never blocks the bot.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any


async def render_in_thread(fn: Callable[..., bytes], *args: Any) -> bytes:
    """Run the renderer `fn(*args)` in a worker thread and return its PNG bytes."""
    return await asyncio.to_thread(fn, *args)
