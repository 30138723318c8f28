"""A thread per table: `/game new` opens the table in a new public thread of the
channel where the bot may, plays in the channel where it may not, and at the end
archives the thread and posts the standings in the parent channel."""

from __future__ import annotations

import discord
import pytest
import simcord

from cogs.platform.errors import NoTableHere
from tests.discord_support import (
    TableWorld,
    action_id,
    bot_of,
    custom_ids,
    live_messages,
    lobby_id,
    private_text,
    speak_french,
    table_thread,
)


@pytest.fixture
def w(table_world: TableWorld) -> TableWorld:
    return table_world


def last(channel: simcord.ChannelHandle) -> discord.Message:
    message = channel.last_message
    assert message is not None
    return message


def announcement(parent: simcord.ChannelHandle) -> str:
    """The text of the bot's answer to `/game new` in `parent` (saying where the table is)."""
    return next(m.content for m in parent.history() if m.content.startswith("🎲"))


def archived(w: TableWorld, thread: simcord.ChannelHandle) -> bool:
    metadata = w.env.backend.channels[thread.id].thread_metadata
    assert metadata is not None
    return bool(metadata.archived)


async def open_in_thread(
    w: TableWorld, parent: simcord.ChannelHandle
) -> tuple[simcord.ChannelHandle, simcord.InteractionResult]:
    """alice opens a tiny table from `parent`; returns its thread and the command's result."""
    result = await w.alice.slash(parent, "game new", game="tiny")
    return table_thread(parent), result


async def finish_in(w: TableWorld, thread: simcord.ChannelHandle) -> discord.Message:
    """bob joins with the command, alice starts with the button, they play to the end
    (choices with buttons, one addition typed); returns the last message."""
    await w.bob.slash(thread, "game join")
    await w.alice.click(last(thread), custom_id=lobby_id(last(thread), "start"))
    for actor in (w.alice, w.bob):
        await actor.click(last(thread), custom_id=action_id(last(thread), "keep"))
    typed = False
    service = bot_of(w.env).service  # type: ignore[attr-defined]
    while await service.tables.active_table(thread.id) is not None:
        actor = w.alice if f"👉 {w.alice.mention}" in last(thread).content else w.bob
        if not typed:
            result = await actor.slash(thread, "game play", action="add 1")
            assert private_text(result).endswith("`add 1`.")
            typed = True
            continue
        largest = next(n for n in ("add 3", "add 2", "add 1") if n in str(custom_ids(last(thread))))
        await actor.click(last(thread), custom_id=action_id(last(thread), largest))
    return last(thread)


async def test_a_new_table_opens_in_its_own_thread_and_plays_there(w: TableWorld) -> None:
    parent = w.guild.create_text_channel("tables")  # the bot may open threads here
    thread, result = await open_in_thread(w, parent)
    assert not result.ephemeral
    assert announcement(parent) == (
        f"🎲 {w.alice.mention} opened a **Tiny** table (#1). It plays in its own thread: "
        f"<#{thread.id}>"
    )
    table = await bot_of(w.env).service.tables.get_table(1)  # type: ignore[attr-defined]
    assert table.channel_id == thread.id
    lobby = last(thread)
    assert "🎲 **Tiny**: table #1, opened by" in lobby.content
    await w.bob.slash(thread, "game join")
    await w.alice.click(last(thread), custom_id=lobby_id(last(thread), "start"))
    await w.alice.click(last(thread), custom_id=action_id(last(thread), "keep"))
    status = private_text(await w.carol.slash(thread, "game status"))
    assert f"waiting for {w.bob.mention}" in status
    assert [m.id for m in live_messages(thread)] == [last(thread).id]
    assert live_messages(parent) == []  # the channel holds no table's controls
    refused = await w.bob.slash(parent, "game status")  # the table is the thread's
    simcord.assert_error(w.env, NoTableHere)
    assert private_text(refused).startswith("There is no open table in this channel.")


async def test_a_channel_hosts_many_tables_one_thread_each(w: TableWorld) -> None:
    parent = w.guild.create_text_channel("tables")
    await w.alice.slash(parent, "game new", game="tiny")
    await w.bob.slash(parent, "game new", game="tiny")
    assert len(parent.threads) == 2
    tables = [await bot_of(w.env).service.tables.active_table(t.id) for t in parent.threads]  # type: ignore[attr-defined]
    assert sorted(t.id for t in tables if t is not None) == [1, 2]


async def test_without_the_permission_the_table_plays_in_the_channel(w: TableWorld) -> None:
    result = await w.alice.slash(w.channel, "game new", game="tiny")  # threads denied there
    assert not result.ephemeral
    assert w.channel.threads == []
    assert "🎲 **Tiny**: table #1" in w.last().content
    no_writing = w.guild.create_text_channel(
        "no-thread-messages",
        overwrites={w.guild.me: discord.PermissionOverwrite(send_messages_in_threads=False)},  # type: ignore[dict-item]
    )
    await w.bob.slash(no_writing, "game new", game="tiny")
    assert no_writing.threads == []
    assert "table #2" in last(no_writing).content


async def test_in_a_thread_already_the_table_plays_in_that_thread(w: TableWorld) -> None:
    parent = w.guild.create_text_channel("tables")
    bot_parent = bot_of(w.env).get_channel(parent.id)
    assert isinstance(bot_parent, discord.TextChannel)
    made = await bot_parent.create_thread(name="friday", type=discord.ChannelType.public_thread)
    thread = table_thread(parent)
    assert thread.id == made.id
    await w.alice.slash(thread, "game new", game="tiny")
    assert [t.id for t in parent.threads] == [made.id]  # no thread of a thread
    assert "🎲 **Tiny**: table #1" in last(thread).content


async def test_the_end_archives_the_thread_and_posts_the_standings_in_the_parent(
    w: TableWorld,
) -> None:
    parent = w.guild.create_text_channel("tables")
    thread, _ = await open_in_thread(w, parent)
    final = await finish_in(w, thread)
    assert custom_ids(final) == ["mt:rematch:1", "mt:export:1"]  # the summary, in the thread
    assert archived(w, thread)
    standings = last(parent)
    lines = standings.content.split("\n")
    assert lines[0] == "🏁 **Tiny**, table #1, is over. Final standings:"
    assert lines[1].startswith("1. <@") and lines[2].startswith("2. <@")
    assert lines[-1] == f"The whole game: https://discord.com/channels/{w.guild.id}/{thread.id}"
    # The score chart, as in the thread's summary.
    assert [a.filename for a in standings.attachments] == ["scores.png"]
    assert [a.size for a in standings.attachments] == [final.attachments[-1].size]
    stored = w.env.backend.get_message(parent.id, standings.id)
    assert stored.ping_user_ids == []  # named, never pinged
    assert live_messages(parent) == []
    # The summary's buttons still work in the archived thread.
    exported = await w.carol.click(final, custom_id="mt:export:1")
    assert exported.ephemeral


async def test_abandoning_archives_the_thread(w: TableWorld) -> None:
    parent = w.guild.create_text_channel("tables")
    thread, _ = await open_in_thread(w, parent)
    result = await w.alice.slash(thread, "game abandon")
    assert result.response is not None
    await w.alice.click(result.response, custom_id="mt:abandon:1:yes")
    assert archived(w, thread)
    assert "abandoned" in last(thread).content
    assert not last(parent).content.startswith("🏁")  # no standings for an abandoned game


async def test_a_thread_the_bot_may_not_archive_is_left_open_quietly(
    w: TableWorld, caplog: pytest.LogCaptureFixture
) -> None:
    me = w.guild.me
    assert me is not None
    parent = w.guild.create_text_channel(
        "tables", overwrites={me: discord.PermissionOverwrite(manage_channels=False)}
    )
    thread, _ = await open_in_thread(w, parent)
    await finish_in(w, thread)
    assert not archived(w, thread)
    assert last(parent).content.startswith("🏁 **Tiny**, table #1, is over.")
    assert "could not close its thread" in caplog.text  # a warning, not an error


async def test_a_rematch_opens_a_new_thread_in_the_parent(w: TableWorld) -> None:
    parent = w.guild.create_text_channel("tables")
    thread, _ = await open_in_thread(w, parent)
    final = await finish_in(w, thread)
    result = await w.bob.click(final, custom_id="mt:rematch:1")
    [_, rematch] = sorted(parent.threads, key=lambda t: t.id)
    assert private_text(result) == f"🔁 The rematch opens in <#{rematch.id}>."
    lobby = last(rematch)
    assert lobby.content.startswith(f"🔁 Rematch of table #1! {w.alice.mention}")
    assert "table #2, opened by" in lobby.content
    result = await w.alice.click(final, custom_id="mt:rematch:1")
    assert private_text(result) == f"You have your seat at the rematch: <#{rematch.id}>."
    assert len(parent.threads) == 2  # the same rematch, no third thread
    assert f"{w.bob.mention} {w.alice.mention}" in last(rematch).content
    table = await bot_of(w.env).service.tables.get_table(2)  # type: ignore[attr-defined]
    assert table.channel_id == rematch.id and table.seats == (w.bob.id, w.alice.id)


async def test_threads_in_french(w: TableWorld, monkeypatch: pytest.MonkeyPatch) -> None:
    guild = w.env.create_guild(name="mines-fr", preferred_locale="fr")
    parent = guild.create_text_channel("parties")
    alice, bob = (guild.add_member(w.env.create_user(n)) for n in ("alix", "bruno"))
    speak_french(monkeypatch, alice, bob)
    await alice.slash(parent, "game new", game="tiny")
    thread = table_thread(parent)
    assert announcement(parent) == (
        f"🎲 {alice.mention} a ouvert une table de **Tiny** (n°1). La partie se joue dans "
        f"son propre fil : <#{thread.id}>"
    )
    world = TableWorld(w.env, guild, thread, alice, bob, w.carol)
    await finish_in(world, thread)
    assert last(parent).content.startswith(
        "🏁 **Tiny**, table n°1 : la partie est terminée. Classement final :"
    )
    assert "Toute la partie : https://discord.com/channels/" in last(parent).content
