"""What each player chose for themselves: away until a date, reminders by direct
message on every table, how a table tells them it is their turn (their ping mode,
written only here: a rematch carries it over through `carry_ping_mode`)."""

from __future__ import annotations

from dataclasses import replace

from bot.service.checks import check_turn
from bot.service.errors import AwayInPast, NotSeated
from bot.service.store import TableStore
from bot.storage import PingMode, Presence, Table, TableStatus


class Preferences:
    """The players' own settings, on `store`."""

    def __init__(self, store: TableStore) -> None:
        self._store = store

    async def set_away(self, user_id: int, until: float | None) -> None:
        """Mark `user_id` away until the unix time `until` (None: back now); AwayInPast
        for a time not in the future."""
        if until is not None and until <= self._store.clock():
            raise AwayInPast()
        storage = self._store.storage
        current = (await storage.presence([user_id]))[user_id]
        await storage.set_presence(user_id, replace(current, away_until=until))

    async def set_dm_reminders(self, user_id: int, on: bool) -> None:
        storage = self._store.storage
        current = (await storage.presence([user_id]))[user_id]
        await storage.set_presence(user_id, replace(current, dm_reminders=on))

    async def presence(self, user_ids: tuple[int, ...]) -> dict[int, Presence]:
        return await self._store.storage.presence(user_ids)

    async def away(self, user_ids: tuple[int, ...]) -> dict[int, float]:
        """Which of `user_ids` are away now, and until when."""
        now = self._store.clock()
        return {
            user: found.away_until
            for user, found in (await self._store.storage.presence(user_ids)).items()
            if found.away_until is not None and found.away_until > now
        }

    async def set_ping_mode(self, table_id: int, user_id: int, mode: PingMode) -> Table:
        """How `user_id`, seated at the table (in its lobby or in play), wants it to tell
        them it is their turn (docs/platform.md, "Pings"). Returns the table."""
        table = await self._store.get(table_id)
        if table.status == TableStatus.LOBBY:
            if user_id not in table.seats:
                raise NotSeated()
        else:
            check_turn(table, user_id, None, to_act=False)
        await self._store.storage.set_ping_mode(table_id, user_id, mode)
        return table

    async def ping_modes(self, table_id: int) -> dict[int, PingMode]:
        """The ping mode of each player of the table who chose one (others: ping)."""
        return await self._store.storage.ping_modes(table_id)

    async def carry_ping_mode(self, old_table_id: int, new_table_id: int, user_id: int) -> None:
        """`user_id`'s ping mode at the old table, if they chose one, becomes theirs at
        the new (their seat at its rematch)."""
        mode = (await self._store.storage.ping_modes(old_table_id)).get(user_id)
        if mode is not None:
            await self._store.storage.set_ping_mode(new_table_id, user_id, mode)
