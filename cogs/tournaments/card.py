"""A tournament's card in its channel: what it is, its entrants, and during the sign-up
the buttons **Join**, **Leave**, the organizer's **🤖 Add a computer** (easy, normal,
strong) and **Start**; once started, the standings image (`renderer.tournament`),
drawn again after every game; at the end, the podium.

Its buttons are persistent (`cogs.tournaments.buttons.CardButton`, a `DynamicItem`
whose custom_id carries the tournament:
``mt:tour:<tournament>:join|leave|easy|normal|strong|start``): they work after a
restart.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.i18n import LocaleLike, language_of, t
from bot.service.computers import TABLE_LEVELS
from bot.service.tournament_record import Tournament
from bot.storage.records import TournamentStatus
from bot.workers.render_pool import RenderFailed
from cogs.platform.host import host_of
from cogs.platform.items import Interaction, handled_button
from cogs.platform.names import member_name
from cogs.platform.presenter import image_file
from cogs.platform.replies import public_locale
from cogs.platform.server_names import remember_names, stored_names
from cogs.tournaments.messages import timed
from cogs.tournaments.words import (
    card_text,
    standings_description,
    standings_rows,
    standings_title,
)
from renderer.tournament import render_standings

log = logging.getLogger(__name__)

PREFIX = "mt:tour"
STYLES = {
    "join": discord.ButtonStyle.success,
    "leave": discord.ButtonStyle.secondary,
    "start": discord.ButtonStyle.primary,
}
ALT_TEXT_LIMIT = 1024
"""Discord's longest attachment description."""


def card_view(tournament: Tournament, locale: LocaleLike) -> discord.ui.View | None:
    """The sign-up's buttons (None once it started), handled by the registered
    `cogs.tournaments.buttons.CardButton`."""
    if tournament.status != TournamentStatus.SIGNUP:
        return None
    view = discord.ui.View(timeout=None)
    labels = {arg: t(locale, f"button.{arg}") for arg in ("join", "leave")}
    for level in TABLE_LEVELS:
        labels[level] = t(locale, "tournament.add_computer",
                          level=t(locale, f"computer.level.{level}"))
    labels["start"] = t(locale, "button.start")
    for arg, label in labels.items():
        style = STYLES.get(arg, discord.ButtonStyle.secondary)
        view.add_item(handled_button(PREFIX, tournament.id, None, arg, label, style))
    return view


async def entrant_names(client: discord.Client, tournament: Tournament) -> dict[int, str]:
    """The display name of each person entered (kept names first, then the server's)."""
    users = [u for e in tournament.entrants for u in (e.user, *e.former) if u > 0]
    names = await stored_names(client, tournament.guild_id, users)
    guild = client.get_guild(tournament.guild_id) if tournament.guild_id else None
    found = {user: await member_name(guild, user) for user in users if user not in names}
    await remember_names(client, tournament.guild_id, found)
    return names | {user: name for user, name in found.items() if name}


async def standings_file(
    client: discord.Client, tournament: Tournament, locale: LocaleLike
) -> discord.File | None:
    """The standings image with its description; None if it could not be drawn."""
    rows = standings_rows(tournament, await entrant_names(client, tournament), locale)
    heading = standings_title(tournament, locale)
    told = standings_description(rows, heading, locale, ALT_TEXT_LIMIT)
    try:
        return await image_file(f"tournament-{tournament.id}.png", render_standings, heading,
                                rows, language_of(locale), description=told)
    except RenderFailed:
        log.warning("tournament %s: its standings image failed", tournament.id, exc_info=True)
        return None


async def card_message(
    client: discord.Client, tournament: Tournament, locale: LocaleLike
) -> dict[str, Any]:
    """The card's content, image and buttons, as keyword arguments of a send or edit."""
    files = []
    if tournament.status != TournamentStatus.SIGNUP and tournament.rounds:
        drawn = await standings_file(client, tournament, locale)
        files = [drawn] if drawn is not None else []
    return {
        "content": card_text(tournament, locale, timed(client)),
        "attachments": files,
        "view": card_view(tournament, locale),
        "allowed_mentions": discord.AllowedMentions.none(),
    }


def card_link(tournament: Tournament) -> str:
    """A link to the tournament's card (its message in its channel)."""
    server = tournament.guild_id if tournament.guild_id is not None else "@me"
    return f"https://discord.com/channels/{server}/{tournament.channel_id}/{tournament.card}"


async def refresh_card(client: discord.Client, tournament: Tournament) -> None:
    """Edit the tournament's card as it is now (a card gone is logged, not an error)."""
    if tournament.card is None:
        return
    channel = client.get_partial_messageable(tournament.channel_id,
                                             guild_id=tournament.guild_id)
    guild = client.get_guild(tournament.guild_id) if tournament.guild_id else None
    locale = guild.preferred_locale if guild is not None else None
    try:
        message = channel.get_partial_message(tournament.card)
        await message.edit(**await card_message(client, tournament, locale))
    except discord.HTTPException:
        log.warning("tournament %s: could not edit its card", tournament.id, exc_info=True)


async def post_card(interaction: Interaction, tournament: Tournament) -> Tournament:
    """Answer `/tournament new` with the card, publicly, and keep its message's id."""
    parts = await card_message(interaction.client, tournament, public_locale(interaction))
    parts.pop("attachments")
    view = parts.pop("view")
    await interaction.response.send_message(**parts, view=view or discord.utils.MISSING)
    message = await interaction.original_response()
    return await host_of(interaction.client).service.tournaments.set_card(tournament.id,
                                                                          message.id)
