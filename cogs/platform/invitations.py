"""Invitation cards: a lobby advertised in another channel (`/game invite channel:`),
and the Join buttons that seat a player from outside the table's channel (on a card,
or on the list of `/game open`).

Such a Join's custom_id is ``mt:invite:<table>:<token>``; the token is derived from
the table's secret seed (an HMAC, which tells nothing of the seed), so only the bot
makes one: a forged click is refused without touching the table. The click is
handled by `cogs.platform.open_tables.InviteButton`, registered at start-up, so a
card works after a restart.

A card says how the lobby stands and is edited when it changes: a seat taken or
freed, and at the end (full, started or closed) its button is disabled. The cards
are kept in the database (`bot.service.invitations`), so the process that handles
the change edits them, even one started after they were posted. A card is forgotten
once its table has started or closed (edited one last time), or when its message
is gone or out of the bot's reach.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
from typing import Any

import discord

from bot.games.registry import get_game
from bot.i18n import LocaleLike, t
from bot.service import Table, TableStatus
from bot.storage import InvitationCard
from cogs.platform.host import host_of
from cogs.platform.items import LABEL_LIMIT, HandledButton
from cogs.platform.names import mention
from cogs.platform.plugins import plugin_for
from cogs.platform.presenter import game_name
from cogs.platform.table_options import options_text

log = logging.getLogger(__name__)

INVITE = "mt:invite"
"""Prefix of a Join from outside the table's channel."""
TOKEN_DIGITS = 16
TOKEN_PATTERN = f"[0-9a-f]{{{TOKEN_DIGITS}}}"

def invitation_token(table: Table) -> str:
    """The token of `table`'s Join buttons from outside its channel."""
    key = table.seed.to_bytes(8, "big", signed=True)
    digest = hmac.new(key, f"invite:{table.id}".encode(), hashlib.sha256).hexdigest()
    return digest[:TOKEN_DIGITS]


def join_id(table: Table) -> str:
    return f"{INVITE}:{table.id}:{invitation_token(table)}"


def is_open(table: Table) -> bool:
    """Whether someone may still take a seat at `table`."""
    return table.status == TableStatus.LOBBY and len(table.seats) < get_game(table.game).max_players


def seats_text(table: Table, locale: LocaleLike) -> str:
    """``2/4 seats taken · End: more than 50 fame``: the lobby's seats and its options."""
    seats = t(locale, "open.seats", taken=len(table.seats), total=get_game(table.game).max_players)
    options = options_text(table.game, plugin_for(table.game).options, table.options, locale)
    return f"{seats} · {options}" if options else seats


def join_button(table: Table, locale: LocaleLike, label: str, *, row: int | None = None
                ) -> HandledButton:
    """A Join button of `table` usable anywhere in its server (disabled once it is not open)."""
    return HandledButton(
        label=label[:LABEL_LIMIT], style=discord.ButtonStyle.success, custom_id=join_id(table),
        disabled=not is_open(table), row=row,
    )


def card_text(table: Table, locale: LocaleLike) -> str:
    """The invitation card: who invites to which game where, the seats; or why it is over."""
    game = game_name(locale, table.game)
    if is_open(table):
        return t(locale, "invite.card", game=game, table=table.id,
                 creator=mention(table.creator_id, locale), channel=f"<#{table.channel_id}>",
                 seats=seats_text(table, locale))
    ended = ("started" if table.status in (TableStatus.PLAYING, TableStatus.FINISHED)
             else "closed" if table.status == TableStatus.ABANDONED else "full")
    return t(locale, f"invite.card_{ended}", game=game, table=table.id,
             channel=f"<#{table.channel_id}>")


def card_controls(table: Table, locale: LocaleLike) -> discord.ui.View:
    controls = discord.ui.View(timeout=None)
    controls.add_item(join_button(table, locale, t(locale, "invite.join")))
    controls.stop()  # the layout only: `InviteButton` handles the click
    return controls


async def remember_card(
    client: discord.Client, table: Table, message: discord.Message, locale: LocaleLike
) -> None:
    """Keep `message`, an invitation card just posted for `table` as it was, to edit it
    at each change of the lobby; brought up to date at once if the lobby changed while
    it was posted (that change's edit, perhaps in another process, missed it)."""
    service = host_of(client).service
    await service.invitations.remember(InvitationCard(table.id, message.channel.id, message.id))
    if await service.tables.get_table(table.id) != table:
        await refresh_invitations(client, table.id, locale)


async def refresh_invitations(client: discord.Client, table_id: int, locale: LocaleLike) -> None:
    """Bring every card of the table up to date with the table as stored now: a full
    lobby's has its button disabled; a started or closed table's too, and they are then
    forgotten. A card whose message is gone (deleted, or out of the bot's reach) is
    forgotten; one that failed otherwise (Discord unavailable) is kept for the next
    change."""
    service = host_of(client).service
    cards = await service.invitations.cards(table_id)
    if not cards:
        return
    table = await service.tables.get_table(table_id)
    content, controls = card_text(table, locale), card_controls(table, locale)
    for card in cards:
        channel = client.get_partial_messageable(card.channel_id)
        try:
            await channel.get_partial_message(card.message_id).edit(
                content=content, view=controls, allowed_mentions=discord.AllowedMentions.none())
        except (discord.NotFound, discord.Forbidden) as error:
            log.info("invitation %s of table %s is gone: %s", card.message_id, table_id, error)
            await service.invitations.forget(card)
        except discord.HTTPException as error:
            log.warning("invitation %s of table %s not updated: %s",
                        card.message_id, table_id, error)
    if table.status != TableStatus.LOBBY:  # for good (a full lobby may open again)
        await service.invitations.forget_all(table_id)


def card_kwargs(table: Table, locale: LocaleLike) -> dict[str, Any]:
    """What a new invitation card of `table` is posted with."""
    return {"content": card_text(table, locale), "view": card_controls(table, locale),
            "allowed_mentions": discord.AllowedMentions.none()}
