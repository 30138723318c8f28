"""How a game ends and is rated, in one place (`Results.finish`): its last move stored
with its summary, then added to its server's ratings; the servers' summaries and
ratings; a table's game record."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from bot.games import record as records
from bot.games.base import GameState, Seat
from bot.outcomes.ratings import Ratings, recompute, update
from bot.outcomes.summaries import FinishedTable, GameSummary, Player, summarize
from bot.service.errors import NotPlaying, StaleAction
from bot.service.store import TableStore
from bot.storage import LoggedAction, Table, TableStatus
from bot.storage.table_settings import game_options


class Results:
    """Finished games and game records, on `store`.

    A game's end is timed, stored and rated under its server's ratings lock
    (`finish`, which `bot.service.moves.Moves` calls for a game's last move): the
    server's results then come in the order they are rated, and each adds to the
    stored ratings (two games ending at once made the second recompute them all)."""

    def __init__(self, store: TableStore) -> None:
        self._store = store
        self._ratings_locks: dict[int, asyncio.Lock] = {}
        """One per server: its ratings are read, updated and written by one call at a
        time, and its games' ends stored under it; a server is on one shard, so in one
        process."""

    def _ending(self, guild_id: int | None) -> asyncio.Lock:
        """The server's ratings lock, held while a game of it ends and is rated."""
        return self._ratings_locks.setdefault(guild_id or 0, asyncio.Lock())

    async def finish(
        self, table: Table, state: GameState[Any], last: tuple[Seat, str], *, played_by: int
    ) -> Table:
        """Store the game's last move `last`, which left it over in `state`: the finished
        table, the move and the game's summary in one save (the table's lock held by
        the caller), then the summary added to the server's ratings. Returns the table
        as saved."""
        async with self._ending(table.guild_id):
            now = self._store.clock()
            summary = await self._summary(table, last, now)
            ended = replace(table, state=state, status=TableStatus.FINISHED)
            saved = await self._store.save(
                table, ended, action=last, played_by=played_by, result=summary, now=now
            )
            await self._rate(table.guild_id, summary)
            return saved

    async def _summary(self, table: Table, last: tuple[Seat, str], now: float) -> GameSummary:
        """The summary of the game `last` ends, played at `now` (docs/weeks.md); made on
        a thread, as it replays the whole game (6-31 ms).

        StaleAction if another process played at the table since it was read: its
        move is then in the log, and `last` may no longer replay after it."""
        log = await self._store.log(table.id)
        try:
            return await asyncio.to_thread(_summarized, table, log, last, now)
        except records.ReplayError:
            current = await self._store.get(table.id)
            if current.version != table.version:
                raise StaleAction(expected=table.version, current=current.version) from None
            raise

    async def _rate(self, guild_id: int | None, summary: GameSummary) -> None:
        """Add a game just stored to its server's ratings, under the server's ratings
        lock (recomputed if they missed one)."""
        storage = self._store.storage
        stored = await storage.ratings(guild_id) or ("{}", 0)
        count = await storage.result_count(guild_id)
        if stored[1] == count - 1:
            ratings = Ratings.from_json(json.loads(stored[0]))
            update(ratings, summary)
        else:
            ratings = await self._recompute(guild_id)
        await self._store_ratings(guild_id, ratings, count)

    async def summaries(self, guild_id: int | None) -> list[GameSummary]:
        """The summaries of the server's finished games, in the order they ended; read
        on a thread, as they are as many as the server's games (a thousand: 75 ms)."""
        return await asyncio.to_thread(_summaries, await self._store.storage.results(guild_id))

    async def ratings(self, guild_id: int | None) -> Ratings:
        """The server's ratings; recomputed from its results if they lack some."""
        async with self._ending(guild_id):
            stored = await self._store.storage.ratings(guild_id)
            count = await self._store.storage.result_count(guild_id)
            if stored is not None and stored[1] == count:
                return Ratings.from_json(json.loads(stored[0]))
            ratings = await self._recompute(guild_id)
            await self._store_ratings(guild_id, ratings, count)
            return ratings

    async def record(self, table_id: int) -> dict[str, Any]:
        """The game record of a started table (see `bot.games.record`); made on a thread,
        as it replays the whole game."""
        table = await self._store.get(table_id)
        if table.state is None:
            raise NotPlaying()
        log = await self._store.log(table_id)
        return await asyncio.to_thread(game_record, table, log)

    async def _recompute(self, guild_id: int | None) -> Ratings:
        """The server's ratings from all its results: rare (a result stored without its
        rating, by a crash between the two writes), and as long as the server's history,
        so on a thread, not in one step of the event loop."""
        results = await self._store.storage.results(guild_id)
        return await asyncio.to_thread(lambda: recompute(_summaries(results)))

    async def _store_ratings(self, guild_id: int | None, ratings: Ratings, through: int) -> None:
        text = json.dumps(ratings.to_json(), sort_keys=True)
        await self._store.storage.store_ratings(guild_id, text, through)


def game_record(
    table: Table, log: list[LoggedAction], last: tuple[Seat, str] | None = None
) -> dict[str, Any]:
    """The record of `table`'s game: `log` (taken-back actions left out), then `last`.
    It replays the whole game (6-31 ms for the shipped games): callers run it on a
    thread, not on the event loop."""
    moves = [(entry.seat, entry.notation) for entry in log]
    return records.make_record(
        table.game, len(table.seats), table.seed, game_options(table.options),
        moves if last is None else [*moves, last],
    )


def _summarized(
    table: Table, log: list[LoggedAction], last: tuple[Seat, str], now: float
) -> GameSummary:
    """The summary of `table`'s game: `log` (taken-back actions left out), then `last`
    played at `now`."""
    record = game_record(table, log, last)
    times = [entry.created_at for entry in log] + [now]
    return summarize(
        FinishedTable(
            table_id=table.id,
            game=table.game,
            players=tuple(Player(str(user)) for user in table.seats),
            record=record,
            started_at=_moment(table.started_at or table.created_at),
            action_times=tuple(_moment(at) for at in times),
        )
    )


def _summaries(texts: list[str]) -> list[GameSummary]:
    return [GameSummary.from_json(json.loads(text)) for text in texts]


def _moment(unix: float) -> datetime:
    return datetime.fromtimestamp(unix, UTC)
