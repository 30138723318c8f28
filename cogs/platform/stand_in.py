"""A computer playing for a person at a Discord table (docs/platform.md).

- The lobby's toggle "🤖 Idle players: a computer takes over" (creator only,
  `cogs.platform.lobby.TakeoverButton`) sets the table option
  (`bot.storage.table_settings`); the lobby and ``/game status`` say whether it is on.
- At such a table, once a turn has waited past the skip delay, the reminder
  loop (`take_over_idle`) or a player's ``/game skip`` lets a computer take
  over the idle seat instead of playing the default action.
- ``/game standin``: the others vote (a majority of them) for a computer to
  play for a player away (``/game away``), as they may vote a pause.
- Every move a computer plays for a person is posted with a line saying so
  and the button "🙋 I'm back", which gives the seat back to that person (acting
  on their own turn, or ``/game away`` without a date, does too).

Custom id: ``mt:back:<table>`` (turn).
"""

from __future__ import annotations

import logging
from typing import ClassVar

import discord

from bot.ai.knowledge import has_computer_players
from bot.games.base import Seat
from bot.i18n import LocaleLike, t
from bot.service import GameService, Table
from bot.service.errors import TableError
from bot.storage.table_settings import STAND_IN_LEVEL, can_take_back, stand_ins, takes_over
from cogs.platform.errors import NoComputers
from cogs.platform.host import TableHost, host_of, service_of
from cogs.platform.items import Button, Interaction, TableItem
from cogs.platform.names import mention
from cogs.platform.replies import public_locale, send_private

log = logging.getLogger(__name__)


def check_computers(table: Table) -> None:
    """NoComputers unless computer players play the table's game."""
    if not has_computer_players(table.game):
        raise NoComputers()


def computer_words(locale: LocaleLike) -> str:
    """"a computer (normal)", the player standing in, in words."""
    return t(locale, "standin.computer", level=t(locale, f"computer.level.{STAND_IN_LEVEL}"))


def takeover_line(table: Table, locale: LocaleLike) -> str:
    """The lobby's and the status's line about the option ("" when off)."""
    return t(locale, "takeover.on") if takes_over(table) else ""


def stand_in_line(table: Table, seat: Seat, locale: LocaleLike) -> str:
    """Says that a computer plays `seat` for its person, and why ("" if none does)."""
    why = stand_ins(table).get(seat)
    if why is None:
        return ""
    return t(locale, f"standin.{why}", computer=computer_words(locale),
             player=mention(table.seats[seat], locale))


def stand_in_lines(table: Table, locale: LocaleLike) -> list[str]:
    """One line per seat a computer plays for its person."""
    return [stand_in_line(table, seat, locale) for seat in sorted(stand_ins(table))]


class BackButton(TableItem[Button], prefix="mt:back", versioned=False, arg=None):
    """"I'm back": the person a computer plays for takes their seat back."""

    STYLE: ClassVar[discord.ButtonStyle] = discord.ButtonStyle.success

    async def run(self, interaction: Interaction) -> None:
        await service_of(interaction).seats.hand_back(self.table_id, interaction.user.id)
        locale = public_locale(interaction)
        await interaction.followup.send(  # a new message: the click was acknowledged
            t(locale, "standin.back", player=mention(interaction.user.id, locale)),
            allowed_mentions=discord.AllowedMentions.none(),
        )


def back_button(table: Table, locale: LocaleLike) -> BackButton:
    return BackButton.as_button(table.id, None, "", t(locale, "button.back"), BackButton.STYLE)


async def skip_to_computer(interaction: Interaction, table: Table) -> None:
    """``/game skip`` at a table with the option: a computer takes over the idle seat.
    Said in the channel; the command (acknowledged privately) is answered "Done"."""
    host = host_of(interaction.client)
    taken, seat = await host.service.seats.take_over(table.id, interaction.user.id)
    locale = public_locale(interaction)
    channel = interaction.channel
    assert isinstance(channel, discord.abc.Messageable)
    await channel.send(
        t(locale, "skip.takeover", player=mention(interaction.user.id, locale),
          idle=mention(taken.seats[seat], locale), computer=computer_words(locale)),
        allowed_mentions=discord.AllowedMentions.none(),
    )
    await send_private(interaction, t(interaction.locale, "turn.done"))
    host.computers.schedule(taken)


async def vote_stand_in(interaction: Interaction, table: Table) -> None:
    """``/game standin``: vote, publicly, for a computer to play for the players away."""
    check_computers(table)
    host = host_of(interaction.client)
    counts = await host.service.seats.vote_stand_in(table.id, interaction.user.id)
    locale = public_locale(interaction)
    lines = []
    for user, (votes, needed) in counts.items():
        key = "standin.granted" if votes >= needed else "standin.voted"
        lines.append(t(locale, key, voter=mention(interaction.user.id, locale),
                       player=mention(user, locale), computer=computer_words(locale),
                       votes=votes, needed=needed))
    await interaction.response.send_message(
        "\n".join(lines), allowed_mentions=discord.AllowedMentions.none()
    )
    host.computers.schedule(await host.service.tables.get_table(table.id))


async def hand_back_everywhere(service: GameService, guild_id: int | None, user_id: int) -> int:
    """Give `user_id` back their seats a computer plays at this server's tables (the
    user said they are back); how many."""
    if guild_id is None:
        return 0
    handed = 0
    for table in await service.tables.tables_of(guild_id, user_id):
        seat = table.seat_of(user_id)
        why = None if seat is None else stand_ins(table).get(seat)
        if why is not None and can_take_back(why):
            await service.seats.hand_back(table.id, user_id)
            handed += 1
    return handed


async def take_over_idle(host: TableHost, guild_ids: list[int]) -> None:
    """The reminder loop's part: at the tables of these servers with the option, a
    computer takes over each seat idle past the skip delay, then plays it."""
    for table in await host.service.seats.takeovers_due(guild_ids):
        try:
            taken, _ = await host.service.seats.take_over(table.id)
        except TableError:
            continue  # away, paused, or the player acted meanwhile
        host.computers.schedule(taken)


STAND_IN_ITEMS = (BackButton,)
