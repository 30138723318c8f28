"""The 📖 Read button of a turn message and ``/game read [part]`` through the real bot
(issue 32): the table in words, privately, as the reader's seat sees it; parts offered
by name in autocomplete; bad input answered privately in the user's language.
"""

from __future__ import annotations

import pytest
import simcord

from cogs.platform.errors import NoTableHere
from cogs.platform.items import READ
from cogs.platform.reading import UnknownPart
from tests.discord_support import (
    TableWorld,
    answers,
    custom_ids,
    lobby_id,
    private_text,
    speak_french,
)


async def start(w: TableWorld, game: str, *others: simcord.MemberActor) -> None:
    """alice opens a table of `game`, bob (and `others`) join, alice starts it."""
    lobby = await w.open_lobby(game)
    for member in (w.bob, *others):
        await member.click(w.last(), custom_id=lobby_id(lobby, "join"))
    await w.alice.click(w.last(), custom_id=lobby_id(lobby, "start"))


def read_id(w: TableWorld) -> str:
    return next(i for i in custom_ids(w.last()) if i.startswith(f"{READ}:"))


async def test_the_read_button_reads_the_table_to_the_clicker_alone(
    table_world: TableWorld,
) -> None:
    w = table_world
    dave = w.guild.add_member(w.env.create_user("dave"))
    await start(w, "saboteur", w.carol)
    turn = w.last()
    result = await w.bob.click(turn, custom_id=read_id(w))
    assert result.ephemeral and all(message.ephemeral for message in answers(result))
    text = private_text(result)
    assert text.startswith("**📖 Reading: Saboteur, round 1 of 3**")
    assert "To play: alice." in text and "You are a" in text and "In your hand:" in text
    assert "The start: the start card, open on all four sides 🪨" in text
    watcher = private_text(await dave.click(turn, custom_id=read_id(w)))
    assert "You are a" not in watcher and "In your hand" not in watcher  # no seat, no secret
    assert "bob: 6 cards in hand, tools whole 🧰" in watcher


async def test_game_read_offers_its_parts_by_name_and_reads_one(
    table_world: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = table_world
    speak_french(monkeypatch, w.bob)
    await start(w, "coal-baron")
    offered = await w.bob.autocomplete(w.channel, "game read", "part", "mine")
    names = {choice["name"]: choice["value"] for choice in offered}
    assert names == {"ma mine, ma réserve, ma cage et mes commandes": "mine",
                     "la mine de chaque joueur": "mines"}
    text = private_text(await w.bob.slash(w.channel, "game read", part="mine"))
    assert text.startswith("**📖 Lecture : Gueules Noires, le choix des commandes de départ**")
    assert "Mine de bob : ⛏" in text and "Mine d'alice" not in text
    assert "Niveau 1, jaune" in text
    whole = private_text(await w.bob.slash(w.channel, "game read"))
    assert "Mine d'alice : ⛏" in whole and "Banque : libre ⬜" in whole


async def test_a_part_that_does_not_exist_or_no_table_is_answered_privately(
    table_world: TableWorld,
) -> None:
    w = table_world
    nothing = await w.bob.slash(w.channel, "game read")
    simcord.assert_error(w.env, NoTableHere)
    assert nothing.ephemeral
    await start(w, "mine-out")
    wrong = await w.bob.slash(w.channel, "game read", part="the dragon")
    simcord.assert_error(w.env, UnknownPart)
    assert "There is no part called “the dragon”" in private_text(wrong)
    town = private_text(await w.bob.slash(w.channel, "game read", part="town"))
    assert "Market: alice, alice (apprentice), bob, bob (apprentice) 📍" in town
