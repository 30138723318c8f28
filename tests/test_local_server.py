"""The local table's simulated server (`bot.local_table.build_server`), without a
browser: its members, its channel, its language (``--locale``), and the table in play
posted again after a restart. tests/test_local_table.py drives the whole thing in a
real browser, in English."""

from __future__ import annotations

import simcord

from bot.app import TableBot
from bot.local_table import CHANNEL, SEATS, SERVER_ID, build_server, post_table_in_play
from tests.discord_support import bot_of, last_message


async def test_a_french_local_server_plays_in_french_in_its_channel(
    simcord_env: simcord.Env,
) -> None:
    await bot_of(simcord_env).tree.sync()
    server = build_server(simcord_env, "fr")
    assert [member.name for member in server.members] == list(SEATS)
    assert server.channel.name == CHANNEL
    guild = simcord_env.bot.get_guild(SERVER_ID)
    assert guild is not None and guild.name == "Table locale"
    alice = server.members[0]
    await alice.slash(server.channel, "game new", game="saboteur")
    lobby = server.channel.last_message
    assert lobby is not None and "ouverte par" in lobby.content
    # No thread: a thread would be gone after a restart; the table plays in the channel.
    assert lobby.channel.id == server.channel.id


async def test_the_table_in_play_is_posted_again_with_its_board(
    simcord_env: simcord.Env,
) -> None:
    await bot_of(simcord_env).tree.sync()
    server = build_server(simcord_env, "en")
    alice, bob, chloe = server.members[:3]
    await alice.slash(server.channel, "game new", game="saboteur")
    for member in (bob, chloe):
        await member.click(last_message(server.channel), label="Join")
    await alice.click(last_message(server.channel), label="Start")
    before = len(server.channel.history())
    bot = simcord_env.bot
    assert isinstance(bot, TableBot)
    assert await post_table_in_play(bot, server)
    await simcord_env.settle()
    reminder = server.channel.last_message
    assert len(server.channel.history()) == before + 1
    assert reminder is not None and "your turn in **Saboteur** (table #1) began" in reminder.content
    assert reminder.attachments  # the board
    assert reminder.components  # the turn's buttons
