"""Coal Baron's typed plays (``/game play``): its legal steps in words, a line of steps
continued step by step (`cogs.coal_baron.suggest`), and the panel a typed draw-5 or
lone mining placement opens (`cogs.platform.typed_plays`)."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.coal_baron.draw import DrawFive
from bot.games.coal_baron.extraction import Extraction
from bot.games.coal_baron.shapes import as_view
from bot.games.coal_baron.state import CoalBaronState
from bot.i18n import LocaleLike
from bot.service import ActResult
from cogs.coal_baron.draw import open_draw_panel
from cogs.coal_baron.extraction import open_extraction_panel
from cogs.coal_baron.labels import step_label
from cogs.coal_baron.suggest import ranked_steps, suggestions
from cogs.coal_baron.turn import coal_state
from cogs.platform.presenter import ActionChoice
from cogs.platform.seen import SeatCopy
from cogs.platform.typed_plays import Ranked, TypedPlays


def coal_copy(own: SeatCopy) -> CoalBaronState:
    assert isinstance(own.state, CoalBaronState)
    return own.state


class CoalBaronPlays(TypedPlays):
    def words(self, own: SeatCopy, notation: str, locale: LocaleLike) -> str:
        state, seat = coal_copy(own), own.seat
        view = as_view(state.view(seat))
        return step_label(locale, view, seat, state.parse_action(seat, notation))

    def ranked_choices(self, own: SeatCopy, locale: LocaleLike) -> list[ActionChoice]:
        return ranked_steps(coal_copy(own), own.seat, locale)

    def suggest(
        self, own: SeatCopy, typed: str, locale: LocaleLike, ranked: Ranked
    ) -> list[ActionChoice]:
        """The cached first steps while one step is typed; a longer line is continued
        step by step (`cogs.coal_baron.suggest`)."""
        if len(typed.split()) <= 1 and not typed.endswith(" "):
            return super().suggest(own, typed, locale, ranked)
        return suggestions(coal_copy(own), own.seat, typed, locale)

    async def after_typed_play(
        self, interaction: discord.Interaction[Any], result: ActResult
    ) -> None:
        """After a draw-5 or a lone mining placement, open its panel for the player."""
        state = coal_state(result.table)
        if result.seat not in state.to_act():
            return
        if isinstance(state.pending, DrawFive):
            await open_draw_panel(interaction, result.table, result.seat)
        elif isinstance(state.pending, Extraction):
            await open_extraction_panel(interaction, result.table, result.seat, [])
