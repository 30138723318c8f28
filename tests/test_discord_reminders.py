"""Turn reminders: one per idle turn, from stored times, across restarts."""

from __future__ import annotations

import pytest

from bot.startup.config import Settings
from tests.conftest import REMINDER_MINUTES
from tests.discord_support import TableWorld, action_id, reminders, restart

pytestmark = pytest.mark.storage_facing  # replayed on PostgreSQL (tests/conftest.py)

DELAY = REMINDER_MINUTES * 60


async def test_an_idle_turn_gets_exactly_one_reminder_mentioning_the_player(
    table_world: TableWorld,
) -> None:

    w = table_world
    await w.start_tiny()
    await w.env.advance_time(DELAY - 90)
    assert reminders(w) == []
    await w.env.advance_time(120)
    [reminder] = reminders(w)
    assert w.alice.mention in reminder.content and w.bob.mention in reminder.content
    assert "/game skip" in reminder.content
    await w.env.advance_time(3 * DELAY)
    assert len(reminders(w)) == 1


async def test_the_reminder_carries_the_turns_buttons(table_world: TableWorld) -> None:
    w = table_world
    await w.start_tiny()
    await w.env.advance_time(DELAY + 60)
    [reminder] = reminders(w)
    await w.alice.click(reminder, custom_id=action_id(reminder, "keep"))
    assert f"{w.alice.mention} played." in w.last().content


async def test_each_new_turn_gets_its_own_reminder(table_world: TableWorld) -> None:
    w = table_world
    turn = await w.start_tiny()
    await w.alice.click(turn, custom_id=action_id(turn, "keep"))
    await w.bob.click(w.last(), custom_id=action_id(w.last(), "keep"))
    await w.env.advance_time(DELAY + 60)
    assert w.alice.mention in reminders(w)[-1].content
    await w.alice.click(w.last(), custom_id=action_id(w.last(), "add 1"))
    await w.env.advance_time(DELAY + 60)
    assert len(reminders(w)) == 2
    assert w.bob.mention in reminders(w)[-1].content


async def test_a_player_already_waiting_is_not_reminded_again(table_world: TableWorld) -> None:
    w = table_world
    await w.start_tiny()
    await w.env.advance_time(DELAY + 60)
    reminder = reminders(w)[-1]  # it carries the turn's buttons, the first turn's are gone
    await w.alice.click(reminder, custom_id=action_id(reminder, "keep"))
    await w.env.advance_time(DELAY + 60)
    assert len(reminders(w)) == 1


async def test_an_abandoned_game_gets_no_reminder(table_world: TableWorld) -> None:
    w = table_world
    await w.start_tiny()
    asked = await w.alice.slash(w.channel, "game abandon")
    assert asked.response is not None
    await w.alice.click(asked.response.message, custom_id="mt:abandon:1:yes")
    await w.env.advance_time(2 * DELAY)
    assert reminders(w) == []


async def test_a_restart_neither_loses_nor_repeats_reminders(
    table_world: TableWorld, settings: Settings
) -> None:
    w = table_world
    await w.start_tiny()
    await w.env.advance_time(DELAY - 120)
    await restart(w, settings)
    await w.env.advance_time(180)
    assert len(reminders(w)) == 1
    await restart(w, settings)
    await w.env.advance_time(DELAY)
    assert len(reminders(w)) == 1
