"""The drafts of the turn-builder panels (`cogs.platform.builder`): the steps a seat
chose so far on its open panel, kept in the database so that any process (or the
bot after a restart) continues the panel, and only the seat's newest panel counts."""

from __future__ import annotations

from bot.games.base import Seat
from bot.service.errors import PanelReplaced
from bot.service.store import TableStore
from bot.storage import Table


class Drafts:
    """The turn-builder panels' drafts of the tables of `store`."""

    def __init__(self, store: TableStore) -> None:
        self._store = store

    async def new_draft(self, table: Table, seat: Seat, steps: list[str]) -> int:
        """Start a turn-builder panel of `seat` from `steps`; its token (an older panel of
        the seat is refused from now on: `draft`)."""
        return await self._store.storage.new_draft(table.id, seat, steps)

    async def draft(self, table: Table, seat: Seat, token: int) -> list[str]:
        """The steps chosen so far on the seat's panel `token`; PanelReplaced if the seat
        opened a newer panel since (or the panel's draft was lost)."""
        found = await self._store.storage.draft(table.id, seat)
        if found is None or found.token != token:
            raise PanelReplaced()
        return list(found.steps)

    async def set_draft(self, table: Table, seat: Seat, token: int, steps: list[str]) -> None:
        """Record the steps of the seat's panel `token`; PanelReplaced if a newer one
        replaced it meanwhile."""
        if not await self._store.storage.set_draft(table.id, seat, token, steps):
            raise PanelReplaced()
