"""A round's slots as its opening claims them: each slot's table is opened by one
claimer at a time (`claim`, a lease of `CLAIM_LEASE_SECONDS` in case the claimer dies,
with a token its holder renews, `renew`, however long Discord makes it wait for a
thread), its thread kept at once (`keep_place`: a claimer that dies leaves it to the
next, never a second one), its call and the round's announcement kept (`mark`,
`announced`). `bot.service.tournament_rounds.TournamentRounds` opens the tables.
"""

from __future__ import annotations

import uuid
from dataclasses import replace
from typing import Any

from bot.service.tournament_record import Slot, Tournament, with_round, with_slot
from bot.service.tournaments import Tournaments
from bot.storage.records import TournamentStatus

CLAIM_LEASE_SECONDS = 120.0
"""A slot claimed (or its claim renewed) this long ago without a table may be claimed
again (its claimer died)."""
LIVE = (TournamentStatus.RUNNING, TournamentStatus.PAUSED)


def _slot(tournament: Tournament, number: int, index: int) -> Slot | None:
    """Slot `index` of round `number`, None if that round is not the current one."""
    if number != len(tournament.rounds):
        return None
    return tournament.rounds[-1].slots[index]


class TournamentSlots:
    """The claims on the slots of the tournaments of `rows`."""

    def __init__(self, rows: Tournaments) -> None:
        self._rows = rows

    def pending(self, tournament: Tournament) -> list[int]:
        """The slots of the current round to open now: without a table, not claimed (or
        claimed past the lease)."""
        current = tournament.current
        if tournament.status not in (TournamentStatus.RUNNING, TournamentStatus.PAUSED):
            return []
        if current is None:
            return []
        now = self._rows.now()
        return [
            index for index, slot in enumerate(current.slots)
            if slot.table_id is None and not slot.done
            and (slot.claimed_at is None or now - slot.claimed_at >= CLAIM_LEASE_SECONDS)
        ]

    async def claim(self, tournament_id: int, number: int, index: int) -> str | None:
        """Claim slot `index` of round `number` to open its table: the claim's token,
        or None if another call holds it or it is open already. The holder renews it
        (`renew`) while Discord makes it wait, so that it is never claimed twice."""
        token = uuid.uuid4().hex

        def claim(tournament: Tournament) -> Tournament | None:
            if number != len(tournament.rounds) or index not in self.pending(tournament):
                return None
            return with_slot(tournament, index, claimed_at=self._rows.now(), claimed_by=token)

        after = await self._rows.change(tournament_id, claim)
        slot = _slot(after, number, index)
        return token if slot is not None and slot.claimed_by == token else None

    async def _holding(self, tournament_id: int, number: int, index: int, token: str,
                       **changes: Any) -> bool:
        """Change slot `index` of round `number` as `changes` say if `token` still holds
        it (the lease is renewed too); False if the claim was lost: another holds it,
        its table is open, or the tournament no longer goes on (cancelled)."""
        held = False

        def change(tournament: Tournament) -> Tournament | None:
            nonlocal held
            slot = _slot(tournament, number, index)
            held = (tournament.status in LIVE and slot is not None
                    and slot.claimed_by == token and slot.table_id is None)
            if not held:
                return None
            return with_slot(tournament, index, **{"claimed_at": self._rows.now(), **changes})

        await self._rows.change(tournament_id, change)
        return held

    async def renew(self, tournament_id: int, number: int, index: int, token: str) -> bool:
        """The holder of the claim still works at it (its lease starts again); False if
        it no longer holds it (the slot was opened, or claimed by another)."""
        return await self._holding(tournament_id, number, index, token)

    async def release(self, tournament_id: int, number: int, index: int, token: str) -> None:
        """The holder gives the claim up (Discord refused it a thread): the next pass
        may claim the slot at once."""
        await self._holding(tournament_id, number, index, token, claimed_by=None,
                            claimed_at=None)

    async def keep_place(self, tournament_id: int, number: int, index: int, token: str,
                         channel_id: int) -> bool:
        """Keep on the slot the thread made for it, at once: a claimer that dies before
        opening the table leaves it to the next, which plays there rather than make a
        second one. False if `token` no longer holds the claim."""
        return await self._holding(tournament_id, number, index, token, channel_id=channel_id)

    async def mark(self, tournament_id: int, number: int, index: int, **changes: bool) -> None:
        """Keep that slot `index` of round `number` was called (`called`) or its delay
        told (`delayed`)."""
        def change(tournament: Tournament) -> Tournament | None:
            if number != len(tournament.rounds):
                return None
            return with_slot(tournament, index, **changes)

        await self._rows.change(tournament_id, change)

    async def announced(self, tournament_id: int, number: int) -> None:
        """Keep that round `number`'s opening was posted."""
        def change(tournament: Tournament) -> Tournament | None:
            current = tournament.current
            if current is None or current.number != number or current.announced:
                return None
            return with_round(tournament, replace(current, announced=True))

        await self._rows.change(tournament_id, change)
