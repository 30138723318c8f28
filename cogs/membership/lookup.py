"""Whether the bot is on a table's server (`absent`), and whether the people a turn waits
for still are (`still_seated`).

A person is looked up when a turn waiting for them is posted and at its reminder:
from the member cache (filled only with the Server Members intent), else asked of
Discord; at a turn's post at most once per `CONFIRMED_FOR` seconds per person and
server (one who acted, or whose name was fetched, was seen then), so a table's turns
ask Discord nothing more for players seen lately; at a reminder always. Discord's
10007 Unknown Member says they left: a computer plays their seat from then on (`Seats.player_left`).
"""

from __future__ import annotations

import logging
import math

import discord

from bot.service import Table, TableStatus
from bot.storage.table_settings import stand_ins
from cogs.platform.host import host_of

log = logging.getLogger(__name__)

UNKNOWN_MEMBER = 10007
"""Discord's error code for a user who is not a member of the server."""
CONFIRMED_FOR = 3600.0
"""Seconds a person found on the server is not looked up again."""
REMEMBERED = 10_000
"""At most this many people found are remembered; the oldest are forgotten first."""

_confirmed: dict[tuple[int, int], float] = {}


def absent(client: discord.Client, guild_id: int | None) -> bool:
    """Whether the bot is not on server `guild_id` (removed, or not invited back yet):
    its tables there wait, kept, with nothing posted nor played, until it is back."""
    return guild_id is not None and client.is_ready() and client.get_guild(guild_id) is None


async def still_seated(client: discord.Client, table: Table, *, fresh: bool = False) -> Table:
    """`table` once the people it waits for (those no computer plays for) are looked up:
    one Discord says left the server has a computer play their seat from now on (told
    to the table as `PlayerLeft`, `cogs.membership.events`); the table as it then is.
    `fresh` (a reminder, once per turn): asked of Discord even for a person seen
    lately, so a person who left is found at the latest at their turn's reminder."""
    guild = client.get_guild(table.guild_id) if table.guild_id is not None else None
    if guild is None or table.status != TableStatus.PLAYING or table.state is None:
        return table
    service = host_of(client).service
    now, playing = service.now(), stand_ins(table)
    waited_for = [table.seats[seat] for seat in table.state.to_act()
                  if table.seats[seat] > 0 and seat not in playing]
    left = False
    for user in dict.fromkeys(waited_for):
        if guild.get_member(user) is not None:
            continue
        if not fresh and now - _confirmed.get((guild.id, user), -math.inf) < CONFIRMED_FOR:
            continue
        try:
            await guild.fetch_member(user)
        except discord.NotFound as error:
            if error.code == UNKNOWN_MEMBER:
                log.info("user %s left server %s: a computer plays for them", user, guild.id)
                left = bool(await service.seats.player_left(guild.id, user)) or left
            continue
        except discord.HTTPException as error:  # cannot tell now: asked again next time
            log.info("could not look up user %s on server %s: %s", user, guild.id, error)
            continue
        remember(guild.id, user, now)
    return await service.tables.get_table(table.id) if left else table


def remember(guild_id: int, user: int, now: float) -> None:
    """`user` was found on server `guild_id` at `now`."""
    _confirmed.pop((guild_id, user), None)
    _confirmed[(guild_id, user)] = now
    while len(_confirmed) > REMEMBERED:
        del _confirmed[next(iter(_confirmed))]


def forget(guild_id: int, user: int) -> None:
    """`user` left server `guild_id`: looked up again if they play there."""
    _confirmed.pop((guild_id, user), None)



