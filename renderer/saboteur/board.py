"""The public Saboteur image posted after every turn.

Drawn from the spectator view (``state.view(None)``) only, so it cannot show a
role, a hand, a peek or a face-down goal: the maze on its grid with the
coordinates of the notation (``x,y``, y growing south), face-down goals with
their notation names; on top the round, the deck and whose turn it is; below,
the gold being shared if any and one row per player: cards in hand and broken
tools while the round is played, then the revealed roles and, at the end, the
nuggets and the winners.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from bot.games.saboteur.actions import seat_label
from renderer.draw import text
from renderer.fonts import font
from renderer.palette import RGB
from renderer.saboteur import icons, palette
from renderer.saboteur.colours import PALETTE
from renderer.saboteur.labels import label
from renderer.saboteur.tiles import Face, Tile, tile_image

CELL = 72
"""Side of one maze square in pixels."""
MARGIN = 16
GUTTER = 40
"""Room for the coordinate labels around the grid."""
HEADER = 48
ROW = 60
"""Height of one player row."""
GOLD_STRIP = 64
"""Height of the row of gold cards being shared."""
COLUMN_MIN = 470
"""Narrowest player column; two columns when the image is wide enough."""

_FACES = {
    "start": Face.START,
    "path": Face.PATH,
    "goal_gold": Face.GOAL_GOLD,
    "goal_stone": Face.GOAL_STONE,
}


def render_board(view: dict[str, Any], lang: str) -> bytes:
    """The public board as PNG bytes; `view` is ``state.view(None)``."""
    return PALETTE.to_png(board_image(view, lang))


def board_image(view: dict[str, Any], lang: str) -> Image.Image:
    """The public board as a Pillow image (see `render_board`)."""
    tiles = maze_tiles(view)
    bounds = view["bounds"]
    # one empty cell around the maze: where cards can still go
    xs = range(bounds["min_x"] - 1, bounds["max_x"] + 2)
    ys = range(bounds["min_y"] - 1, bounds["max_y"] + 2)
    maze_w = GUTTER * 2 + CELL * len(xs)
    maze_h = GUTTER * 2 + CELL * len(ys)
    width = max(maze_w, 2 * COLUMN_MIN) + 2 * MARGIN
    players = view["players"]
    columns = 2 if width - 2 * MARGIN >= 2 * COLUMN_MIN else 1
    rows = -(-players // columns)
    pool_h = GOLD_STRIP if view["gold_pool"] else 0  # a number of face-down cards
    height = MARGIN + HEADER + maze_h + pool_h + 8 + rows * ROW + MARGIN
    image = Image.new("RGB", (width, height), palette.BACKGROUND)
    draw = ImageDraw.Draw(image)
    _draw_header(draw, view, lang, width)
    left = MARGIN + (width - 2 * MARGIN - maze_w) // 2
    _draw_maze(image, draw, tiles, xs, ys, (left, MARGIN + HEADER))
    top = MARGIN + HEADER + maze_h
    if view["gold_pool"]:
        _draw_gold_pool(draw, view["gold_pool"], lang, (MARGIN, top))
    _draw_players(draw, view, lang, (MARGIN, top + pool_h + 8), width - 2 * MARGIN, columns)
    return image


def maze_tiles(view: dict[str, Any]) -> dict[tuple[int, int], Tile]:
    """What each occupied cell shows: face-up cards from `maze`, face-down goals from `goals`."""
    tiles = {
        (card["x"], card["y"]): Tile(_FACES[card["kind"]], card["edges"], card["dead_end"])
        for card in view["maze"]
    }
    for goal in view["goals"]:
        if not goal["revealed"]:
            tiles[goal["x"], goal["y"]] = Tile(Face.GOAL_HIDDEN, name=goal["name"])
    return tiles


def _draw_header(draw: ImageDraw.ImageDraw, view: dict[str, Any], lang: str, width: int) -> None:
    parts = [
        label(lang, "round", round=view["round"], rounds=view["rounds"]),
        label(lang, "deck", count=view["deck"]),
    ]
    if view["phase"] == "over":
        parts.append(label(lang, "game_over"))
    else:
        key = "to_take_gold" if view["phase"] == "gold" else "to_play"
        parts.append(label(lang, key, player=seat_label(view["to_act"][0])))
    text(draw, (MARGIN, MARGIN + HEADER // 2 - 4), "   ·   ".join(parts), 26, bold=True,
         fill=palette.TEXT, anchor="lm", max_width=width - 2 * MARGIN)


def _draw_gold_pool(
    draw: ImageDraw.ImageDraw, cards: int, lang: str, origin: tuple[int, int]
) -> None:
    """The gold cards left to share, face down: their values are secret (rulebook:
    players keep their gold secret until the end), only their number is public."""
    x, y = origin
    x += text(draw, (x, y + GOLD_STRIP / 2), label(lang, "gold_pool"), 24, bold=True,
              fill=palette.GOLD, anchor="lm") + 14
    for _ in range(cards):
        x += round(icons.draw_gold_card(draw, None, x, y + 6, GOLD_STRIP - 12)) + 8


def _draw_maze(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    tiles: dict[tuple[int, int], Tile],
    xs: range,
    ys: range,
    origin: tuple[int, int],
) -> None:
    ox, oy = origin[0] + GUTTER, origin[1] + GUTTER
    grid_w, grid_h = CELL * len(xs), CELL * len(ys)
    draw.rectangle((ox, oy, ox + grid_w - 1, oy + grid_h - 1), fill=palette.EMPTY_CELL)
    for i in range(len(xs) + 1):
        draw.line((ox + i * CELL, oy, ox + i * CELL, oy + grid_h), fill=palette.GRID_LINE, width=1)
    for j in range(len(ys) + 1):
        draw.line((ox, oy + j * CELL, ox + grid_w, oy + j * CELL), fill=palette.GRID_LINE, width=1)
    for i, x in enumerate(xs):
        cx = ox + i * CELL + CELL // 2
        for y_label in (oy - GUTTER // 2, oy + grid_h + GUTTER // 2):
            text(draw, (cx, y_label), str(x), 24, bold=True, fill=_axis_colour(x))
    for j, y in enumerate(ys):
        cy = oy + j * CELL + CELL // 2
        for x_label in (ox - GUTTER // 2, ox + grid_w + GUTTER // 2):
            text(draw, (x_label, cy), str(y), 24, bold=True, fill=_axis_colour(y))
    for (x, y), tile in tiles.items():
        corner = (ox + (x - xs.start) * CELL, oy + (y - ys.start) * CELL)
        image.paste(tile_image(tile, CELL), corner)


def _axis_colour(value: int) -> RGB:
    """Zero (the start's row and column) stands out to anchor the count."""
    return palette.TEXT if value == 0 else palette.TEXT_DIM


def _draw_players(
    draw: ImageDraw.ImageDraw,
    view: dict[str, Any],
    lang: str,
    origin: tuple[int, int],
    width: int,
    columns: int,
) -> None:
    column_w = width // columns
    rows = -(-view["players"] // columns)
    roles = _revealed_roles(view)
    for seat in range(view["players"]):
        column, row = divmod(seat, rows)
        box = (origin[0] + column * column_w, origin[1] + row * ROW, column_w - 8)
        _draw_player(draw, view, lang, seat, box, roles[seat] if roles else None)


def _revealed_roles(view: dict[str, Any]) -> list[str] | None:
    """The roles of this round once it is over and they are turned face up, else None."""
    for played in view["rounds_played"]:
        if played["round"] == view["round"]:
            roles: list[str] = played["roles"]
            return roles
    return None


def _draw_player(
    draw: ImageDraw.ImageDraw,
    view: dict[str, Any],
    lang: str,
    seat: int,
    box: tuple[int, int, int],
    role: str | None,
) -> None:
    """One row: turn arrow and seat, then what matters in the phase.

    While playing: cards in hand and broken tools. Once the round is over: the
    revealed role (and the final nuggets when the game is over).
    """
    x, y, w = box
    h = ROW - 8
    mid = y + h / 2
    acting = seat in view["to_act"]
    winner = bool(view["winners"]) and seat in view["winners"]
    outline = palette.HIGHLIGHT if acting or winner else palette.GRID_LINE
    draw.rounded_rectangle((x, y, x + w, y + h), 10, fill=palette.EMPTY_CELL, outline=outline,
                           width=4 if acting or winner else 2)
    if acting:
        draw.polygon([(x + 8, mid - 11), (x + 23, mid), (x + 8, mid + 11)], fill=palette.HIGHLIGHT)
    text(draw, (x + 28, mid), seat_label(seat), 28, bold=True,
         fill=palette.HIGHLIGHT if acting else palette.TEXT, anchor="lm")
    cx = x + 104
    if view["scores"] is not None:
        icons.draw_nuggets(draw, 1, (cx - 26, mid - 36, 72))
        cx += 34
        cx += text(draw, (cx, mid), str(view["scores"][seat]), 28, bold=True,
                   fill=palette.GOLD if winner else palette.TEXT, anchor="lm") + 24
    if winner:
        _star(draw, (x + w - 30, mid), 18)
    if role is not None:
        _role_badge(draw, role, lang, (cx, mid))
        return
    draw.rounded_rectangle((cx, y + 10, cx + 22, y + h - 10), 4, fill=palette.CARD_BACK,
                           outline=palette.CARD_BACK_MARK, width=2)
    text(draw, (cx + 30, mid), str(view["hands"][seat]), 26, bold=True, fill=palette.TEXT,
         anchor="lm")
    tx = x + 170
    broken = view["broken_tools"][seat]
    for tool in broken:
        tx += _broken_chip(draw, tool, lang, (tx, y + 5, h - 10)) + 4
    if not broken:
        text(draw, (tx, mid), label(lang, "tools_ok"), 20, fill=palette.TEXT_DIM, anchor="lm")


def _broken_chip(draw: ImageDraw.ImageDraw, tool: str, lang: str, box: tuple[int, int, int]) -> int:
    """A broken tool: its picture slashed, then its letter; returns the chip's width."""
    x, y, h = box
    w = h + 22
    draw.rounded_rectangle((x, y, x + w, y + h), 8, fill=palette.PAPER, outline=palette.BROKEN,
                           width=3)
    icon = (x + 2, y + 2, h - 4)
    icons.draw_tool(draw, tool, icon)
    icons.draw_slash(draw, icon)
    text(draw, (x + h + 8, y + h / 2), label(lang, "tool_letter." + tool), 22, bold=True,
         fill=palette.INK)
    return w


def _role_badge(
    draw: ImageDraw.ImageDraw, role: str, lang: str, left_mid: tuple[float, float]
) -> None:
    """A revealed role: saboteurs on purple, gold-diggers on sky blue, always in words."""
    words = label(lang, "role_short." + role)
    x0, mid = left_mid
    x1 = x0 + font(20, True).getlength(words) + 16
    fill = palette.SABOTEUR if role == "saboteur" else palette.DIGGER
    draw.rounded_rectangle((x0, mid - 15, x1, mid + 15), 8, fill=fill)
    text(draw, ((x0 + x1) / 2, mid), words, 20, bold=True, fill=palette.INK)


def _star(draw: ImageDraw.ImageDraw, centre: tuple[float, float], r: float) -> None:
    """A five-pointed star: marks the winners, on top of the orange frame and gold score."""
    cx, cy = centre
    points = [
        (cx + (r if i % 2 == 0 else r * 0.45) * math.sin(i * math.pi / 5),
         cy - (r if i % 2 == 0 else r * 0.45) * math.cos(i * math.pi / 5))
        for i in range(10)
    ]
    draw.polygon(points, fill=palette.GOLD, outline=palette.GOLD_DARK, width=2)
