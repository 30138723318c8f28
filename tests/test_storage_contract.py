"""The storage contract (`bot.storage.base`), checked against both backends.

Each test runs on a fresh SQLite file and on a fresh PostgreSQL database.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import Any

import asyncpg
import pytest

import bot.storage.postgres
import bot.storage.sql
import bot.storage.sqlite
import tests.tinygame  # noqa: F401  (registers "tiny")
from bot.games.registry import get_game
from bot.service.errors import TableBusy
from bot.storage import (
    Draft,
    HintGiven,
    InvitationCard,
    MessageKind,
    OpenTableExists,
    PingMode,
    Presence,
    SeenName,
    ShardSet,
    Storage,
    Table,
    TableMessage,
    TableStatus,
    VerdictKept,
)
from bot.storage.records import (
    COLUMNS,
    REMINDER_LEASE_SECONDS,
    DueReminder,
    LoggedAction,
    TournamentRow,
    TournamentStatus,
    migration_scripts,
    row_values,
    shard_of,
    table_from_row,
)
from tests.postgres_support import PostgresCluster
from tests.storage_support import FAULTS, log_row_refused, raw

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(params=BACKENDS)
async def location(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database of each backend."""
    if request.param == "postgresql":
        cluster: PostgresCluster = request.getfixturevalue("postgres_cluster")
        return await cluster.create_database()
    return str(tmp_path / "db.sqlite3")


@pytest.fixture
async def contract_storage(location: str) -> AsyncIterator[Storage]:
    storage = await Storage.open(location)
    yield storage
    await storage.close()


def lobby(channel: int = 1, guild: int | None = None) -> Table:
    return Table(
        id=0, guild_id=guild, channel_id=channel, game="tiny", creator_id=7, seats=(7,),
        status=TableStatus.LOBBY, options={}, seed=1, version=0, reminder_minutes=5, created_at=1.0,
        updated_at=1.0, turn_started_at=1.0, reminded=False, state=None,
    )


def playing(table: Table, *, version: int, turn_started_at: float) -> Table:
    """`table` started (two seats), at `version`, its turn begun at `turn_started_at`."""
    state = get_game("tiny").new(2, table.seed, {})
    return replace(table, seats=(7, 8), status=TableStatus.PLAYING, state=state, version=version,
                   turn_started_at=turn_started_at)


async def test_opening_again_applies_no_migration_twice(location: str) -> None:
    for _ in range(2):
        storage = await Storage.open(location)
        await storage.close()
    numbers = [row[0] for row in await raw(location, "SELECT number FROM schema_migrations")]
    assert numbers == sorted(set(numbers)) and numbers[0] == 1


async def test_a_failing_migration_leaves_no_trace(
    location: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    backend = bot.storage.postgres if location.startswith("postgresql") else bot.storage.sqlite
    real = backend.migration_scripts(backend.MIGRATIONS)
    broken = (99, "broken", "CREATE TABLE half (x INTEGER);\nTHIS IS NOT SQL;")
    monkeypatch.setattr(backend, "migration_scripts", lambda package: [*real, broken])
    with pytest.raises((sqlite3.Error, asyncpg.PostgresError, bot.storage.StartupError)):
        await Storage.open(location)
    numbers = [row[0] for row in await raw(location, "SELECT number FROM schema_migrations")]
    assert numbers == [number for number, _, _ in real]
    monkeypatch.undo()
    storage = await Storage.open(location)  # and the next start goes on
    await storage.insert(lobby())
    await storage.close()


async def test_a_save_against_an_old_version_writes_nothing(contract_storage: Storage) -> None:
    storage = contract_storage
    table = await storage.insert(lobby())
    moved = replace(table, seats=(7, 8), version=1)
    assert await storage.save(moved, previous_version=0, action=(0, "keep"))
    late = replace(table, seats=(7, 9), version=1)
    assert not await storage.save(late, previous_version=0, action=(0, "swap"))
    stored = await storage.get(table.id)
    assert stored is not None and stored.seats == (7, 8)
    assert [a.notation for a in await storage.actions(table.id)] == ["keep"]


async def test_of_many_saves_racing_on_one_version_exactly_one_wins(location: str) -> None:
    """Two connections (as two processes would have), 20 saves each against version 0."""
    first, second = await Storage.open(location), await Storage.open(location)
    table = await first.insert(lobby())
    saves = [
        storage.save(replace(table, version=1, seats=(7, n)), previous_version=0,
                     action=(0, f"move {n}"))
        for n in range(20) for storage in (first, second)
    ]
    results = await asyncio.gather(*saves)
    assert results.count(True) == 1
    [logged] = await second.actions(table.id)
    stored = await first.get(table.id)
    assert stored is not None and logged.notation == f"move {stored.seats[1]}"
    await first.close()
    await second.close()


async def test_a_log_row_that_fails_leaves_the_table_unsaved(
    location: str, contract_storage: Storage
) -> None:
    table = await contract_storage.insert(lobby())
    async with log_row_refused(location, "swap"):
        with pytest.raises(FAULTS):
            await contract_storage.save(replace(table, version=1, seats=(7, 8)),
                                        previous_version=0, action=(0, "swap"))
    assert await contract_storage.get(table.id) == table
    assert await contract_storage.actions(table.id) == []


async def test_the_action_log_is_append_only(location: str, contract_storage: Storage) -> None:
    table = await contract_storage.insert(lobby())
    await contract_storage.save(replace(table, version=1), previous_version=0, action=(0, "keep"))
    for statement in ("UPDATE actions SET notation = 'swap'", "DELETE FROM actions"):
        with pytest.raises((sqlite3.IntegrityError, asyncpg.RaiseError), match="append-only"):
            await raw(location, statement)
    assert [a.notation for a in await contract_storage.actions(table.id)] == ["keep"]


async def test_a_finished_games_log_is_packed_and_reads_back_the_same(
    location: str, contract_storage: Storage
) -> None:
    """The save that ends a game packs its log into one row: the rows go, the log reads
    back the same (who played, take-backs), is counted the same, and cannot grow or
    change. A game finished before packing existed keeps its rows until packed."""
    storage = contract_storage
    table = await storage.insert(lobby(guild=5))
    old = await storage.insert(lobby(channel=2, guild=5))
    for one in (table, old):
        await storage.save(replace(one, version=1), previous_version=0, action=(0, "keep"),
                           played_by=7)
        await storage.save(replace(one, version=2, updated_at=2.0), previous_version=1,
                           taking_back=0)
        await storage.save(replace(one, version=3, updated_at=3.0), previous_version=2,
                           action=(1, "swap"), played_by=8)
    log = await storage.actions(table.id)
    ended = replace(table, version=4, updated_at=4.0, status=TableStatus.FINISHED)
    assert await storage.save(ended, previous_version=3, action=(0, "keep"), played_by=7,
                              result='{"n": 1}')
    log.append(LoggedAction(2, 0, "keep", 4.0, played_by=7))
    assert await storage.actions(table.id) == log
    rows_left = f"SELECT COUNT(*) FROM actions WHERE table_id = {table.id}"
    assert await raw(location, rows_left) == [(0,)]
    # Finished as before packing existed: its rows stay, read the same, until packed.
    await storage.save(replace(old, version=4, status=TableStatus.FINISHED), previous_version=3)
    old_log = await storage.actions(old.id)
    assert [a.notation for a in old_log] == ["keep", "swap"] and old_log[0].taken_back
    counts = await storage.counts()
    assert (counts["actions"], counts["taken_back"]) == (5, 2)
    assert await storage.pack_finished_logs() == 1  # python -m bot pack-logs
    assert await storage.pack_finished_logs() == 0
    await storage.pack_log(old.id)  # packed already: nothing to do
    assert await storage.actions(old.id) == old_log
    assert await storage.counts() == counts
    assert await raw(location, "SELECT COUNT(*) FROM actions") == [(0,)]
    assert await raw(location, "SELECT COUNT(*) FROM taken_back") == [(0,)]
    for statement in (
        f"INSERT INTO actions (table_id, seq, seat, notation, created_at) "
        f"VALUES ({table.id}, 3, 0, 'keep', 5.0)",
        "UPDATE packed_logs SET actions = 0",
        "DELETE FROM packed_logs",
    ):
        with pytest.raises((sqlite3.IntegrityError, asyncpg.RaiseError), match="append-only"):
            await raw(location, statement)
    assert await storage.actions(table.id) == log


async def test_a_game_whose_packing_fails_still_ends_with_its_log_in_rows(
    contract_storage: Storage, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    storage = contract_storage
    table = await storage.insert(lobby())

    async def busy(table_id: int) -> None:
        raise TableBusy("the database kept a lock too long")

    monkeypatch.setattr(storage, "pack_log", busy)
    ended = replace(table, version=1, status=TableStatus.FINISHED)
    assert await storage.save(ended, previous_version=0, action=(0, "keep"), result="{}")
    assert "stays in rows" in caplog.text
    assert await storage.get(table.id) == ended
    assert [a.notation for a in await storage.actions(table.id)] == ["keep"]
    monkeypatch.undo()
    assert await storage.pack_finished_logs() == 1


async def test_one_open_table_per_channel_is_enforced_by_the_database(
    contract_storage: Storage,
) -> None:
    storage = contract_storage
    first = await storage.insert(lobby(channel=3))
    with pytest.raises(OpenTableExists):
        await storage.insert(lobby(channel=3))
    await storage.save(replace(first, status=TableStatus.ABANDONED, version=1), previous_version=0)
    assert (await storage.insert(lobby(channel=3))).id != first.id


async def test_a_channels_last_table_is_its_newest_whatever_its_status(
    contract_storage: Storage,
) -> None:
    storage = contract_storage
    assert await storage.last_table_in(5) is None
    first = await storage.insert(lobby(channel=5))
    await storage.insert(lobby(channel=6))
    ended = replace(first, status=TableStatus.FINISHED, version=1)
    assert await storage.save(ended, previous_version=0)
    last = await storage.last_table_in(5)
    assert last is not None and (last.id, last.status) == (first.id, TableStatus.FINISHED)
    second = await storage.insert(lobby(channel=5))
    assert (await storage.last_table_in(5)) == second


async def test_a_servers_lobbies_and_tables_in_play_are_listed_apart(
    contract_storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage = contract_storage
    first, second, elsewhere = [
        await storage.insert(lobby(channel=channel, guild=guild))
        for channel, guild in ((1, 9), (2, 9), (3, 10))
    ]
    await storage.save(playing(first, version=1, turn_started_at=2.0), previous_version=0)
    assert [table.id for table in await storage.lobbies(9)] == [second.id]
    read_on: list[str] = []

    def reading(row: Any) -> Table:
        read_on.append(threading.current_thread().name)
        return table_from_row(row)

    monkeypatch.setattr(bot.storage.sql, "table_from_row", reading)
    assert [table.id for table in await storage.playing_tables(9)] == [first.id]
    assert read_on and threading.main_thread().name not in read_on  # every state: off the loop
    assert [table.id for table in await storage.lobbies(10)] == [elsewhere.id]


async def test_a_cancelled_save_still_completes_its_transaction(contract_storage: Storage) -> None:
    storage = contract_storage
    table = await storage.insert(lobby())
    saving = asyncio.create_task(
        storage.save(replace(table, version=1), previous_version=0, action=(0, "keep"))
    )
    await asyncio.sleep(0)  # the transaction has begun
    saving.cancel()
    with pytest.raises(asyncio.CancelledError):
        await saving
    # The shielded statement goes on after the caller is cancelled; on PostgreSQL a read
    # may use another pooled connection and come before its commit, so wait for it.
    stored = await storage.get(table.id)
    for _ in range(200):
        if stored is not None and stored.version == 1:
            break
        await asyncio.sleep(0.01)
        stored = await storage.get(table.id)
    assert stored is not None and stored.version == 1
    assert [a.notation for a in await storage.actions(table.id)] == ["keep"]
    assert await storage.save(replace(table, version=2), previous_version=1)


async def test_a_take_back_is_a_fact_saved_with_the_table(contract_storage: Storage) -> None:
    """The log keeps the action and who played it; the take-back is marked beside it,
    in the same transaction as the table's save (and not at all if the save loses)."""
    storage = contract_storage
    table = await storage.insert(lobby())
    await storage.save(replace(table, version=1), previous_version=0, action=(0, "keep"),
                       played_by=7)
    await storage.save(replace(table, version=2, updated_at=9.0), previous_version=1,
                       taking_back=0)
    assert not await storage.save(replace(table, version=3), previous_version=1, taking_back=0)
    assert await storage.actions(table.id) == [
        LoggedAction(0, 0, "keep", 1.0, played_by=7, taken_back_at=9.0)
    ]


async def test_a_result_is_stored_with_the_save_that_ends_the_game(
    contract_storage: Storage,
) -> None:
    storage = contract_storage
    first = await storage.insert(lobby(channel=1, guild=5))
    other = await storage.insert(lobby(channel=2, guild=6))
    assert not await storage.save(replace(first, version=1), previous_version=3,
                                  action=(0, "keep"), played_by=7, result='{"lost": 1}')
    for table, summary in ((first, '{"n": 1}'), (other, '{"n": 2}')):
        assert await storage.save(replace(table, version=1, updated_at=8.0), previous_version=0,
                                  action=(0, "keep"), played_by=7, result=summary)
    assert await storage.results(5) == ['{"n": 1}']
    assert [await storage.result_count(guild) for guild in (5, 6, 7, None)] == [1, 1, 0, 0]
    assert await storage.result(other.id) == '{"n": 2}'
    assert await storage.result(99) is None
    assert [a.played_by for a in await storage.actions(first.id)] == [7]
    assert await storage.ratings(5) is None
    await storage.store_ratings(5, "{}", 0)
    await storage.store_ratings(5, '{"tiny": {}}', 1)
    assert await storage.ratings(5) == ('{"tiny": {}}', 1)
    assert await storage.ratings(6) is None


async def test_presence_defaults_to_none_and_is_replaced(contract_storage: Storage) -> None:
    storage = contract_storage
    assert await storage.presence([7, 8]) == {7: Presence(), 8: Presence()}
    await storage.set_presence(7, Presence(away_until=50.0))
    await storage.set_presence(7, Presence(away_until=60.0, dm_reminders=True))
    assert await storage.presence([7, 8, 7]) == {7: Presence(60.0, True), 8: Presence()}
    assert await storage.presence([]) == {}
    assert await storage.every_presence() == {7: Presence(60.0, True)}


async def test_a_players_name_is_kept_per_server_and_the_newest_sighting_wins(
    contract_storage: Storage,
) -> None:
    storage = contract_storage
    assert await storage.player_names(9, [7]) == {}
    await storage.remember_names([SeenName(9, 7, "Ana", 10.0), SeenName(None, 7, "Ana DM", 10.0)])
    await storage.remember_names([SeenName(9, 7, "Ana B.", 20.0), SeenName(9, 8, "Bob", 20.0)])
    await storage.remember_names([SeenName(9, 7, "Ana (old)", 15.0)])  # seen before "Ana B."
    await storage.remember_names([])
    assert await storage.player_names(9, [7, 8, 6, 7]) == {7: "Ana B.", 8: "Bob"}
    assert await storage.player_names(10, [7]) == {}  # another server: another name
    assert await storage.player_names(None, [7]) == {7: "Ana DM"}
    assert await storage.player_names(9, []) == {}
    assert await storage.every_name() == [
        SeenName(None, 7, "Ana DM", 10.0), SeenName(9, 7, "Ana B.", 20.0),
        SeenName(9, 8, "Bob", 20.0),
    ]
    assert (await storage.counts())["player_names"] == 3


async def test_ping_modes_are_per_table_and_replaced(contract_storage: Storage) -> None:
    storage = contract_storage
    assert await storage.ping_modes(1) == {}  # nobody chose: everyone is pinged
    await storage.set_ping_mode(1, 7, PingMode.OFF)
    await storage.set_ping_mode(1, 7, PingMode.DM)
    await storage.set_ping_mode(1, 8, PingMode.PING)
    await storage.set_ping_mode(2, 7, PingMode.OFF)
    assert await storage.ping_modes(1) == {7: PingMode.DM, 8: PingMode.PING}
    assert await storage.ping_modes(2) == {7: PingMode.OFF}
    assert (await storage.counts())["ping_modes"] == 3


async def test_a_lobbys_invitation_cards_are_kept_listed_per_table_and_forgotten(
    contract_storage: Storage,
) -> None:
    storage = contract_storage
    first, second = await storage.insert(lobby(channel=1)), await storage.insert(lobby(channel=2))
    assert await storage.invitation_cards(first.id) == []
    cards = [InvitationCard(first.id, 50, 502), InvitationCard(first.id, 60, 501)]
    other = InvitationCard(second.id, 50, 503)
    for card in (*cards, other, cards[0]):  # the same card twice is kept once
        await storage.remember_card(card)
    assert await storage.invitation_cards(first.id) == [cards[1], cards[0]]  # by message
    assert await storage.invitation_cards(second.id) == [other]
    assert (await storage.counts())["invitation_cards"] == 3
    await storage.forget_card(cards[1])  # its message deleted
    await storage.forget_card(cards[1])
    assert await storage.invitation_cards(first.id) == [cards[0]]
    await storage.forget_cards(first.id)  # the table started or closed
    assert await storage.invitation_cards(first.id) == []
    assert await storage.invitation_cards(second.id) == [other]  # another table's stay
    with pytest.raises((sqlite3.IntegrityError, asyncpg.ForeignKeyViolationError)):
        await storage.remember_card(InvitationCard(99, 50, 504))  # no such table


async def test_a_tables_messages_are_kept_by_id_dropped_and_closed(
    contract_storage: Storage,
) -> None:
    storage = contract_storage
    first, second = await storage.insert(lobby(channel=1)), await storage.insert(lobby(channel=2))
    assert await storage.table_messages(first.id) == []
    lobby_post = TableMessage(first.id, 602, 1, MessageKind.LOBBY)
    turn = TableMessage(first.id, 601, 1, MessageKind.TURN)
    notice = TableMessage(first.id, 603, 1, MessageKind.NOTICE, live=False)
    other = TableMessage(second.id, 600, 2, MessageKind.TURN)
    for message in (lobby_post, turn, notice, other, lobby_post):  # twice is kept once
        await storage.remember_message(message)
    assert await storage.table_messages(first.id) == [turn, lobby_post, notice]  # by id
    assert (await storage.counts())["table_messages"] == 4
    await storage.forget_message(first.id, 601)  # a newer turn took its controls
    await storage.forget_message(first.id, 601)
    await storage.close_messages(first.id)  # the table ended
    closed = replace(lobby_post, live=False)
    assert await storage.table_messages(first.id) == [closed, notice]
    assert await storage.table_messages(second.id) == [other]  # another table's stay live
    with pytest.raises((sqlite3.IntegrityError, asyncpg.ForeignKeyViolationError)):
        await storage.remember_message(TableMessage(99, 604, 1, MessageKind.TURN))


async def test_a_new_panel_replaces_the_seats_draft_and_refuses_the_older_one(
    contract_storage: Storage,
) -> None:
    storage = contract_storage
    assert await storage.draft(1, 0) is None
    first = await storage.new_draft(1, 0, ["m6"])
    assert await storage.draft(1, 0) == Draft(first, ("m6",))
    assert await storage.set_draft(1, 0, first, ["m6", "c1 +y"])
    assert await storage.draft(1, 0) == Draft(first, ("m6", "c1 +y"))
    second = await storage.new_draft(1, 0, [])
    assert second == first + 1
    assert not await storage.set_draft(1, 0, first, ["m6", "c2"])  # the older panel
    assert await storage.draft(1, 0) == Draft(second, ())
    assert await storage.new_draft(1, 1, ["x"]) == 1  # each seat, each table its own
    assert await storage.new_draft(2, 0, []) == 1
    assert await storage.draft(1, 0) == Draft(second, ())


async def test_the_coachs_hints_are_kept_per_seat_moment_and_steps(
    contract_storage: Storage,
) -> None:
    """Issue 43: the hints given are kept with the table; one per moment and panel steps
    (asked again, the latest line), each seat and table its own."""
    storage = contract_storage
    assert await storage.hints_given(1, 0) == []
    await storage.remember_hint(1, 0, HintGiven(7, ("m10",), ("c4", "t3", "c0", "end")))
    await storage.remember_hint(1, 0, HintGiven(7, (), ("m10", "c4", "t3", "c0", "end")))
    await storage.remember_hint(1, 0, HintGiven(3, (), ("bank",)))
    await storage.remember_hint(1, 0, HintGiven(7, ("m10",), ("c3", "end")))
    await storage.remember_hint(1, 1, HintGiven(7, (), ("f1",)))
    await storage.remember_hint(2, 0, HintGiven(7, (), ("f2",)))
    assert await storage.hints_given(1, 0) == [
        HintGiven(3, (), ("bank",)), HintGiven(7, (), ("m10", "c4", "t3", "c0", "end")),
        HintGiven(7, ("m10",), ("c3", "end")),
    ]
    assert await storage.hints_given(1, 1) == [HintGiven(7, (), ("f1",))]
    assert await storage.hints_given(2, 0) == [HintGiven(7, (), ("f2",))]


async def test_the_coachs_verdicts_are_kept_per_seat_moment_and_steps(
    contract_storage: Storage,
) -> None:
    """Issue 43: one verdict per position, kept with the table and read back as written;
    one per moment and panel steps (a later one, as after a take-back, replaces it:
    its `position` tells the record it was made on), each seat and table its own."""
    storage = contract_storage
    assert await storage.verdicts(1, 0) == []
    first = VerdictKept(7, (), "a1", '{"margin":2.0,"moves":[{"move":"m10","value":31.25}]}')
    stepped = VerdictKept(7, ("m10",), "a1", '{"margin":2.0,"moves":[]}')
    earlier = VerdictKept(3, (), "b0", '{"margin":2.0,"moves":[{"move":"bank"}]}')
    for kept in (first, stepped, earlier):
        await storage.keep_verdict(1, 0, kept)
    await storage.keep_verdict(1, 1, replace(first, verdict="{}"))
    await storage.keep_verdict(2, 0, replace(first, position="c9"))
    assert await storage.verdicts(1, 0) == [earlier, first, stepped]
    after_take_back = replace(first, position="d4", verdict='{"margin":2.0,"moves":[]}')
    await storage.keep_verdict(1, 0, after_take_back)
    assert await storage.verdicts(1, 0) == [earlier, after_take_back, stepped]
    assert await storage.verdicts(1, 1) == [replace(first, verdict="{}")]
    assert await storage.verdicts(2, 0) == [replace(first, position="c9")]


async def test_pause_votes_count_each_voter_once_per_away_period(
    contract_storage: Storage,
) -> None:
    storage = contract_storage
    table = await storage.insert(lobby())
    for voter in (8, 9, 8):
        await storage.vote_pause(table.id, 7, 100.0, voter)
    await storage.vote_pause(table.id, 7, 200.0, 8)
    assert await storage.pause_votes(table.id) == {(7, 100.0): {8, 9}, (7, 200.0): {8}}
    assert (await storage.counts())["pause_votes"] == 3


async def test_stand_in_votes_count_each_voter_once_until_forgotten(
    contract_storage: Storage,
) -> None:
    storage = contract_storage
    table = await storage.insert(lobby())
    other = await storage.insert(lobby(channel=2))
    assert await storage.stand_in_votes(table.id) == {}
    for voter in (8, 9, 8):
        await storage.vote_stand_in(table.id, 7, voter)
    await storage.vote_stand_in(table.id, 6, 8)
    await storage.vote_stand_in(other.id, 7, 8)
    assert await storage.stand_in_votes(table.id) == {7: {8, 9}, 6: {8}}
    assert (await storage.counts())["stand_in_votes"] == 4
    await storage.forget_stand_in_votes(table.id, 7)
    assert await storage.stand_in_votes(table.id) == {6: {8}}
    assert await storage.stand_in_votes(other.id) == {7: {8}}  # another table's kept


# -- upgrades ---------------------------------------------------------------------------


def backend_of(location: str) -> ModuleType:
    return bot.storage.postgres if location.startswith("postgresql") else bot.storage.sqlite


def earlier_versions() -> list[tuple[str, int]]:
    """(backend, number of migrations applied) for every schema version but the latest."""
    return [
        (name, applied)
        for name, module in (("sqlite", bot.storage.sqlite), ("postgresql", bot.storage.postgres))
        for applied in range(1, len(module.migration_scripts(module.MIGRATIONS)))
    ]


def sql_literal(value: object) -> str:
    """`value` written in SQL both backends read (no quote occurs in these values)."""
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"  # SQLite 3.23+ reads them too
    return f"'{value}'" if isinstance(value, str) else repr(value)


async def existing_tables(location: str) -> set[str]:
    """The names of the tables the database holds now."""
    if location.startswith("postgresql"):
        rows = await raw(location, "SELECT tablename FROM pg_tables "
                                   "WHERE schemaname = current_schema()")
    else:
        rows = await raw(location, "SELECT name FROM sqlite_master WHERE type = 'table'")
    return {row[0] for row in rows}


OLD_DATA = {
    "taken_back": "({table_id}, 1, 2.5)",
    "results": "({table_id}, 9, 'tiny', 3.0, '{{\"summary\": 1}}')",
    "ratings": "(9, '{{\"ratings\": 1}}', 1)",
    "presence": "(7, 50.0, TRUE)",
    "pause_votes": "({table_id}, 8, 50.0, 7)",
    "ping_modes": "({table_id}, 7, 'dm')",
    "drafts": "({table_id}, 1, 4, '[\"keep\"]')",
    "coach_hints": "({table_id}, 1, 2, '[]', '[\"keep\"]')",
    "coach_verdicts": "({table_id}, 1, 2, '[]', 'p2', '{{}}')",
}
"""One row of each table added after migration 1, in its columns of the version that
added it (``{table_id}``: the table's id)."""


async def fill_at_old_version(location: str) -> tuple[Table, list[tuple[int, int, str]], set[str]]:
    """A table in play with two logged actions, and a row in every other table the
    schema has at this version, written as a bot of that version wrote them (the
    columns each table was created with, under their names of that version: `games`
    and `game_id` before the rename to `tables` and `table_id`). Also returns the names
    of the tables filled beyond `tables` and `actions`."""
    state = get_game("tiny").new(2, 3, {})
    log = [(0, 0, "keep"), (1, 1, "keep")]
    for _, seat, notation in log:
        state.apply(seat, state.parse_action(seat, notation))
    table = replace(playing(lobby(channel=5, guild=9), version=4, turn_started_at=2.0),
                    id=1, seed=3, state=state)
    present = await existing_tables(location)
    tables, table_id = ("games", "game_id") if "games" in present else ("tables", "table_id")
    # Migration 1's columns: those added since are left to their defaults.
    old = {c: v for c, v in zip(COLUMNS, row_values(table), strict=True) if c != "started_at"}
    values = ", ".join(sql_literal(value) for value in old.values())
    await raw(location, f"INSERT INTO {tables} (id, {', '.join(old)}) VALUES (1, {values});")
    for seq, seat, notation in log:
        await raw(location, f"INSERT INTO actions ({table_id}, seq, seat, notation, created_at) "
                            f"VALUES (1, {seq}, {seat}, '{notation}', {seq + 1.0});")
    filled = set(OLD_DATA) & present
    for name in sorted(filled):
        row = OLD_DATA[name].format(table_id=1)
        await raw(location, f"INSERT INTO {name} VALUES {row};")
    return table, log, filled


async def old_database(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """The location of a new database of `backend`, to be opened at an old version."""
    if backend == "postgresql":
        cluster: PostgresCluster = request.getfixturevalue("postgres_cluster")
        return await cluster.create_database()
    return str(tmp_path / "old.sqlite3")


def apply_only(
    location: str, applied: int, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[int, str, str]]:
    """Have opening `location` apply its backend's first `applied` migrations only, until
    `monkeypatch.undo()`; returns every migration."""
    module = backend_of(location)
    every: list[tuple[int, str, str]] = module.migration_scripts(module.MIGRATIONS)
    monkeypatch.setattr(module, "migration_scripts", lambda package: every[:applied])
    return every


@pytest.mark.parametrize(("backend", "applied"), earlier_versions())
async def test_an_upgrade_from_every_earlier_version_keeps_everything(
    backend: str, applied: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
) -> None:
    location = await old_database(backend, tmp_path, request)
    every = apply_only(location, applied, monkeypatch)
    await (await Storage.open(location)).close()
    table, _, filled = await fill_at_old_version(location)
    monkeypatch.undo()
    storage = await Storage.open(location)
    try:
        numbers = [row[0] for row in await raw(location, "SELECT number FROM schema_migrations")]
        assert sorted(numbers) == [number for number, _, _ in every]
        stored = await storage.get(1)
        assert stored is not None and stored.state is not None and table.state is not None
        assert replace(stored, state=None) == replace(table, state=None)
        assert stored.state.to_json() == table.state.to_json()
        taken_back = 2.5 if "taken_back" in filled else None
        assert await storage.actions(1) == [
            LoggedAction(0, 0, "keep", 1.0), LoggedAction(1, 1, "keep", 2.0, None, taken_back)
        ]  # who played them is unknown: none of them can be taken back
        counted = (
            "taken_back", "results", "presence", "pause_votes", "stand_in_votes", "ping_modes",
            "player_names", "invitation_cards", "tournaments", "table_messages",
        )
        assert await storage.counts() == {
            "tables": 1, "actions": 2, **{name: int(name in filled) for name in counted}
        }
        if "results" in filled:
            assert await storage.result(1) == '{"summary": 1}'
            assert await storage.results(9) == ['{"summary": 1}']
            assert await storage.ratings(9) == ('{"ratings": 1}', 1)
        if "presence" in filled:
            assert await storage.presence([7]) == {7: Presence(50.0, True)}
            assert await storage.pause_votes(1) == {(8, 50.0): {7}}
        if "ping_modes" in filled:  # the table added by 0007 / 0006
            assert await storage.ping_modes(1) == {7: PingMode.DM}
        await storage.set_ping_mode(1, 7, PingMode.OFF)
        assert await storage.ping_modes(1) == {7: PingMode.OFF}
        if "drafts" in filled:  # the table added by 0008 / 0007 (none older than it yet)
            assert await storage.draft(1, 1) == Draft(4, ("keep",))
        if "coach_hints" in filled:  # the table added by 0016 / 0015
            assert await storage.hints_given(1, 1) == [HintGiven(2, (), ("keep",))]
        if "coach_verdicts" in filled:  # the table added by 0017 / 0016
            assert await storage.verdicts(1, 1) == [VerdictKept(2, (), "p2", "{}")]
        await storage.remember_card(InvitationCard(1, 5, 6))  # added by 0011 / 0010
        assert await storage.invitation_cards(1) == [InvitationCard(1, 5, 6)]
        token = await storage.new_draft(1, 1, ["add 1"])
        assert await storage.draft(1, 1) == Draft(token, ("add 1",))
        assert await storage.save(replace(stored, version=5), previous_version=4,
                                  action=(0, "add 1"), played_by=7)
        assert [a.played_by for a in await storage.actions(1)] == [None, None, 7]
    finally:
        await storage.close()


@pytest.mark.parametrize("backend", BACKENDS)
async def test_an_upgrade_moves_the_stand_in_votes_out_of_the_options(
    backend: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
) -> None:
    """Before migration ``stand_in_votes`` a table kept them in its options JSON: they
    survive the upgrade as rows, and the options keep everything else."""
    location = await old_database(backend, tmp_path, request)
    names = [name for _, name, _ in migration_scripts(backend_of(location).MIGRATIONS)]
    apply_only(location, names.index("stand_in_votes"), monkeypatch)
    old = await Storage.open(location)
    voted = {"standin_votes": {"7": [8, 9], "6": [8]}}
    first = await old.insert(replace(lobby(channel=1), options={
        "variant": "x", "table": {**voted, "standing_in": {"1": "away"}, "takeover": True}}))
    second = await old.insert(replace(lobby(channel=2), options={"table": {
        "standin_votes": {"5": [7]}}}))
    third = await old.insert(replace(lobby(channel=3), options={"target": 3}))
    await old.close()
    monkeypatch.undo()
    storage = await Storage.open(location)
    try:
        assert await storage.stand_in_votes(first.id) == {7: {8, 9}, 6: {8}}
        assert await storage.stand_in_votes(second.id) == {5: {7}}
        assert await storage.stand_in_votes(third.id) == {}
        stored = [await storage.get(table.id) for table in (first, second, third)]
        assert [table.options for table in stored if table is not None] == [
            {"variant": "x", "table": {"standing_in": {"1": "away"}, "takeover": True}},
            {},
            {"target": 3},
        ]
        assert (await storage.counts())["stand_in_votes"] == 4
    finally:
        await storage.close()


# -- reminders ------------------------------------------------------------------------


async def test_a_due_reminder_is_claimed_once_among_racing_claimers(location: str) -> None:
    storages = [await Storage.open(location) for _ in range(3)]
    ids = []
    for channel in range(10):
        table = await storages[0].insert(lobby(channel=channel))
        await storages[0].save(playing(table, version=1, turn_started_at=100.0), previous_version=0)
        ids.append(table.id)
    now = 100.0 + 5 * 60
    rounds = await asyncio.gather(
        *(storage.claim_reminders(now, ShardSet.all()) for storage in storages for _ in range(4))
    )
    claimed = sorted(due.table_id for claim in rounds for due in claim)
    assert claimed == ids
    for storage in storages:
        await storage.close()


async def test_a_claim_not_confirmed_is_claimable_again_after_the_lease(
    contract_storage: Storage,
) -> None:
    storage = contract_storage
    table = await storage.insert(lobby())
    await storage.save(playing(table, version=1, turn_started_at=100.0), previous_version=0)
    due = 100.0 + 5 * 60
    assert await storage.claim_reminders(due, ShardSet.all()) == [DueReminder(table.id, 100.0)]
    assert await storage.claim_reminders(due + REMINDER_LEASE_SECONDS - 1, ShardSet.all()) == []
    later = due + REMINDER_LEASE_SECONDS
    assert await storage.claim_reminders(later, ShardSet.all()) == [DueReminder(table.id, 100.0)]
    await storage.mark_reminded(table.id)
    assert await storage.claim_reminders(later + 2 * REMINDER_LEASE_SECONDS, ShardSet.all()) == []


async def test_the_reminder_follows_the_turn(contract_storage: Storage) -> None:
    """Kept by a save within the turn (even from an older read), reset by a new turn."""
    storage = contract_storage
    table = await storage.insert(lobby())
    started = playing(table, version=1, turn_started_at=100.0)
    await storage.save(started, previous_version=0)
    assert await storage.claim_reminders(400.0, ShardSet.all()) == [DueReminder(table.id, 100.0)]
    await storage.mark_reminded(table.id)
    same_turn = replace(started, version=2, reminded=False)  # read before the reminder
    assert await storage.save(same_turn, previous_version=1)
    assert await storage.claim_reminders(10_000.0, ShardSet.all()) == []
    stored = await storage.get(table.id)
    assert stored is not None and stored.reminded
    new_turn = replace(started, version=3, turn_started_at=500.0)
    assert await storage.save(new_turn, previous_version=2)
    stored = await storage.get(table.id)
    assert stored is not None and not stored.reminded
    assert await storage.claim_reminders(800.0, ShardSet.all()) == [DueReminder(table.id, 500.0)]


async def test_a_reminder_noted_outside_the_claims_is_not_claimed_again_this_turn(
    contract_storage: Storage,
) -> None:
    """`mark_reminded_now` (the bot back on a server posted the turn as its reminder):
    claimed or not, the turn's reminder is given; a new turn gets its own."""
    storage = contract_storage
    for claimed in (False, True):
        table = await storage.insert(lobby(channel=int(claimed)))
        started = playing(table, version=1, turn_started_at=100.0)
        await storage.save(started, previous_version=0)
        if claimed:
            await storage.claim_reminders(400.0, ShardSet.all())
        await storage.mark_reminded_now(table.id, 500.0)
        stored = await storage.get(table.id)
        assert stored is not None and stored.reminded
        assert table.id not in [d.table_id for d in await storage.claim_reminders(
            10_000.0, ShardSet.all())]
        await storage.save(replace(started, version=2, turn_started_at=600.0), previous_version=1)
        due = await storage.claim_reminders(20_000.0, ShardSet.all())
        assert DueReminder(table.id, 600.0) in due


async def test_a_confirmation_after_a_new_turn_does_not_mark_the_new_turn(
    contract_storage: Storage,
) -> None:
    storage = contract_storage
    table = await storage.insert(lobby())
    started = playing(table, version=1, turn_started_at=100.0)
    await storage.save(started, previous_version=0)
    await storage.claim_reminders(400.0, ShardSet.all())
    await storage.save(replace(started, version=2, turn_started_at=450.0), previous_version=1)
    await storage.mark_reminded(table.id)  # the old turn's post, confirmed late
    assert await storage.claim_reminders(750.0, ShardSet.all()) == [DueReminder(table.id, 450.0)]


async def test_each_shard_set_claims_only_its_servers(contract_storage: Storage) -> None:
    storage = contract_storage
    guilds = [n << 22 for n in range(8)] + [None]  # shards 0..3 twice, then a DM table
    guild_of = {}
    for channel, guild in enumerate(guilds):
        table = await storage.insert(lobby(channel=channel, guild=guild))
        await storage.save(playing(table, version=1, turn_started_at=0.0), previous_version=0)
        guild_of[table.id] = guild
    even = await storage.claim_reminders(300.0, ShardSet(4, frozenset({0, 2})))
    odd = await storage.claim_reminders(300.0, ShardSet(4, frozenset({1, 3})))
    assert {shard_of(guild_of[due.table_id], 4) for due in even} == {0, 2}
    assert {shard_of(guild_of[due.table_id], 4) for due in odd} == {1, 3}
    assert len(even) == 5 and len(odd) == 4  # the DM table is shard 0's
    assert even == sorted(even) and odd == sorted(odd)


async def test_the_tables_in_play_of_a_shard_set_are_read_without_the_finished_ones(
    contract_storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage = contract_storage
    guilds = [n << 22 for n in range(4)] + [None]  # shards 0..3, then a DM table
    in_play = []
    for channel, guild in enumerate(guilds):
        table = await storage.insert(lobby(channel=channel, guild=guild))
        started = playing(table, version=1, turn_started_at=0.0)
        await storage.save(started, previous_version=0)
        in_play.append(table.id)
        if guild is not None:  # each server also has a finished game and a lobby
            old = await storage.insert(lobby(channel=100 + channel, guild=guild))
            old_started = playing(old, version=1, turn_started_at=0.0)
            await storage.save(old_started, previous_version=0)
            finished = replace(old_started, status=TableStatus.FINISHED, version=2)
            await storage.save(finished, previous_version=1)
            await storage.insert(lobby(channel=200 + channel, guild=guild))
    read_on: list[str] = []

    def reading(row: Any) -> Table:
        read_on.append(threading.current_thread().name)
        return table_from_row(row)

    monkeypatch.setattr(bot.storage.sql, "table_from_row", reading)
    every = await storage.tables_in_play(ShardSet.all())
    assert [table.id for table in every] == in_play  # oldest first, no finished game, no lobby
    assert len(read_on) == len(in_play)  # only those rows were decoded...
    assert threading.main_thread().name not in read_on  # ...and off the event loop
    even = await storage.tables_in_play(ShardSet(4, frozenset({0, 2})))
    assert [table.guild_id for table in even] == [guilds[0], guilds[2], None]


# -- tables waiting to be posted -----------------------------------------------------------


async def test_a_table_waits_to_be_posted_from_its_first_failure_until_posted(
    location: str, contract_storage: Storage
) -> None:
    storage = contract_storage
    guilds = [0, 1 << 22, None]  # shards 0 and 1 of 2, then a DM table (shard 0)
    tables = []
    for channel, guild in enumerate(guilds):
        table = await storage.insert(lobby(channel=channel, guild=guild))
        await storage.save(playing(table, version=1, turn_started_at=0.0), previous_version=0)
        tables.append(table.id)
    first, second, third = tables
    assert await storage.unposted_since(first) is None
    assert await storage.unposted_tables(ShardSet.all()) == []
    await storage.mark_unposted(second, 50.0)
    await storage.mark_unposted(first, 100.0)
    await storage.mark_unposted(first, 160.0)  # failed again: still waiting since the first
    await storage.mark_unposted(third, 70.0)
    assert await storage.unposted_since(first) == 100.0
    assert await storage.unposted_tables(ShardSet.all()) == [first, second, third]
    assert await storage.unposted_tables(ShardSet(2, frozenset({1}))) == [second]
    await storage.mark_posted(first)
    await storage.mark_posted(first)  # posted twice: a no-op
    assert await storage.unposted_since(first) is None
    assert await storage.unposted_tables(ShardSet(2, frozenset({0}))) == [third]
    # A restart keeps the mark; a finished table is still listed, an abandoned one not.
    again = await Storage.open(location)
    try:
        assert await again.unposted_since(second) == 50.0
        for table_id, status in ((third, TableStatus.FINISHED), (second, TableStatus.ABANDONED)):
            stored = await again.get(table_id)
            assert stored is not None
            await again.save(replace(stored, status=status, version=2), previous_version=1)
        assert await again.unposted_tables(ShardSet.all()) == [third]
    finally:
        await again.close()


# -- copying ----------------------------------------------------------------------------


async def test_an_imported_table_keeps_its_id_settings_and_log(
    location: str, contract_storage: Storage
) -> None:
    storage = contract_storage
    table = replace(playing(lobby(channel=9, guild=42), version=3, turn_started_at=5.0),
                    id=40, reminded=True, options={"variant": "x"}, reminder_minutes=90)
    log = [
        LoggedAction(0, 0, "keep", 2.0),  # logged before played_by existed
        LoggedAction(1, 1, "swap", 3.0, played_by=8, taken_back_at=3.5),
        LoggedAction(2, 1, "keep", 4.0, played_by=8),
    ]
    await storage.import_table(table, log, result='{"r": 1}')
    stored = await storage.get(40)
    assert stored is not None
    assert replace(stored, state=None) == replace(table, state=None)
    assert await storage.actions(40) == log
    assert await storage.counts() == {
        "tables": 1, "actions": 3, "taken_back": 1, "results": 1, "presence": 0, "pause_votes": 0,
        "stand_in_votes": 0, "ping_modes": 0, "player_names": 0, "invitation_cards": 0,
        "tournaments": 0, "table_messages": 0,
    }
    assert await storage.results(42) == ['{"r": 1}']
    assert (await storage.insert(lobby(channel=10))).id > 40
    assert await storage.table_ids() == [40, 41]
    finished = replace(table, id=50, channel_id=11, status=TableStatus.FINISHED)
    await storage.import_table(finished, log, result='{"r": 2}')  # stored packed
    assert await storage.actions(50) == log
    assert (await storage.counts())["actions"] == 6
    assert await raw(location, "SELECT COUNT(*) FROM actions WHERE table_id = 50") == [(0,)]


# -- tournaments ------------------------------------------------------------------------


def tournament_row(guild: int | None = 5, channel: int = 3) -> TournamentRow:
    return TournamentRow(0, guild, channel, TournamentStatus.SIGNUP, 0, None, 1.0, 1.0,
                         {"entrants": [], "note": "é"})


async def test_a_tournament_is_saved_only_over_the_version_it_read(location: str) -> None:
    """Two connections (two processes), 10 saves each over version 0: one wins."""
    first, second = await Storage.open(location), await Storage.open(location)
    row = await first.insert_tournament(tournament_row())
    assert row.id >= 1 and await second.tournament(row.id) == row
    saves = [
        storage.save_tournament(
            replace(row, version=1, status=TournamentStatus.RUNNING, due_at=9.0,
                    data={"by": n}), previous_version=0)
        for n in range(10) for storage in (first, second)
    ]
    assert (await asyncio.gather(*saves)).count(True) == 1
    stored = await first.tournament(row.id)
    assert stored is not None and stored.version == 1 and stored.due_at == 9.0
    assert stored.status == TournamentStatus.RUNNING and set(stored.data) == {"by"}
    assert await first.tournament(row.id + 1000) is None
    await first.close()
    await second.close()


async def test_tournaments_are_found_by_server_and_the_live_ones_by_shard(
    contract_storage: Storage,
) -> None:
    storage = contract_storage
    here = await storage.insert_tournament(tournament_row(guild=5 << 22))
    there = await storage.insert_tournament(tournament_row(guild=6 << 22))
    over = await storage.insert_tournament(tournament_row(guild=5 << 22))
    await storage.save_tournament(replace(over, version=1, status=TournamentStatus.FINISHED),
                                  previous_version=0)
    assert [t.id for t in await storage.tournaments_of(5 << 22)] == [here.id, over.id]
    assert [t.id for t in await storage.live_tournaments(ShardSet.all())] == [here.id, there.id]
    odd = ShardSet(2, frozenset({1}))
    assert [t.id for t in await storage.live_tournaments(odd)] == [here.id]
    assert [t.id for t in await storage.every_tournament()] == [here.id, there.id, over.id]
    assert (await storage.counts())["tournaments"] == 3
