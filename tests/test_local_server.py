"""The local table's simulated server (`bot.local.table.build_server`), without a
browser: its members, its channel, its language (``--locale``), the welcome on an empty
channel (`bot.local.welcome`), the table in play posted again after a restart, and the
simcord members the page relies on (`bot.local.simcord_page`). tests/test_local_table.py
and tests/test_local_games.py drive the whole thing in a real browser, in English."""

from __future__ import annotations

import inspect

import discord
import pytest
import simcord
from simcord.preview import Preview

from bot.__main__ import parse_arguments
from bot.app import TableBot, create_bot
from bot.local.simcord_page import SimcordChanged, check_simcord
from bot.local.table import (
    CHANNEL,
    DEFAULT_DATABASE,
    SEATS,
    SERVER_ID,
    build_server,
    discord_locale,
    greet,
    local_settings,
    offer_again,
)
from bot.local.welcome import WelcomeButton
from bot.service import TableStatus
from bot.startup.config import Settings
from tests.discord_support import (
    bot_of,
    labels,
    last_message,
    private_text,
    speak,
    speak_french,
)


def table_bot(env: simcord.Env) -> TableBot:
    bot = env.bot
    assert isinstance(bot, TableBot)
    bot.add_dynamic_items(WelcomeButton)  # as `bot.local.table.serve` does
    return bot


async def test_a_french_local_server_plays_in_french_in_its_channel(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = table_bot(simcord_env)
    monkeypatch.setattr(bot, "settings", local_settings(bot.settings, DEFAULT_DATABASE))
    await bot.tree.sync()
    server = build_server(simcord_env, "fr")
    assert [member.name for member in server.members] == list(SEATS)
    assert server.channel.name == CHANNEL
    guild = simcord_env.bot.get_guild(SERVER_ID)
    assert guild is not None and guild.name == "Table locale"
    alice = server.members[0]
    result = await alice.slash(server.channel, "game new", game="saboteur")
    lobby = server.channel.last_message
    assert lobby is not None and "ouverte par" in lobby.content
    # No thread: a thread would be gone after a restart; the table plays in the channel,
    # by design, so its creator is told nothing of a thread's permissions.
    assert lobby.channel.id == server.channel.id
    assert not [m for m in result.followups if m.ephemeral], "a note of threads at the local table"


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
    await greet(table_bot(simcord_env), server, "en")
    await simcord_env.settle()
    reminder = server.channel.last_message
    assert len(server.channel.history()) == before + 1  # no welcome
    assert reminder is not None and "your turn in **Saboteur** (table #1) began" in reminder.content
    assert reminder.attachments  # the board
    assert reminder.components  # the turn's buttons


async def test_the_welcome_starts_a_game_against_the_computer_in_one_click_in_french(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On an empty channel the welcome is posted in the server's language, a button per
    game; Alice's click opens Saboteur with two computers at the normal level and
    starts it; Bob's click, a table being open, is refused to him alone (the button is
    handled by its registered class: no view is kept in memory, as after a restart)."""
    await bot_of(simcord_env).tree.sync()
    server = build_server(simcord_env, "fr")
    bot = table_bot(simcord_env)
    await greet(bot, server, "fr")
    await simcord_env.settle()
    welcome = last_message(server.channel)
    assert "Bienvenue à la table locale" in welcome.content
    assert "/partie nouvelle" in welcome.content
    assert labels(welcome) == [
        "Jouer à Gueules Noires contre l'ordinateur",
        "Jouer à Mine Out contre l'ordinateur",
        "Jouer à Saboteur contre l'ordinateur",
    ]
    alice, bob = server.members[:2]
    speak_french(monkeypatch, alice, bob)  # as the French page does
    await alice.click(welcome, label="Jouer à Saboteur contre l'ordinateur")
    table = await bot.service.tables.active_table(server.channel.id)
    assert table is not None and table.status == TableStatus.PLAYING
    assert table.game == "saboteur" and table.creator_id == alice.id
    assert len(table.seats) == 3 and all(seat < 0 for seat in table.seats[1:])
    assert "La partie commence" in last_message(server.channel).content
    refused = await bob.click(welcome, label="Jouer à Mine Out contre l'ordinateur")
    assert "Une partie est déjà ouverte dans ce salon : Saboteur, table n°1." in (
        private_text(refused)
    )
    assert await bot.service.tables.active_table(server.channel.id) == table
    # A button of a game that is not offered (forged, or of a game since removed).
    forged = discord.ui.View()
    chess = "Jouer aux échecs contre l'ordinateur"
    forged.add_item(WelcomeButton("chess", chess))
    channel = bot.get_channel(server.channel.id)
    assert isinstance(channel, discord.TextChannel)
    await channel.send("…", view=forged)
    await simcord_env.settle()
    refused = await bob.click(last_message(server.channel), label=chess)
    assert "Ce jeu n'existe pas ici" in private_text(refused)
    assert "Gueules Noires" in private_text(refused)
    assert await bot.service.tables.active_table(server.channel.id) == table


async def test_a_german_local_table_opens_in_german(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``python -m bot local --locale de``: the server, its welcome and a game started
    from it speak German (the page's client is German too: `discord_locale`)."""
    assert parse_arguments(["local", "--locale", "de"]).locale == "de"
    assert discord_locale("de") == "de"
    await bot_of(simcord_env).tree.sync()
    server = build_server(simcord_env, "de")
    guild = simcord_env.bot.get_guild(SERVER_ID)
    assert guild is not None and guild.name == "Lokaler Tisch"
    bot = table_bot(simcord_env)
    await greet(bot, server, "de")
    await simcord_env.settle()
    welcome = last_message(server.channel)
    assert "Willkommen am lokalen Tisch" in welcome.content and "/spiel neu" in welcome.content
    assert labels(welcome) == [
        "Glück Auf gegen den Computer spielen",
        "Mine Out gegen den Computer spielen",
        "Saboteur gegen den Computer spielen",
    ]
    alice = server.members[0]
    speak(monkeypatch, "de", alice)  # as the German page does
    await alice.click(welcome, label="Saboteur gegen den Computer spielen")
    assert "Die Partie beginnt" in "\n".join(
        m.content for m in server.channel.history() if m.author.bot)


async def test_a_welcome_button_still_works_after_a_restart(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    """The welcome's buttons are persistent components: a click on a welcome posted
    before the bot restarted opens the game (nothing of it was kept in memory)."""
    await bot_of(simcord_env).tree.sync()
    server = build_server(simcord_env, "en")
    await greet(table_bot(simcord_env), server, "en")
    await simcord_env.settle()
    welcome = last_message(server.channel)
    old = simcord_env.bot
    await old.close()
    new = create_bot(settings)
    new.add_dynamic_items(WelcomeButton)  # as `bot.local.table.serve` does at each start
    await simcord_env.restart_bot(new)
    await server.members[0].click(welcome, label="Play Mine Out against the computer")
    table = await new.service.tables.active_table(server.channel.id)
    assert table is not None and table.game == "mine-out" and table.status == TableStatus.PLAYING
    assert "The game begins" in last_message(server.channel).content


def test_the_simcord_members_the_page_relies_on_are_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    check_simcord()  # simcord as installed: as checked

    def publish_all(self: Preview, *, reason: str, page: object) -> None: ...

    monkeypatch.setattr(Preview, "_publish_message_pages", publish_all)
    with pytest.raises(SimcordChanged, match="_publish_message_pages"):
        check_simcord()
    monkeypatch.setattr(Preview, "_publish_message_pages", None)
    with pytest.raises(SimcordChanged, match="_publish_message_pages is gone"):
        check_simcord()
    assert "self._active_action" in inspect.getsource(Preview.__init__)


AGAIN = {
    "en": ("What next?", "Play Mine Out against the computer", "The game begins"),
    "fr": ("Et maintenant ?", "Jouer à Mine Out contre l'ordinateur", "La partie commence"),
}


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_the_welcome_games_are_offered_again_when_a_table_ends(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    """Issue 44: a game abandoned (or finished, or a lobby closed) ends with the
    welcome's one-click games offered again, short, as the channel's newest message;
    one click there starts the next game, after it."""
    await bot_of(simcord_env).tree.sync()
    server = build_server(simcord_env, language)
    bot = table_bot(simcord_env)
    offer_again(bot, server, language)  # as `bot.local.table.serve` does
    await greet(bot, server, language)
    await simcord_env.settle()
    alice = server.members[0]
    if language == "fr":
        speak_french(monkeypatch, alice)
    welcome = last_message(server.channel)
    await alice.click(welcome, custom_id="mt:welcome:saboteur")
    asked = await alice.slash(server.channel, "game abandon")
    assert asked.response is not None
    await alice.click(asked.response.message, custom_id="mt:abandon:1:yes")
    await simcord_env.settle()
    what_next, mine_out, begins = AGAIN[language]
    offered = last_message(server.channel)
    assert what_next in offered.content and mine_out in labels(offered)
    await alice.click(offered, label=mine_out)
    table = await bot.service.tables.active_table(server.channel.id)
    assert table is not None and table.game == "mine-out"
    assert begins in last_message(server.channel).content
