"""``/game list``: the user's tables in play on this server, theirs to play first."""

from __future__ import annotations

import pytest

from tests.discord_support import (
    TableWorld,
    action_id,
    lobby_id,
    private_text,
    speak_french,
    table_thread,
)

pytestmark = pytest.mark.storage_facing  # replayed on PostgreSQL (tests/conftest.py)


@pytest.fixture
def w(table_world: TableWorld) -> TableWorld:
    return table_world


async def test_a_user_without_games_is_told_so_in_their_language(
    w: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = await w.carol.slash(w.channel, "game list")
    assert private_text(result) == "You have no game in play on this server."
    speak_french(monkeypatch, w.carol)
    result = await w.carol.slash(w.channel, "game list")
    assert private_text(result) == "Vous n'avez aucune partie en cours sur ce serveur."


async def test_the_list_puts_the_users_turns_first_with_a_link_to_the_turn(
    w: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    await w.start_tiny()  # table 1: both to choose
    await w.alice.click(w.last(), custom_id=action_id(w.last(), "keep"))  # bob's turn
    first_turn = w.last()
    parent = w.guild.create_text_channel("other")  # the bot may open threads there
    await w.bob.slash(parent, "game new", game="tiny")  # table 2, in its thread: alice's turn
    other = table_thread(parent)
    lobby = other.last_message
    assert lobby is not None
    await w.alice.click(lobby, custom_id=lobby_id(lobby, "join"))
    await w.bob.click(lobby, custom_id=lobby_id(lobby, "start"))
    started = other.last_message
    assert started is not None
    await w.bob.click(started, custom_id=action_id(started, "keep"))
    second_turn = other.last_message
    assert second_turn is not None
    text = private_text(await w.alice.slash(other, "game list"))
    title, mine, waiting = text.split("\n")
    assert title == "**Your games on this server**"
    assert mine.startswith(f"👉 **Tiny** #2 in <#{other.id}>: your turn, which began <t:")
    assert mine.endswith(f"/{w.guild.id}/{other.id}/{second_turn.id}")
    assert waiting.startswith(f"⏳ **Tiny** #1 in <#{w.channel.id}>: waiting for {w.bob.mention}")
    assert waiting.endswith(f"/{w.channel.id}/{first_turn.id}")
    speak_french(monkeypatch, w.bob)
    text = private_text(await w.bob.slash(w.channel, "game list"))
    assert text.split("\n")[1].startswith("👉 **Tiny** n°1 dans")
    assert "on attend" in text.split("\n")[2]
    assert private_text(await w.carol.slash(w.channel, "game list")).startswith("You have no")
