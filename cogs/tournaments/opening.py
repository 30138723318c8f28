"""A round's opening in Discord: its announcement, its tables opened (each in a new
thread of the tournament's channel, or, where the bot may not open threads, in the
channel itself, one table after another), their players called, and the organizer
told what did not go as planned (`cogs.tournaments.notices`).

`open_round` does as much of it as Discord lets it do now, and may be run again any
number of times, in any process (the minute's loop does, `cogs.tournaments.rounds`):
what was done is kept with the tournament (the announcement, each slot's claim, the
thread made for it, its table, its call), so nothing is done twice.

Discord rate-limits thread creation (a few at once, then one every few minutes):
discord.py waits out each 429 inside `create_thread`, minutes longer than the slot's
claim lease (`bot.service.tournament_slots.CLAIM_LEASE_SECONDS`). So the claim is
renewed while its holder works (`renewed`, a heartbeat), the thread made is kept on
the slot at once (a claimer that dies leaves it to the next, never a second thread),
and the claim is checked again before the table is opened. A post Discord still
refuses past discord.py's tries leaves the table owed (`bot.service.posts`: the
reminder loop posts it) and its call to the next pass; the organizer is told which
tables are delayed.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import discord
from discord.ext import tasks

from bot.i18n import t
from bot.service import Table
from bot.service.computers import playing_computers
from bot.service.errors import TableError
from bot.service.tournament_record import Notice, Tournament
from bot.service.tournament_rounds import TournamentRounds
from bot.service.tournament_slots import CLAIM_LEASE_SECONDS, LIVE
from cogs.permissions.check import THREAD_NEEDS, missing
from cogs.platform.host import host_of
from cogs.platform.names import mention
from cogs.platform.posting import TurnPost, post
from cogs.platform.threads import ARCHIVE_AFTER_MINUTES, THREAD_NAME_LIMIT
from cogs.tournaments.announcement import post_round
from cogs.tournaments.card import refresh_card
from cogs.tournaments.messages import channel_of, say, server_locale
from cogs.tournaments.notices import tell_organizer
from cogs.tournaments.words import round_words, title

log = logging.getLogger(__name__)

RENEW_SECONDS = CLAIM_LEASE_SECONDS / 4
"""How often a claim's holder renews it while Discord makes it wait."""


def thread_lack(channel: Any) -> tuple[str, ...] | None:
    """What the bot lacks to open a table's thread in `channel` (empty: nothing, it
    may); None where no table opens a thread (not a server text channel)."""
    if not isinstance(channel, discord.TextChannel):
        return None
    return tuple(missing(channel.permissions_for(channel.guild.me), THREAD_NEEDS))


def reminder_minutes(client: discord.Client, tournament: Tournament) -> int:
    """A tournament table's reminder delay: the bot's, shorter in short rounds."""
    default = host_of(client).settings.reminder_minutes
    return max(1, min(default, tournament.settings.round_minutes // 4))


async def open_round(client: discord.Client, tournament_id: int) -> None:
    """The current round's opening, as far as Discord lets it go now: its announcement
    (where its tables really play), the calls owed, the tables left to open; then the
    organizer told of the tables delayed."""
    service = host_of(client).service
    tournament = await service.tournaments.get(tournament_id)
    current = tournament.current
    if current is None or tournament.status not in LIVE:
        return
    channel = await channel_of(client, tournament.channel_id)
    if channel is None:
        log.info("tournament %s: its channel is out of the bot's sight", tournament_id)
        return
    lack = thread_lack(channel)
    threads = lack == ()
    if not current.announced:
        await announce_round(client, tournament, threads, lack)
    delayed = await call_owed(client, tournament)
    delayed += await open_tables(client, tournament, channel, threads)
    await report_delays(client, tournament_id, current.number, delayed)


async def announce_round(client: discord.Client, tournament: Tournament, threads: bool,
                         lack: tuple[str, ...] | None) -> None:
    """The round's opening in the tournament's channel: its tables and where they play,
    who sits out, its end. Where a thread permission is missing (and the round before
    played in threads, or this is the first), the organizer is told which."""
    current = tournament.current
    assert current is not None
    await refresh_card(client, tournament)
    if not await post_round(client, tournament, threads):
        return  # the next pass posts it
    rounds = host_of(client).service.tournament_rounds
    await rounds.announced(tournament.id, current.number)
    quiet = host_of(client).settings.tables_in_channel  # by design (the local table)
    if lack and not quiet and not played_here_before(tournament):
        await tell_organizer(client, tournament, Notice("threads", current.number, lack))


def played_here_before(tournament: Tournament) -> bool:
    """Whether the round before the current one played in the tournament's channel."""
    if len(tournament.rounds) < 2:
        return False
    return any(slot.channel_id == tournament.channel_id for slot in tournament.rounds[-2].slots)


async def open_tables(client: discord.Client, tournament: Tournament, channel: Any,
                      threads: bool) -> list[int]:
    """Open every table of the current round not opened yet: in a new thread each, or
    in the channel itself while it has no table (then one at a time). The slots
    delayed: Discord refused a thread or a first message."""
    service = host_of(client).service
    rounds = service.tournament_rounds
    current = tournament.current
    assert current is not None
    delayed = []
    for index in rounds.pending(tournament):
        if not threads and await service.tables.active_table(channel.id) is not None:
            break  # the channel plays one table at a time: the next when this one ends
        token = await rounds.claim(tournament.id, current.number, index)
        if token is None:
            continue
        try:
            async with renewed(rounds, tournament.id, current.number, index, token):
                table = await open_slot(client, tournament, index, token, channel, threads)
        except (discord.HTTPException, TableError) as error:
            # A thread refused (or past discord.py's tries), or the channel took
            # another table meanwhile: the next pass tries again.
            log.warning("tournament %s: could not open table %s: %s", tournament.id,
                        index + 1, error)
            await rounds.release(tournament.id, current.number, index, token)
            delayed.append(index)
            continue
        if table is not None and not await call_players(client, tournament, table, index):
            delayed.append(index)
    return delayed


@asynccontextmanager
async def renewed(rounds: TournamentRounds, tournament_id: int, number: int, index: int,
                  token: str) -> AsyncIterator[None]:
    """The claim renewed every `RENEW_SECONDS` while the body works (a heartbeat): however
    long Discord makes it wait, nobody else claims the slot meanwhile."""
    async def beat() -> None:
        await rounds.renew(tournament_id, number, index, token)

    heartbeat = tasks.loop(seconds=RENEW_SECONDS)(beat)
    heartbeat.start()
    try:
        yield
    finally:
        heartbeat.cancel()


async def open_slot(client: discord.Client, tournament: Tournament, index: int, token: str,
                    channel: Any, threads: bool) -> Table | None:
    """The table of slot `index`, opened where it plays: the thread kept for it (made
    by a claimer that died), a new thread (kept on the slot at once), or the channel.
    None if the claim was lost meanwhile (another holder opens it)."""
    service = host_of(client).service
    rounds = service.tournament_rounds
    current = tournament.current
    assert current is not None
    fresh = await service.tournaments.get(tournament.id)
    kept = fresh.rounds[current.number - 1].slots[index].channel_id
    where = channel.id
    if kept is not None and await channel_of(client, kept) is not None:
        where = kept
    elif threads:
        locale = server_locale(client, tournament)
        name = t(locale, "tournament.thread", number=tournament.id, round=current.number,
                 table=index + 1)[:THREAD_NAME_LIMIT]
        thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread,
                                             auto_archive_duration=ARCHIVE_AFTER_MINUTES)
        if not await rounds.keep_place(tournament.id, current.number, index, token, thread.id):
            log.warning("tournament %s: table %s's claim was lost while its thread %s was "
                        "made", tournament.id, index + 1, thread.id)
            return None
        where = thread.id
    if not await rounds.renew(tournament.id, current.number, index, token):
        return None
    return await rounds.open_slot(tournament.id, current.number, index, where,
                                  reminder_minutes(client, tournament))


async def call_players(
    client: discord.Client, tournament: Tournament, table: Table, index: int
) -> bool:
    """The table's first messages: who plays (each person pinged once: here, or by the
    first turn if they are to act), then the first turn. Whether both were posted: a
    call Discord refused is made again by the next pass, a turn is owed (posted by the
    reminder loop)."""
    called = await call(client, tournament, table, index)
    try:
        failure = await post(client, table, TurnPost(header=t(
            server_locale(client, tournament), "turn.started")))
    except discord.HTTPException as error:  # a refusal `post` does not keep as owed
        log.warning("tournament %s: table %s's first turn could not be posted (%s); it waits"
                    " to be posted", tournament.id, table.id, error)
        await host_of(client).service.posts.failed(table.id)
        return False
    return called and failure is None


async def call(client: discord.Client, tournament: Tournament, table: Table, index: int
               ) -> bool:
    """Call the table's players in its channel, and keep that it was done; whether it
    was."""
    locale = server_locale(client, tournament)
    current = tournament.current
    assert current is not None
    computers = playing_computers(table)  # a computer stands in past the deadline
    by_turn = {table.seats[seat] for seat in table.state.to_act() if seat not in computers
               } if table.state is not None else set()
    pinged = [discord.Object(user) for user in table.seats if user > 0 and user not in by_turn]
    text = t(locale, "tournament.call", title=title(tournament, locale),
             round=round_words(tournament, current.number, locale), table=index + 1,
             players=" ".join(mention(user, locale) for user in table.seats))
    mentions = discord.AllowedMentions(users=pinged, roles=False, everyone=False)
    if not await say(client, table.channel_id, text, allowed_mentions=mentions):
        return False
    await host_of(client).service.tournament_rounds.mark(tournament.id, current.number, index,
                                                         called=True)
    return True


async def call_owed(client: discord.Client, tournament: Tournament) -> list[int]:
    """Call again the players of the current round's tables whose call Discord refused;
    the slots still not called."""
    current = tournament.current
    assert current is not None
    tables = host_of(client).service.tables
    owed = []
    for index, slot in enumerate(current.slots):
        if slot.table_id is None or slot.called or slot.done:
            continue
        if not await call(client, tournament, await tables.get_table(slot.table_id), index):
            owed.append(index)
    return owed


async def report_delays(client: discord.Client, tournament_id: int, number: int,
                        delayed: list[int]) -> None:
    """Tell the organizer (in the channel, and at their next command) which tables of
    round `number` are delayed, each once."""
    service = host_of(client).service
    tournament = await service.tournaments.get(tournament_id)
    current = tournament.current
    if current is None or current.number != number:
        return
    new = sorted({index for index in delayed if not current.slots[index].delayed})
    if not new:
        return
    for index in new:
        await service.tournament_rounds.mark(tournament_id, number, index, delayed=True)
    await tell_organizer(client, tournament,
                         Notice("delayed", number, tables=tuple(i + 1 for i in new)))
