"""Ping modes: per player and per table, a ping (the default), a direct message
instead, or nothing (``/game pings``); turn messages and reminders follow them."""

from __future__ import annotations

import logging

import discord
import pytest
import simcord

from bot.app import TableBot
from bot.service.errors import NotSeated, TableAbandoned
from bot.storage import PingMode
from cogs.platform.errors import NoTableHere
from tests.conftest import REMINDER_MINUTES
from tests.discord_support import (
    TableWorld,
    action_id,
    private_text,
    reminders,
    speak_french,
)

pytestmark = pytest.mark.storage_facing  # replayed on PostgreSQL (tests/conftest.py)

DELAY = REMINDER_MINUTES * 60


@pytest.fixture
def w(table_world: TableWorld) -> TableWorld:
    return table_world


def pinged(w: TableWorld, message: discord.Message) -> list[int]:
    """The users `message` really pinged (its allowed mentions applied)."""
    return list(w.env.backend.get_message(w.channel.id, message.id).ping_user_ids)


def dms(member: simcord.MemberActor) -> list[str]:
    return [m.content for m in member.user.dm_channel.history()]


async def test_a_player_who_turns_pings_off_is_named_but_not_pinged(w: TableWorld) -> None:
    await w.start_tiny()
    result = await w.bob.slash(w.channel, "game pings", mode="off")
    assert private_text(result).startswith(
        "At table #1 you are named but never pinged when it is your turn."
    )
    await w.alice.click(w.last(), custom_id=action_id(w.last(), "keep"))  # bob to choose
    turn = w.last()
    assert w.bob.mention in turn.content and pinged(w, turn) == []
    assert dms(w.bob) == []
    await w.bob.slash(w.channel, "game pings", mode="ping")  # back to the default
    await w.bob.click(w.last(), custom_id=action_id(w.last(), "keep"))  # alice to add
    await w.alice.click(w.last(), custom_id=action_id(w.last(), "add 1"))  # bob to add
    assert pinged(w, w.last()) == [w.bob.id]


async def test_a_player_who_asks_for_a_direct_message_gets_one_instead_of_the_ping(
    w: TableWorld,
) -> None:
    await w.start_tiny()
    result = await w.bob.slash(w.channel, "game pings", mode="dm")
    assert private_text(result).startswith("At table #1 you get a direct message instead")
    await w.alice.click(w.last(), custom_id=action_id(w.last(), "keep"))
    turn = w.last()
    assert pinged(w, turn) == []
    [dm] = dms(w.bob)
    told, _, since = dm.partition("\n\n")  # then what alice did (cogs/platform/digest.py)
    assert told.startswith("👉 Your turn at **Tiny** (table #1): https://discord.com/channels/")
    assert told.endswith(f"/{w.channel.id}/{turn.id}")
    assert since.startswith("**Since the game began:**")
    assert dms(w.alice) == []  # alice keeps the default: no direct message


async def test_the_mode_is_per_table(w: TableWorld) -> None:
    await w.start_tiny()
    await w.bob.slash(w.channel, "game pings", mode="off")
    bot = w.env.bot
    assert isinstance(bot, TableBot)
    assert await bot.service.preferences.ping_modes(1) == {w.bob.id: PingMode.OFF}
    assert await bot.service.preferences.ping_modes(2) == {}


async def test_reminders_follow_the_mode(w: TableWorld) -> None:
    await w.start_tiny()
    for actor in (w.alice, w.bob):
        await actor.click(w.last(), custom_id=action_id(w.last(), "keep"))  # alice to add
    await w.alice.slash(w.channel, "game pings", mode="dm")
    await w.env.advance_time(DELAY + 60)
    [reminder] = reminders(w)
    assert pinged(w, reminder) == []
    [dm] = dms(w.alice)
    assert dm.startswith("⏰ Your turn at **Tiny** (table #1) began <t:")
    assert dm.endswith(f"/{w.channel.id}/{reminder.id}")


async def test_off_here_and_reminders_by_dm_still_bring_the_reminder(w: TableWorld) -> None:
    await w.start_tiny()
    for actor in (w.alice, w.bob):
        await actor.click(w.last(), custom_id=action_id(w.last(), "keep"))  # alice to add
    await w.alice.slash(w.channel, "game pings", mode="off")
    await w.alice.slash(w.channel, "game dm", enabled=True)
    await w.env.advance_time(DELAY + 60)
    [reminder] = reminders(w)
    assert pinged(w, reminder) == []
    assert [dm[:2] for dm in dms(w.alice)] == ["⏰ "]


async def test_a_direct_message_that_cannot_be_delivered_is_skipped_quietly(
    w: TableWorld, caplog: pytest.LogCaptureFixture
) -> None:
    """A user whose direct messages are closed (simcord refuses DMs to bots, as Discord
    refuses them to a user who closed theirs): the turn is posted, nothing fails."""
    caplog.set_level(logging.INFO, logger="cogs.platform.notify")
    bot = w.env.bot
    assert isinstance(bot, TableBot)
    closed = w.guild.add_member(w.env.create_user("closed", bot=True))
    await w.open_lobby("tiny")
    await bot.service.tables.join(1, closed.id)
    await bot.service.preferences.set_ping_mode(1, closed.id, PingMode.DM)
    lobby = w.last()
    await w.alice.click(lobby, custom_id="mt:lobby:1:start")
    await w.alice.click(w.last(), custom_id=action_id(w.last(), "keep"))
    assert closed.mention in w.last().content  # the turn was posted
    assert "could not send a direct message" in caplog.text


async def test_refusals_and_french(w: TableWorld, monkeypatch: pytest.MonkeyPatch) -> None:
    await w.alice.slash(w.channel, "game pings", mode="off")  # no table yet
    simcord.assert_error(w.env, NoTableHere)
    await w.start_tiny()
    result = await w.carol.slash(w.channel, "game pings", mode="off")  # a spectator
    simcord.assert_error(w.env, NotSeated)
    assert "only its players" in private_text(result)
    speak_french(monkeypatch, w.bob)
    result = await w.bob.slash(w.channel, "game pings", mode="dm")
    assert private_text(result).startswith(
        "À la table n°1, vous recevez un message privé au lieu d'une mention"
    )
    bot = w.env.bot
    assert isinstance(bot, TableBot)
    await bot.service.tables.abandon(1, w.alice.id, can_manage=False)
    with pytest.raises(TableAbandoned):
        await bot.service.preferences.set_ping_mode(1, w.bob.id, PingMode.OFF)
    await w.alice.slash(w.channel, "game pings", mode="off")  # no open table here now
    simcord.assert_error(w.env, NoTableHere)
