"""The scoring table after a shift: each element of the time clock, every seat's count and
the VP it won; after the third shift also the final conversions and the standings."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.games.coal_baron.components import COAL_ELEMENT, VEHICLE_ELEMENT, ScoringElement
from bot.games.coal_baron.scoring import ElementScore
from bot.games.coal_baron.shapes import CoalView
from renderer.coal_baron import glyphs
from renderer.coal_baron.colours import PALETTE
from renderer.coal_baron.glyphs import Letters
from renderer.coal_baron.labels import Names, label, letters, seat_names
from renderer.coal_baron.model import Final, final_from_view, shift_results
from renderer.draw import pawn, text
from renderer.names import fit_apart
from renderer.palette import HIGHLIGHT, INK, MUTED, PANEL, PAPER, WHITE, player_colour

WIDTH = 1100
MARGIN = 20
LABEL_W = 250
ROW_H = 64
GROUP_H = 40
"""A line naming what the next elements count (coal, vehicles, empty carts)."""
TITLE_H = 60
HEAD_H = 70
STANDING_H = 90


def render_scoring(view: CoalView, shift: int, names: Sequence[str], lang: str) -> bytes:
    """The scoring of finished `shift` (1-3) in `view`; with the game over and `shift` 3,
    the final conversions and standings too. PNG bytes; `names`: display names by seat."""
    results = shift_results(view["shift_scores"][shift - 1])
    final = final_from_view(view["final"]) if shift == 3 and view["final"] else None
    return scoring_png(results, shift, final, seat_names(names, lang), lang)


def scoring_png(
    results: tuple[ElementScore, ...], shift: int, final: Final | None, names: Names, lang: str
) -> bytes:
    players = len(names)
    rows = len(results) + 1
    kinds = {result.element.kind for result in results}
    height = MARGIN + TITLE_H + HEAD_H + rows * ROW_H + len(kinds) * GROUP_H + MARGIN
    if final is not None:
        height += TITLE_H + 5 * ROW_H + TITLE_H + STANDING_H + MARGIN
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    column_w = (WIDTH - 2 * MARGIN - LABEL_W) // players
    y = MARGIN
    _title(draw, y, label(lang, "scoring.title", shift=shift))
    y += TITLE_H
    _seat_heads(draw, y, names, column_w)
    y += HEAD_H
    colour_letters = letters(lang)
    kind = None
    for index, result in enumerate(results):
        if result.element.kind != kind:
            kind = result.element.kind
            text(draw, (MARGIN + 4, y + GROUP_H / 2 + 4), label(lang, "scoring.group." + kind), 24,
                 bold=True, fill=MUTED, anchor="lm")
            y += GROUP_H
        _row_band(draw, y, index)
        _element_label(draw, y, result.element, players, colour_letters)
        for seat in range(players):
            _cell(
                draw,
                _column_x(seat, column_w),
                y,
                column_w,
                str(result.counts[seat]),
                result.awarded[seat],
                muted=result.counts[seat] == 0,
            )
        y += ROW_H
    _row_band(draw, y, 1, strong=True)
    text(
        draw, (MARGIN + 14, y + ROW_H / 2), label(lang, "scoring.total"), 30, bold=True, anchor="lm"
    )
    for seat in range(players):
        total = sum(result.awarded[seat] for result in results)
        _cell(draw, _column_x(seat, column_w), y, column_w, "", total)
    y += ROW_H
    if final is not None:
        _draw_final(draw, y + MARGIN, final, names, column_w, lang)
    return PALETTE.to_png(image)


def _column_x(seat: int, column_w: int) -> int:
    return MARGIN + LABEL_W + seat * column_w


def _title(draw: ImageDraw.ImageDraw, y: int, words: str) -> None:
    text(
        draw,
        (MARGIN, y + TITLE_H / 2),
        words,
        34,
        bold=True,
        anchor="lm",
        max_width=WIDTH - 2 * MARGIN,
    )


def _seat_heads(draw: ImageDraw.ImageDraw, y: int, names: Names, column_w: int) -> None:
    """Each seat's pawn over its name, cut to the column."""
    for seat in range(len(names)):
        x = _column_x(seat, column_w)
        pawn(draw, x + column_w / 2 - 14, y - 2, 40, seat, player_colour(seat))
        shown = fit_apart(names, seat, 26, column_w - 12)
        text(draw, (x + column_w / 2, y + 54), shown, 26, bold=True)


def _row_band(draw: ImageDraw.ImageDraw, y: int, index: int, strong: bool = False) -> None:
    fill = WHITE if strong or index % 2 else PANEL
    draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW_H), fill=fill)
    if strong:
        draw.line((MARGIN, y, WIDTH - MARGIN, y), fill=INK, width=3)


def _element_label(
    draw: ImageDraw.ImageDraw, y: int, element: ScoringElement, players: int, names: Letters
) -> None:
    """The element's icon and its VP for first / second place (no second with 2 players)."""
    x = MARGIN + 12
    if element.kind == COAL_ELEMENT:
        glyphs.cube(draw, x + 10, y + 12, 40, element.param, names[element.param])
    elif element.kind == VEHICLE_ELEMENT:
        glyphs.vehicle(draw, x, y + 10, element.param, scale=1.05)
    else:
        glyphs.cart(draw, x + 4, y - 22, element.param, None, names)
    second = f"/{element.second}" if players > 2 else ""
    text(draw, (x + 84, y + ROW_H / 2), f"{element.first}{second}", 30, bold=True, anchor="lm")


def _cell(
    draw: ImageDraw.ImageDraw, x: int, y: int, w: int, count: str, vp: int, muted: bool = False
) -> None:
    """A seat's count for a row, and the VP won as an orange pill (nothing when 0)."""
    cy = y + ROW_H / 2
    if count:
        text(draw, (x + 20, cy), count, 30, bold=True, fill=MUTED if muted else INK, anchor="lm")
    if vp:
        words = f"{vp:+d}".replace("-", "−")
        pill_w = 24 + len(words) * 20
        right = x + w - 16
        fill = HIGHLIGHT if vp > 0 else glyphs.PALE_FRAME
        draw.rounded_rectangle(
            (right - pill_w, cy - 22, right, cy + 22), radius=20, fill=fill, outline=INK, width=2
        )
        text(draw, (right - pill_w / 2, cy + 1), words, 30, bold=True)


def _draw_final(
    draw: ImageDraw.ImageDraw, y: int, final: Final, names: Names, column_w: int, lang: str
) -> None:
    """Final conversions (rulebook "Fin de partie"), final scores and standings."""
    _title(draw, y, label(lang, "scoring.final"))
    y += TITLE_H
    rows: list[tuple[str, list[tuple[str, int]]]] = [
        (
            label(lang, "scoring.francs"),
            [(label(lang, "francs", amount=c.money), c.money_vp) for c in final.conversions],
        ),
        (label(lang, "scoring.cubes"), [(str(c.cubes), c.cubes_vp) for c in final.conversions]),
        (
            label(lang, "scoring.undelivered"),
            [(str(c.undelivered), c.undelivered_vp) for c in final.conversions],
        ),
        (
            label(lang, "scoring.balance"),
            [(f"{c.lit_tiles}/{c.dark_tiles}", c.imbalance_vp) for c in final.conversions],
        ),
    ]
    for index, (words, cells) in enumerate(rows):
        _row_band(draw, y, index)
        text(
            draw,
            (MARGIN + 14, y + ROW_H / 2),
            words,
            26,
            bold=True,
            anchor="lm",
            max_width=LABEL_W - 20,
        )
        for seat, (count, vp) in enumerate(cells):
            _cell(draw, _column_x(seat, column_w), y, column_w, count, vp)
        y += ROW_H
    _row_band(draw, y, 1, strong=True)
    text(
        draw,
        (MARGIN + 14, y + ROW_H / 2),
        label(lang, "scoring.final_score"),
        30,
        bold=True,
        anchor="lm",
        max_width=LABEL_W - 20,
    )
    for seat in range(len(names)):
        score = label(lang, "vp", vp=final.scores[seat])
        text(draw, (_column_x(seat, column_w) + column_w / 2, y + ROW_H / 2), score, 32, bold=True)
    y += ROW_H + 12
    _title(draw, y, label(lang, "scoring.standings"))
    _standings(draw, y + TITLE_H, final, names)


def _standings(draw: ImageDraw.ImageDraw, y: int, final: Final, names: Names) -> None:
    """Seats best first with their rank; ties (same VP and Francs) share a rank."""
    width = (WIDTH - 2 * MARGIN - 10 * (len(final.standings) - 1)) // len(final.standings)
    rank = 0
    previous: tuple[int, int] | None = None
    for place, seat in enumerate(final.standings):
        key = (final.scores[seat], final.money_left[seat])
        if key != previous:
            rank = place + 1
        previous = key
        x = MARGIN + place * (width + 10)
        winner = seat in final.winners
        draw.rounded_rectangle(
            (x, y, x + width, y + STANDING_H - 10),
            radius=12,
            fill=WHITE,
            outline=HIGHLIGHT if winner else MUTED,
            width=6 if winner else 2,
        )
        cy = y + (STANDING_H - 10) / 2
        text(draw, (x + 14, cy), f"{rank}.", 34, bold=True, anchor="lm")
        pawn(draw, x + 72, cy - 26, 52, seat, player_colour(seat))
        words = fit_apart(names, seat, 26, width - 104 - (30 if winner else 0))
        text(draw, (x + 96, cy), words + (" ★" if winner else ""), 26, bold=True, anchor="lm")
