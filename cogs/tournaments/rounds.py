"""A tournament's rounds in Discord: the start, each round's tables opened at once, each
in its own thread of the tournament's channel (or, where the bot may not open threads,
in the channel itself, one table after another), the seated players pinged once, the
results read as tables end, the deadline's computers, the next round, the podium.

Three things move a tournament on, and each may run in any process, any number of
times (the service makes each step happen once, `bot.service.tournament_rounds`):

- a table's end, whatever ended it (`table_ended`, from the service's
  `bot.service.life.TableEnded`);
- the minute's loop (`tick`, `cogs.tournaments.commands.TournamentCog`): the
  sign-up's deadline, a round's deadline, a table's end missed (the bot was down),
  tables left to open;
- the organizer's commands (`cogs.tournaments.commands`).
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.i18n import t
from bot.service import Table, TableStatus
from bot.service.computers import playing_computers
from bot.service.errors import TableError
from bot.service.tournament_record import TooFewEntrants, Tournament
from bot.storage import ShardSet
from bot.storage.records import TournamentStatus
from cogs.platform.host import host_of
from cogs.platform.names import mention
from cogs.platform.posting import TurnPost, post
from cogs.platform.stand_in import computer_words
from cogs.platform.threads import ARCHIVE_AFTER_MINUTES, THREAD_NAME_LIMIT, threads_allowed
from cogs.tournaments.announcement import post_round, server_locale
from cogs.tournaments.card import refresh_card, standings_file
from cogs.tournaments.words import podium_text, round_words, title

log = logging.getLogger(__name__)


async def channel_of(client: discord.Client, channel_id: int) -> Any:
    """A channel or thread by id, fetched if not cached; None if out of the bot's sight."""
    channel: Any = client.get_channel(channel_id)
    if channel is None:
        try:
            channel = await client.fetch_channel(channel_id)
        except discord.HTTPException:
            return None
    return channel if isinstance(channel, discord.abc.Messageable) else None


async def say(client: discord.Client, channel_id: int, text: str, **kwargs: Any) -> None:
    """Post `text` in a channel without pinging anyone (unless `kwargs` say whom); a
    channel gone or closed to the bot is logged."""
    channel = await channel_of(client, channel_id)
    kwargs.setdefault("allowed_mentions", discord.AllowedMentions.none())
    if channel is None:
        log.warning("channel %s is out of the bot's sight", channel_id)
        return
    try:
        await channel.send(text, **kwargs)
    except discord.HTTPException as error:  # Discord's refusal or failure: no crash
        log.warning("could not post in channel %s: %s", channel_id, error)


async def start_tournament(
    client: discord.Client, tournament_id: int, user: int | None, can_manage: bool
) -> Tournament:
    """Close the sign-up, announce round 1 and open its tables (`user` None: at the
    sign-up's deadline)."""
    service = host_of(client).service
    tournament = await service.tournament_rounds.start(tournament_id, user,
                                                       can_manage=can_manage)
    await refresh_card(client, tournament)
    await announce_round(client, tournament)
    await open_tables(client, tournament)
    return tournament


async def announce_round(client: discord.Client, tournament: Tournament) -> None:
    """The round's opening in the tournament's channel: its end, its tables (who plays
    whom, linked to their threads once open), who sits out (`announcement`)."""
    await post_round(client, tournament)


def reminder_minutes(client: discord.Client, tournament: Tournament) -> int:
    """A tournament table's reminder delay: the bot's, shorter in short rounds."""
    default = host_of(client).settings.reminder_minutes
    return max(1, min(default, tournament.settings.round_minutes // 4))


async def open_tables(client: discord.Client, tournament: Tournament) -> None:
    """Open every table of the current round not opened yet: in a new thread each, or
    in the channel itself while it has no table (then one at a time)."""
    service = host_of(client).service
    rounds = service.tournament_rounds
    current = tournament.current
    channel = await channel_of(client, tournament.channel_id)
    if current is None or channel is None:
        return
    threads = isinstance(channel, discord.TextChannel) and threads_allowed(
        channel.permissions_for(channel.guild.me))
    locale = server_locale(client, tournament)
    for index in rounds.pending(tournament):
        if not threads and await service.tables.active_table(channel.id) is not None:
            return  # the channel plays one table at a time: the next when this one ends
        if not await rounds.claim(tournament.id, current.number, index):
            continue
        try:
            where = channel.id
            if threads:
                name = t(locale, "tournament.thread", number=tournament.id,
                         round=current.number, table=index + 1)[:THREAD_NAME_LIMIT]
                thread = await channel.create_thread(
                    name=name, type=discord.ChannelType.public_thread,
                    auto_archive_duration=ARCHIVE_AFTER_MINUTES)
                where = thread.id
            table = await rounds.open_slot(tournament.id, current.number, index, where,
                                           reminder_minutes(client, tournament))
        except (discord.HTTPException, TableError) as error:
            # A thread refused, or the channel took another table meanwhile.
            log.warning("tournament %s: could not open table %s: %s", tournament.id, index,
                        error)
            continue  # its claim expires: the minute's loop tries again
        await call_players(client, tournament, table, index)


async def call_players(
    client: discord.Client, tournament: Tournament, table: Table, index: int
) -> None:
    """The table's first messages: who plays (each person pinged once: here, or by the
    first turn if they are to act), then the first turn."""
    locale = server_locale(client, tournament)
    number = tournament.current.number if tournament.current else 1
    computers = playing_computers(table)  # a computer stands in past the deadline
    by_turn = {table.seats[seat] for seat in table.state.to_act() if seat not in computers
               } if table.state is not None else set()
    pinged = [discord.Object(user) for user in table.seats if user > 0 and user not in by_turn]
    text = t(locale, "tournament.call", title=title(tournament, locale),
             round=round_words(tournament, number, locale), table=index + 1,
             players=" ".join(mention(user, locale) for user in table.seats))
    await say(client, table.channel_id, text,
              allowed_mentions=discord.AllowedMentions(users=pinged, roles=False, everyone=False))
    await post(client, table, TurnPost(header=t(locale, "turn.started")))


async def table_ended(client: discord.Client, table: Table) -> None:
    """A table ended: if it is a tournament's, record it, redraw the standings, and go
    on (the next round once the last table of this one ended)."""
    service = host_of(client).service
    tournament = await service.tournament_rounds.table_ended(table)
    if tournament is None:
        return
    await refresh_card(client, tournament)
    await go_on(client, tournament.id)


async def go_on(client: discord.Client, tournament_id: int) -> None:
    """Open the next round (or announce the podium) if the round is over; else open the
    tables left to open."""
    service = host_of(client).service
    advanced = await service.tournament_rounds.advance(tournament_id)
    if advanced is None:
        await open_tables(client, await service.tournaments.get(tournament_id))
        return
    await refresh_card(client, advanced)
    if advanced.status == TournamentStatus.FINISHED:
        await announce_podium(client, advanced)
        return
    await announce_round(client, advanced)
    await open_tables(client, advanced)


async def announce_podium(client: discord.Client, tournament: Tournament) -> None:
    """The end: the podium and the final standings image, in the tournament's channel."""
    locale = server_locale(client, tournament)
    text = t(locale, "tournament.over", title=title(tournament, locale))
    drawn = await standings_file(client, tournament, locale)
    files = [drawn] if drawn is not None else []
    await say(client, tournament.channel_id, f"{text}\n{podium_text(tournament, locale)}",
              files=files)


async def computers_take_over(client: discord.Client, tournament: Tournament,
                              tables: list[Table], key: str, **params: Any) -> None:
    """Say in each table's channel that a computer now plays the seats `key` says, and
    let it play."""
    locale = server_locale(client, tournament)
    host = host_of(client)
    for table in tables:
        await say(client, table.channel_id, t(locale, key, computer=computer_words(locale),
                                              **params))
        host.computers.schedule(table)


async def tick(client: discord.Client, shards: ShardSet) -> None:
    """The minute's work for every tournament still going on of `shards`."""
    for tournament in await host_of(client).service.tournaments.live(shards):
        try:
            await tick_one(client, tournament)
        except Exception:
            log.exception("tournament %s: the minute's work failed", tournament.id)


async def tick_one(client: discord.Client, tournament: Tournament) -> None:
    service = host_of(client).service
    if tournament.status == TournamentStatus.SIGNUP:
        deadline = tournament.settings.signup_deadline
        if deadline is not None and service.now() >= deadline:
            await deadline_start(client, tournament)
        return
    current = tournament.current
    for slot in current.slots if current else ():
        if slot.table_id is not None and not slot.done:
            table = await service.tables.get_table(slot.table_id)
            if table.status in (TableStatus.FINISHED, TableStatus.ABANDONED):
                await table_ended(client, table)  # missed while the bot was down
    late = await service.tournament_rounds.overtime(tournament.id)
    await computers_take_over(client, tournament, late, "tournament.overtime")
    await go_on(client, tournament.id)


async def deadline_start(client: discord.Client, tournament: Tournament) -> None:
    """The sign-up's deadline: start, or cancel when too few entered."""
    service = host_of(client).service
    try:
        await start_tournament(client, tournament.id, None, False)
    except TooFewEntrants as error:
        cancelled = await service.tournaments.cancel(tournament.id, tournament.organizer,
                                                     can_manage=True)
        await refresh_card(client, cancelled)
        locale = server_locale(client, tournament)
        await say(client, tournament.channel_id,
                  t(locale, "tournament.too_few", title=title(tournament, locale),
                    min=error.params["min"]))
