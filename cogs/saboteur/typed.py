"""Saboteur's typed plays (``/game play``): the plays of a seat, the best of each card
first, in words (`cogs.saboteur.choices`, `cogs.platform.typed_plays`)."""

from __future__ import annotations

from bot.games.base import Seat
from bot.i18n import LocaleLike
from bot.service import Table
from cogs.platform.presenter import ActionChoice
from cogs.platform.typed_plays import TypedPlays
from cogs.saboteur.choices import choice, describe, ranked_actions, sab_state
from cogs.saboteur.hand import seat_words


class SaboteurPlays(TypedPlays):
    def words(self, table: Table, seat: Seat, notation: str, locale: LocaleLike) -> str:
        action = sab_state(table).parse_action(seat, notation)
        return describe(locale, action, seat_words(table, locale))

    def ranked_choices(self, table: Table, seat: Seat, locale: LocaleLike) -> list[ActionChoice]:
        """The plays of `seat`, the best of each card first (`cogs.saboteur.choices`)."""
        state = sab_state(table)
        names = seat_words(table, locale)
        return [choice(state, locale, a, names) for a in ranked_actions(state, seat)]
