"""Who the coach looks after at a table (`cogs.platform.coach`), kept in the table's
settings (`bot.storage.table_settings`): ``coach`` maps a player (user id as a
string) to their own choice, `/game coach on|off`; ``coach_new`` is the lobby's
option "coach for new players", which coaches the players who never finished a
game of this kind on the server, unless they said otherwise. And the hints the coach
gave, kept with the table (`Storage.remember_hint`), which its notes and reviews read,
and its verdicts (`Storage.keep_verdict`): one per position, made once and read by the
hint, the note and the review of it."""

from __future__ import annotations

from dataclasses import replace

from bot.games.base import Seat
from bot.service.errors import NotSeated
from bot.service.results import Results
from bot.service.store import TableStore
from bot.storage import HintGiven, Table, VerdictKept
from bot.storage.table_settings import settings, with_settings


def choices(table: Table) -> dict[int, bool]:
    """Each player's own choice of coach mode at `table`."""
    found = settings(table).get("coach")
    if not isinstance(found, dict):
        return {}
    return {int(user): bool(on) for user, on in found.items()}


def coaches_new_players(table: Table) -> bool:
    """Whether the lobby's option "coach for new players" is on."""
    return settings(table).get("coach_new") is True


def coached(table: Table) -> set[int]:
    """The players coached at `table` by their own choice (see `Coaching.coached`)."""
    return {user for user, on in choices(table).items() if on}


def may_coach(table: Table) -> bool:
    """Whether anyone may be coached at `table`: a table without it costs nothing."""
    return bool(coached(table)) or coaches_new_players(table)


class Coaching:
    """The coach mode of the players of a table, on `store`; who is new from `results`."""

    def __init__(self, store: TableStore, results: Results) -> None:
        self._store = store
        self._results = results

    async def set_coach(self, table_id: int, user_id: int, on: bool) -> Table:
        """A seated player turns their coach on or off at the table."""
        async with self._store.locked(table_id) as table:
            if user_id not in table.seats:
                raise NotSeated()
            return await self._save(table, {**choices(table), user_id: on})

    async def set_new_players(self, table_id: int, user_id: int, on: bool) -> Table:
        """The creator turns on or off, in the lobby, "coach for new players"."""
        return await self._store.set_lobby_settings(table_id, user_id, coach_new=on or None)

    async def coached(self, table: Table) -> set[int]:
        """The players coached at `table`: by their own choice, and, with "coach for new
        players", those with no finished game of this kind on the server (decided at their
        first move, then kept as their choice)."""
        chosen = choices(table)
        undecided = [u for u in table.seats if u > 0 and u not in chosen]
        if not coaches_new_players(table) or not undecided:
            return coached(table)
        played = {
            player.id
            for summary in await self._results.summaries(table.guild_id)
            if summary.game == table.game
            for player in summary.players
        }
        async with self._store.locked(table.id) as current:
            found = {**{u: str(u) not in played for u in undecided}, **choices(current)}
            await self._save(current, found)
        return {user for user, on in found.items() if on}

    async def gave(self, table: Table, seat: Seat, hint: HintGiven) -> None:
        """Keep a hint the coach gave `seat` at `table` (a line played as the hints said
        is never called costly: `bot.ai.coach.followed`)."""
        await self._store.storage.remember_hint(table.id, seat, hint)

    async def given(self, table: Table, seat: Seat) -> list[HintGiven]:
        """The hints the coach gave `seat` at `table`."""
        return await self._store.storage.hints_given(table.id, seat)

    async def keep_verdict(self, table: Table, seat: Seat, verdict: VerdictKept) -> None:
        """Keep the coach's verdict on a position of `seat` at `table`, which the hint,
        the note and the review of that position then read (`cogs.platform.coach`)."""
        await self._store.storage.keep_verdict(table.id, seat, verdict)

    async def verdicts(self, table: Table, seat: Seat) -> list[VerdictKept]:
        """The coach's verdicts kept on `seat`'s positions at `table`."""
        return await self._store.storage.verdicts(table.id, seat)

    async def _save(self, table: Table, found: dict[int, bool]) -> Table:
        coach = {str(user): on for user, on in sorted(found.items())} or None
        return await self._store.save_settings(
            table, replace(table, options=with_settings(table, coach=coach))
        )
