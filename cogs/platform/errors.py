"""User errors raised by the Discord layer itself (the service raises the others).

They live outside the extension modules: discord.py re-executes an extension
when it loads, which would make a fresh class of each error per bot.
"""

from __future__ import annotations

from bot.service.errors import UserError


class NoTableHere(UserError):
    key = "no_table_here"


class NotAPlayer(UserError):
    """A command asked to show a member who does not play at the table."""

    key = "not_a_player"


class WrongGame(UserError):
    """A game's command (``/coal``, ``/sab``) in a channel whose table plays another game;
    params: `game` (this channel's game) and `wanted` (the command's), display names."""

    key = "wrong_game"


class ExportBeforeEnd(UserError):
    """The record holds the seed, which tells every hidden card: only after the end."""

    key = "export_before_end"


class AwayBadDate(UserError):
    """`/game away until:` is not a year-month-day date; param `date`, as typed."""

    key = "away_bad_date"


class NoComputers(UserError):
    """Computer players do not play this table's game (no take-over, no stand-in)."""

    key = "no_computers"


class CardGameMissing(UserError):
    """`/game card` without `game:` in a channel with no table: which game's card?"""

    key = "card_game_missing"


class CardUnknown(UserError):
    """`/game card` named no card of the game (typed, not picked); param `game`."""

    key = "card_unknown"


class NoCards(UserError):
    """`/game card` for a game without a catalogue; param `game`."""

    key = "no_cards"


class InvitationInvalid(UserError):
    """A Join button of an invitation or of `/game open` whose custom_id was not made by
    the bot for that table (forged or tampered)."""

    key = "invitation_invalid"


class TableOutOfSight(UserError):
    """A Join from outside the table's channel by someone who cannot read it; param `table`."""

    key = "table_out_of_sight"


class InviteChannelClosed(UserError):
    """`/game invite channel:` names a channel the user cannot read, or no text channel
    or thread of this server (one the bot may not post in is `BotLacksPermissions`);
    param `channel` (a mention)."""

    key = "invite_channel_closed"


class MistypedPlay(UserError):
    """``/game play`` typed by hand that reads as no move; params: `typed` (as typed),
    `closest` (the closest legal moves in words, one a line) and `notation` (for a player
    who typed notation: what the game's notation expected there, else "")."""

    key = "mistyped_play"
