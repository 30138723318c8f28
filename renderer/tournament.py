"""A tournament's standings image: rank, name, points, games played, games skipped, and
the tie-breaks (opponents' points, then their average).

Drawn 1000 px wide with text of at least 28 px, so it reads when Discord shows it 400
px wide on a phone (11 px and more), and at most `MAX_ROWS` lines, so it is never
taller than 1.3 times its width: the rest of the standings is in words
(``/tournament standings``), which a line under the table says. An entrant whose
games a computer finished (the round's deadline, a withdrawal) carries a robot mark,
explained under the table; a computer entrant is named as one. The words come from
``render.tournament.*`` (bot/i18n/tournaments.<lang>.json).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.i18n import decimal, t
from renderer.colours import PALETTE
from renderer.draw import text
from renderer.leaderboard import robot, shorten
from renderer.palette import HIGHLIGHT, INK, MUTED, PANEL, PAPER

WIDTH = 1000
MARGIN = 24
TITLE_H = 72
HEADER_H = 74
ROW_H = 60
FOOT_H = 46
MAX_ROWS = 12
NAME_X = MARGIN + 64
NAME_END = 392
COLUMNS = (("points", 482), ("played", 598), ("skipped", 720), ("opponents", 846),
           ("average", WIDTH - MARGIN - 8))
"""Each figure's column, by the right edge of its numbers."""
NAME_SIZE = 30
HEADER_SIZE = 28


@dataclass(frozen=True)
class StandingRow:
    """One line of the image, as the standings compute it."""

    rank: int
    name: str
    points: float
    played: int
    skipped: int
    opponents_points: float
    opponents_average: float
    by_computer: int = 0
    """Games a computer finished for this entrant (the robot mark)."""
    active: bool = True
    """False for an entrant who withdrew or was dropped (drawn muted)."""


def label(lang: str, key: str, **params: object) -> str:
    return t(lang, "render.tournament." + key, **params)


def figure(lang: str, value: float) -> str:
    """A number of points: whole without decimals, else one (as the language writes it)."""
    return decimal(lang, value, "#,##0.#")


def standings_image(title: str, rows: Sequence[StandingRow], lang: str) -> Image.Image:
    """The image (see `render_standings`)."""
    shown = list(rows[:MAX_ROWS])
    marked = any(row.by_computer for row in shown)
    more = len(rows) - len(shown)
    foot = FOOT_H * (int(marked) + int(more > 0))
    height = MARGIN + TITLE_H + HEADER_H + max(len(shown), 1) * ROW_H + foot + MARGIN
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    text(draw, (WIDTH / 2, MARGIN + TITLE_H / 2), title, 38, bold=True, max_width=WIDTH - 40)
    y = MARGIN + TITLE_H
    for key, x in COLUMNS:
        for line, words in enumerate(label(lang, key).split("\n")[:2]):
            text(draw, (x, y + 18 + line * 32), words, HEADER_SIZE, fill=MUTED, anchor="rm",
                 max_width=120)
    y += HEADER_H
    if not shown:
        text(draw, (WIDTH / 2, y + ROW_H / 2), label(lang, "empty"), 30, fill=MUTED)
    for index, row in enumerate(shown):
        top = y + index * ROW_H
        draw.rectangle((MARGIN, top, WIDTH - MARGIN, top + ROW_H),
                       fill=PANEL if index % 2 == 0 else PAPER)
        middle = top + ROW_H / 2
        ink = INK if row.active else MUTED
        text(draw, (NAME_X - 16, middle), str(row.rank), 30, bold=True,
             fill=HIGHLIGHT if row.rank == 1 else ink, anchor="rm")
        name_x = NAME_X
        if row.by_computer:
            robot(draw, name_x, middle + 3, 28)
            name_x += 40
        name = shorten(row.name, NAME_END - name_x, NAME_SIZE)
        text(draw, (name_x, middle), name, NAME_SIZE, fill=ink, anchor="lm")
        values = (figure(lang, row.points), str(row.played), str(row.skipped),
                  figure(lang, row.opponents_points), figure(lang, row.opponents_average))
        for (key, x), value in zip(COLUMNS, values, strict=True):
            text(draw, (x, middle), value, 30 if key != "points" else 34,
                 bold=key == "points", fill=ink, anchor="rm")
    y += max(len(shown), 1) * ROW_H
    if marked:
        robot(draw, MARGIN + 4, y + FOOT_H / 2 + 3, 26)
        text(draw, (MARGIN + 44, y + FOOT_H / 2), label(lang, "computer"), 28, fill=MUTED,
             anchor="lm", max_width=WIDTH - 2 * MARGIN - 44)
        y += FOOT_H
    if more > 0:
        text(draw, (MARGIN, y + FOOT_H / 2), label(lang, "more", count=more), 28, fill=MUTED,
             anchor="lm", max_width=WIDTH - 2 * MARGIN)
    return image


def render_standings(title: str, rows: Sequence[StandingRow], lang: str) -> bytes:
    """The standings under `title` as PNG bytes (the first `MAX_ROWS` lines)."""
    return PALETTE.to_png(standings_image(title, rows, lang))
