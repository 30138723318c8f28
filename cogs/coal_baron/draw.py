"""The draw-5 put-back, in the platform's turn builder.

The draw itself (``fd`` / ``od``) is played at once: the cards are then seen,
so it cannot be taken back. The panel, shown ephemerally to the drawing player
only, holds the choices that follow: a select to keep a card or none (a tile the
supply can't fill offers one option per colour choice), then two selects to put
each remaining card back on top (under those already put on top) or at the
bottom, in the order chosen; "All back on top, as drawn" puts them all back on
top. Each choice is tried on a copy of the state; Confirm plays the whole line
(``keep g2l top k1d bottom y1l``) as one action.
"""

from __future__ import annotations

from typing import Any

from bot.games.base import GameState, Seat
from bot.games.coal_baron.actions import Keep
from bot.games.coal_baron.draw import DrawFive, sides
from bot.games.coal_baron.shapes import PendingView, as_view
from bot.games.coal_baron.state import CoalBaronState
from bot.i18n import LocaleLike, language_of, t
from bot.service import ActResult, Table
from cogs.coal_baron.labels import View, card_text, step_label
from cogs.coal_baron.turn import coal_state
from cogs.platform.alt_text import description, seen_of
from cogs.platform.builder import open_builder
from cogs.platform.items import Interaction
from cogs.platform.names import known_names
from cogs.platform.presenter import image_file
from cogs.platform.steps import Menu, Picture, StepOption, TurnSteps
from renderer.coal_baron.draw5 import render_draw5

DRAW_FILE = "draw.png"


def pending_draw(state: CoalBaronState) -> DrawFive | None:
    return state.pending if isinstance(state.pending, DrawFive) else None


def drawing(view: View) -> PendingView:
    """The draw-5 under way in `view` (the panel opens only then)."""
    pending = view["pending"]
    assert pending is not None and pending["kind"].startswith("draw-"), pending
    return pending


def summary_lines(
    locale: LocaleLike, state: CoalBaronState, seat: Seat, steps: list[str]
) -> list[str]:
    """The drawn cards in words, then the choices made so far, in words too."""
    committed = as_view(state.view(seat))
    cards = drawing(committed).get("cards") or []
    lines = [f"• {card_text(locale, card['name'])}" for card in cards]
    if steps:
        chosen = [step_label(locale, committed, seat, state.parse_action(seat, s)) for s in steps]
        lines.append(t(locale, "coal.draw.so_far", line=" · ".join(chosen)))
    return lines


class DrawSteps(TurnSteps):
    kind = "draw"

    def under_way(self, state: GameState[Any]) -> bool:
        """A draw-5 panel works only while the draw-5 is pending."""
        return isinstance(state, CoalBaronState) and pending_draw(state) is not None

    def menus(
        self, table: Table, seat: Seat, steps: list[str], after: GameState[Any], locale: LocaleLike
    ) -> list[Menu]:
        assert isinstance(after, CoalBaronState)
        draw = pending_draw(after)
        if draw is None:
            return []
        if not draw.kept:
            view = as_view(after.view(seat))
            keeps = [
                StepOption(after.format_action(a), step_label(locale, view, seat, a))
                for a in after.legal_actions(seat)
                if isinstance(a, Keep)
            ]
            return [Menu(keeps, t(locale, "coal.draw.keep"))]
        names = draw.names()
        allowed = sides(draw)  # one side only, once a card went back at a one-side table
        menus = [
            Menu(
                [StepOption(f"{where} {name}", card_text(locale, name)) for name in names],
                t(locale, f"coal.draw.{where}"),
            )
            for where, bottom in (("top", False), ("bottom", True))
            if bottom in allowed
        ]
        if False in allowed:
            in_order = " ".join(f"top {draw.name(card)}" for card in draw.cards)
            in_order_step = StepOption(in_order, t(locale, "coal.draw.pile_order"))
            menus.append(Menu([in_order_step], buttons=True))
        return menus

    def line(self, steps: list[str], after: GameState[Any], seat: Seat) -> str | None:
        assert isinstance(after, CoalBaronState)
        return None if pending_draw(after) is not None else " ".join(steps)

    async def picture(
        self, table: Table, seat: Seat, steps: list[str], after: GameState[Any],
        locale: LocaleLike, played: ActResult | None,
    ) -> Picture:
        assert isinstance(after, CoalBaronState)
        committed = as_view(coal_state(table).view(seat))
        shown = as_view(after.view(seat)) if pending_draw(after) else committed
        lang = language_of(locale)
        names = known_names(table)
        told = description(seen_of(table, after, seat, names, shown), locale, "draw", played,
                           parts=("offer",))
        image = await image_file(DRAW_FILE, render_draw5, shown, names, lang, description=told)
        return Picture(
            t(locale, f"coal.draw.title.{drawing(committed)['kind']}"),
            summary_lines(locale, coal_state(table), seat, steps),
            image,
        )


DRAW = DrawSteps()


async def open_draw_panel(interaction: Interaction, table: Table, seat: Seat) -> None:
    """Show the drawn cards and the choices to the drawing player, ephemerally."""
    await open_builder(interaction, table, seat, DRAW.kind, [])
