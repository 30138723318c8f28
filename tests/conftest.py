"""Fixtures for driving the real bot through simcord (an in-memory Discord).

`simcord_bot` builds the bot on a temporary database; the plugin's
`simcord_env` runs it. `table_world` adds a server with a channel, three
members (alice and bob play, carol watches) and synced commands. The tiny test
game is registered before any cog loads, so `/game new` offers it.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import simcord
from discord.ext import commands

import tests.tinygame  # noqa: F401  (registers the "tiny" game)
from bot.app import create_bot
from bot.config import Settings
from tests.discord_support import TableWorld

REMINDER_MINUTES = 5


@pytest.fixture
def database_path(tmp_path: Path) -> Path:
    return tmp_path / "tables.sqlite3"


@pytest.fixture
def settings(database_path: Path) -> Settings:
    # Images are drawn in threads: a process pool per test would cost seconds
    # (tests/test_render_pool.py runs one).
    return Settings(
        token=None, database_path=database_path, reminder_minutes=REMINDER_MINUTES,
        render_workers=0,
    )


@pytest.fixture
async def simcord_bot(settings: Settings) -> AsyncIterator[commands.Bot]:
    """The bot under test; closed afterwards (simcord does not), which closes its database."""
    bot = create_bot(settings)
    yield bot
    await bot.close()


@pytest.fixture
async def table_world(simcord_env: simcord.Env) -> AsyncIterator[TableWorld]:
    await simcord_env.bot.tree.sync()
    guild = simcord_env.create_guild(name="mines")
    channel = guild.create_text_channel("games")
    names = ("alice", "bob", "carol")
    members = [guild.add_member(simcord_env.create_user(name)) for name in names]
    yield TableWorld(simcord_env, guild, channel, *members)
    await simcord_env.bot.close()  # the live bot, which a test may have restarted


@pytest.fixture(autouse=True)
def no_logged_errors(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """Fail a test if the bot logged an error (an unexpected exception it swallowed).
    A test that provokes one on purpose clears `caplog` after checking it."""
    caplog.set_level(logging.WARNING)
    yield
    errors = [r for r in caplog.get_records("call") if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]

