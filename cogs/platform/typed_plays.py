"""What a game supplies for the actions a player types (``/game play``) and for the
private answers that name an action (a take-back): `TypedPlays`.

Unlike a presenter (`cogs.platform.presenter`, which writes from a `Seen` and never
sees the state), these compute one seat's legal actions on an engine state, as the
turn builder's steps (`cogs.platform.steps`) try steps on copies: they answer that
seat alone, privately, about its own choices, and write no public message. The
state they get is a `SeatCopy` (`cogs.platform.seen`): what the seat does not know
is drawn again there, so a ranking or a label cannot lean on anyone's secret
(tests/test_presenter_types.py keeps the `Table` out of their signatures too).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from bot.i18n import LocaleLike
from bot.service import ActResult
from cogs.platform.presenter import ActionChoice, matching
from cogs.platform.seen import SeatCopy

Ranked = Callable[[SeatCopy, LocaleLike], list[ActionChoice]]
"""Gives a seat's ranked choices (the platform's cache of `TypedPlays.ranked_choices`)."""


class TypedPlays:
    """The default: the engine's notations, in the engine's order. Subclass it for a
    game whose actions read better in words."""

    def ranked_choices(self, own: SeatCopy, locale: LocaleLike) -> list[ActionChoice]:
        """Every legal action of `own.seat`, most relevant first, labelled in words; the
        platform caches the list per table version. The default keeps the engine's order."""
        state = own.state
        notations = [state.format_action(action) for action in state.legal_actions(own.seat)]
        return [ActionChoice(n, n) for n in notations]

    def suggest(
        self, own: SeatCopy, typed: str, locale: LocaleLike, ranked: Ranked
    ) -> list[ActionChoice]:
        """At most 25 choices for what `own.seat` is typing; `ranked` gives the cached
        `ranked_choices`. A game whose notation chains steps may continue a line."""
        return matching(ranked(own, locale), typed)

    def words(self, own: SeatCopy, notation: str, locale: LocaleLike) -> str:
        """What `own.seat` playing `notation` on `own` (the state before it) does, in words,
        for the private answers that name an action (a take-back). The default is the
        notation."""
        return notation

    async def after_typed_play(
        self, interaction: discord.Interaction[Any], result: ActResult
    ) -> None:
        """Called after a typed play was posted: a game may open the panel of a
        decision the play started (Coal Baron's draw-5)."""
