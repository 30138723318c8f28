"""Language through Discord: replies follow the user's locale, channel messages the
server's, and command names are localized for French clients."""

from __future__ import annotations

import pytest
import simcord

from bot.i18n import catalog
from cogs.platform.translator import CatalogTranslator
from tests.discord_support import (
    TableWorld,
    action_id,
    bot_of,
    labels,
    plain_channel,
    private_text,
    speak_french,
)


async def test_a_french_user_is_answered_in_french(
    table_world: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = table_world
    speak_french(monkeypatch, w.carol)
    first = await w.start_tiny()
    result = await w.carol.click(first, custom_id=action_id(first, "keep"))
    assert private_text(result).startswith("Vous n'avez pas de place à cette table")
    result = await w.bob.click(first, custom_id="mt:view:1")
    assert private_text(result) == "Your possible actions:"


async def test_channel_messages_follow_the_servers_language(
    table_world: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = table_world
    guild = w.env.create_guild(name="mines-fr", preferred_locale="fr")
    channel = plain_channel(guild, "parties")
    alice = guild.add_member(w.env.create_user("alice-fr"))
    await alice.slash(channel, "game new", game="tiny")
    lobby = channel.last_message
    assert lobby is not None
    assert "ouverte par" in lobby.content
    assert labels(lobby) == [
        "Rejoindre",
        "Quitter",
        "Commencer",
    ]


async def test_command_names_and_descriptions_are_localized_in_french(
    simcord_env: simcord.Env,
) -> None:
    command = bot_of(simcord_env).tree.get_command("game")
    assert command is not None
    payload = await command.get_translated_payload(bot_of(simcord_env).tree, CatalogTranslator())
    assert payload["name_localizations"]["fr"] == "partie"
    new = next(option for option in payload["options"] if option["name"] == "new")
    assert new["name_localizations"]["fr"] == "nouvelle"
    assert new["description_localizations"]["fr"].startswith("Ouvrir une table")
    game = next(option for option in new["options"] if option["name"] == "game")
    assert game["name_localizations"]["fr"] == "jeu"
    assert "en-US" not in payload["name_localizations"]


async def test_rules_come_in_the_users_language(
    table_world: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = table_world
    speak_french(monkeypatch, w.carol)
    result = await w.carol.slash(w.channel, "game rules", game="coal-baron")
    text = private_text(result)
    assert catalog("fr")["rules.coal-baron"] in text
    assert "**Jouer ici**" in text


async def test_game_choices_are_localized(simcord_env: simcord.Env) -> None:
    command = bot_of(simcord_env).tree.get_command("game")
    assert command is not None
    payload = await command.get_translated_payload(bot_of(simcord_env).tree, CatalogTranslator())
    new = next(option for option in payload["options"] if option["name"] == "new")
    game = next(option for option in new["options"] if option["name"] == "game")
    saboteur = next(choice for choice in game["choices"] if choice["value"] == "saboteur")
    assert saboteur["name_localizations"]["fr"] == catalog("fr")["game.saboteur.name"]


async def test_command_names_and_descriptions_are_localized_in_german(
    simcord_env: simcord.Env,
) -> None:
    """Every group of commands, each of its subcommands and options, in German on a German
    client: ``/spiel neu``, ``/glückauf bergwerk``, ``/turnier tabelle``."""
    tree = bot_of(simcord_env).tree
    german = catalog("de")
    shown = {}
    for command in tree.get_commands():
        payload = await command.get_translated_payload(tree, CatalogTranslator())
        shown[payload["name"]] = payload
        assert payload["name_localizations"]["de"] != payload["name"] or payload["name"] in {
            "sab", "mineout"}
        assert payload["description_localizations"]["de"] != payload["description"]
    game = shown["game"]
    assert game["name_localizations"]["de"] == "spiel"
    new = next(option for option in game["options"] if option["name"] == "new")
    assert new["name_localizations"]["de"] == german["command.game.new.name"] == "neu"
    assert new["description_localizations"]["de"].startswith("Einen Tisch")
    assert shown["coal"]["name_localizations"]["de"] == "glückauf"
    tournament = shown["tournament"]
    standings = next(o for o in tournament["options"] if o["name"] == "standings")
    assert standings["name_localizations"]["de"] == "tabelle"
