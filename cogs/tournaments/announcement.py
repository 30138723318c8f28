"""A round's announcement in the tournament's channel: when it ends, then each table
(who plays whom, and once the tables are open a link to each one's thread) and who
sits out (lichess's Swiss posts its pairings with links).

Posted as the round opens (`post_round`, from `cogs.tournaments.rounds.announce_round`),
its message id kept in the round (`Round.announcement`); once the round's last table
has started (`bot.service.life.TableStarted`), edited once with every thread's link
(`link_round`). Tables playing in the channel itself (no thread permissions) are not
linked: they play right there, one after another.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

import discord

from bot.i18n import LocaleLike, language_of, t
from bot.service import Table
from bot.service.tournament_record import Tournament
from bot.service.tournament_rounds import marker_of
from cogs.platform.host import host_of
from cogs.platform.names import mention
from cogs.tournaments.messages import server_locale, timed
from cogs.tournaments.words import round_words, title
from renderer.tournament import figure

log = logging.getLogger(__name__)


def round_lines(tournament: Tournament, locale: LocaleLike, threads: bool, timed: bool,
                opened: Mapping[int, int] | None = None) -> list[str]:
    """The current round's announcement: its opening and where its tables play (each in
    its thread, or one at a time in the channel), when it ends (its deadline, or its
    last game where the clock stands still: `cogs.tournaments.messages.timed`), one
    line per table (with a link to its thread when known: the slot's channel, or
    `opened`, slot -> channel), the byes."""
    current = tournament.current
    assert current is not None
    key = "tournament.round_opens" if threads else "tournament.round_opens_here"
    opens = t(locale, key, title=title(tournament, locale),
              round=round_words(tournament, current.number, locale), tables=len(current.slots))
    ends = (t(locale, "tournament.round_deadline", deadline=f"<t:{int(current.deadline)}:R>")
            if timed else t(locale, "tournament.round_untimed"))
    lines = [f"{opens} {ends}"]
    for index, slot in enumerate(current.slots):
        players = " · ".join(mention(tournament.entrants[e].user, locale) for e in slot.seats)
        where = (opened or {}).get(index) or slot.channel_id
        if where is not None and where != tournament.channel_id:
            lines.append(t(locale, "tournament.table_thread", table=index + 1,
                           players=players, thread=f"<#{where}>"))
        else:
            lines.append(t(locale, "tournament.table_line", table=index + 1, players=players))
    points = figure(language_of(locale), tournament.settings.bye_points)
    for entrant in current.byes:
        lines.append(t(locale, "tournament.bye", points=points,
                       player=mention(tournament.entrants[entrant].user, locale)))
    return lines


async def post_round(client: discord.Client, tournament: Tournament, threads: bool) -> bool:
    """Post the current round's announcement (nobody pinged) and keep its id; whether it
    was posted (else the opening's next pass posts it)."""
    current = tournament.current
    if current is None:
        return True
    text = "\n".join(round_lines(tournament, server_locale(client, tournament), threads,
                                 timed(client)))
    channel = client.get_partial_messageable(tournament.channel_id,
                                             guild_id=tournament.guild_id)
    try:
        posted = await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as error:  # Discord's refusal or failure: no crash
        log.warning("tournament %s: could not announce its round: %s", tournament.id, error)
        return False
    await host_of(client).service.tournaments.set_announcement(tournament.id, current.number,
                                                               posted.id)
    return True


async def link_round(client: discord.Client, table: Table) -> None:
    """`table` started: if it is the last of its tournament round's tables to start,
    edit the round's announcement with every table's thread."""
    marker = marker_of(table)
    if marker is None:
        return
    tournament = await host_of(client).service.tournaments.get(marker[0])
    current = tournament.current
    _, number, index = marker
    if current is None or current.number != number or current.announcement is None:
        return
    if any(slot.table_id is None for i, slot in enumerate(current.slots) if i != index):
        return  # not the last: the last one's start links them all
    if table.channel_id == tournament.channel_id:
        return  # the tables play in the channel itself: nothing to link
    text = "\n".join(round_lines(tournament, server_locale(client, tournament), True,
                                 timed(client), {index: table.channel_id}))
    channel = client.get_partial_messageable(tournament.channel_id,
                                             guild_id=tournament.guild_id)
    try:
        await channel.get_partial_message(current.announcement).edit(
            content=text, allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as error:
        log.warning("tournament %s: could not link its round's tables: %s", tournament.id,
                    error)
