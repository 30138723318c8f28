"""Fixtures for driving the real bot through simcord (an in-memory Discord), and
the database backends.

`simcord_bot` builds the bot on a temporary database; the plugin's
`simcord_env` runs it. `table_world` adds a server with a channel, three
members (alice and bob play, carol watches) and synced commands. The tiny test
game is registered before any cog loads, so `/game new` offers it.

The bot and the service tests use a SQLite file by default. With
``pytest --backend=postgresql`` they run on a fresh database of a throwaway
PostgreSQL server instead (`tests/postgres_support.py`): the second leg of
`make test`. That leg replays only what may behave differently on another
database, among the tests that use one (`DATABASE_FIXTURES`):

- the storage-facing modules, marked ``pytestmark = pytest.mark.storage_facing``
  (the service, take-backs, reminders, presence, ping modes, results and ratings,
  restarts, locks, the list of a user's tables);
- one complete simcord game per registered game, marked
  ``@pytest.mark.complete_game("<game id>")``. A full run of the leg fails if a
  registered game has none (`check_complete_games`).

The backends' own tests (`tests/test_storage_contract.py`, sharding, copying a
database) run on both backends in the first leg already. `postgres_cluster`
skips a test where no server can start, with the reason, but fails it under CI
(``CI=true``), which must run the PostgreSQL leg.
"""

from __future__ import annotations

import functools
import logging
import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import simcord

import tests.tiny_plugin  # noqa: F401  (registers the "tiny" game and its plugin)
from bot.app import TableBot, create_bot
from bot.games.registry import game_ids
from bot.startup.config import Settings
from tests.discord_support import TableWorld, bot_of, plain_channel, speak_french
from tests.postgres_support import PostgresCluster, PostgresUnavailable
from tests.tournament_support import TournamentWorld
from tests.tournament_support import league as league_in

REMINDER_MINUTES = 5

SETTLE_POLL_SECONDS = 0.005
"""How often simcord looks again whether the bot is done, while a thread of the bot
works (an image drawn, the SQLite connection's thread)."""


@pytest.fixture(autouse=True, scope="session")
def quick_settling() -> Iterator[None]:
    """Simcord settles each operation (a click, a command) by looking every 50 ms
    (``idle``) whether the bot's work is done; with a thread at work that look often
    comes one poll late, and a complete Saboteur game spent half its time, 16 s,
    waiting so. Tests look every 5 ms: the same checks, in half the time.
    (`Env._settle_internal` is simcord's, not public: pinned ``<4`` in pyproject.)"""
    settle = simcord.Env._settle_internal

    @functools.wraps(settle)
    async def quicker(self: simcord.Env, **options: Any) -> None:
        options.setdefault("idle", SETTLE_POLL_SECONDS)
        await settle(self, **options)

    simcord.Env._settle_internal = quicker  # type: ignore[method-assign]
    yield
    simcord.Env._settle_internal = settle  # type: ignore[method-assign]

DATABASE_FIXTURES = {"storage", "database_location", "simcord_bot", "settings"}
"""A test using one of these and marked ``storage_facing`` or ``complete_game`` runs in
the PostgreSQL leg, unless it is marked ``sqlite_only`` (it reads the SQLite file
itself, as the fuzz test compares rows)."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--backend", choices=("sqlite", "postgresql"), default="sqlite",
        help="database of the bot and service tests; postgresql keeps only those tests",
    )


def in_postgres_leg(item: pytest.Item) -> bool:
    """Whether `item` runs again on PostgreSQL (see the module's docstring)."""
    return (
        bool(DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())))
        and item.get_closest_marker("sqlite_only") is None
        and (item.get_closest_marker("storage_facing") is not None
             or item.get_closest_marker("complete_game") is not None)
    )


def check_complete_games(items: list[pytest.Item]) -> None:
    """Every registered game plays one complete game in the PostgreSQL leg."""
    played = {marker.args[0] for item in items for marker in item.iter_markers("complete_game")}
    missing = sorted(set(game_ids()) - played)
    if missing:
        raise pytest.UsageError(
            f"no test marked complete_game for {', '.join(missing)}: mark one complete "
            "simcord game of each registered game (tests/conftest.py)"
        )


SETTLE_SECONDS = 60.0
"""How long simcord waits for the bot to settle after an action (its default is 5 s).
A busy machine (CI, two test legs, two cores) may take more than 5 s for one turn
of a whole game; waiting longer costs a passing test nothing."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("simcord") is None:
            item.add_marker(pytest.mark.simcord(settle_timeout=SETTLE_SECONDS))
    if config.getoption("--backend") != "postgresql":
        return
    keep = [item for item in items if in_postgres_leg(item)]
    if not config.args or config.args == config.getini("testpaths"):  # the whole leg
        check_complete_games(keep)
    config.hook.pytest_deselected(items=[item for item in items if item not in keep])
    items[:] = keep


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    """One throwaway PostgreSQL server for the whole run, started at first use."""
    try:
        cluster = PostgresCluster.start()
    except PostgresUnavailable as error:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the PostgreSQL tests: {error}")
        pytest.skip(f"PostgreSQL leg skipped: {error}")
    yield cluster
    cluster.stop()


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """The backend chosen with ``--backend``."""
    return str(request.config.getoption("--backend"))


@pytest.fixture
async def database_location(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> str:
    """Where this test's tables go: a fresh SQLite file, or a fresh PostgreSQL database."""
    if backend == "postgresql":
        cluster: PostgresCluster = request.getfixturevalue("postgres_cluster")
        return await cluster.create_database()
    return str(tmp_path / "tables.sqlite3")


COMPUTER_SECONDS = 0.2
"""Computer players think briefly, and move without a pause, in tests."""
RENDER_TIMEOUT = 5.0
"""An image's limit in tests (15 s by default; a drawing takes well under 1 s here).
Each `asyncio.wait_for` of a drawing leaves simcord a real-time fallback timer that
lives out its whole delay, and simcord looks through every live one at each step of the
loop: a long game of many images slows down with a long limit (a Swiss tournament of
twelve games took 90 s at 15 s, 49 s at 5 s)."""


@pytest.fixture
def settings(database_location: str) -> Settings:
    # Images are drawn in threads: a process pool per test would cost seconds
    # (tests/test_render_pool.py runs one).
    if database_location.startswith("postgresql://"):
        return Settings(token=None, database_url=database_location,
                        reminder_minutes=REMINDER_MINUTES, shard_count=1, render_workers=0,
                        computer_pause_seconds=0.0, computer_seconds=COMPUTER_SECONDS,
                        render_timeout=RENDER_TIMEOUT)
    return Settings(token=None, database_path=Path(database_location),
                    reminder_minutes=REMINDER_MINUTES, shard_count=1, render_workers=0,
                    computer_pause_seconds=0.0, computer_seconds=COMPUTER_SECONDS,
                    render_timeout=RENDER_TIMEOUT)


@pytest.fixture
async def simcord_bot(settings: Settings) -> AsyncIterator[TableBot]:
    """The bot under test; closed afterwards (simcord does not), which closes its database."""
    bot = create_bot(settings)
    yield bot
    await bot.close()


@pytest.fixture
async def table_world(simcord_env: simcord.Env) -> AsyncIterator[TableWorld]:
    await bot_of(simcord_env).tree.sync()
    guild = simcord_env.create_guild(name="mines")
    channel = plain_channel(guild, "games")
    names = ("alice", "bob", "carol")
    members = [guild.add_member(simcord_env.create_user(name)) for name in names]
    yield TableWorld(simcord_env, guild, channel, *members)
    await simcord_env.bot.close()  # the live bot, which a test may have restarted


@pytest.fixture(params=["en", "fr"])
def world_in_language(
    request: pytest.FixtureRequest, table_world: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> TableWorld:
    """A test run twice: on `table_world` in English, then on a server in French
    (``mines-fr``) whose members speak French."""
    if request.param == "en":
        return table_world
    env = table_world.env
    guild = env.create_guild(name="mines-fr", preferred_locale="fr")
    alice, bob, carol = (guild.add_member(env.create_user(n)) for n in ("alix", "bruno", "chloe"))
    speak_french(monkeypatch, alice, bob, carol)
    return TableWorld(env, guild, plain_channel(guild, "parties"), alice, bob, carol)


@pytest.fixture(params=["en", "fr"])
async def league(
    request: pytest.FixtureRequest, simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[TournamentWorld]:
    """A server whose tournament channel lets the bot open threads
    (`tests.tournament_support.league`): a test run in English, then in French."""
    yield await league_in(simcord_env, monkeypatch, request.param)
    await simcord_env.bot.close()


@pytest.fixture(autouse=True)
def no_logged_errors(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """Fail a test if the bot logged an error (an unexpected exception it swallowed).
    A test that provokes one on purpose clears `caplog` after checking it."""
    caplog.set_level(logging.WARNING)
    yield
    errors = [r for r in caplog.get_records("call") if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]

