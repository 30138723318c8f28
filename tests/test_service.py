"""The game service: lobby rules, turn checks, versions, concurrency, durability."""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest

import bot.games.record
import bot.games.undo
import bot.service.results
from bot.games.record import replay
from bot.games.undo import ActionRevealed
from bot.outcomes.ratings import Ratings, recompute
from bot.outcomes.summaries import FinishedTable, GameSummary, Player, summarize
from bot.service import GameService, Table
from bot.service.errors import (
    ActionSyntaxError,
    AlreadySeated,
    ChannelBusy,
    GameOver,
    IllegalAction,
    NotCreator,
    NotEnoughPlayers,
    NotInLobby,
    NotPlaying,
    NotSeated,
    NotYourTurn,
    SkipOwnTurn,
    SkipTooEarly,
    StaleAction,
    TableFull,
    TableNotFound,
    UnknownGame,
)
from bot.storage import Storage
from bot.storage.records import REMINDER_LEASE_SECONDS, LoggedAction
from bot.storage.table_settings import PLACE_GONE, ended_because, parent_of
from tests.storage_support import FAULTS, log_row_refused
from tests.tinygame import TinyGame  # registers "tiny"

pytestmark = pytest.mark.storage_facing  # replayed on PostgreSQL (tests/conftest.py)


ALICE, BOB, CAROL, DAVE, EVE = 101, 102, 103, 104, 105
CHANNEL = 555


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_000_000.0
        self.tick = 0.0
        """How far the clock moves at each reading (0: it stands still)."""

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def storage(database_location: str) -> AsyncIterator[Storage]:
    storage = await Storage.open(database_location)
    yield storage
    await storage.close()


@pytest.fixture
def service(storage: Storage, clock: FakeClock) -> GameService:
    return GameService(storage, clock=clock)


async def open_tiny(
    service: GameService, *users: int, channel: int = CHANNEL, seed: int = 7
) -> Table:
    table = await service.tables.open_table(
        guild_id=1, channel_id=channel, game="tiny", creator_id=users[0],
        reminder_minutes=10, seed=seed,
    )
    for user in users[1:]:
        await service.tables.join(table.id, user)
    return await service.tables.start(table.id, users[0])


def stored(table: Table) -> tuple[Table, object]:
    """`table` in a comparable form (states compare by their JSON)."""
    return replace(table, state=None), None if table.state is None else table.state.to_json()


async def play_any(service: GameService, table: Table, rng: random.Random) -> Table:
    """Play one random legal action for a seat to act."""
    assert table.state is not None
    seat = rng.choice(table.state.to_act())
    action = rng.choice(table.state.legal_actions(seat))
    result = await service.moves.act(table.id, table.seats[seat], table.state.format_action(action))
    return result.table


async def play_to_choices_done(service: GameService, table: Table) -> Table:
    for user in table.users_to_act():
        table = (await service.moves.act(table.id, user, "keep")).table
    return table


# -- lobby ---------------------------------------------------------------------------


async def test_open_table_seats_the_creator_first(service: GameService) -> None:
    table = await service.tables.open_table(
        guild_id=1, channel_id=CHANNEL, game="tiny", creator_id=ALICE, reminder_minutes=10
    )
    assert table.seats == (ALICE,)
    assert table.status == "lobby"
    assert table.state is None
    assert await service.tables.active_table(CHANNEL) == table
    assert stored(await service.tables.get_table(table.id)) == stored(table)


async def test_a_channel_holds_one_open_table(service: GameService) -> None:
    first = await open_tiny(service, ALICE, BOB)
    with pytest.raises(ChannelBusy) as busy:
        await service.tables.open_table(
            guild_id=1, channel_id=CHANNEL, game="tiny", creator_id=CAROL, reminder_minutes=10
        )
    assert busy.value.table.id == first.id
    await service.tables.abandon(first.id, ALICE, can_manage=False)
    second = await open_tiny(service, CAROL, DAVE)
    assert second.id != first.id


async def test_concurrent_opens_in_one_channel_give_one_table(service: GameService) -> None:
    results = await asyncio.gather(
        *(
            service.tables.open_table(
                guild_id=1, channel_id=CHANNEL, game="tiny", creator_id=user, reminder_minutes=1
            )
            for user in (ALICE, BOB, CAROL)
        ),
        return_exceptions=True,
    )
    assert sum(isinstance(r, Table) for r in results) == 1
    assert sum(isinstance(r, ChannelBusy) for r in results) == 2


async def test_unknown_table_is_reported(service: GameService) -> None:
    with pytest.raises(TableNotFound):
        await service.tables.get_table(999)


@pytest.mark.parametrize("number", [0, -1, 2**63, 10**90])
async def test_a_number_no_table_can_have_is_reported_as_unknown(
    service: GameService, number: int
) -> None:
    """Not an OverflowError from SQLite: a forged custom_id may carry any digits."""
    with pytest.raises(TableNotFound):
        await service.tables.get_table(number)
    with pytest.raises(TableNotFound):
        await service.tables.join(number, 1)


async def test_an_unknown_game_is_refused_as_a_user_error(service: GameService) -> None:
    with pytest.raises(UnknownGame) as refused:
        await service.tables.open_table(
            guild_id=1, channel_id=CHANNEL, game="Coal-Baron", creator_id=1, reminder_minutes=5
        )
    assert "coal-baron" in refused.value.params["games"]


async def test_lobby_rules(service: GameService) -> None:
    table = await service.tables.open_table(
        guild_id=None, channel_id=CHANNEL, game="tiny", creator_id=ALICE, reminder_minutes=10
    )
    with pytest.raises(NotEnoughPlayers):
        await service.tables.start(table.id, ALICE)
    with pytest.raises(AlreadySeated):
        await service.tables.join(table.id, ALICE)
    for user in (BOB, CAROL, DAVE):
        await service.tables.join(table.id, user)
    with pytest.raises(TableFull):
        await service.tables.join(table.id, EVE)
    with pytest.raises(NotSeated):
        await service.tables.leave(table.id, EVE)
    table = await service.tables.leave(table.id, DAVE)
    assert table.seats == (ALICE, BOB, CAROL)
    with pytest.raises(NotCreator):
        await service.tables.start(table.id, BOB)
    table = await service.tables.start(table.id, ALICE)
    assert table.status == "playing"
    assert table.state is not None and table.state.num_players == 3
    with pytest.raises(NotInLobby):
        await service.tables.join(table.id, DAVE)
    with pytest.raises(NotInLobby):
        await service.tables.leave(table.id, BOB)


async def test_creator_leaving_closes_the_lobby(service: GameService) -> None:
    table = await service.tables.open_table(
        guild_id=1, channel_id=CHANNEL, game="tiny", creator_id=ALICE, reminder_minutes=10
    )
    await service.tables.join(table.id, BOB)
    table = await service.tables.leave(table.id, ALICE)
    assert table.status == "abandoned"
    assert await service.tables.active_table(CHANNEL) is None


async def test_every_change_bumps_the_version(service: GameService) -> None:
    table = await service.tables.open_table(
        guild_id=1, channel_id=CHANNEL, game="tiny", creator_id=ALICE, reminder_minutes=10
    )
    versions = [table.version]
    versions.append((await service.tables.join(table.id, BOB)).version)
    versions.append((await service.tables.join(table.id, CAROL)).version)
    versions.append((await service.tables.leave(table.id, CAROL)).version)
    versions.append((await service.tables.start(table.id, ALICE)).version)
    versions.append((await service.moves.act(table.id, BOB, "keep")).table.version)
    versions.append((await service.tables.abandon(table.id, BOB, can_manage=True)).version)
    assert versions == list(range(versions[0], versions[0] + 7))


async def test_abandon_needs_the_creator_or_a_manager(service: GameService) -> None:
    table = await open_tiny(service, ALICE, BOB)
    with pytest.raises(NotCreator):
        await service.tables.abandon(table.id, BOB, can_manage=False)
    table = await service.tables.abandon(table.id, ALICE, can_manage=False)
    assert table.status == "abandoned"
    with pytest.raises(NotPlaying):
        await service.tables.abandon(table.id, ALICE, can_manage=False)
    with pytest.raises(NotPlaying):
        await service.moves.act(table.id, ALICE, "keep")


async def test_a_place_gone_ends_its_open_table_only_with_the_reason_kept(
    service: GameService,
) -> None:
    assert await service.tables.place_gone(CHANNEL) is None  # no table there
    playing = await open_tiny(service, ALICE, BOB)
    ended = await service.tables.place_gone(CHANNEL)
    assert ended is not None and ended.id == playing.id
    assert ended.status == "abandoned" and ended_because(ended) == PLACE_GONE
    assert ended.state is not None and playing.state is not None
    assert ended.state.to_json() == playing.state.to_json()  # as it stood, for its record
    assert stored(await service.tables.get_table(playing.id)) == stored(ended)
    assert await service.tables.active_table(CHANNEL) is None
    assert await service.results.summaries(1) == []  # no result, no rating
    assert await service.tables.place_gone(CHANNEL) is None  # once
    lobby = await service.tables.open_table(
        guild_id=None, channel_id=CHANNEL, game="tiny", creator_id=ALICE,
        reminder_minutes=60, parent_id=CHANNEL + 1)
    assert parent_of(lobby) == CHANNEL + 1
    closed = await service.tables.place_gone(CHANNEL)
    assert closed is not None and closed.status == "abandoned" and parent_of(closed) == CHANNEL + 1


# -- acting ----------------------------------------------------------------------------


async def test_act_refuses_users_who_may_not_act(service: GameService) -> None:
    table = await open_tiny(service, ALICE, BOB)
    with pytest.raises(NotSeated):
        await service.moves.act(table.id, CAROL, "keep")
    table = await play_to_choices_done(service, table)
    assert table.users_to_act() == (ALICE,)
    with pytest.raises(NotYourTurn):
        await service.moves.act(table.id, BOB, "add 1")


async def test_refused_actions_change_nothing(service: GameService, storage: Storage) -> None:
    table = await open_tiny(service, ALICE, BOB)
    with pytest.raises(ActionSyntaxError):
        await service.moves.act(table.id, ALICE, "jump")
    with pytest.raises(IllegalAction):
        await service.moves.act(table.id, ALICE, "add 2")
    assert stored(await service.tables.get_table(table.id)) == stored(table)
    assert await storage.actions(table.id) == []


async def test_an_action_against_an_old_version_is_stale(service: GameService) -> None:
    table = await open_tiny(service, ALICE, BOB)
    await service.moves.act(table.id, ALICE, "keep", expected_version=table.version)
    with pytest.raises(StaleAction) as stale:
        await service.moves.act(table.id, BOB, "keep", expected_version=table.version)
    assert stale.value.key == "stale_action"
    assert (await service.tables.get_table(table.id)).users_to_act() == (BOB,)


async def test_act_returns_events_and_logs_the_canonical_notation(
    service: GameService, storage: Storage
) -> None:
    table = await open_tiny(service, ALICE, BOB)
    result = await service.moves.act(table.id, BOB, "  swap ")
    assert result.seat == 1
    assert result.notation == "swap"
    assert [event.kind for event in result.events] == ["swapped", "drew"]
    assert result.events[1].seat == 1
    assert [(a.seq, a.seat, a.notation) for a in await storage.actions(table.id)] == [
        (0, 1, "swap")
    ]


async def test_the_game_ends_finished(service: GameService) -> None:
    table = await open_tiny(service, ALICE, BOB)
    rng = random.Random(3)
    while table.status == "playing":
        table = await play_any(service, table, rng)
    assert table.status == "finished"
    assert table.state is not None and table.state.is_over()
    assert table.users_to_act() == ()
    assert await service.tables.active_table(CHANNEL) is None
    with pytest.raises(GameOver):
        await service.moves.act(table.id, ALICE, "add 1")


# -- concurrency -------------------------------------------------------------------------


async def test_two_concurrent_acts_on_one_version_apply_exactly_one(service: GameService) -> None:
    table = await open_tiny(service, ALICE, BOB, CAROL)
    results = await asyncio.gather(
        *(service.moves.act(table.id, user, "keep", table.version) for user in (ALICE, BOB, CAROL)),
        return_exceptions=True,
    )
    applied = [r for r in results if not isinstance(r, BaseException)]
    assert len(applied) == 1
    assert sum(isinstance(r, StaleAction) for r in results) == 2
    assert (await service.tables.get_table(table.id)).version == table.version + 1


async def test_the_version_guard_refuses_a_save_from_an_old_read(
    service: GameService, storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Even without the lock (say, a second process), the UPDATE refuses an old version."""
    table = await open_tiny(service, ALICE, BOB)
    await service.moves.act(table.id, ALICE, "keep")
    monkeypatch.setattr(storage, "get", lambda table_id: _return(table))
    with pytest.raises(StaleAction):
        await service.moves.act(table.id, BOB, "keep")
    monkeypatch.undo()
    assert [a.notation for a in await storage.actions(table.id)] == ["keep"]


async def _return(table: Table) -> Table:
    return table


async def test_acts_on_different_tables_do_not_wait_for_each_other(
    service: GameService,
) -> None:
    busy = await open_tiny(service, ALICE, BOB, channel=1)
    free = await open_tiny(service, CAROL, DAVE, channel=2)
    async with service.tables._store.locked(busy.id):  # another call is in the middle of `busy`
        await asyncio.wait_for(service.moves.act(free.id, CAROL, "keep"), timeout=2)
        waiting = asyncio.create_task(service.moves.act(busy.id, ALICE, "keep"))
        await asyncio.sleep(0.05)
        assert not waiting.done()
    await asyncio.wait_for(waiting, timeout=2)


# -- turns, reminders, skip -----------------------------------------------------------------


async def claimed_ids(service: GameService) -> list[int]:
    return [due.table_id for due in await service.reminders.due_reminders()]


async def test_reminders_fall_due_once_per_turn(service: GameService, clock: FakeClock) -> None:
    table = await open_tiny(service, ALICE, BOB)
    table = await play_to_choices_done(service, table)
    clock.now += 10 * 60 - 1
    assert await service.reminders.due_reminders() == []
    clock.now += 1
    assert await claimed_ids(service) == [table.id]
    await service.reminders.mark_reminded(table.id)
    assert await service.reminders.due_reminders() == []
    assert (await service.tables.get_table(table.id)).version == table.version
    await service.moves.act(table.id, ALICE, "add 1")
    clock.now += 10 * 60
    assert await claimed_ids(service) == [table.id]
    assert (await service.tables.get_table(table.id)).users_to_act() == (BOB,)


async def test_simultaneous_choices_keep_the_turn_clock(
    service: GameService, clock: FakeClock
) -> None:
    table = await open_tiny(service, ALICE, BOB, CAROL)
    clock.now += 60
    after_one = (await service.moves.act(table.id, ALICE, "keep")).table
    assert after_one.turn_started_at == table.turn_started_at
    after_all = await play_to_choices_done(service, after_one)
    assert after_all.turn_started_at == clock.now


async def test_skip_plays_the_default_action_of_the_idle_seat(
    service: GameService, clock: FakeClock
) -> None:
    table = await play_to_choices_done(service, await open_tiny(service, ALICE, BOB))
    with pytest.raises(SkipOwnTurn):
        await service.moves.skip(table.id, ALICE)
    clock.now += 2 * 10 * 60 - 90
    with pytest.raises(SkipTooEarly) as early:
        await service.moves.skip(table.id, BOB)
    assert early.value.params == {"minutes_left": 2}
    clock.now += 90
    result = await service.moves.skip(table.id, BOB)
    assert (result.seat, result.notation) == (0, "add 1")
    assert result.table.users_to_act() == (BOB,)
    with pytest.raises(NotSeated):
        await service.moves.skip(table.id, EVE)


# -- durability and records ------------------------------------------------------------------


async def test_the_record_rebuilds_the_stored_state(service: GameService) -> None:
    table = await open_tiny(service, ALICE, BOB, CAROL, seed=42)
    rng = random.Random(42)
    for _ in range(6):
        table = await play_any(service, table, rng)
    record = await service.results.record(table.id)
    assert record["seed"] == 42 and record["players"] == 3
    assert table.state is not None
    assert replay(record).to_json() == table.state.to_json()


async def test_games_continue_after_a_restart(database_location: str, clock: FakeClock) -> None:
    path = database_location
    storage = await Storage.open(path)
    table = await open_tiny(GameService(storage, clock=clock), ALICE, BOB)
    rng = random.Random(5)
    for _ in range(4):
        table = await play_any(GameService(storage, clock=clock), table, rng)
    await storage.close()

    storage = await Storage.open(path)
    service = GameService(storage, clock=clock)
    reloaded = await service.tables.get_table(table.id)
    assert stored(reloaded) == stored(table)
    while reloaded.status == "playing":
        reloaded = await play_any(service, reloaded, rng)
    assert reloaded.state is not None
    assert replay(await service.results.record(table.id)).to_json() == reloaded.state.to_json()
    await storage.close()


async def test_a_failure_before_commit_writes_nothing(
    service: GameService, storage: Storage, database_location: str
) -> None:
    table = await open_tiny(service, ALICE, BOB)
    async with log_row_refused(database_location, "swap"):
        with pytest.raises(FAULTS):
            await service.moves.act(table.id, ALICE, "swap")
    assert stored(await service.tables.get_table(table.id)) == stored(table)
    assert await storage.actions(table.id) == []
    result = await service.moves.act(table.id, ALICE, "swap")
    assert result.table.version == table.version + 1


# -- take-backs --------------------------------------------------------------------------


async def test_a_take_back_restores_the_state_and_the_turn_clock(
    service: GameService, clock: FakeClock
) -> None:
    table = await play_to_choices_done(service, await open_tiny(service, ALICE, BOB))
    clock.now += 600  # alice thinks for ten minutes, then adds
    played = await service.moves.act(table.id, ALICE, "add 2")
    assert played.undoable
    clock.now += 60
    done = await service.moves.take_back(table.id, ALICE)
    assert done.notation == "add 2" and done.seat == 0
    assert stored(replace(done.table, version=0, updated_at=0)) == stored(
        replace(table, version=0, updated_at=0)
    )  # the turn started when it did: acting then taking back does not postpone a skip
    assert done.table.version == played.table.version + 1
    record = await service.results.record(table.id)
    assert replay(record).to_json() == stored(done.table)[1]


async def test_a_take_back_refused_changes_nothing(service: GameService, storage: Storage) -> None:
    table = await open_tiny(service, ALICE, BOB)
    swapped = await service.moves.act(table.id, ALICE, "swap")
    assert not swapped.undoable
    with pytest.raises(ActionRevealed):
        await service.moves.take_back(table.id, ALICE)
    with pytest.raises(NotSeated):
        await service.moves.take_back(table.id, CAROL)
    assert stored(await service.tables.get_table(table.id)) == stored(swapped.table)
    assert [a.taken_back for a in await storage.actions(table.id)] == [False]


async def test_the_action_that_ends_the_game_is_never_taken_back(service: GameService) -> None:
    table = await open_tiny(service, ALICE, BOB)
    rng = random.Random(5)
    while table.status == "playing":
        table = await play_any(service, table, rng)
    with pytest.raises(GameOver):
        await service.moves.take_back(table.id, table.seats[0])


# -- results and ratings -------------------------------------------------------------------


async def finish_random_game(
    service: GameService, clock: FakeClock, users: tuple[int, ...], rng: random.Random,
    channel: int,
) -> Table:
    """Play a tiny game to its end, taking back now and then, a minute per action."""
    table = await open_tiny(service, *users, channel=channel, seed=rng.randrange(1000))
    while table.status == "playing":
        clock.now += 60
        played = await service.moves.act(table.id, *pick_action(table, rng))
        table = played.table
        if played.undoable and rng.random() < 0.3:
            table = (await service.moves.take_back(table.id, table.seats[played.seat])).table
    return table


def pick_action(table: Table, rng: random.Random) -> tuple[int, str]:
    assert table.state is not None
    seat = rng.choice(table.state.to_act())
    action = rng.choice(table.state.legal_actions(seat))
    return table.seats[seat], table.state.format_action(action)


async def test_ratings_recomputed_from_the_action_logs_equal_the_stored_ones(
    service: GameService, storage: Storage, clock: FakeClock
) -> None:
    rng = random.Random(14)
    people = (ALICE, BOB, CAROL, DAVE, EVE)
    finished = []
    for game in range(8):
        users = tuple(rng.sample(people, rng.randint(2, 4)))
        finished.append(await finish_random_game(service, clock, users, rng, channel=game))
    stored = await service.results.ratings(1)
    assert stored.players("tiny")  # every game was rated
    summaries = []
    for table in finished:  # from the logs alone, taken-back actions left out
        log = [a for a in await storage.actions(table.id) if not a.taken_back]
        record = await service.results.record(table.id)
        assert table.started_at is not None
        summaries.append(summarize(FinishedTable(
            table.id, "tiny", tuple(Player(str(user)) for user in table.seats), record,
            datetime.fromtimestamp(table.started_at, UTC),
            tuple(datetime.fromtimestamp(a.created_at, UTC) for a in log),
        )))
    rng.shuffle(summaries)
    assert recompute(summaries) == stored
    assert await service.results.summaries(1) == sorted(summaries, key=lambda s: s.ended_at)


async def test_ratings_missing_a_result_are_recomputed(
    service: GameService, storage: Storage, clock: FakeClock
) -> None:
    rng = random.Random(3)
    for game in range(2):
        await finish_random_game(service, clock, (ALICE, BOB), rng, channel=game)
    good = await service.results.ratings(1)
    await storage.store_ratings(1, "{}", 1)  # as if a crash came between the two writes
    assert await service.results.ratings(1) == good
    assert await service.results.ratings(2) == Ratings()  # another server: nothing



async def test_games_ending_at_once_are_each_added_to_the_ratings_none_recomputed(
    service: GameService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Recomputing goes through the server's whole history: two games ending at once
    made it run at each end (and hold the event loop as long)."""
    recomputed: list[int] = []

    def counted(summaries: list[GameSummary]) -> Ratings:
        recomputed.append(len(summaries))
        return recompute(summaries)

    monkeypatch.setattr("bot.service.results.recompute", counted)
    pairs = [(ALICE, BOB), (CAROL, DAVE), (EVE, ALICE), (BOB, CAROL), (DAVE, EVE), (ALICE, CAROL)]
    tables = []
    for channel, users in enumerate(pairs):
        table = await play_to_choices_done(service, await open_tiny(service, *users,
                                                                   channel=300 + channel))
        while isinstance(table.state, TinyGame) and table.state.total < 18:
            table = (await service.moves.act(table.id, table.users_to_act()[0], "add 3")).table
        tables.append(table)
    clock.now += 60
    clock.tick = 0.001  # as a real clock: no two games end at the same instant
    ends = await asyncio.gather(*(
        service.moves.act(table.id, table.users_to_act()[0], "add 3") for table in tables
    ))
    assert all(end.table.status == "finished" for end in ends)
    assert recomputed == []
    stored = await service.results.ratings(1)
    assert sum(rating.matches for rating in stored.players("tiny").values()) == 2 * len(pairs)
    assert stored == recompute(await service.results.summaries(1))
    assert recomputed == []


async def test_summaries_and_ratings_are_made_off_the_event_loop(
    service: GameService, storage: Storage, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reading every summary of a server, or recomputing its ratings, takes as long as
    its history; a game's record, its summary and a take-back replay the game: on a
    thread, the event loop goes on serving the other tables."""
    threads: dict[str, set[str]] = {}
    results = bot.service.results
    for module, name in ((results, "_summaries"), (results, "recompute"),
                         (results, "summarize"), (bot.games.record, "make_record"),
                         (bot.games.undo, "take_back")):
        original = getattr(module, name)

        def on_thread(*args: Any, original: Any = original, name: str = name) -> Any:
            threads.setdefault(name, set()).add(threading.current_thread().name)
            return original(*args)

        monkeypatch.setattr(module, name, on_thread)
    table = await play_to_choices_done(service, await open_tiny(service, ALICE, BOB))
    played = await service.moves.act(table.id, table.users_to_act()[0], "add 1")
    await service.moves.take_back(table.id, table.seats[played.seat])
    await service.results.record(table.id)
    await finish_random_game(service, clock, (ALICE, BOB), random.Random(5), channel=1)
    assert len(await service.results.summaries(1)) == 1
    await storage.store_ratings(1, "{}", 0)  # a result stored without its rating
    assert (await service.results.ratings(1)).players("tiny")
    assert set(threads) == {"_summaries", "recompute", "summarize", "make_record", "take_back"}
    assert not any(threading.main_thread().name in names for names in threads.values())


async def test_an_end_another_process_played_first_refuses_this_one_as_stale(
    service: GameService, storage: Storage, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two bot processes on one database never share a table (a server is on one
    shard), but if they did, the slower end would find the other's in the log: it is
    refused, and nothing of it is written."""
    other = GameService(storage, clock=clock)  # the other process
    table = await play_to_choices_done(service, await open_tiny(service, ALICE, BOB))
    while isinstance(table.state, TinyGame) and table.state.total < 18:
        table = (await service.moves.act(table.id, table.users_to_act()[0], "add 3")).table
    user = table.users_to_act()[0]
    read = storage.actions

    async def the_other_ends_it_first(table_id: int) -> list[LoggedAction]:
        monkeypatch.setattr(storage, "actions", read)
        await other.moves.act(table_id, user, "add 3")
        return await read(table_id)

    monkeypatch.setattr(storage, "actions", the_other_ends_it_first)
    with pytest.raises(StaleAction):
        await service.moves.act(table.id, user, "add 3")
    ended = await service.tables.get_table(table.id)
    assert ended.status == "finished" and ended.version == table.version + 1
    assert await storage.result_count(1) == 1

# -- reminder pass ---------------------------------------------------------------------------


async def test_a_reminder_pass_posts_a_few_tables_at_a_time(
    service: GameService, clock: FakeClock
) -> None:
    tables = []
    for channel in range(10):
        table = await open_tiny(service, ALICE, BOB, channel=100 + channel)
        tables.append(await play_to_choices_done(service, table))
    clock.now += 10 * 60
    running, most = 0, 0

    async def post(table: Table) -> bool:
        nonlocal running, most
        running += 1
        most = max(most, running)
        await asyncio.sleep(0.01)
        running -= 1
        return True

    assert await service.reminders.remind_due(post, concurrency=3) == 10
    assert most == 3
    assert await service.reminders.due_reminders() == []


async def test_a_table_played_between_its_claim_and_its_reminder_is_not_reminded(
    service: GameService, clock: FakeClock
) -> None:
    first = await play_to_choices_done(service, await open_tiny(service, ALICE, BOB))
    second = await play_to_choices_done(
        service, await open_tiny(service, ALICE, BOB, channel=101)
    )
    clock.now += 10 * 60
    posted: list[int] = []

    async def post(table: Table) -> bool:
        posted.append(table.id)
        await service.moves.act(second.id, ALICE, "add 1")  # the second table's turn moves on
        return True

    assert await service.reminders.remind_due(post, concurrency=1) == 2
    assert posted == [first.id]
    clock.now += 10 * 60
    assert await claimed_ids(service) == [second.id]  # its new turn, when due


async def test_a_reminder_that_fails_comes_back_when_its_claim_expires(
    service: GameService, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    table = await play_to_choices_done(service, await open_tiny(service, ALICE, BOB))
    clock.now += 10 * 60

    async def broken(table: Table) -> bool:
        raise RuntimeError("no channel")

    assert await service.reminders.remind_due(broken) == 1
    assert "the reminder of table" in caplog.text
    assert await service.reminders.due_reminders() == []  # still claimed by the failed pass
    clock.now += REMINDER_LEASE_SECONDS
    assert await claimed_ids(service) == [table.id]
    caplog.clear()  # the failure was logged on purpose (`no_logged_errors`)


async def test_a_reminder_not_posted_comes_back_when_its_claim_expires(
    service: GameService, clock: FakeClock
) -> None:
    table = await play_to_choices_done(service, await open_tiny(service, ALICE, BOB))
    clock.now += 10 * 60

    async def everyone_away(table: Table) -> bool:
        return False

    assert await service.reminders.remind_due(everyone_away) == 1
    assert await service.reminders.due_reminders() == []  # claimed, not confirmed
    clock.now += REMINDER_LEASE_SECONDS
    assert await claimed_ids(service) == [table.id]
