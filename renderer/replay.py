"""A game's replay as an animated PNG: the public board after each turn.

The record is replayed from its start; a frame is drawn with the game's own
board renderer (its plugin's ``replay_board``) from the spectator's view
(`state.view(None)`) at the start, after every turn (an action after which
other seats are to act, or the last one) and at the end. Each frame carries a
caption: the action's number and who played, by display name (the frame shows
what the action did: no notation is written). Bounds, so a long game stays a file Discord takes and
a player watches:

- at most `MAX_FRAMES` frames: beyond that, turns are picked evenly (the start
  and the end always shown);
- frames scaled together to fit `MAX_SIZE`, on one canvas the size of the
  largest (Saboteur's maze grows);
- `FRAME_MS` per frame, `LAST_FRAME_MS` on the final position; looping;
- every frame on the game's fixed palette (`renderer.png.FixedPalette`), and
  Pillow stores only the part of a frame that changed.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from bot.games.base import JSON, GameState
from bot.games.record import initial_state, parse_entry, play_entry
from bot.i18n import t
from renderer.draw import text
from renderer.names import drawable_name
from renderer.palette import INK, PAPER
from renderer.png import COMPRESS_LEVEL, FixedPalette


@dataclass(frozen=True)
class ReplayBoard:
    """How a game's replay frames are drawn, defined in the game's renderer package and
    named by its plugin (``replay_board``)."""

    draw: Callable[[JSON, str, Sequence[str]], Image.Image]
    """The public board as a Pillow image, from (spectator view, language, the
    players' display names)."""
    palette: FixedPalette
    """The game's fixed palette, which every frame is mapped onto."""


MAX_FRAMES = 60
MAX_SIZE = (900, 1000)
FRAME_MS = 800
LAST_FRAME_MS = 4000
CAPTION_H = 44


@dataclass(frozen=True)
class Frame:
    """One position to draw: the public view, and the caption saying how it was reached."""

    view: JSON
    caption: str


def label(lang: str, key: str, **params: object) -> str:
    return t(lang, "render.replay." + key, **params)


def positions(record: Mapping[str, JSON], lang: str, names: Sequence[str]) -> list[Frame]:
    """The start, the end of every turn, and the end, as frames to draw; `names` are
    the players' display names (index = seat), shortened to what the fonts draw."""
    state: GameState[Any] = initial_state(record)
    entries: list[str] = list(record.get("actions", []))
    frames = [Frame(state.view(None), label(lang, "start"))]
    for number, entry in enumerate(entries, start=1):
        seat, _ = parse_entry(state, entry)
        acting = state.to_act()
        play_entry(state, entry)
        if state.to_act() == acting and number < len(entries):
            continue  # the same seats go on: one frame for the whole turn
        caption = label(
            lang,
            "caption",
            number=number,
            total=len(entries),
            player=drawable_name(names[seat], label(lang, "player", number=seat + 1)),
        )
        frames.append(Frame(state.view(None), caption))
    return frames


def pick(frames: Sequence[Frame], limit: int) -> list[Frame]:
    """At most `limit` (>= 2) frames, evenly spread, the first and the last kept."""
    if len(frames) <= limit:
        return list(frames)
    step = (len(frames) - 1) / (limit - 1)
    return [frames[round(i * step)] for i in range(limit)]


def _fit(boards: list[Image.Image]) -> tuple[float, tuple[int, int]]:
    """The common scale of the boards and the canvas size (caption included)."""
    width = max(board.width for board in boards)
    height = max(board.height for board in boards)
    scale = min(1.0, MAX_SIZE[0] / width, (MAX_SIZE[1] - CAPTION_H) / height)
    return scale, (round(width * scale), round(height * scale) + CAPTION_H)


def _compose(board: Image.Image, caption: str, scale: float, size: tuple[int, int]) -> Image.Image:
    canvas = Image.new("RGB", size, PAPER)
    shown_size = (round(board.width * scale), round(board.height * scale))
    shown = board.resize(shown_size, Image.Resampling.BOX)
    canvas.paste(shown, ((size[0] - shown.width) // 2, CAPTION_H))
    draw = ImageDraw.Draw(canvas)
    text(
        draw, (size[0] / 2, CAPTION_H / 2), caption, 24, bold=True, fill=INK, max_width=size[0] - 20
    )
    return canvas


def replay_png(
    record: Mapping[str, JSON], language: str, board: ReplayBoard, names: Sequence[str]
) -> bytes:
    """The animated PNG of `record` (see the module's bounds), each frame drawn by
    `board` with the players' display `names`; raises `bot.games.record.ReplayError`
    for a bad record."""
    frames = pick(positions(record, language, names), MAX_FRAMES)
    boards = [board.draw(frame.view, language, names) for frame in frames]
    scale, size = _fit(boards)
    images = [
        _compose(board, frame.caption, scale, size)
        for board, frame in zip(boards, frames, strict=True)
    ]
    quantized = [board.palette.map(image) for image in images]
    durations = [FRAME_MS] * (len(quantized) - 1) + [LAST_FRAME_MS]
    buffer = io.BytesIO()
    quantized[0].save(
        buffer,
        "PNG",
        save_all=True,
        append_images=quantized[1:],
        duration=durations,
        loop=0,
        compress_level=COMPRESS_LEVEL,
    )
    return buffer.getvalue()
