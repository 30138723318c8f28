"""Names that tell players apart (issue 44): the computers are named short in the
images ("Computer 1" / "Ordinateur 1", their level in the texts only), and every name
a text or an image gives is in the server's language. English and French."""

from __future__ import annotations

import pytest

from cogs.platform.names import known_names
from tests.discord_support import TableWorld, lobby_id
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
