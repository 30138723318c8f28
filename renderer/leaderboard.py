"""The leaderboard image: rank, name, rating, games and wins of a game's best players.

Drawn 800 px wide with text of at least 26 px, so it stays legible when Discord
shows it 400 px wide on a phone. Computer players carry a robot mark and the
word "computer". The words come from ``render.leaderboard.*``
(bot/i18n/weeks-render.<lang>.json).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from bot.i18n import decimal, has_key, t
from bot.outcomes.stats import LeaderboardRow
from bot.outcomes.summaries import Player
from renderer.colours import PALETTE
from renderer.draw import text, text_width
from renderer.palette import HIGHLIGHT, INK, MUTED, PANEL, PAPER, WHITE

WIDTH = 800
MARGIN = 24
TITLE_H = 76
HEADER_H = 44
ROW_H = 64
NAME_X = MARGIN + 72
RATING_X = 540
GAMES_X = 640
WINS_X = WIDTH - MARGIN - 10
NAME_WIDTH = RATING_X - 70 - NAME_X
NAME_SIZE = 28


def label(lang: str, key: str, **params: object) -> str:
    return t(lang, "render.leaderboard." + key, **params)


def game_name(lang: str, game: str) -> str:
    """The game's display name (``game.<id>.name``), or its id if it has none."""
    key = f"game.{game}.name"
    return t(lang, key) if has_key(key) else game


def shorten(name: str, width: int, size: int = NAME_SIZE) -> str:
    """`name`, cut with an ellipsis if it is wider than `width` at `size` (by default
    the name size)."""
    if text_width(name, size) <= width:
        return name
    while name and text_width(name + "…", size) > width:
        name = name[:-1]
    return name.rstrip() + "…"


def robot(draw: ImageDraw.ImageDraw, x: float, cy: float, size: float) -> None:
    """A small robot head marking a computer player (not only a colour)."""
    half = size / 2
    draw.line((x + half, cy - half - 6, x + half, cy - half), fill=INK, width=3)
    draw.ellipse((x + half - 4, cy - half - 10, x + half + 4, cy - half - 2), fill=INK)
    draw.rounded_rectangle((x, cy - half, x + size, cy + half), radius=6, fill=INK)
    eye = size / 6
    for ex in (x + size * 0.3, x + size * 0.7):
        draw.ellipse((ex - eye, cy - eye - 2, ex + eye, cy + eye - 2), fill=WHITE)


def leaderboard_image(
    game: str, rows: Sequence[LeaderboardRow], names: Mapping[Player, str], lang: str
) -> Image.Image:
    """The image (see `render_leaderboard`)."""
    height = MARGIN + TITLE_H + HEADER_H + max(len(rows), 1) * ROW_H + MARGIN
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    title = label(lang, "title", game=game_name(lang, game))
    text(draw, (WIDTH / 2, MARGIN + TITLE_H / 2), title, 40, bold=True, max_width=WIDTH - 40)
    y = MARGIN + TITLE_H
    for x, key in ((RATING_X, "rating"), (GAMES_X, "games"), (WINS_X, "wins")):
        text(
            draw,
            (x, y + HEADER_H / 2),
            label(lang, key),
            24,
            fill=MUTED,
            anchor="rm",
            max_width=100,
        )
    y += HEADER_H
    if not rows:
        text(draw, (WIDTH / 2, y + ROW_H / 2), label(lang, "empty"), 30, fill=MUTED)
    for index, row in enumerate(rows):
        top = y + index * ROW_H
        fill = PANEL if index % 2 == 0 else PAPER
        draw.rectangle((MARGIN, top, WIDTH - MARGIN, top + ROW_H), fill=fill)
        middle = top + ROW_H / 2
        rank_fill = HIGHLIGHT if row.rank == 1 else INK
        text(draw, (NAME_X - 20, middle), str(row.rank), 32, bold=True, fill=rank_fill, anchor="rm")
        name = names.get(row.player) or label(lang, "former")
        name_x = NAME_X
        if row.player.computer:
            robot(draw, name_x, middle + 3, 30)
            name_x += 42
            name = f"{name} ({label(lang, 'computer')})"
        name = shorten(name, NAME_WIDTH - (name_x - NAME_X))
        text(draw, (name_x, middle), name, NAME_SIZE, anchor="lm")
        text(draw, (RATING_X, middle), decimal(lang, row.rating), 32, bold=True, anchor="rm")
        text(draw, (GAMES_X, middle), str(row.games), 30, anchor="rm")
        text(draw, (WINS_X, middle), str(row.wins), 30, anchor="rm")
    return image


def render_leaderboard(
    game: str, rows: Sequence[LeaderboardRow], names: Mapping[Player, str], lang: str
) -> bytes:
    """The leaderboard of `game` (its id) as PNG bytes: `rows` from
    `bot.outcomes.stats.leaderboard`, `names` the display name of each player (a player
    without one, who left the server unseen, is "a former member": never their id)."""
    return PALETTE.to_png(leaderboard_image(game, rows, names, lang))
