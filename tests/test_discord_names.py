"""Names and labels that say what they mean (issue 44): the computers are named short in
the images ("Computer 1" / "Ordinateur 1", their level in the texts only), every name a
text or an image gives is in the server's language, and the lobby's toggles say their
state. English and French."""

from __future__ import annotations

import discord
import pytest

from cogs.platform.names import known_names
from tests.discord_support import TableWorld, custom_ids, labels, lobby_id
from tests.test_discord_computers import open_with_computers, table_of

NAMED = {
    "en": (("Computer 1", "Computer 2"), "Computer 1 (easy)", "Computer"),
    "fr": (("Ordinateur 1", "Ordinateur 2"), "Ordinateur 1 (facile)", "Ordinateur"),
}
"""Per language: the computers' names in the images, one in the texts, the word."""


@pytest.fixture
def w(world_in_language: TableWorld) -> TableWorld:
    return world_in_language


async def test_computers_are_named_short_and_in_the_servers_language(w: TableWorld) -> None:
    lang = "fr" if w.guild.name.endswith("-fr") else "en"
    pictured, texted, word = NAMED[lang]
    lobby = await open_with_computers(w, "saboteur", ["easy", "easy"])
    assert texted in lobby.content
    await w.alice.click(lobby, custom_id=lobby_id(lobby, "start"))
    assert known_names(await table_of(w))[1:] == pictured  # what the images draw
    texts = [m.content for m in w.channel.history() if m.author.bot]
    other = "Computer" if lang == "fr" else "Ordinateur"
    assert any(word in text for text in texts)
    assert not any(other in text for text in texts), texts  # never the other language


TOGGLES = {
    "en": ("🤖 A computer takes over idle players: off",
           "🤖 A computer takes over idle players: on",
           "🎓 Coach for new players: off", "🎓 Coach for new players: on"),
    "fr": ("🤖 Un ordinateur remplace les joueurs inactifs : désactivé",
           "🤖 Un ordinateur remplace les joueurs inactifs : activé",
           "🎓 Coach des nouveaux joueurs : désactivé", "🎓 Coach des nouveaux joueurs : activé"),
}


async def test_the_lobby_toggles_say_their_state(w: TableWorld) -> None:
    """Issue 44: a toggle's label says whether its option is on (green) or off, never
    the action of a click read as a state ("New players: no coach" in green)."""
    lang = "fr" if w.guild.name.endswith("-fr") else "en"
    takeover_off, takeover_on, coach_off, coach_on = TOGGLES[lang]
    lobby = await w.open_lobby("coal-baron")
    shown = dict(zip(custom_ids(lobby), labels(lobby), strict=True))
    assert shown["mt:takeover:1:on"] == takeover_off and shown["mt:coachnew:1:on"] == coach_off
    await w.alice.click(lobby, custom_id="mt:takeover:1:on")
    await w.alice.click(w.last(), custom_id="mt:coachnew:1:on")
    lobby = w.last()
    shown = dict(zip(custom_ids(lobby), labels(lobby), strict=True))
    assert shown["mt:takeover:1:off"] == takeover_on and shown["mt:coachnew:1:off"] == coach_on
    buttons = [c for row in lobby.components for c in getattr(row, "children", [])]
    on = next(b for b in buttons if getattr(b, "custom_id", "") == "mt:coachnew:1:off")
    assert getattr(on, "style", None) == discord.ButtonStyle.success  # green while on
