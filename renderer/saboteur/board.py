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
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.games.saboteur.cells import column_name, row_name
from bot.games.saboteur.shapes import Bounds, Goal, MazeCard, RoundPlayed, SaboteurView
from renderer.draw import text, text_width
from renderer.names import fit_apart, fit_name
from renderer.palette import RGB
from renderer.replay import ReplayBoard
from renderer.saboteur import icons, palette
from renderer.saboteur.colours import PALETTE
from renderer.saboteur.labels import Names, label, seat_names
from renderer.saboteur.tiles import Face, Tile, tile_image

CELL = 72
"""Side of one maze square in pixels."""
MARGIN = 16
GUTTER = 48
"""Room for the column letters and row numbers around the grid."""
HEADER = 48
GOLD_STRIP = 64
"""Height of the row of gold cards being shared."""
MIN_WIDTH = 640
"""Narrowest board: a small maze still leaves its players' strip room for names."""
ONE_COLUMN_PLAYERS = 5
"""Up to this many players, the strip is one row each, full width (long names fit)."""
SEEN_PX = 11.3
"""The smallest text, in px, as a phone shows the image 400 px wide (the rule is 11)."""
PHONE_WIDTH = 400
MAX_ASPECT = 1.3
"""No image is taller than this times its width (desktop clients shrink taller ones)."""


def readable_px(width: int, size: int) -> int:
    """`size`, or more if needed for text to show at `SEEN_PX` once the `width`-px image
    is shown 400 px wide."""
    return max(size, math.ceil(SEEN_PX * max(width, PHONE_WIDTH) / PHONE_WIDTH))


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
    the move that ended it marked, and the roles of that round, as PNG bytes; `view` is
    ``state.view(None)``.

    Raises ValueError when that round is not finished, or was stored without its maze.
    """
    played = next((r for r in view["rounds_played"] if r["round"] == round_number), None)
    if played is None or "maze" not in played:
        raise ValueError(f"no final maze for round {round_number}")
    # The view as the round ended; the header names the round's winner.
    goals: list[Goal] = [{**goal, "revealed": True} for goal in view["goals"]]
    ended: SaboteurView = {
        **view,
        "round": round_number,
        "maze": played["maze"],
        "goals": goals,
        "gold_pool": 0,
        "to_act": [],
        "last": played.get("last"),
    }
    return PALETTE.to_png(maze_image(ended, seat_names(names, lang), lang, ended=played)[0])


def _extent(maze: Sequence[MazeCard]) -> Bounds:
    xs, ys = [card["x"] for card in maze], [card["y"] for card in maze]
    return {"min_x": min(xs), "max_x": max(xs), "min_y": min(ys), "max_y": max(ys)}


def replay_board(view: SaboteurView, lang: str, names: Sequence[str]) -> Image.Image:
    """The public board of a replay's frame (`renderer.replay`), with the players' names."""
    return board_image(view, seat_names(names, lang), lang)


REPLAY = ReplayBoard(replay_board, PALETTE)
"""Saboteur's replay frames (`cogs.saboteur.PLUGIN`)."""


def board_image(view: SaboteurView, names: Names, lang: str) -> Image.Image:
    """The public board as a Pillow image (see `render_board`)."""
    return maze_image(view, names, lang)[0]


def shown_cells(view: SaboteurView) -> tuple[range, range]:
    """The columns and rows the board shows: the cards laid and one cell around them
    (where the next can go), widened to the goals, which stay in view; the empty
    columns and rows beyond are left out."""
    laid = _extent(view["maze"])
    goals_x = [goal["x"] for goal in view["goals"]]
    goals_y = [goal["y"] for goal in view["goals"]]
    return (range(min(laid["min_x"] - 1, *goals_x), max(laid["max_x"] + 1, *goals_x) + 1),
            range(min(laid["min_y"] - 1, *goals_y), max(laid["max_y"] + 1, *goals_y) + 1))


@dataclass(frozen=True)
class Layout:
    """Sizes of a board image that follow from its width (text readable on a phone)."""

    width: int
    size: int
    """Font size of the header and the players' strip."""
    header: int
    row: int
    """Height of one player row."""
    columns: int


def _layout(view: SaboteurView, maze: tuple[int, int], players_strip: bool) -> Layout:
    """The narrowest layout holding the maze whose text reads at 400 px and which is at
    most `MAX_ASPECT` times as tall as wide (widened, the maze centred, when needed)."""
    maze_w, maze_h = maze
    width = maze_w + 2 * MARGIN
    if players_strip:
        width = max(width, MIN_WIDTH)
    columns = 1 if view["players"] <= ONE_COLUMN_PLAYERS else 2
    rows = -(-view["players"] // columns) if players_strip else 0
    pool_h = GOLD_STRIP if view["gold_pool"] else 0
    while True:
        size = readable_px(width, 24)
        layout = Layout(width, size, round(size * 1.9), round(size * 2.3), columns)
        height = MARGIN + layout.header + maze_h + pool_h + 8 + rows * layout.row + MARGIN
        if height <= MAX_ASPECT * width:
            return layout
        width = math.ceil(height / MAX_ASPECT) + 1


def maze_image(
    view: SaboteurView,
    names: Names,
    lang: str,
    players_strip: bool = True,
    ended: RoundPlayed | None = None,
    around: Bounds | None = None,
) -> tuple[Image.Image, tuple[int, int], range, range]:
    """The board image, where the grid's top-left corner is, and its columns and rows
    (for drawing over cells: see `cell_box`). The grid shows `shown_cells`; cards
    outside are left out. The last move (``view["last"]``) is marked. Without
    `players_strip`, only the header and the maze. With `ended`, the header names the
    winner of that finished round. With `around`, the grid shows those cells and one
    around instead (a placement image's spots)."""
    tiles = maze_tiles(view)
    if around is None:
        xs, ys = shown_cells(view)
    else:
        xs = range(around["min_x"] - 1, around["max_x"] + 2)
        ys = range(around["min_y"] - 1, around["max_y"] + 2)
    maze_w = GUTTER * 2 + CELL * len(xs)
    maze_h = GUTTER * 2 + CELL * len(ys)
    layout = _layout(view, (maze_w, maze_h), players_strip)
    width = layout.width
    rows = -(-view["players"] // layout.columns) if players_strip else 0
    pool_h = GOLD_STRIP if view["gold_pool"] else 0
    height = MARGIN + layout.header + maze_h + pool_h + 8 + rows * layout.row + MARGIN
    image = Image.new("RGB", (width, height), palette.BACKGROUND)
    draw = ImageDraw.Draw(image)
    _draw_header(draw, view, names, lang, layout, ended)
    left = (width - maze_w) // 2
    top = MARGIN + layout.header
    _draw_maze(image, draw, tiles, (xs, ys), (left, top), readable_px(width, 28))
    grid = (left + GUTTER, top + GUTTER)
    _mark_last_cell(draw, view, grid, xs, ys)
    top += maze_h
    if view["gold_pool"]:
        _draw_gold_pool(draw, view["gold_pool"], lang, (MARGIN, top), layout.size)
    if players_strip:
        origin = (MARGIN, top + pool_h + 8)
        _draw_players(draw, view, names, lang, origin, layout)
    return image, grid, xs, ys


def cell_box(grid: tuple[int, int], xs: range, ys: range, x: int, y: int) -> tuple[int, int]:
    """The top-left pixel of maze cell (x, y) on an image from `maze_image`."""
    return grid[0] + (x - xs.start) * CELL, grid[1] + (y - ys.start) * CELL


def last_cell(view: SaboteurView) -> tuple[int, int] | None:
    """The maze cell the last move changed or looked at: laid, cleared, or a goal seen."""
    last = view["last"]
    if last is None:
        return None
    if "x" in last and "y" in last:
        return last["x"], last["y"]
    goal = next((g for g in view["goals"] if g["name"] == last.get("goal")), None)
    return None if goal is None else (goal["x"], goal["y"])


def last_move_box(view: SaboteurView, width: int) -> tuple[int, int, int, int] | None:
    """Where the frame of the last move's cell lies on a board (`render_board`, with the
    players' strip) `width` px wide: left, top, right, bottom; None when the last move
    changed no cell (or there was none). Found without drawing, for the tests."""
    cell = last_cell(view)
    if cell is None:
        return None
    xs, ys = shown_cells(view)
    maze_w = GUTTER * 2 + CELL * len(xs)
    header = round(readable_px(width, 24) * 1.9)
    grid = ((width - maze_w) // 2 + GUTTER, MARGIN + header + GUTTER)
    return _frame(cell_box(grid, xs, ys, *cell))


def _frame(corner: tuple[int, int]) -> tuple[int, int, int, int]:
    left, top = corner
    return left - 3, top - 3, left + CELL + 2, top + CELL + 2


def _mark_last_cell(
    draw: ImageDraw.ImageDraw, view: SaboteurView, grid: tuple[int, int], xs: range, ys: range
) -> None:
    """A thick orange frame on the cell the last move changed; a cleared cell also shows
    falling rocks, a goal looked at a map (only that it was looked at: what it hides
    stays with the player)."""
    cell = last_cell(view)
    last = view["last"]
    if cell is None or last is None or cell[0] not in xs or cell[1] not in ys:
        return
    left, top = cell_box(grid, xs, ys, *cell)
    inset = CELL // 8
    if last["kind"] == "rockfall":
        icons.draw_rockfall(draw, (left + inset, top + inset, CELL - 2 * inset))
    elif last["kind"] == "map":
        icons.draw_map(draw, (left + CELL // 2, top + CELL // 2, CELL // 2 - 4))
    draw.rectangle(_frame((left, top)), outline=palette.HIGHLIGHT, width=LAST_FRAME)


LAST_FRAME = 7
"""Width of the frame on the cell the last move changed (3 px at 400 px wide)."""


def maze_tiles(view: SaboteurView) -> dict[tuple[int, int], Tile]:
    """What each occupied cell shows: face-up cards from `maze`, face-down goals from `goals`
    (a "?": the row numbers name them, a name would be too small to read on a phone)."""
    tiles = {
        (card["x"], card["y"]): Tile(_FACES[card["kind"]], card["edges"], card["dead_end"])
        for card in view["maze"]
    }
    for goal in view["goals"]:
        if not goal["revealed"]:
            tiles[goal["x"], goal["y"]] = Tile(Face.GOAL_HIDDEN)
    return tiles


def _draw_header(
    draw: ImageDraw.ImageDraw,
    view: SaboteurView,
    names: Names,
    lang: str,
    layout: Layout,
    ended: RoundPlayed | None,
) -> None:
    """The round, then who won it (a finished round: and "Game over" after the last),
    "Game over", or the deck and who is to act (their name as long as the line has
    room for it)."""
    size = layout.size
    parts = [label(lang, "round", round=view["round"], rounds=view["rounds"])]
    if ended is not None:
        parts.append(label(lang, "round_won." + ended["winner"]))
        if view["phase"] == "over" and ended["round"] == view["rounds"]:
            parts.append(label(lang, "game_over"))
    elif view["phase"] == "over":
        parts.append(label(lang, "game_over"))
    else:
        parts.append(label(lang, "deck", count=view["deck"]))
        key = "to_take_gold" if view["phase"] == "gold" else "to_play"
        room = layout.width - 2 * MARGIN - text_width(
            _SEPARATOR.join([*parts, label(lang, key, player="")]), size, bold=True)
        if view["to_act"] and room >= 4 * size:
            player = fit_name(names[view["to_act"][0]], size, room)
            parts.append(label(lang, key, player=player))
    text(draw, (MARGIN, MARGIN + layout.header // 2 - 4), _SEPARATOR.join(parts), size,
         bold=True, fill=palette.TEXT, anchor="lm")


_SEPARATOR = "  ·  "


def _draw_gold_pool(
    draw: ImageDraw.ImageDraw, cards: int, lang: str, origin: tuple[int, int], size: int
) -> None:
    """The gold cards left to share, face down: their values are secret (rulebook:
    players keep their gold secret until the end), only their number is public."""
    x, y = origin
    x += text(draw, (x, y + GOLD_STRIP / 2), label(lang, "gold_pool"), size, bold=True,
              fill=palette.GOLD, anchor="lm") + 14
    for _ in range(cards):
        x += round(icons.draw_gold_card(draw, None, x, y + 6, GOLD_STRIP - 12)) + 8


def _draw_maze(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    tiles: dict[tuple[int, int], Tile],
    cells: tuple[range, range],
    origin: tuple[int, int],
    size: int,
) -> None:
    """The grid of `cells` (columns, rows), lettered and numbered at `size` px on every
    edge, and the tiles in it."""
    xs, ys = cells
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
            text(draw, (cx, y_label), column_name(x), size, bold=True, fill=_axis_colour(x))
    for j, y in enumerate(ys):
        cy = oy + j * CELL + CELL // 2
        for x_label in (ox - GUTTER // 2, ox + grid_w + GUTTER // 2):
            text(draw, (x_label, cy), row_name(y), size, bold=True, fill=_axis_colour(y))
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
    layout: Layout,
) -> None:
    """One row per player; the names get what the widest row's right part leaves."""
    column_w = (layout.width - 2 * MARGIN) // layout.columns
    rows = -(-view["players"] // layout.columns)
    roles = _revealed_roles(view)
    scratch = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    right_w = max(
        _draw_status(scratch, view, lang, seat, roles[seat] if roles else None,
                     (0, 0, layout.row - 8, layout.size))
        for seat in range(view["players"])
    )
    for seat in range(view["players"]):
        column, row = divmod(seat, rows)
        box = (origin[0] + column * column_w, origin[1] + row * layout.row, column_w - 8)
        role = roles[seat] if roles else None
        _draw_player(draw, view, names, lang, seat, box, role, layout, right_w)


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
    names: Names,
    lang: str,
    seat: int,
    box: tuple[int, int, int],
    role: str | None,
    layout: Layout,
    right_w: int,
) -> None:
    """One row: turn arrow and name, then what matters in the phase (`_draw_status`),
    right-aligned so that the columns line up."""
    x, y, w = box
    h = layout.row - 8
    size = layout.size
    mid = y + h / 2
    acting = seat in view["to_act"]
    winner = seat in (view["winners"] or ())
    outline = palette.HIGHLIGHT if acting or winner else palette.GRID_LINE
    draw.rounded_rectangle((x, y, x + w, y + h), 10, fill=palette.EMPTY_CELL, outline=outline,
                           width=4 if acting or winner else 2)
    arrow = round(size * 0.6)
    if acting:
        draw.polygon([(x + 8, mid - arrow), (x + 8 + arrow, mid), (x + 8, mid + arrow)],
                     fill=palette.HIGHLIGHT)
    name_x = x + 14 + arrow
    status_x = x + w - 12 - right_w
    shown = fit_apart(names, seat, size, status_x - name_x - 12)
    text(draw, (name_x, mid), shown, size, bold=True,
         fill=palette.HIGHLIGHT if acting else palette.TEXT, anchor="lm")
    _draw_status(draw, view, lang, seat, role, (status_x, y + 4, h - 8, size))


def _draw_status(
    draw: ImageDraw.ImageDraw,
    view: SaboteurView,
    lang: str,
    seat: int,
    role: str | None,
    box: tuple[int, int, int, int],
) -> int:
    """What a row shows after the name, from its left edge; returns its width.

    While playing: cards in hand and broken tools (a tool the last move broke or
    repaired framed in orange; the hand of a player who just passed too). Once the
    round is over: the revealed role (and the final nuggets and a star for the winners
    when the game is over).
    """
    x0, y, h, size = box
    x = x0
    mid = y + h / 2
    if view["scores"] is not None:
        winner = seat in (view["winners"] or ())
        icons.draw_nuggets(draw, 1, (x, mid - h * 0.55, round(h * 1.1)))
        x += round(h * 1.1) + 4
        x += text(draw, (x, mid), str(view["scores"][seat]), size, bold=True,
                  fill=palette.GOLD if winner else palette.TEXT, anchor="lm") + 12
        if winner:
            _star(draw, (x + h * 0.4, mid), h * 0.4)
            x += round(h * 0.8) + 12
    if role is not None:
        return x + _role_badge(draw, role, lang, (x, mid), size) - x0
    last = view["last"]
    hand_x = x
    draw.rounded_rectangle((x, y + h * 0.1, x + h * 0.45, y + h * 0.9), 4,
                           fill=palette.CARD_BACK, outline=palette.CARD_BACK_MARK, width=2)
    x += round(h * 0.45) + 8
    x += text(draw, (x, mid), str(view["hands"][seat]), size, bold=True, fill=palette.TEXT,
              anchor="lm") + 14
    if last is not None and last["kind"] == "discard" and last["seat"] == seat:
        # passed, discarding a card face down: the hand it came from is framed
        draw.rounded_rectangle((hand_x - 6, y - 2, x - 6, y + h + 2), 8,
                               outline=palette.HIGHLIGHT, width=4)
    marked = last["tool"] if last and last.get("target") == seat and "tool" in last else None
    broken = view["broken_tools"][seat]
    for tool in broken:
        x += _tool_chip(draw, tool, lang, (x, y, h, size), True, tool == marked) + 6
    if marked is not None and marked not in broken:
        x += _tool_chip(draw, marked, lang, (x, y, h, size), False, True) + 6
    if not broken and marked is None:
        x += text(draw, (x, mid), label(lang, "tools_ok"), size, fill=palette.TEXT_DIM,
                  anchor="lm")
    return x - x0


def _tool_chip(
    draw: ImageDraw.ImageDraw,
    tool: str,
    lang: str,
    box: tuple[int, int, int, int],
    broken: bool,
    last: bool,
) -> int:
    """A tool: its picture slashed (broken) or ticked (just repaired), then its letter;
    framed in orange when the last move broke or repaired it. Returns the chip's width."""
    x, y, h, size = box
    letter = label(lang, "tool_letter." + tool)
    w = h + 8 + text_width(letter, size, bold=True)
    outline = palette.HIGHLIGHT if last else palette.BROKEN if broken else palette.REPAIR
    draw.rounded_rectangle((x, y, x + w, y + h), 8, fill=palette.PAPER, outline=outline,
                           width=5 if last else 3)
    icon = (x + 3, y + 3, h - 6)
    icons.draw_tool(draw, tool, icon)
    if broken:
        icons.draw_slash(draw, icon)
    else:
        icons.draw_tick(draw, icon)
    text(draw, (x + h + 2, y + h / 2), letter, size, bold=True, fill=palette.INK, anchor="lm")
    return w


def _role_badge(
    draw: ImageDraw.ImageDraw, role: str, lang: str, left_mid: tuple[float, float], size: int
) -> int:
    """A revealed role: saboteurs on purple, gold-diggers on sky blue, always in words;
    returns its width."""
    words = label(lang, "role_short." + role)
    x0, mid = left_mid
    w = text_width(words, size, bold=True) + 16
    fill = palette.SABOTEUR if role == "saboteur" else palette.DIGGER
    draw.rounded_rectangle((x0, mid - size * 0.75, x0 + w, mid + size * 0.75), 8, fill=fill)
    text(draw, (x0 + w / 2, mid), words, size, bold=True, fill=palette.INK)
    return w


def _star(draw: ImageDraw.ImageDraw, centre: tuple[float, float], r: float) -> None:
    """A five-pointed star: marks the winners, on top of the orange frame and gold score."""
    cx, cy = centre
    points = [
        (cx + (r if i % 2 == 0 else r * 0.45) * math.sin(i * math.pi / 5),
         cy - (r if i % 2 == 0 else r * 0.45) * math.cos(i * math.pi / 5))
        for i in range(10)
    ]
    draw.polygon(points, fill=palette.GOLD, outline=palette.GOLD_DARK, width=2)
