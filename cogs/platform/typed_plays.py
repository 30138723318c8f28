"""What a game supplies for the actions a player types (``/game play``) and for the
private answers that name an action (a take-back): `TypedPlays`.

Unlike a presenter (`cogs.platform.presenter`, which writes from a `Seen` and never
sees the state), these compute one seat's legal actions on the engine state, as the
turn builder's steps (`cogs.platform.steps`) try steps on copies: they answer that
seat alone, privately, about its own choices, and write no public message.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from bot.games.base import Seat
from bot.i18n import LocaleLike
from bot.service import ActResult, Table
from cogs.platform.presenter import ActionChoice, matching

Ranked = Callable[[Table, Seat, LocaleLike], list[ActionChoice]]
"""Gives a seat's ranked choices (the platform's cache of `TypedPlays.ranked_choices`)."""


class TypedPlays:
    """The default: the engine's notations, in the engine's order. Subclass it for a
    game whose actions read better in words."""

    def ranked_choices(self, table: Table, seat: Seat, locale: LocaleLike) -> list[ActionChoice]:
        """Every legal action of `seat`, most relevant first, labelled in words; the
        platform caches the list per table version. The default keeps the engine's order."""
        assert table.state is not None
        state = table.state
        notations = [state.format_action(action) for action in state.legal_actions(seat)]
        return [ActionChoice(n, n) for n in notations]

    def suggest(
        self, table: Table, seat: Seat, typed: str, locale: LocaleLike, ranked: Ranked
    ) -> list[ActionChoice]:
        """At most 25 choices for what `seat` is typing; `ranked` gives the cached
        `ranked_choices`. A game whose notation chains steps may continue a line."""
        return matching(ranked(table, seat, locale), typed)

    def words(self, table: Table, seat: Seat, notation: str, locale: LocaleLike) -> str:
        """What `seat` playing `notation` at `table` (the state before it) does, in words,
        for the private answers that name an action (a take-back). The default is the
        notation."""
        return notation

    async def after_typed_play(
        self, interaction: discord.Interaction[Any], result: ActResult
    ) -> None:
        """Called after a typed play was posted: a game may open the panel of a
        decision the play started (Coal Baron's draw-5)."""
