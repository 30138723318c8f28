"""The end-of-game chart: each player's score over the game, one line per seat.

The Discord layer passes the series it reads from the public history (the score of
every seat after each turn, say) and the players' names. Each seat keeps its colour
and mark (renderer.palette) on its line and in the legend, the legend gives each
final score, and a line ends with its score where there is room for it. Sized to stay
legible at 400 px wide on a phone (800 px wide, text 24 px or more).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from PIL import Image, ImageDraw

from bot.games.base import JSON
from bot.games.record import score_history
from bot.i18n import t
from renderer.colours import GRID_LINE, MORE_COLOURS, PALETTE
from renderer.draw import mark, text, text_width
from renderer.names import DISPLAY_NAME_CHARS, drawable_names, fit_apart
from renderer.palette import (
    INK,
    MUTED,
    PANEL,
    PAPER,
    PLAYER_COLOURS,
    RGB,
    player_colour,
    player_mark,
)

WIDTH = 800
HEIGHT = 560
MARGIN = 20
TITLE_H = 50
LEGEND_ROW = 40
PLOT_LEFT = 70
PLOT_RIGHT_ROOM = 70
"""Room right of the plot for each line's final score."""

Marks = Sequence[tuple[int, str]]
"""(step, words) pairs drawn as labelled vertical lines, e.g. the end of each shift."""
Unit = Literal["turn", "round"]
"""What one step of the series is, named under the horizontal axis."""


def line_colour(seat: int) -> RGB:
    """The seat's colour (renderer.palette), then MORE_COLOURS beyond the fourth seat."""
    if seat < len(PLAYER_COLOURS):
        return player_colour(seat)
    return MORE_COLOURS[(seat - len(PLAYER_COLOURS)) % len(MORE_COLOURS)]


def render_score_chart(
    series: Sequence[Sequence[int]],
    names: Sequence[str],
    lang: str,
    unit: Unit = "turn",
    marks: Marks = (),
) -> bytes:
    """`series[seat][step]`: the seat's score after each step (same length for every seat,
    step 0 being the start); `names`: display names by seat; `unit`: what a step is;
    `marks`: optional labelled steps. PNG bytes."""
    if len(series) != len(names) or not series or len({len(s) for s in series}) != 1:
        raise ValueError("one series per seat, all of the same length, at least one seat")
    fallbacks = [t(lang, "render.chart.player", number=seat + 1) for seat in range(len(names))]
    shown = drawable_names(names, fallbacks, limit=DISPLAY_NAME_CHARS)  # cut where drawn
    columns = 2
    legend_rows = -(-len(series) // columns)
    height = HEIGHT + legend_rows * LEGEND_ROW
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    text(draw, (MARGIN, MARGIN + 18), t(lang, "render.chart.title"), 32, bold=True, anchor="lm")
    plot = (PLOT_LEFT, MARGIN + TITLE_H, WIDTH - PLOT_RIGHT_ROOM, HEIGHT - 50)
    _plot(draw, series, plot, marks, t(lang, "render.chart.x_axis." + unit))
    _legend(draw, shown, [s[-1] for s in series], HEIGHT, columns)
    return PALETTE.to_png(image)


def record_chart(record: Mapping[str, JSON], names: Sequence[str], lang: str) -> bytes:
    """The chart of a finished game's `record`: each seat's score after every turn."""
    history = score_history(record)
    series = [[scores[seat] for scores in history] for seat in range(len(names))]
    return render_score_chart(series, names, lang)


def _plot(
    draw: ImageDraw.ImageDraw,
    series: Sequence[Sequence[int]],
    box: tuple[int, int, int, int],
    marks: Marks,
    x_axis: str,
) -> None:
    left, top, right, bottom = box
    low = min(0, *(min(s) for s in series))
    high = max(1, *(max(s) for s in series))
    steps = max(1, len(series[0]) - 1)

    def at(step: int, score: int) -> tuple[float, float]:
        return (
            left + (right - left) * step / steps,
            bottom - (bottom - top) * (score - low) / (high - low),
        )

    draw.rectangle(box, fill=PANEL)
    for value in _ticks(low, high):
        y = at(0, value)[1]
        draw.line((left, y, right, y), fill=GRID_LINE, width=1)
        text(draw, (left - 10, y), str(value), 24, fill=MUTED, anchor="rm")
    for step, words in marks:
        x = at(step, low)[0]
        draw.line((x, top, x, bottom), fill=MUTED, width=2)
        # Left of its line, at the top; at the bottom for the last step, where the
        # lines end with their scores.
        y = bottom - 18 if step >= steps else top + 18
        w = text_width(words, 22, bold=True)
        draw.rectangle((x - w - 10, y - 13, x - 2, y + 13), fill=PANEL)
        text(draw, (x - 6, y), words, 22, bold=True, fill=MUTED, anchor="rm")
    draw.rectangle(box, outline=INK, width=2)
    text(draw, ((left + right) / 2, bottom + 28), x_axis, 24, fill=MUTED)
    ends: list[float] = []
    for seat, scores in enumerate(series):
        colour = line_colour(seat)
        points = [at(step, score) for step, score in enumerate(scores)]
        if len(points) > 1:
            draw.line(points, fill=colour, width=5, joint="curve")
        x, y = points[-1]
        mark(draw, x, y, 10, player_mark(seat), colour)
        if all(abs(y - other) >= 26 for other in ends):  # else the legend says it
            ends.append(y)
            text(draw, (x + 16, y), str(scores[-1]), 26, bold=True, fill=colour, anchor="lm")


def _ticks(low: int, high: int) -> list[int]:
    """About five round values from `low` to `high` for the grid lines."""
    span = high - low
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500) if span / s <= 6)
    first = -(-low // step) * step
    return list(range(first, high + 1, step))


def _legend(
    draw: ImageDraw.ImageDraw, names: Sequence[str], finals: Sequence[int], top: int,
    columns: int,
) -> None:
    """Each seat's mark, name and final score, `columns` to a row."""
    width = (WIDTH - 2 * MARGIN) // columns
    for seat, final in enumerate(finals):
        row, column = divmod(seat, columns)
        x = MARGIN + column * width
        cy = top + row * LEGEND_ROW + LEGEND_ROW / 2
        mark(draw, x + 14, cy, 12, player_mark(seat), line_colour(seat))
        score = str(final)
        room = width - 50 - text_width(score, 26, bold=True) - 16
        text(draw, (x + 36, cy), fit_apart(names, seat, 26, room), 26, bold=True, anchor="lm")
        text(draw, (x + width - 16, cy), score, 26, bold=True, fill=line_colour(seat),
             anchor="rm")
