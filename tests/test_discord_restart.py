"""Restarts: a new bot on the same database continues the game, and buttons posted
before the restart still work or say they are out of date."""

from __future__ import annotations

import pytest

from bot.startup.config import Settings
from tests.discord_support import (
    TableWorld,
    action_id,
    as_seen_before,
    live_messages,
    private_text,
    restart,
)

pytestmark = pytest.mark.storage_facing  # replayed on PostgreSQL (tests/conftest.py)


@pytest.mark.parametrize("clean", [True, False], ids=["closed", "killed"])
async def test_a_game_continues_after_a_restart(
    table_world: TableWorld, settings: Settings, clean: bool
) -> None:

    w = table_world
    first = await w.start_tiny()
    keep = action_id(first, "keep")
    await w.alice.click(first, custom_id=keep)
    second = w.last()
    await w.bob.click(second, custom_id=action_id(second, "keep"))
    before_restart = w.last()

    await restart(w, settings, clean=clean)

    await w.alice.click(before_restart, custom_id=action_id(before_restart, "add 2"))
    assert f"{w.alice.mention} added 2" in w.last().content
    assert live_messages(w.channel) == [w.last()]  # found after the restart, and cleared
    await w.bob.click(w.last(), custom_id=action_id(w.last(), "add 3"))
    stale = await w.bob.click(await as_seen_before(w.env, w.channel, keep), custom_id=keep)
    assert "moved on" in private_text(stale)
    status = await w.carol.slash(w.channel, "game status")
    assert f"waiting for {w.alice.mention}" in private_text(status)


async def test_a_lobby_survives_a_restart(table_world: TableWorld, settings: Settings) -> None:
    w = table_world
    lobby = await w.open_lobby()
    await restart(w, settings)
    await w.bob.click(lobby, custom_id="mt:lobby:1:join")
    await w.alice.click(lobby, custom_id="mt:lobby:1:start")
    assert "The game begins" in w.last().content
