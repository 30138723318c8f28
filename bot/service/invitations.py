"""The invitation cards of lobbies (``/game invite channel:``, docs/weeks.md): which
messages advertise a table in other channels, kept in the database so that the
process handling a change of the lobby, whichever it is and even after a restart,
edits them all.

A table's cards are kept while it is a lobby (full or not: a seat freed opens it
again). The Discord layer (`cogs.platform.invitations`) edits them at each change,
forgets one whose message is gone, and forgets them all once the table has started
or closed, after their last edit; nothing reads a card of such a table.
"""

from __future__ import annotations

from bot.service.store import TableStore
from bot.storage import InvitationCard


class Invitations:
    """The invitation cards of the tables of `store`."""

    def __init__(self, store: TableStore) -> None:
        self._store = store

    async def remember(self, card: InvitationCard) -> None:
        """Keep `card`, posted for its table's lobby (kept already: nothing changes)."""
        await self._store.storage.remember_card(card)

    async def cards(self, table_id: int) -> list[InvitationCard]:
        """The table's cards, oldest first."""
        return await self._store.storage.invitation_cards(table_id)

    async def forget(self, card: InvitationCard) -> None:
        """Forget `card`: its message was deleted, or the bot may no longer edit it."""
        await self._store.storage.forget_card(card)

    async def forget_all(self, table_id: int) -> None:
        """Forget the table's cards: it has started or closed, its cards say so."""
        await self._store.storage.forget_cards(table_id)
