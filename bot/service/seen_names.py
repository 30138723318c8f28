"""The name each player was last seen with on each server (docs/weeks.md, "Names"),
so that standings, lookups and a table's images name a player who left the server,
or whom Discord no longer sends, as the others knew them.

Its own piece, not `Preferences`: a player chooses their preferences (away, reminders,
ping mode) and they follow them from server to server, while these names are what
the bot noticed, per server, by itself, each time it met the player; nobody sets them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from bot.service.store import TableStore
from bot.storage import SeenName


class SeenNames:
    """The players' names as last seen on each server, on `store`."""

    def __init__(self, store: TableStore) -> None:
        self._store = store

    async def remember_names(self, guild_id: int | None, names: Mapping[int, str]) -> None:
        """Keep `names` (user id -> display name, "" for unknown: skipped) as the
        players' names on the server, seen now."""
        now = self._store.clock()
        await self._store.storage.remember_names(
            SeenName(guild_id, user, name, now) for user, name in names.items() if name
        )

    async def player_names(self, guild_id: int | None, user_ids: Iterable[int]) -> dict[int, str]:
        """The last name seen of each of `user_ids` on the server (unseen users left out)."""
        return await self._store.storage.player_names(guild_id, user_ids)
