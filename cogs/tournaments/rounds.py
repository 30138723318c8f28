"""A tournament's rounds in Discord: the start, the results read as tables end, the
deadline's computers, the next round, the podium; each round's opening (its
announcement, its tables, their calls) is `cogs.tournaments.opening`'s.

Three things move a tournament on, and each may run in any process, any number of
times (the service makes each step happen once, `bot.service.tournament_rounds`):

- a table's end, whatever ended it (`table_ended`, from the service's
  `bot.service.life.TableEnded`);
- the minute's loop (`tick`, `cogs.tournaments.commands.TournamentCog`): the
  sign-up's deadline, a round's deadline, a table's end missed (the bot was down),
  what is left of a round's opening (an announcement, tables, calls Discord refused);
- the organizer's commands (`cogs.tournaments.commands`).

Each then goes on (`go_on`) in the tournament's background lane
(`cogs.tournaments.lanes`): however long Discord makes the bot wait, a command is
answered at once and the minute's loop never waits for it.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.i18n import t
from bot.service import Table, TableStatus
from bot.service.tournament_record import TooFewEntrants, Tournament
from bot.storage import ShardSet
from bot.storage.records import TournamentStatus
from cogs.delivery.shown import awaited
from cogs.platform.host import host_of
from cogs.platform.stand_in import computer_words
from cogs.tournaments.card import refresh_card, standings_file
from cogs.tournaments.lanes import lanes_of
from cogs.tournaments.messages import say, server_locale, timed
from cogs.tournaments.opening import open_round
from cogs.tournaments.words import podium_text, title

log = logging.getLogger(__name__)


async def begin(
    client: discord.Client, tournament_id: int, user: int | None, can_manage: bool
) -> Tournament:
    """Close the sign-up and plan round 1 (`user` None: at the sign-up's deadline); its
    opening goes on in the background (`cogs.tournaments.lanes`), reported in the
    tournament's channel."""
    service = host_of(client).service
    tournament = await service.tournament_rounds.start(tournament_id, user,
                                                       can_manage=can_manage)
    go_on_later(client, tournament_id)
    return tournament


def go_on_later(client: discord.Client, tournament_id: int) -> None:
    """`go_on` in the tournament's background lane."""
    lanes_of(client).run(tournament_id, lambda: go_on(client, tournament_id))


async def table_ended(client: discord.Client, table: Table) -> None:
    """A table ended: if it is a tournament's, record it, redraw the standings, and go
    on (the next round once the last table of this one ended)."""
    service = host_of(client).service
    tournament = await service.tournament_rounds.table_ended(table)
    if tournament is None:
        return
    await refresh_card(client, tournament)
    go_on_later(client, tournament.id)


async def go_on(client: discord.Client, tournament_id: int) -> None:
    """Plan the next round (or announce the podium) if the round is over; then go on
    with the current round's opening (`cogs.tournaments.opening.open_round`)."""
    service = host_of(client).service
    advanced = await service.tournament_rounds.advance(tournament_id)
    if advanced is not None and advanced.status == TournamentStatus.FINISHED:
        await refresh_card(client, advanced)
        await announce_podium(client, advanced)
        return
    await open_round(client, tournament_id)


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
    """The deadlines passed, the tables' ends missed. Where the clock stands still (the
    local table, `cogs.tournaments.messages.timed`) there are no deadlines: its clock
    jumps to the day's date when it starts again, and a round left overnight is not
    finished by computers then."""
    service = host_of(client).service
    clock = timed(client)
    if tournament.status == TournamentStatus.SIGNUP:
        deadline = tournament.settings.signup_deadline
        if clock and deadline is not None and service.now() >= deadline:
            await deadline_start(client, tournament)
        return
    current = tournament.current
    for slot in current.slots if current else ():
        if slot.table_id is not None and not slot.done:
            table = await service.tables.get_table(slot.table_id)
            ended = table.status in (TableStatus.FINISHED, TableStatus.ABANDONED)
            if ended and not awaited(client, table.id):  # missed while the bot was down
                await table_ended(client, table)
    if clock:
        late = await service.tournament_rounds.overtime(tournament.id)
        await computers_take_over(client, tournament, late, "tournament.overtime")
    go_on_later(client, tournament.id)


async def deadline_start(client: discord.Client, tournament: Tournament) -> None:
    """The sign-up's deadline: start, or cancel when too few entered."""
    service = host_of(client).service
    try:
        await begin(client, tournament.id, None, False)
    except TooFewEntrants as error:
        cancelled = await service.tournaments.cancel(tournament.id, tournament.organizer,
                                                     can_manage=True)
        await refresh_card(client, cancelled)
        locale = server_locale(client, tournament)
        await say(client, tournament.channel_id,
                  t(locale, "tournament.too_few", title=title(tournament, locale),
                    min=error.params["min"]))
