"""Players' names kept by the bot, so that nothing prints a raw Discord id.

The bot runs without the Server Members intent (README: leave it off), so its member
cache is empty: a finished game's players may be found by no lookup (they left, or
the lookup fails). What the bot sees for sure is the name an interaction carries
(`interaction.user.display_name`, the nickname first) and the names it looked up
for a table's images. Both are kept per server (`SeenNames.remember_names`,
docs/weeks.md, "Names"):

- each seat's name at the end of its game (`remember_seats`), with its result,
  and a name fetched from Discord for a table's images (`remember_names`);
- the name of whoever acts, refreshed when it changed (`note_actor`; the names
  noted are remembered here, bounded, so an unchanged name costs no write).

The leaderboard (`cogs.platform.standings`) and the images (`cogs.platform.names`)
read them back where the server gives no name.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Mapping, Sequence

import discord

from bot.service import GameService, Table
from bot.service.computers import computer_level
from cogs.membership.lookup import remember
from cogs.platform.host import host_of, service_of
from cogs.platform.items import Interaction

NOTED = 10_000
"""At most this many (server, user) names are remembered as stored; oldest forgotten first."""

_noted: weakref.WeakKeyDictionary[GameService, dict[tuple[int, int], str]] = (
    weakref.WeakKeyDictionary()
)
"""Per service (its database), the names it stored, by (server or 0, user)."""


async def note_actor(interaction: Interaction) -> None:
    """Keep the display name of the user who just acted on this server, if it changed
    since it was last kept by this process; they are on it, as `still_seated` needs not
    ask Discord."""
    user, service = interaction.user, service_of(interaction)
    if interaction.guild_id is not None:  # on the server now (`cogs.membership.lookup`)
        remember(interaction.guild_id, user.id, service.now())
    key = (interaction.guild_id or 0, user.id)
    if _noted.get(service, {}).get(key) == user.display_name:
        return
    await service.seen_names.remember_names(interaction.guild_id, {user.id: user.display_name})
    _remember(service, key, user.display_name)


async def remember_seats(client: discord.Client, table: Table, names: Sequence[str]) -> None:
    """At the end of `table`'s game: keep each player's display name (`names`, in seat
    order, "" where unknown; computer seats are no members and are skipped)."""
    humans = {
        user: name
        for user, name in zip(table.seats, names, strict=True)
        if computer_level(user) is None
    }
    await remember_names(client, table.guild_id, humans)


async def remember_names(
    client: discord.Client, guild_id: int | None, names: Mapping[int, str]
) -> None:
    """Keep `names` (user id -> display name; "" for unknown, skipped) on the server,
    as seen now."""
    known = {user: name for user, name in names.items() if name}
    if not known:
        return
    service = host_of(client).service
    await service.seen_names.remember_names(guild_id, known)
    for user, name in known.items():
        _remember(service, (guild_id or 0, user), name)


async def stored_names(
    client: discord.Client, guild_id: int | None, user_ids: Iterable[int]
) -> dict[int, str]:
    """The names kept for `user_ids` on the server (those never seen left out)."""
    return await host_of(client).service.seen_names.player_names(guild_id, user_ids)


def _remember(service: GameService, key: tuple[int, int], name: str) -> None:
    noted = _noted.setdefault(service, {})
    noted.pop(key, None)
    noted[key] = name
    while len(noted) > NOTED:
        del noted[next(iter(noted))]
