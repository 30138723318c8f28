"""The lobby through Discord: /game new, join, leave and start, by command and by button."""

from __future__ import annotations

import simcord

from bot.service.errors import ChannelBusy, NotCreator, NotEnoughPlayers
from cogs.platform.errors import NoTableHere
from tests.discord_support import (
    TableWorld,
    as_seen_before,
    custom_ids,
    lobby_id,
    now,
    private_text,
)


async def test_new_posts_a_lobby_with_buttons_and_the_seats(table_world: TableWorld) -> None:
    w = table_world
    lobby = await w.open_lobby()
    assert custom_ids(lobby) == ["mt:lobby:1:join", "mt:lobby:1:leave", "mt:lobby:1:start"]
    assert w.alice.mention in lobby.content
    assert "(1/4, 2 needed to start)" in lobby.content


async def test_new_takes_a_reminder_delay_shown_in_the_lobby(table_world: TableWorld) -> None:
    lobby = await table_world.open_lobby(reminder=45)
    assert "45 min" in lobby.content


async def test_a_second_game_in_the_channel_is_refused_with_a_thread_suggested(
    table_world: TableWorld,
) -> None:
    w = table_world
    await w.open_lobby()
    result = await w.bob.slash(w.channel, "game new", game="tiny")
    simcord.assert_error(w.env, ChannelBusy)
    text = private_text(result)
    assert "already a table in this channel (#1)" in text
    assert "thread" in text


async def test_join_button_seats_the_clicker_and_updates_the_lobby(table_world: TableWorld) -> None:
    w = table_world
    lobby = await w.open_lobby()
    result = await w.bob.click(lobby, custom_id=lobby_id(lobby, "join"))
    assert not result.ephemeral
    updated = w.channel.history()[-1]
    assert updated.id == lobby.id
    assert w.bob.mention in updated.content
    assert "(2/4," in updated.content


async def test_joining_twice_is_refused_privately(table_world: TableWorld) -> None:
    w = table_world
    lobby = await w.open_lobby()
    await w.bob.click(lobby, custom_id=lobby_id(lobby, "join"))
    result = await w.bob.click(lobby, custom_id=lobby_id(lobby, "join"))
    assert "already have a seat" in private_text(result)


async def test_join_and_leave_commands_post_the_updated_seats(table_world: TableWorld) -> None:
    w = table_world
    await w.open_lobby()
    await w.bob.slash(w.channel, "game join")
    assert w.bob.mention in w.last().content
    await w.bob.slash(w.channel, "game leave")
    assert w.bob.mention not in w.last().content
    assert "(1/4," in w.last().content


async def test_leave_button_frees_the_seat(table_world: TableWorld) -> None:
    w = table_world
    lobby = await w.open_lobby()
    await w.bob.click(lobby, custom_id=lobby_id(lobby, "join"))
    await w.bob.click(lobby, custom_id=lobby_id(lobby, "leave"))
    assert w.bob.mention not in w.channel.history()[-1].content


async def test_the_creator_leaving_closes_the_lobby_and_frees_the_channel(
    table_world: TableWorld,
) -> None:
    w = table_world
    lobby = await w.open_lobby()
    await w.alice.click(lobby, custom_id=lobby_id(lobby, "leave"))
    closed = w.channel.history()[-1]
    assert closed.content.startswith("🏁 Table #1 has ended: it was closed before its game started")
    assert custom_ids(closed) == []
    await w.bob.slash(w.channel, "game new", game="tiny")
    assert "table #2" in w.last().content


async def test_start_by_someone_else_than_the_creator_is_refused(table_world: TableWorld) -> None:
    w = table_world
    lobby = await w.open_lobby()
    await w.bob.click(lobby, custom_id=lobby_id(lobby, "join"))
    result = await w.bob.click(lobby, custom_id=lobby_id(lobby, "start"))
    assert "Only the table's creator" in private_text(result)
    result = await w.bob.slash(w.channel, "game start")
    simcord.assert_error(w.env, NotCreator)
    assert "Only the table's creator" in private_text(result)


async def test_start_with_too_few_players_is_refused(table_world: TableWorld) -> None:
    w = table_world
    lobby = await w.open_lobby()
    result = await w.alice.click(lobby, custom_id=lobby_id(lobby, "start"))
    assert "needs at least 2" in private_text(result)
    result = await w.alice.slash(w.channel, "game start")
    simcord.assert_error(w.env, NotEnoughPlayers)


async def test_start_announces_the_players_to_act_with_a_mention(table_world: TableWorld) -> None:
    w = table_world
    turn = await w.start_tiny()
    assert "The game begins" in turn.content
    assert w.alice.mention in turn.content and w.bob.mention in turn.content
    assert "mt:view:1" in custom_ids(turn)


async def test_start_command_starts_the_game(table_world: TableWorld) -> None:
    w = table_world
    await w.open_lobby()
    await w.bob.slash(w.channel, "game join")
    result = await w.alice.slash(w.channel, "game start")
    assert not result.ephemeral
    assert "The game begins" in w.last().content


async def test_lobby_buttons_after_the_start_say_seats_are_fixed(table_world: TableWorld) -> None:
    w = table_world
    lobby = await w.open_lobby()
    await w.bob.click(lobby, custom_id=lobby_id(lobby, "join"))
    join = lobby_id(lobby, "join")
    await w.alice.click(lobby, custom_id=lobby_id(lobby, "start"))
    assert custom_ids(now(w.channel, lobby)) == []  # the first turn holds the live components
    result = await w.carol.click(await as_seen_before(w.env, w.channel, join), custom_id=join)
    assert "Seats can no longer change" in private_text(result)


async def test_commands_without_a_table_say_how_to_open_one(table_world: TableWorld) -> None:
    w = table_world
    result = await w.alice.slash(w.channel, "game join")
    simcord.assert_error(w.env, NoTableHere)
    assert "/game new" in private_text(result)
