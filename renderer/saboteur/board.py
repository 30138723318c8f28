"""The public Saboteur image posted after every turn, and the final maze of a round.

Drawn from the spectator view (``state.view(None)``) only, so it cannot show a
role, a hand, a peek or a face-down goal: the maze on its grid, its columns
lettered and its rows numbered on every edge (`bot.games.saboteur.cells`:
the start is D5; texts name cells the same way, the notation's ``x,y`` is not
shown), face-down goals with their names; on top the round, the deck and whose turn it is; below,
the gold being shared if any and the strip of players, one row each with the
player's name: cards in hand and broken tools while the round is played, then
the revealed roles and, at the end, the nuggets and the winners.

`render_round_end` draws a finished round from the view's ``rounds_played``: its
final maze with every goal face up and the roles of that round, so the round-end
message can show it even once the next round is dealt.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.games.saboteur.cells import column_name, row_name
from bot.games.saboteur.shapes import Goal, RoundPlayed, SaboteurView
from renderer.draw import text
from renderer.fonts import font
from renderer.names import fit_name
from renderer.palette import RGB
from renderer.replay import ReplayBoard
from renderer.saboteur import icons, palette
from renderer.saboteur.colours import PALETTE
from renderer.saboteur.labels import Names, label, seat_names
from renderer.saboteur.tiles import Face, Tile, tile_image

CELL = 72
"""Side of one maze square in pixels."""
MARGIN = 16
GUTTER = 40
"""Room for the column letters and row numbers around the grid."""
HEADER = 48
ROW = 60
"""Height of one player row."""
GOLD_STRIP = 64
"""Height of the row of gold cards being shared."""
COLUMN_MIN = 500
"""Narrowest player column; two columns when the image is wide enough."""
NAME_W = 180
"""Room for a player's name in its row; longer names are cut with "…"."""

_FACES = {
    "start": Face.START,
    "path": Face.PATH,
    "goal_gold": Face.GOAL_GOLD,
    "goal_stone": Face.GOAL_STONE,
}


def render_board(view: SaboteurView, names: Sequence[str], lang: str) -> bytes:
    """The public board as PNG bytes; `view` is ``state.view(None)``, `names` the players'
    display names (index = seat)."""
    return PALETTE.to_png(board_image(view, seat_names(names, lang), lang))


def render_round_end(
    view: SaboteurView, round_number: int, names: Sequence[str], lang: str
) -> bytes:
    """The final maze of finished round `round_number` (1-3) with every goal face up,
    and the roles of that round, as PNG bytes; `view` is ``state.view(None)``.

    Raises ValueError when that round is not finished, or was stored without its maze.
    """
    played = next((r for r in view["rounds_played"] if r["round"] == round_number), None)
    if played is None or "maze" not in played:
        raise ValueError(f"no final maze for round {round_number}")
    cells = [(card["x"], card["y"]) for card in played["maze"]]
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    # The view as the round ended; the header names the round's winner.
    goals: list[Goal] = [{**goal, "revealed": True} for goal in view["goals"]]
    ended: SaboteurView = {
        **view,
        "round": round_number,
        "maze": played["maze"],
        "goals": goals,
        "bounds": {"min_x": min(xs), "max_x": max(xs), "min_y": min(ys), "max_y": max(ys)},
        "gold_pool": 0,
        "to_act": [],
    }
    return PALETTE.to_png(maze_image(ended, seat_names(names, lang), lang, ended=played)[0])


def replay_board(view: SaboteurView, lang: str, names: Sequence[str]) -> Image.Image:
    """The public board of a replay's frame (`renderer.replay`), with the players' names."""
    return board_image(view, seat_names(names, lang), lang)


REPLAY = ReplayBoard(replay_board, PALETTE)
"""Saboteur's replay frames (`cogs.saboteur.PLUGIN`)."""


def board_image(view: SaboteurView, names: Names, lang: str) -> Image.Image:
    """The public board as a Pillow image (see `render_board`)."""
    return maze_image(view, names, lang)[0]


def maze_image(
    view: SaboteurView,
    names: Names,
    lang: str,
    players_strip: bool = True,
    ended: RoundPlayed | None = None,
) -> tuple[Image.Image, tuple[int, int], range, range]:
    """The board image, where the grid's top-left corner is, and its columns and rows
    (for drawing over cells: see `cell_box`). The grid shows ``view["bounds"]`` and one
    cell around; cards outside are left out. Without `players_strip`, only the header and
    the maze, the image as wide as the maze. With `ended`, the header names the winner
    of that finished round."""
    tiles = maze_tiles(view, lang)
    bounds = view["bounds"]
    # one empty cell around the maze: where cards can still go
    xs = range(bounds["min_x"] - 1, bounds["max_x"] + 2)
    ys = range(bounds["min_y"] - 1, bounds["max_y"] + 2)
    maze_w = GUTTER * 2 + CELL * len(xs)
    maze_h = GUTTER * 2 + CELL * len(ys)
    width = max(maze_w, 2 * COLUMN_MIN if players_strip else 0) + 2 * MARGIN
    players = view["players"]
    columns = 2 if width - 2 * MARGIN >= 2 * COLUMN_MIN else 1
    rows = -(-players // columns) if players_strip else 0
    pool_h = GOLD_STRIP if view["gold_pool"] else 0  # a number of face-down cards
    height = MARGIN + HEADER + maze_h + pool_h + 8 + rows * ROW + MARGIN
    image = Image.new("RGB", (width, height), palette.BACKGROUND)
    draw = ImageDraw.Draw(image)
    _draw_header(draw, view, names, lang, width, ended)
    left = MARGIN + (width - 2 * MARGIN - maze_w) // 2
    _draw_maze(image, draw, tiles, xs, ys, (left, MARGIN + HEADER))
    top = MARGIN + HEADER + maze_h
    if view["gold_pool"]:
        _draw_gold_pool(draw, view["gold_pool"], lang, (MARGIN, top))
    if players_strip:
        origin = (MARGIN, top + pool_h + 8)
        _draw_players(draw, view, names, lang, origin, width - 2 * MARGIN, columns)
    return image, (left + GUTTER, MARGIN + HEADER + GUTTER), xs, ys


def cell_box(grid: tuple[int, int], xs: range, ys: range, x: int, y: int) -> tuple[int, int]:
    """The top-left pixel of maze cell (x, y) on an image from `maze_image`."""
    return grid[0] + (x - xs.start) * CELL, grid[1] + (y - ys.start) * CELL


def maze_tiles(view: SaboteurView, lang: str) -> dict[tuple[int, int], Tile]:
    """What each occupied cell shows: face-up cards from `maze`, face-down goals from `goals`
    (with their names in `lang`: top, middle, bottom)."""
    tiles = {
        (card["x"], card["y"]): Tile(_FACES[card["kind"]], card["edges"], card["dead_end"])
        for card in view["maze"]
    }
    for goal in view["goals"]:
        if not goal["revealed"]:
            name = label(lang, "goal_name." + goal["name"])
            tiles[goal["x"], goal["y"]] = Tile(Face.GOAL_HIDDEN, name=name)
    return tiles


def _draw_header(
    draw: ImageDraw.ImageDraw,
    view: SaboteurView,
    names: Names,
    lang: str,
    width: int,
    ended: RoundPlayed | None,
) -> None:
    parts = [label(lang, "round", round=view["round"], rounds=view["rounds"])]
    if ended is not None:
        parts.append(label(lang, "round_won." + ended["winner"]))
    elif view["phase"] == "over":
        parts += [label(lang, "deck", count=view["deck"]), label(lang, "game_over")]
    else:
        key = "to_take_gold" if view["phase"] == "gold" else "to_play"
        player = fit_name(names[view["to_act"][0]], 26, NAME_W)
        parts += [label(lang, "deck", count=view["deck"]), label(lang, key, player=player)]
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
            text(draw, (cx, y_label), column_name(x), 30, bold=True, fill=_axis_colour(x),
                 max_width=CELL - 4)
    for j, y in enumerate(ys):
        cy = oy + j * CELL + CELL // 2
        for x_label in (ox - GUTTER // 2, ox + grid_w + GUTTER // 2):
            text(draw, (x_label, cy), row_name(y), 30, bold=True, fill=_axis_colour(y),
                 max_width=GUTTER - 2)
    for (x, y), tile in tiles.items():
        if x in xs and y in ys:
            corner = (ox + (x - xs.start) * CELL, oy + (y - ys.start) * CELL)
            image.paste(tile_image(tile, CELL), corner)


def _axis_colour(value: int) -> RGB:
    """The start's row and column (coordinate 0) stand out to anchor the count."""
    return palette.TEXT if value == 0 else palette.TEXT_DIM


def _draw_players(
    draw: ImageDraw.ImageDraw,
    view: SaboteurView,
    names: Names,
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
        _draw_player(draw, view, names[seat], lang, seat, box, roles[seat] if roles else None)


def _revealed_roles(view: SaboteurView) -> list[str] | None:
    """The roles of this round once it is over and they are turned face up, else None."""
    for played in view["rounds_played"]:
        if played["round"] == view["round"]:
            roles: list[str] = played["roles"]
            return roles
    return None


def _draw_player(
    draw: ImageDraw.ImageDraw,
    view: SaboteurView,
    name: str,
    lang: str,
    seat: int,
    box: tuple[int, int, int],
    role: str | None,
) -> None:
    """One row: turn arrow and name, then what matters in the phase.

    While playing: cards in hand and broken tools. Once the round is over: the
    revealed role (and the final nuggets when the game is over).
    """
    x, y, w = box
    h = ROW - 8
    mid = y + h / 2
    acting = seat in view["to_act"]
    winner = seat in (view["winners"] or ())
    outline = palette.HIGHLIGHT if acting or winner else palette.GRID_LINE
    draw.rounded_rectangle((x, y, x + w, y + h), 10, fill=palette.EMPTY_CELL, outline=outline,
                           width=4 if acting or winner else 2)
    if acting:
        draw.polygon([(x + 8, mid - 11), (x + 23, mid), (x + 8, mid + 11)], fill=palette.HIGHLIGHT)
    text(draw, (x + 28, mid), fit_name(name, 26, NAME_W - 8), 26, bold=True,
         fill=palette.HIGHLIGHT if acting else palette.TEXT, anchor="lm")
    cx = x + 28 + NAME_W
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
    tx = cx + 66
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
