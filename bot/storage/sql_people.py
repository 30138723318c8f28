"""What both backends do with the same SQL for the people at the tables, beside the
tables themselves (`bot.storage.sql`): each user's presence, the votes to pause a
table or for a computer to stand in, ping modes, the names seen on each server, the
turn-builder drafts, the invitation cards of lobbies and the public messages a table
left; and the primitives every
statement goes through (`SqlPrimitives`), which each backend provides.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any

from bot.games.base import Seat
from bot.storage.records import (
    Draft,
    HintGiven,
    InvitationCard,
    MessageKind,
    PingMode,
    Presence,
    Row,
    SeenName,
    TableMessage,
    VerdictKept,
)

Statement = tuple[str, Sequence[Sequence[Any]]]
"""One statement and the parameters of each time it runs (`SqlPrimitives._in_transaction`)."""


class SqlPrimitives(ABC):
    """A backend's primitives: statements written once, with ``?`` for each parameter."""

    @abstractmethod
    async def _rows(self, sql: str, *params: Any) -> Sequence[Row]:
        """The rows of one read."""

    @abstractmethod
    async def _write_one(self, sql: str, *params: Any) -> Sequence[Row]:
        """Run one write statement in a transaction of its own; its rows (``RETURNING``)."""

    @abstractmethod
    async def _in_transaction(self, statements: Iterable[Statement]) -> None:
        """Run every statement, once per parameter row, in one transaction."""


class SqlPeopleRows(SqlPrimitives):
    """The `Storage` methods of the people's rows, over a backend's primitives."""

    # -- players' names ---------------------------------------------------------------

    async def remember_names(self, names: Iterable[SeenName]) -> None:
        rows = [(seen.guild_id or 0, seen.user_id, seen.name, seen.seen_at) for seen in names]
        if rows:
            await self._in_transaction([(
                "INSERT INTO player_names (guild_id, user_id, name, seen_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (guild_id, user_id) DO UPDATE SET name = excluded.name, "
                "seen_at = excluded.seen_at WHERE player_names.seen_at <= excluded.seen_at",
                rows,
            )])

    async def player_names(self, guild_id: int | None, user_ids: Iterable[int]) -> dict[int, str]:
        wanted = list(dict.fromkeys(user_ids))
        if not wanted:
            return {}
        rows = await self._rows(
            "SELECT user_id, name FROM player_names "
            f"WHERE guild_id = ? AND user_id IN ({', '.join('?' * len(wanted))})",
            guild_id or 0, *wanted,
        )
        return {row[0]: row[1] for row in rows}

    async def every_name(self) -> list[SeenName]:
        rows = await self._rows(
            "SELECT guild_id, user_id, name, seen_at FROM player_names ORDER BY guild_id, user_id"
        )
        return [SeenName(row[0] or None, row[1], row[2], row[3]) for row in rows]

    # -- invitation cards -----------------------------------------------------------

    async def remember_card(self, card: InvitationCard) -> None:
        await self._write_one(
            "INSERT INTO invitation_cards (table_id, channel_id, message_id) VALUES (?, ?, ?) "
            "ON CONFLICT DO NOTHING",
            card.table_id, card.channel_id, card.message_id,
        )

    async def invitation_cards(self, table_id: int) -> list[InvitationCard]:
        rows = await self._rows(
            "SELECT channel_id, message_id FROM invitation_cards WHERE table_id = ? "
            "ORDER BY message_id",
            table_id,
        )
        return [InvitationCard(table_id, row[0], row[1]) for row in rows]

    async def forget_card(self, card: InvitationCard) -> None:
        await self._write_one(
            "DELETE FROM invitation_cards WHERE table_id = ? AND message_id = ?",
            card.table_id, card.message_id,
        )

    async def forget_cards(self, table_id: int) -> None:
        await self._write_one("DELETE FROM invitation_cards WHERE table_id = ?", table_id)

    # -- a table's public messages --------------------------------------------------

    async def remember_message(self, message: TableMessage) -> None:
        await self._write_one(
            "INSERT INTO table_messages (table_id, message_id, channel_id, kind, live) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            message.table_id, message.message_id, message.channel_id, str(message.kind),
            message.live,
        )

    async def table_messages(self, table_id: int) -> list[TableMessage]:
        rows = await self._rows(
            "SELECT message_id, channel_id, kind, live FROM table_messages WHERE table_id = ? "
            "ORDER BY message_id",
            table_id,
        )
        return [
            TableMessage(table_id, row[0], row[1], MessageKind(row[2]), bool(row[3]))
            for row in rows
        ]

    async def forget_message(self, table_id: int, message_id: int) -> None:
        await self._write_one(
            "DELETE FROM table_messages WHERE table_id = ? AND message_id = ?",
            table_id, message_id,
        )

    async def close_messages(self, table_id: int) -> None:
        await self._write_one(
            "UPDATE table_messages SET live = FALSE WHERE table_id = ? AND live", table_id
        )

    # -- presence -------------------------------------------------------------------

    async def presence(self, user_ids: Iterable[int]) -> dict[int, Presence]:
        wanted = list(dict.fromkeys(user_ids))
        found = {user: Presence() for user in wanted}
        if wanted:
            rows = await self._rows(
                "SELECT user_id, away_until, dm_reminders FROM presence "
                f"WHERE user_id IN ({', '.join('?' * len(wanted))})",
                *wanted,
            )
            found.update((row[0], Presence(row[1], bool(row[2]))) for row in rows)
        return found

    async def every_presence(self) -> dict[int, Presence]:
        rows = await self._rows("SELECT user_id, away_until, dm_reminders FROM presence")
        return {row[0]: Presence(row[1], bool(row[2])) for row in rows}

    async def set_presence(self, user_id: int, presence: Presence) -> None:
        await self._write_one(
            "INSERT INTO presence (user_id, away_until, dm_reminders) VALUES (?, ?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET away_until = excluded.away_until, "
            "dm_reminders = excluded.dm_reminders",
            user_id, presence.away_until, presence.dm_reminders,
        )

    async def vote_pause(self, table_id: int, away_id: int, away_until: float, voter: int) -> None:
        await self._write_one(
            "INSERT INTO pause_votes (table_id, away_id, away_until, voter_id) "
            "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
            table_id, away_id, away_until, voter,
        )

    async def pause_votes(self, table_id: int) -> dict[tuple[int, float], set[int]]:
        rows = await self._rows(
            "SELECT away_id, away_until, voter_id FROM pause_votes WHERE table_id = ?", table_id
        )
        votes: dict[tuple[int, float], set[int]] = {}
        for row in rows:
            votes.setdefault((row[0], row[1]), set()).add(row[2])
        return votes

    async def vote_stand_in(self, table_id: int, away_id: int, voter: int) -> None:
        await self._write_one(
            "INSERT INTO stand_in_votes (table_id, away_id, voter_id) VALUES (?, ?, ?) "
            "ON CONFLICT DO NOTHING",
            table_id, away_id, voter,
        )

    async def stand_in_votes(self, table_id: int) -> dict[int, set[int]]:
        rows = await self._rows(
            "SELECT away_id, voter_id FROM stand_in_votes WHERE table_id = ?", table_id
        )
        votes: dict[int, set[int]] = {}
        for row in rows:
            votes.setdefault(row[0], set()).add(row[1])
        return votes

    async def forget_stand_in_votes(self, table_id: int, away_id: int) -> None:
        await self._write_one(
            "DELETE FROM stand_in_votes WHERE table_id = ? AND away_id = ?", table_id, away_id
        )

    # -- ping modes -----------------------------------------------------------------

    async def ping_modes(self, table_id: int) -> dict[int, PingMode]:
        rows = await self._rows("SELECT user_id, mode FROM ping_modes WHERE table_id = ?", table_id)
        return {row[0]: PingMode(row[1]) for row in rows}

    async def set_ping_mode(self, table_id: int, user_id: int, mode: PingMode) -> None:
        await self._write_one(
            "INSERT INTO ping_modes (table_id, user_id, mode) VALUES (?, ?, ?) "
            "ON CONFLICT (table_id, user_id) DO UPDATE SET mode = excluded.mode",
            table_id, user_id, mode.value,
        )

    # -- drafts ---------------------------------------------------------------------

    async def new_draft(self, table_id: int, seat: Seat, steps: Iterable[str]) -> int:
        [row] = await self._write_one(
            "INSERT INTO drafts (table_id, seat, token, steps) VALUES (?, ?, 1, ?) "
            "ON CONFLICT (table_id, seat) DO UPDATE SET token = drafts.token + 1, "
            "steps = excluded.steps RETURNING token",
            table_id, seat, json.dumps(list(steps)),
        )
        return int(row[0])

    async def draft(self, table_id: int, seat: Seat) -> Draft | None:
        rows = await self._rows(
            "SELECT token, steps FROM drafts WHERE table_id = ? AND seat = ?", table_id, seat
        )
        return Draft(rows[0][0], tuple(json.loads(rows[0][1]))) if rows else None

    async def set_draft(self, table_id: int, seat: Seat, token: int, steps: Iterable[str]) -> bool:
        rows = await self._write_one(
            "UPDATE drafts SET steps = ? WHERE table_id = ? AND seat = ? AND token = ? "
            "RETURNING token",
            json.dumps(list(steps)), table_id, seat, token,
        )
        return bool(rows)

    # -- the coach's hints ------------------------------------------------------------

    async def remember_hint(self, table_id: int, seat: Seat, hint: HintGiven) -> None:
        await self._write_one(
            "INSERT INTO coach_hints (table_id, seat, moment, steps, line) "
            "VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (table_id, seat, moment, steps) DO UPDATE SET line = excluded.line",
            table_id, seat, hint.moment, json.dumps(list(hint.steps)), json.dumps(list(hint.line)),
        )

    async def hints_given(self, table_id: int, seat: Seat) -> list[HintGiven]:
        rows = await self._rows(
            "SELECT moment, steps, line FROM coach_hints WHERE table_id = ? AND seat = ?",
            table_id, seat,
        )
        found = [HintGiven(row[0], tuple(json.loads(row[1])), tuple(json.loads(row[2])))
                 for row in rows]
        return sorted(found, key=lambda hint: (hint.moment, hint.steps))

    async def keep_verdict(self, table_id: int, seat: Seat, verdict: VerdictKept) -> None:
        await self._write_one(
            "INSERT INTO coach_verdicts (table_id, seat, moment, steps, position, verdict) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, seat, moment, steps) "
            "DO UPDATE SET position = excluded.position, verdict = excluded.verdict",
            table_id, seat, verdict.moment, json.dumps(list(verdict.steps)), verdict.position,
            verdict.verdict,
        )

    async def verdicts(self, table_id: int, seat: Seat) -> list[VerdictKept]:
        rows = await self._rows(
            "SELECT moment, steps, position, verdict FROM coach_verdicts "
            "WHERE table_id = ? AND seat = ?", table_id, seat,
        )
        found = [VerdictKept(row[0], tuple(json.loads(row[1])), row[2], row[3]) for row in rows]
        return sorted(found, key=lambda kept: (kept.moment, kept.steps))
