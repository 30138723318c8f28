"""Copying a whole database to another backend (``python -m bot migrate-db``), checked.

Every table is copied under its own id with all its settings (game options,
seed, reminder delay and flag, times, its votes (to pause, for a computer to stand
in), its players' ping modes, a lobby's invitation cards, the messages it left, since
when it waits to be posted) and its full action log, every player's name on each server, and every
tournament under its own id. Then the copy is verified: the row counts match, every
table reads back the same, and every started game, replayed from the copied log,
reaches exactly the state stored in both databases.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.games import record as records
from bot.games.record import ReplayError, replay
from bot.storage.base import Storage
from bot.storage.records import Table
from bot.storage.table_settings import game_options


class CopyError(Exception):
    """The copy was refused or did not verify; the message says why."""


@dataclass(frozen=True)
class CopyReport:
    counts: dict[str, int]
    """Rows copied, per data table."""
    replayed: int
    """Started games whose copied log replays to their stored state."""


async def copy_database(source: Storage, target: Storage) -> CopyReport:
    """Copy every table of `source` into `target`, which must be empty, then verify."""
    if any((await target.counts()).values()):
        raise CopyError(
            "the target database already holds tables: give an empty database "
            "(the copy never overwrites)"
        )
    for table_id in await source.table_ids():
        table = await source.get(table_id)
        assert table is not None
        actions, result = await source.actions(table_id), await source.result(table_id)
        await target.import_table(table, actions, result)
        for (away_id, until), voters in (await source.pause_votes(table_id)).items():
            for voter in voters:
                await target.vote_pause(table_id, away_id, until, voter)
        for away_id, voters in (await source.stand_in_votes(table_id)).items():
            for voter in voters:
                await target.vote_stand_in(table_id, away_id, voter)
        for user_id, mode in (await source.ping_modes(table_id)).items():
            await target.set_ping_mode(table_id, user_id, mode)
        for card in await source.invitation_cards(table_id):
            await target.remember_card(card)
        for message in await source.table_messages(table_id):
            await target.remember_message(message)
        unposted = await source.unposted_since(table_id)
        if unposted is not None:
            await target.mark_unposted(table_id, unposted)
    for user_id, presence in (await source.every_presence()).items():
        await target.set_presence(user_id, presence)
    await target.remember_names(await source.every_name())
    for tournament in await source.every_tournament():
        await target.import_tournament(tournament)
    counts = await source.counts()
    copied = await target.counts()
    if copied != counts:
        raise CopyError(f"row counts differ after the copy: source {counts}, target {copied}")
    replayed = 0
    for table_id in await target.table_ids():
        original, copy = await source.get(table_id), await target.get(table_id)
        assert original is not None and copy is not None
        if replace(original, state=None) != replace(copy, state=None):
            raise CopyError(f"table {table_id}: its copy differs from the original")
        if copy.state is None:
            continue
        try:
            state = await _replayed_state(target, copy)
        except ReplayError as error:
            raise CopyError(f"table {table_id}: its copied log does not replay: {error}") from None
        if not state == _state_json(copy) == _state_json(original):
            raise CopyError(f"table {table_id}: its copied log does not replay to its state")
        replayed += 1
    return CopyReport(counts, replayed)


async def _replayed_state(storage: Storage, table: Table) -> object:
    log = await storage.actions(table.id)
    moves = [(a.seat, a.notation) for a in log if not a.taken_back]
    record = records.make_record(
        table.game, len(table.seats), table.seed, game_options(table.options), moves
    )
    return replay(record).to_json()


def _state_json(table: Table) -> object:
    assert table.state is not None
    return table.state.to_json()
