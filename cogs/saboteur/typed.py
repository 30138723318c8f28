"""Saboteur's typed plays (``/game play``): the plays of a seat, the best of each card
first, in words (`cogs.saboteur.choices`, `cogs.platform.typed_plays`)."""

from __future__ import annotations

from bot.games.saboteur import SaboteurState
from bot.i18n import LocaleLike
from cogs.platform.presenter import ActionChoice
from cogs.platform.seen import SeatCopy
from cogs.platform.typed_plays import TypedPlays
from cogs.saboteur.choices import choice, describe, ranked_actions
from cogs.saboteur.hand import seat_words


def sab_copy(own: SeatCopy) -> SaboteurState:
    assert isinstance(own.state, SaboteurState)
    return own.state


class SaboteurPlays(TypedPlays):
    def words(self, own: SeatCopy, notation: str, locale: LocaleLike) -> str:
        action = sab_copy(own).parse_action(own.seat, notation)
        return describe(locale, action, seat_words(own.table, locale))

    def ranked_choices(self, own: SeatCopy, locale: LocaleLike) -> list[ActionChoice]:
        """The plays of `own.seat`, the best of each card first (`cogs.saboteur.choices`)."""
        state = sab_copy(own)
        names = seat_words(own.table, locale)
        return [choice(state, locale, a, names) for a in ranked_actions(state, own.seat)]
