"""``/game open``: the server's lobbies waiting for players that the user can see, each
with a Join button; ``/game invite channel:``: a lobby's creator advertises it in
another channel with an invitation card (`cogs.platform.invitations`).

Tournaments signing up are listed too, each with where its card is (docs/tournaments.md).
A lobby or a tournament is listed only if the user can read its channel now (for a thread, its
parent's permissions, and membership of a private thread: `cogs.access.can_view`);
full lobbies and tables started or closed are not. A Join from the list or a card
seats the clicker as the lobby's own Join does, posts the lobby again in the table's
channel, answers privately where the table is, and updates the table's cards.
"""

from __future__ import annotations

from typing import ClassVar

import discord

from bot.i18n import LocaleLike, t
from bot.service import Table, TableStatus
from bot.service.errors import NotCreator, NotInLobby
from bot.storage import InvitationCard
from bot.storage.records import TournamentStatus
from cogs.access import can_view, check_server_table
from cogs.permissions.check import CARD_NEEDS, check_posting
from cogs.places.signal import place_exists
from cogs.platform.errors import (
    InvitationInvalid,
    InviteChannelClosed,
    NoTableHere,
    TableOutOfSight,
)
from cogs.platform.host import service_of
from cogs.platform.invitations import (
    INVITE,
    TOKEN_PATTERN,
    card_kwargs,
    invitation_token,
    join_button,
    refresh_invitations,
    remember_card,
    seats_text,
)
from cogs.platform.items import Button, Interaction, TableItem
from cogs.platform.lobby import send_lobby_in
from cogs.platform.names import mention
from cogs.platform.presenter import game_name
from cogs.platform.replies import public_locale, send_private

MAX_LISTED = 20
"""Lobbies listed at most, each with its button (a message holds 25 buttons)."""
BUTTONS_PER_ROW = 5
MINUTE, HOUR, DAY = 60, 3600, 86400


def ago(seconds: float, locale: LocaleLike) -> str:
    """How long ago, in words: ``just now``, ``5 minutes ago``, ``2 days ago``."""
    for unit, length in (("days", DAY), ("hours", HOUR), ("minutes", MINUTE)):
        if seconds >= length:
            return t(locale, f"open.ago.{unit}", count=int(seconds // length))
    return t(locale, "open.ago.now")


def lobby_line(table: Table, now: float, locale: LocaleLike) -> str:
    return t(
        locale,
        "open.line",
        game=game_name(locale, table.game),
        table=table.id,
        channel=f"<#{table.channel_id}>",
        seats=seats_text(table, locale),
        creator=mention(table.creator_id, locale),
        ago=ago(max(0.0, now - table.created_at), locale),
    )


async def send_open_tables(interaction: Interaction) -> None:
    """Answer ``/game open`` privately (acknowledged by the caller)."""
    assert interaction.guild_id is not None
    tables = service_of(interaction).tables
    locale = interaction.locale
    lobbies = [table for table in await tables.open_lobbies(interaction.guild_id)
               if await place_exists(interaction.client, table.channel_id)
               and await can_view(interaction, table.channel_id)]
    signups = await tournaments_signing_up(interaction)
    if not lobbies and not signups:
        await send_private(interaction, t(locale, "open.none"))
        return
    now = service_of(interaction).now()
    shown = lobbies[:MAX_LISTED]
    lines = [t(locale, "open.title"), *(lobby_line(table, now, locale) for table in shown)]
    if len(lobbies) > MAX_LISTED:
        lines.append(t(locale, "open.more", count=len(lobbies) - MAX_LISTED))
    lines.extend(signups[:MAX_LISTED])
    controls = discord.ui.View(timeout=None)
    for index, table in enumerate(shown):
        label = t(locale, "open.join", table=table.id, game=game_name(locale, table.game))
        controls.add_item(join_button(table, locale, label, row=index // BUTTONS_PER_ROW))
    await send_private(interaction, "\n".join(lines), view=controls,
                       allowed_mentions=discord.AllowedMentions.none())


async def tournaments_signing_up(interaction: Interaction) -> list[str]:
    """A line for each tournament of the server signing up in a channel the user can
    see (docs/tournaments.md): where its card is, to enter there."""
    locale = interaction.locale
    found = await service_of(interaction).tournaments.of_server(interaction.guild_id)
    return [
        t(locale, "open.tournament", number=tournament.id,
          game=game_name(locale, tournament.settings.game),
          channel=f"<#{tournament.channel_id}>", count=len(tournament.entrants))
        for tournament in found
        if tournament.status == TournamentStatus.SIGNUP
        and await can_view(interaction, tournament.channel_id)
    ]


async def post_invitation(
    interaction: Interaction, channel: discord.abc.GuildChannel | discord.Thread
) -> None:
    """Answer ``/game invite channel:``: the card posted there, told privately."""
    assert interaction.channel_id is not None
    service = service_of(interaction)
    table = await service.tables.active_table(interaction.channel_id)
    if table is None:
        raise NoTableHere()
    if table.creator_id != interaction.user.id:
        raise NotCreator()
    if table.status != TableStatus.LOBBY:
        raise NotInLobby()
    target = interaction.client.get_channel(channel.id)
    if (
        not isinstance(target, discord.TextChannel | discord.Thread)
        or target.guild.id != interaction.guild_id
        or not await can_view(interaction, channel.id)
    ):
        raise InviteChannelClosed(channel=f"<#{channel.id}>")
    check_posting(interaction, target, needs=CARD_NEEDS)
    locale = public_locale(interaction)
    card = await target.send(**card_kwargs(table, locale))
    await remember_card(interaction.client, table, card, locale)
    await send_private(interaction, t(interaction.locale, "invite.posted", table=table.id,
                                      channel=card.jump_url))


class InviteButton(TableItem[Button], prefix=INVITE, versioned=False, arg=TOKEN_PATTERN):
    """Join, on an invitation card or on the list of ``/game open``: usable from any
    channel of the table's server, by whoever can read the table's channel."""

    answers_privately: ClassVar[bool] = True
    @staticmethod
    async def check_origin(interaction: Interaction) -> None:
        await check_server_table(interaction)  # any channel of the table's server

    async def run(self, interaction: Interaction) -> None:
        service = service_of(interaction)
        table = await service.tables.get_table(self.table_id)
        if self.arg != invitation_token(table):
            raise InvitationInvalid()
        if not await can_view(interaction, table.channel_id):
            raise TableOutOfSight(table=table.id)
        place = interaction.client.get_channel(table.channel_id)
        if isinstance(place, discord.abc.GuildChannel | discord.Thread):
            check_posting(interaction, place)  # its lobby is posted there again
        locale = public_locale(interaction)
        message = interaction.message
        if message is not None and not message.flags.ephemeral:
            # A card: kept already, unless a bot that kept none posted it (before the
            # invitation_cards migration); edited with the others from now on.
            card = InvitationCard(table.id, message.channel.id, message.id)
            await service.invitations.remember(card)
        try:
            table = await service.tables.join(table.id, interaction.user.id)
        finally:  # seated or refused (full, started, closed): the cards say how it stands
            await refresh_invitations(interaction.client, table.id, locale)
        header = t(locale, "invite.joined", player=mention(interaction.user.id, locale))
        answer = t(interaction.locale, "invite.seated", table=table.id,
                   channel=f"<#{table.channel_id}>")
        await send_lobby_in(interaction, table, answer, header=header)


OPEN_ITEMS = (InviteButton,)
