"""An entrant out of a tournament while their table plays: a computer plays their seat
to its end (they withdrew, or left the server; the organizer dropped or replaced them),
said at the table in the reason's own words (`standin.<why>`), without "I'm back": the
seat is not given back (`bot.storage.table_settings.FOR_GOOD`)."""

from __future__ import annotations

import discord

from bot.service.tournament_record import Tournament
from cogs.platform.host import host_of
from cogs.platform.names import mention
from cogs.tournaments.messages import server_locale
from cogs.tournaments.rounds import computers_take_over


async def stand_in_for_good(
    client: discord.Client, tournament: Tournament, user: int, why: str
) -> None:
    """A computer plays `user`'s seat at their table of the round to its end, if still in
    play, for `why` (``withdrawn``, ``dropped``, ``replaced``)."""
    rounds = host_of(client).service.tournament_rounds
    table = await rounds.stand_in_for(tournament, user, why)
    if table is not None:
        locale = server_locale(client, tournament)
        await computers_take_over(client, tournament, [table], f"standin.{why}",
                                  player=mention(user, locale))
