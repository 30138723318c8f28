"""A place that is gone (`cogs.places`): the table of a deleted thread or channel ends as
abandoned, with the reason kept and no rating change; its players are told in the
parent channel, or by direct message; it leaves `/game list`, `/game open` and the
reminders. Also when the thread was deleted while the bot was stopped."""

from __future__ import annotations

import discord
import pytest
import simcord

from bot.app import TableBot, create_bot
from bot.service import GameService, Table, TableStatus
from bot.startup.config import Settings
from bot.storage.table_settings import PLACE_GONE, ended_because
from tests.conftest import REMINDER_MINUTES
from tests.discord_support import (
    TableWorld,
    bot_of,
    lobby_id,
    private_text,
    table_thread,
)

DELAY = REMINDER_MINUTES * 60
ENDED_HERE = {
    "en": "🛑 {players}: **Tiny** (table #1) has ended: its thread was deleted. The table is "
          "closed as abandoned; nobody's rating changes. Open a new one with `/game new`.",
    "fr": "🛑 {players} : **Tiny** (table n°1) est terminée : son fil a été supprimé. La table "
          "est close comme abandonnée ; aucune cote ne change. Ouvrez-en une autre avec "
          "`/partie nouvelle`.",
}
ENDED_BY_DM = {
    "en": "🛑 **Tiny** (table #1) on {server} has ended: its {place} was deleted. The table is "
          "closed as abandoned; nobody's rating changes. Open a new one with `/game new`.",
    "fr": "🛑 **Tiny** (table n°1) sur {server} est terminée : son {place} a été supprimé. La "
          "table est close comme abandonnée ; aucune cote ne change. Ouvrez-en une autre avec "
          "`/partie nouvelle`.",
}
PLACES = {"en": {"channel": "channel", "thread": "thread"},
          "fr": {"channel": "salon", "thread": "fil"}}
NO_GAME = {"en": "You have no game in play on this server.",
           "fr": "Vous n'avez aucune partie en cours sur ce serveur."}


@pytest.fixture
def w(world_in_language: TableWorld) -> TableWorld:
    return world_in_language


def language(w: TableWorld) -> str:
    return "fr" if w.guild.name == "mines-fr" else "en"


def service(w: TableWorld) -> GameService:
    bot = w.env.bot
    assert isinstance(bot, TableBot)
    return bot.service


async def start_in_thread(w: TableWorld) -> tuple[simcord.ChannelHandle, simcord.ChannelHandle]:
    """alice opens a tiny table in a new thread of a channel where the bot may open one,
    bob joins, alice starts; returns the channel and the thread."""
    parent = w.guild.create_text_channel("tables")
    await w.alice.slash(parent, "game new", game="tiny")
    thread = table_thread(parent)
    await w.bob.slash(thread, "game join")
    lobby = thread.last_message
    assert lobby is not None
    await w.alice.click(lobby, custom_id=lobby_id(lobby, "start"))
    return parent, thread


async def assert_ended_and_forgotten(w: TableWorld, place: simcord.ChannelHandle) -> Table:
    """Table 1 ended as abandoned because its `place` is gone, with no result; no
    reminder goes anywhere for it however long one waits; it is nobody's game in play."""
    table = await service(w).tables.get_table(1)
    assert table.status == TableStatus.ABANDONED and ended_because(table) == PLACE_GONE
    assert await service(w).results.summaries(w.guild.id) == []  # no rating changes
    requests = len(w.env.http_requests)
    await w.env.advance_time(3 * DELAY)
    assert [r for r in w.env.http_requests[requests:] if r.method == "POST"] == []
    assert all(f"/channels/{place.id}/" not in r.path for r in w.env.http_requests[requests:])
    other = w.guild.create_text_channel("lounge")
    assert private_text(await w.alice.slash(other, "game list")) == NO_GAME[language(w)]
    return table


async def test_a_deleted_threads_game_ends_and_its_players_are_told_in_the_channel(
    w: TableWorld,
) -> None:
    parent, thread = await start_in_thread(w)
    await w.env.advance_time(DELAY - 60)  # its reminder was due in a minute
    w.env.backend.delete_channel(thread.id)
    await w.env.settle()
    told = parent.last_message
    assert told is not None
    players = f"{w.alice.mention} {w.bob.mention}"
    assert told.content == ENDED_HERE[language(w)].format(players=players)
    assert {user.id for user in told.mentions} == {w.alice.id, w.bob.id}
    await assert_ended_and_forgotten(w, thread)
    assert parent.last_message is not None and parent.last_message.id == told.id


async def test_a_deleted_threads_lobby_leaves_game_open(w: TableWorld) -> None:
    parent = w.guild.create_text_channel("tables")
    await w.alice.slash(parent, "game new", game="tiny")
    thread = table_thread(parent)
    shown = private_text(await w.carol.slash(parent, "game open"))
    assert "**Tiny**" in shown
    w.env.backend.delete_channel(thread.id)
    await w.env.settle()
    refused = private_text(await w.carol.slash(parent, "game open"))
    assert "**Tiny**" not in refused
    table = await service(w).tables.get_table(1)
    assert table.status == TableStatus.ABANDONED and ended_because(table) == PLACE_GONE
    told = parent.last_message
    assert told is not None and told.content == ENDED_HERE[language(w)].format(
        players=w.alice.mention)


def assert_told_by_dm(w: TableWorld, place: str) -> None:
    """alice and bob, table 1's players, got one direct message: their table ended, its
    `place` ("channel", "thread") deleted."""
    text = ENDED_BY_DM[language(w)].format(server=w.guild.name, place=PLACES[language(w)][place])
    for player in (w.alice, w.bob):
        assert [m.content for m in player.user.dm_channel.history()] == [text]
    assert list(w.carol.user.dm_channel.history()) == []  # not a player


async def test_a_deleted_channels_players_are_told_by_direct_message(w: TableWorld) -> None:
    await w.start_tiny()  # in the channel itself (the bot may not open threads there)
    w.env.backend.delete_channel(w.channel.id)
    await w.env.settle()
    assert_told_by_dm(w, "channel")
    await assert_ended_and_forgotten(w, w.channel)


async def test_the_threads_of_a_deleted_channel_end_with_it(w: TableWorld) -> None:
    parent, thread = await start_in_thread(w)
    w.env.backend.delete_channel(parent.id)  # Discord sends no deletion of its threads
    await w.env.settle()
    assert_told_by_dm(w, "thread")  # not in the channel: it is gone too
    await assert_ended_and_forgotten(w, thread)


async def test_a_thread_deleted_while_the_bot_was_stopped_ends_at_its_first_post(
    w: TableWorld, settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    parent, thread = await start_in_thread(w)
    old = w.env.bot
    await old.close()
    w.env.backend.delete_channel(thread.id)  # nobody hears it
    await w.env.restart_bot(create_bot(settings))
    table = await service(w).tables.get_table(1)
    assert table.status == TableStatus.PLAYING  # not known yet
    requests = len(w.env.http_requests)
    await w.env.advance_time(DELAY + 60)  # the reminder's lookup finds it gone (10003)
    await w.env.settle()
    looked = [r for r in w.env.http_requests[requests:] if r.path == f"/channels/{thread.id}"]
    assert [r.method for r in looked] == ["GET"]
    told = parent.last_message
    assert told is not None
    players = f"{w.alice.mention} {w.bob.mention}"
    assert told.content == ENDED_HERE[language(w)].format(players=players)
    await assert_ended_and_forgotten(w, thread)
    assert "10003" in caplog.text  # a warning, not an error


async def test_a_post_answered_unknown_channel_ends_the_table(
    w: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    parent, thread = await start_in_thread(w)
    bot = bot_of(w.env)
    cached = bot.get_channel(thread.id)
    assert isinstance(cached, discord.Thread)
    w.env.inject_error(  # the thread is known to the bot, but Discord has it no more
        "POST", f"/channels/{thread.id}/messages", status=404, code=10003,
        message="Unknown Channel")
    await w.env.advance_time(DELAY + 60)
    await w.env.settle()
    told = parent.last_message
    assert told is not None
    assert told.content == ENDED_HERE[language(w)].format(
        players=f"{w.alice.mention} {w.bob.mention}")
    table = await service(w).tables.get_table(1)
    assert table.status == TableStatus.ABANDONED and ended_because(table) == PLACE_GONE


async def test_a_thread_deleted_while_the_bot_was_stopped_is_not_listed_after_the_restart(
    w: TableWorld, settings: Settings
) -> None:
    """Right after the restart, before any post or reminder: `/game list` looks the
    place up, does not list the table, and the table ends there and then; a lobby whose
    thread went the same way is not in `/game open`."""
    parent, thread = await start_in_thread(w)
    await w.carol.slash(parent, "game new", game="tiny")
    (lobby_thread,) = [other for other in parent.threads if other.id != thread.id]
    await w.bot.close()
    w.env.backend.delete_channel(thread.id)  # nobody hears either
    w.env.backend.delete_channel(lobby_thread.id)
    await w.env.restart_bot(create_bot(settings))
    listed = private_text(await w.alice.slash(parent, "game list"))
    assert listed == NO_GAME[language(w)]
    assert f"<#{thread.id}>" not in listed
    shown = private_text(await w.bob.slash(parent, "game open"))
    assert "**Tiny**" not in shown
    await w.env.settle()
    for table_id in (1, 2):
        table = await service(w).tables.get_table(table_id)
        assert table.status == TableStatus.ABANDONED and ended_because(table) == PLACE_GONE
