"""A game's replay: an animated GIF that Discord plays, and its steps one by one.

Discord plays animated GIFs in the chat (it shows an animated PNG as one still
frame: discord-api-docs #6359), so the replay is a GIF. Its first frame is a
title card (`title_card`: the game, each player with their final score, the
winner), then the public board after every turn: the record is replayed from its
start and a frame drawn with the game's own board renderer (its plugin's
``replay_board``) from the spectator's view (`state.view(None)`) at the start,
after every turn (an action after which other seats are to act, or the last one)
and at the end. Each board frame carries a caption: the number of the move (one
action of the record, as Review, the step-through and the export count them: "Move 61
of 211", "Moves 58–61 of 211" for a turn of several) and who played, by display name
(the frame shows what the move did: no notation).

Bounds, so that a long game stays a file Discord takes and a player watches:

- at most `MAX_FRAMES` frames: beyond that, turns are picked evenly (the start
  and the end always shown); fewer if the file would pass `MAX_BYTES` (8 MB,
  Discord's upload limit on a server without boosts being 10 MiB);
- frames at most `FRAME_WIDTH` wide and `MAX_ASPECT` times as tall as wide (the
  phone rule, docs/platform.md), one canvas for all (Saboteur's maze grows); each
  board keeps its proportions and is scaled on its own to the frame's width as far
  as its height allows, its caption in a band over its own heading (the round, who
  is to act: `ReplayBoard.heading`), so its words read at 400 px wide as on the
  turn's image (tests/test_replay.py);
- `TITLE_MS` on the title card, `FRAME_MS` per turn, `LAST_FRAME_MS` on the end;
  looping; every frame on the game's fixed palette (`renderer.png.FixedPalette`),
  and Pillow stores only the part of a frame that changed.

`replay_step` draws one step of the same sequence, every turn included, as a PNG:
the step-through message (`cogs.platform.replay_steps`) shows it with ◀ ▶ buttons.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from PIL import Image, ImageDraw

from bot.games.base import JSON, Event, GameState
from bot.games.record import entry_events, initial_state, parse_entry, play_entry
from bot.i18n import has_key, joined, t
from renderer.chart import line_colour
from renderer.draw import mark, text
from renderer.names import drawable_name, fit_name
from renderer.palette import HIGHLIGHT, INK, MUTED, PANEL, PAPER, player_mark
from renderer.png import FixedPalette

T = TypeVar("T")


@dataclass(frozen=True)
class ReplayBoard:
    """How a game's replay frames are drawn, defined in the game's renderer package and
    named by its plugin (``replay_board``)."""

    draw: Callable[[JSON, str, Sequence[str]], Image.Image]
    """The public board as a Pillow image, from (spectator view, language, the
    players' display names)."""
    palette: FixedPalette
    """The game's fixed palette, which every frame is mapped onto."""
    heading: int = 0
    """How many px at the top of the board (at its own size) hold its heading (the
    round, who is to act): a frame's caption, which says it for the replay, covers
    them, so that a board as tall as the phone rule allows keeps its width."""


MAX_FRAMES = 60
"""Frames of the GIF at most, its title card included."""
MAX_BYTES = 8_000_000
FRAME_WIDTH = 800
MAX_ASPECT = 1.3
TITLE_MS = 3000
FRAME_MS = 900
LAST_FRAME_MS = 4000
CAPTION_H = 44
"""The caption band's height at least (over the board's heading, `compose`)."""
CAPTION_SIZE = 26
"""Seen at 13 px or more when a frame (800 px wide at most) is shown 400 px wide."""
TITLE_SIZE = (800, 720)
"""The size of a title card shown alone (a step of the step-through message); taller
for more than ten players (`title_height`)."""
TITLE_TOP = 190
"""Where the players' rows of a title card start, under the game's name."""
TITLE_ROW = 44
"""The least height of a player's row on a title card (its words 28 px)."""
TITLE_WINNERS = 110
"""Room under the rows for the winners' line."""


@dataclass(frozen=True)
class Frame:
    """One position to draw: the public view, and the caption saying how it was reached."""

    view: JSON
    caption: str


@dataclass(frozen=True)
class Title:
    """What the title card says: the game, the players, their scores, the winners."""

    game: str
    names: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    """Empty while the game goes on."""
    moves: int
    """The moves (actions) of the record."""


def label(lang: str, key: str, **params: object) -> str:
    return t(lang, "render.replay." + key, **params)


def player_name(lang: str, names: Sequence[str], seat: int) -> str:
    """The seat's display name as the fonts draw it, or "Player n"."""
    return drawable_name(names[seat], label(lang, "player", number=seat + 1))


@dataclass(frozen=True)
class TurnEnd:
    """The game at the end of a turn (`replayed_turns`): the state (moved on by the next turn:
    read it before), the number of the move (action) that ended the turn and the seat
    that played it (0 and None at the start), the events of the turn's moves, and the
    number of its first move (`first`; `number` for a turn of one move)."""

    state: GameState[Any]
    number: int
    seat: int | None
    events: tuple[Event, ...] = ()
    first: int = 0


def replayed_turns(record: Mapping[str, JSON]) -> Iterator[TurnEnd]:
    """The game of `record` at its start and at the end of every turn (an action after
    which other seats are to act, or the last one): the frames of its replay."""
    state: GameState[Any] = initial_state(record)
    entries: list[str] = list(record.get("actions", []))
    yield TurnEnd(state, 0, None)
    events: list[Event] = []
    first = 1
    for number, entry in enumerate(entries, start=1):
        seat, _ = parse_entry(state, entry)
        acting = state.to_act()
        events += entry_events(state, entry)
        if state.to_act() == acting and number < len(entries):
            continue  # the same seats go on: one frame for the whole turn
        yield TurnEnd(state, number, seat, tuple(events), first)
        events, first = [], number + 1


def move_spans(record: Mapping[str, JSON]) -> list[tuple[int, int]]:
    """The moves each frame of the replay shows after the title card: (first, last) of
    its turn's moves, (0, 0) for the start."""
    return [(end.first, end.number) for end in replayed_turns(record)]


def moves_caption(lang: str, first: int, last: int, total: int) -> str:
    """"Move 61 of 211", or "Moves 58–61 of 211" for a turn of several moves."""
    if first == last:
        return label(lang, "move", number=last, total=total)
    return label(lang, "moves", first=first, number=last, total=total)


def positions(record: Mapping[str, JSON], lang: str, names: Sequence[str]) -> list[Frame]:
    """The public view at the start, at the end of every turn and at the end
    (`replayed_turns`) as frames to draw, each with its caption; `names` are the
    players' display names (index = seat), shortened to what the fonts draw."""
    total = len(record.get("actions", []))
    return [
        Frame(end.state.view(None), label(lang, "start")) if end.seat is None else Frame(
            end.state.view(None),
            f"{moves_caption(lang, end.first, end.number, total)}"
            f" · {player_name(lang, names, end.seat)}",
        )
        for end in replayed_turns(record)
    ]


def title_of(record: Mapping[str, JSON], lang: str, names: Sequence[str]) -> Title:
    """The title card of `record` (its end: scores and winners; scores so far, and no
    winner, for a game still going on)."""
    state: GameState[Any] = initial_state(record)
    for entry in record.get("actions", []):
        play_entry(state, entry)
    outcome = state.outcome()
    scores = state.scores() if outcome is None else outcome.scores
    game = str(record["game"])
    key = f"game.{game}.name"
    shown = tuple(player_name(lang, names, seat) for seat in range(state.num_players))
    winners = () if outcome is None else tuple(outcome.winners)
    moves = len(record.get("actions", []))
    return Title(t(lang, key) if has_key(key) else game, shown, tuple(scores), winners, moves)


def pick(frames: Sequence[T], limit: int) -> list[T]:
    """At most `limit` (>= 2) frames, evenly spread, the first and the last kept."""
    if len(frames) <= limit:
        return list(frames)
    step = (len(frames) - 1) / (limit - 1)
    return [frames[round(i * step)] for i in range(limit)]


@dataclass(frozen=True)
class Layout:
    """A frame's canvas: `size`, at most `MAX_ASPECT` times as tall as wide. Each board
    is scaled on its own to fill that width as far as its height allows (`place`), so
    its words are seen on a phone as on the turn's image, the caption band on top."""

    size: tuple[int, int]

    def place(self, board: tuple[int, int], heading: int) -> tuple[float, int]:
        """The scale of a board of size `board` whose top `heading` px the caption may
        cover (`ReplayBoard.heading`), and where its top goes."""
        return _placed(board, heading, self.size[0])


def _placed(board: tuple[int, int], heading: int, width: int) -> tuple[float, int]:
    (w, h), tallest = board, MAX_ASPECT * width
    scale = min(width / w, tallest / h, (tallest - CAPTION_H) / max(h - heading, 1))
    return scale, max(0, CAPTION_H - math.floor(heading * scale))


def layout(
    sizes: Sequence[tuple[int, int]], heading: int = 0, min_height: int = 0
) -> Layout:
    """The canvas of boards of `sizes` (see the module's bounds), whose top `heading` px
    the caption may cover: as wide as the widest board, at most `FRAME_WIDTH`, wider if
    `min_height` (the title card's room: `title_height`) needs it for the aspect."""
    width = max(min(FRAME_WIDTH, max(w for w, _ in sizes)), math.ceil(min_height / MAX_ASPECT))
    tallest = 0
    for size in sizes:
        scale, top = _placed(size, heading, width)
        tallest = max(tallest, top + round(size[1] * scale))
    return Layout((width, max(tallest, min_height)))


def compose(board: Image.Image, caption: str, frame: Layout, heading: int = 0) -> Image.Image:
    """`board` scaled into a frame of `frame`'s size, its caption in a band on top: over
    the board's own heading (its first `heading` px: round, who is to act), which the
    caption replaces in a replay, and above the board for what the heading lacks."""
    canvas = Image.new("RGB", frame.size, PAPER)
    scale, top = frame.place(board.size, heading)
    shown_size = (round(board.width * scale), round(board.height * scale))
    shown = board if shown_size == board.size else board.resize(shown_size, Image.Resampling.BOX)
    canvas.paste(shown, ((frame.size[0] - shown.width) // 2, top))
    draw = ImageDraw.Draw(canvas)
    width = frame.size[0]
    band = max(CAPTION_H, top + math.ceil(heading * scale))
    draw.rectangle((0, 0, width, band), fill=PAPER)
    text(draw, (width / 2, band / 2), caption, CAPTION_SIZE, bold=True, max_width=width - 20)
    return canvas


def winners_line(lang: str, title: Title) -> str:
    """ "Winner: Ana", "Winners: Ana and Bruno" (in `lang`)."""
    shown = [title.names[seat] for seat in title.winners]
    return label(lang, "winner" if len(shown) == 1 else "winners", names=joined(lang, shown))


def title_height(title: Title) -> int:
    """The least height of `title`'s card: a row of `TITLE_ROW` px a player."""
    return TITLE_TOP + len(title.names) * TITLE_ROW + (TITLE_WINNERS if title.winners else 40)


def title_card(title: Title, lang: str, size: tuple[int, int]) -> Image.Image:
    """The first frame: the game's name, "Replay: n moves", each player (seat mark and
    colour, name, final score; the winners highlighted) and who won, sized for `size`
    (at least 600 px wide: its words read at 400 px wide)."""
    width, height = size
    image = Image.new("RGB", size, PAPER)
    draw = ImageDraw.Draw(image)
    margin = 40
    text(draw, (width / 2, 70), title.game, 60, bold=True, max_width=width - 2 * margin)
    subtitle = label(lang, "title_moves", moves=title.moves)
    text(draw, (width / 2, 135), subtitle, 32, fill=MUTED, max_width=width - 2 * margin)
    bottom = height - (TITLE_WINNERS if title.winners else 40)
    rows = len(title.names)
    row_h = min(72, (bottom - TITLE_TOP) // max(rows, 1))
    size_px = max(26, min(36, row_h - 16))
    top = TITLE_TOP + (bottom - TITLE_TOP - rows * row_h) // 2
    left, right = margin, width - margin
    for seat, name in enumerate(title.names):
        y = top + seat * row_h
        won = seat in title.winners
        draw.rounded_rectangle(
            (left, y + 4, right, y + row_h - 4), radius=10, fill=HIGHLIGHT if won else PANEL
        )
        middle = y + row_h / 2
        mark(draw, left + 34, middle, size_px * 0.45, player_mark(seat), line_colour(seat))
        score = str(title.scores[seat])
        text(draw, (right - 24, middle), score, size_px, bold=True, anchor="rm")
        room = right - 24 - len(score) * size_px - 40 - (left + 64)
        shown = fit_name(name, size_px, room, bold=won)
        text(draw, (left + 64, middle), shown, size_px, bold=won, anchor="lm", fill=INK)
    if title.winners:
        line = winners_line(lang, title)
        text(draw, (width / 2, height - 60), line, 44, bold=True, max_width=width - 2 * margin)
    return image


def _frames(
    record: Mapping[str, JSON], lang: str, board: ReplayBoard, names: Sequence[str],
    shown: Sequence[Frame],
) -> list[Image.Image]:
    """The title card then each of `shown`, as RGB images of one size."""
    boards = [board.draw(frame.view, lang, names) for frame in shown]
    title = title_of(record, lang, names)
    frame = layout([image.size for image in boards], board.heading, title_height(title))
    pairs = zip(boards, shown, strict=True)
    card = title_card(title, lang, frame.size)
    return [
        card, *(compose(image, step.caption, frame, board.heading) for image, step in pairs)
    ]


def encode_gif(frames: Sequence[Image.Image], palette: FixedPalette) -> bytes:
    """`frames` (the title card first) as a looping GIF on `palette`."""
    mapped = [palette.map(frame) for frame in frames]
    durations = [TITLE_MS] + [FRAME_MS] * (len(mapped) - 2) + [LAST_FRAME_MS]
    buffer = io.BytesIO()
    mapped[0].save(
        buffer, "GIF", save_all=True, append_images=mapped[1:], duration=durations[: len(mapped)],
        loop=0, optimize=False,
    )
    return buffer.getvalue()


def replay_gif(
    record: Mapping[str, JSON], language: str, board: ReplayBoard, names: Sequence[str]
) -> bytes:
    """The animated GIF of `record` (see the module's bounds), each board drawn by
    `board` with the players' display `names`; raises `bot.games.record.ReplayError`
    for a bad record."""
    turns = positions(record, language, names)
    limit = MAX_FRAMES - 1
    while True:
        shown = pick(turns, limit)
        frames = _frames(record, language, board, names, shown)
        data = encode_gif(frames, board.palette)
        if len(data) <= MAX_BYTES or limit <= 2:
            return data
        limit = max(2, limit // 2)


def replay_steps(record: Mapping[str, JSON]) -> int:
    """How many steps the step-through of `record` has: the title card, the start and
    the end of every turn."""
    return 1 + sum(1 for _ in replayed_turns(record))


def replay_step(
    record: Mapping[str, JSON], language: str, board: ReplayBoard, names: Sequence[str],
    step: int,
) -> bytes:
    """Step `step` (0: the title card) of `record`'s replay as PNG bytes; IndexError
    for a step it does not have."""
    turns = positions(record, language, names)
    if not 0 <= step <= len(turns):
        raise IndexError(f"step {step} of {len(turns) + 1}")
    if step == 0:
        title = title_of(record, language, names)
        size = (TITLE_SIZE[0], max(TITLE_SIZE[1], title_height(title)))
        return board.palette.to_png(title_card(title, language, size))
    shown = turns[step - 1]
    image = board.draw(shown.view, language, names)
    frame = layout([image.size], board.heading)
    return board.palette.to_png(compose(image, shown.caption, frame, board.heading))
