"""``python -m bot migrate-db``: a SQLite database copied to PostgreSQL, and checked."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path

import pytest

import tests.tinygame  # noqa: F401  (registers "tiny")
from bot.__main__ import main
from bot.service import GameService
from bot.service.tournament_record import Settings
from bot.storage import (
    InvitationCard,
    LoggedAction,
    MessageKind,
    PingMode,
    Presence,
    ShardSet,
    Storage,
    Table,
    TableStatus,
)
from bot.storage.copy import CopyError, copy_database
from bot.tournaments import Format
from tests.postgres_support import PostgresCluster

ROOT = Path(__file__).parent.parent


async def fill(location: str) -> dict[str, int]:
    """Tables in every status (lobby, playing, reminded, finished, abandoned); their counts."""
    storage = await Storage.open(location)
    service = GameService(storage)
    rng = random.Random(3)
    for channel in range(12):
        table = await service.tables.open_table(
            guild_id=channel << 22, channel_id=channel, game="tiny", creator_id=1,
            reminder_minutes=5 + channel, seed=channel, options={"target": 10 + channel},
        )
        if channel % 4 == 0:
            continue  # left in its lobby
        await service.tables.join(table.id, 2)
        if channel % 4 == 1:
            await service.tables.leave(table.id, 1)  # abandoned
            continue
        table = await service.tables.start(table.id, 1)
        for _ in range(rng.randrange(3, 40) if channel % 4 == 2 else 200):
            if table.status != "playing" or table.state is None:
                break
            seat = rng.choice(table.state.to_act())
            action = rng.choice(table.state.legal_actions(seat))
            text = table.state.format_action(action)
            played = await service.moves.act(table.id, table.seats[seat], text)
            table = played.table
            if played.undoable and rng.random() < 0.2:
                table = (await service.moves.take_back(table.id, table.seats[seat])).table
    await storage.set_presence(2, Presence(away_until=2e12, dm_reminders=True))
    await storage.vote_pause(3, 2, 2e12, 1)
    await storage.vote_stand_in(3, 2, 1)
    await storage.set_ping_mode(3, 2, PingMode.DM)
    await storage.mark_unposted(3, 5e11)  # its last post failed
    await storage.remember_card(InvitationCard(1, 40, 400))  # table 1 is a lobby
    await service.messages.posted(1, 0, 410, MessageKind.LOBBY)  # its lobby post
    await service.messages.posted(3, 3, 411, MessageKind.TURN)
    await service.seen_names.remember_names(3 << 22, {1: "Ana", 2: "Bob"})
    tournament = await service.tournaments.create(
        guild_id=3 << 22, channel_id=3, organizer=1,
        settings=Settings("tiny", Format.SWISS, 3, 2, 2, 60, {"target": 12}),
    )
    await service.tournaments.join(tournament.id, 2)
    # claimed, some confirmed:
    await GameService(storage, clock=lambda: 1e12).reminders.due_reminders()
    for table_id in (await storage.table_ids())[::2]:
        await storage.mark_reminded(table_id)
    counts = await storage.counts()
    await storage.close()
    return counts


def migrate(source: str, target: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", "migrate-db", "--module", "tests.tinygame",
         "--from", source, "--to", target],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
        timeout=120, check=False,
    )


async def dump(location: str) -> list[object]:
    storage = await Storage.open(location)
    tables: list[object] = []
    for table_id in await storage.table_ids():
        table = await storage.get(table_id)
        assert table is not None
        state = None if table.state is None else table.state.to_json()
        tables.append((table.__class__(**{**table.__dict__, "state": None}), state,
                       await storage.actions(table_id)))
    await storage.close()
    return tables


async def test_migrate_db_copies_every_table_and_log_and_checks_them(
    tmp_path: Path, postgres_cluster: PostgresCluster
) -> None:
    source = tmp_path / "tables.sqlite3"
    counts = await fill(str(source))
    assert all(counts.values()), counts  # take-backs, results, presence, votes, pings, cards
    target = await postgres_cluster.create_database()
    done = await asyncio.to_thread(migrate, f"sqlite:{source}", target)
    assert done.returncode == 0, done.stderr
    assert f"copied {counts['tables']} tables, {counts['actions']} actions" in done.stdout
    assert "counts match and 6 started games replay to their stored state" in done.stdout
    assert await dump(target) == await dump(str(source))
    copied, original = await Storage.open(target), await Storage.open(str(source))
    assert await copied.every_tournament() == await original.every_tournament()
    new = await copied.insert_tournament((await original.every_tournament())[0])
    assert new.id == 2  # ids go on after the copied ones
    await copied.close()
    await original.close()
    copied = await Storage.open(target)
    assert await copied.ping_modes(3) == {2: PingMode.DM}
    assert await copied.unposted_since(3) == 5e11
    assert await copied.stand_in_votes(3) == {2: {1}}
    assert await copied.invitation_cards(1) == [InvitationCard(1, 40, 400)]
    assert await copied.player_names(3 << 22, [1, 2]) == {1: "Ana", 2: "Bob"}
    await copied.close()
    storage = await Storage.open(target)  # and the copy plays on, new ids after the old
    table = await GameService(storage).tables.open_table(
        guild_id=1, channel_id=99, game="tiny", creator_id=1, reminder_minutes=5
    )
    assert table.id == counts["tables"] + 1
    await storage.close()


async def test_migrate_db_refuses_a_target_that_holds_tables(
    tmp_path: Path, postgres_cluster: PostgresCluster
) -> None:
    source = tmp_path / "tables.sqlite3"
    await fill(str(source))
    target = await postgres_cluster.create_database()
    assert (await asyncio.to_thread(migrate, f"sqlite:{source}", target)).returncode == 0
    before = await dump(target)
    again = await asyncio.to_thread(migrate, f"sqlite:{source}", target)
    assert again.returncode == 1
    assert "already holds tables" in again.stderr and "never overwrites" in again.stderr
    assert await dump(target) == before


def test_migrate_db_refuses_a_missing_source_file(tmp_path: Path) -> None:
    done = migrate(f"sqlite:{tmp_path / 'typo.sqlite3'}", f"sqlite:{tmp_path / 'to.sqlite3'}")
    assert done.returncode == 1 and "no such SQLite file" in done.stderr
    assert list(tmp_path.iterdir()) == []


async def finish_unpacked(location: str) -> None:
    """End a table in play as a bot did before logs were packed (its log kept in rows)."""
    storage = await Storage.open(location)
    [table, *_] = [t for t in await storage.tables_in_play(ShardSet.all()) if t.version > 3]
    finished = replace(table, status=TableStatus.FINISHED, version=table.version + 1)
    assert await storage.save(finished, previous_version=table.version)
    await storage.close()


def test_pack_logs_packs_what_finished_before_packing_and_reads_the_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "tables.sqlite3"
    counts = asyncio.run(fill(str(path)))
    asyncio.run(finish_unpacked(str(path)))
    before = asyncio.run(dump(str(path)))
    assert main(["pack-logs", "--database", f"sqlite:{path}"]) == 0
    logged = counts["actions"] + counts["taken_back"]
    assert capsys.readouterr().out.endswith(
        f": 1 (actions and take-backs counted before: {logged}, after: {logged})\n"
    )
    assert asyncio.run(dump(str(path))) == before
    assert main(["pack-logs", "--database", f"sqlite:{path}"]) == 0
    assert ": 0 (" in capsys.readouterr().out
    assert main(["pack-logs", "--database", f"sqlite:{tmp_path / 'typo.sqlite3'}"]) == 1


async def copy_with(tmp_path: Path, tamper: Callable[[list[LoggedAction]], list[LoggedAction]]
                    ) -> None:
    """Copy a filled database to another whose `import_table` tampers with started logs."""
    await fill(str(tmp_path / "from.sqlite3"))
    source = await Storage.open(tmp_path / "from.sqlite3")
    target = await Storage.open(tmp_path / "to.sqlite3")
    real_import = target.import_table

    async def tampered(
        table: Table, actions: Iterable[LoggedAction], result: str | None = None
    ) -> None:
        actions = list(actions)
        await real_import(table, tamper(actions) if actions else actions, result)

    target.import_table = tampered  # type: ignore[method-assign]
    try:
        await copy_database(source, target)
    finally:
        await source.close()
        await target.close()


async def test_a_copy_missing_rows_is_reported(tmp_path: Path) -> None:
    with pytest.raises(CopyError, match="row counts differ"):
        await copy_with(tmp_path, lambda actions: actions[:-1])


async def test_a_copy_whose_log_does_not_replay_is_reported(tmp_path: Path) -> None:
    def change_last(actions: list[LoggedAction]) -> list[LoggedAction]:
        last = actions[-1]
        other = "keep" if last.notation.startswith("add") else "add 1"
        return [*actions[:-1], replace(last, notation=other)]

    with pytest.raises(CopyError, match="does not replay"):
        await copy_with(tmp_path, change_last)
