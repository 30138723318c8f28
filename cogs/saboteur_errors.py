"""User errors of Saboteur's Discord layer.

They live outside the extension module: discord.py re-executes an extension
when it loads, which would make a fresh class of each error per bot.
"""

from __future__ import annotations

from bot.errors import UserError


class NoSaboteurHere(UserError):
    """The channel has no Saboteur table (no table, or another game's)."""

    key = "sab.no_table"


class NotYourHand(UserError):
    """A hand-view component used by another user than the seat it belongs to."""

    key = "sab.not_your_hand"
