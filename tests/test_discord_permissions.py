"""A permission the bot lacks where it would post is named before anything is stored
(`cogs.permissions`): ``/game new``, join, start, the rematch, ``/game invite``, a Join
from a card, the local table's welcome buttons; and a table that cannot open its own
thread tells its creator it plays in the channel."""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable
from typing import Any

import discord
import pytest
import simcord
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from bot.local.welcome import WelcomeButton, post_welcome
from bot.startup.config import Settings
from cogs.permissions.check import BotLacksPermissions
from tests.discord_support import (
    TableWorld,
    action_id,
    bot_of,
    custom_ids,
    lobby_id,
    plain_channel,
    private_text,
    table_thread,
)

ENGLISH = {
    "attach": "**Attach Files**",
    "both": "**Attach Files** and **Embed Links**",
    "refused": "🔒 {bot} is missing the {word} {names} in {channel}. A moderator gives "
               "{bot}'s role {names} in {channel}, or play in a channel where it has {it}. "
               "Nothing was changed.",
    "one": ("permission", "it"),
    "many": ("permissions", "them"),
    "fallback": "ℹ️ This table plays in this channel, not in a thread of its own: {bot} is "
                "missing **Create Public Threads** in {channel}. A moderator who gives {bot}'s "
                "role this permission lets each new table open its own thread, so the channel "
                "can host several at once.",
    "threads": "**Send Messages in Threads**",
}
FRENCH = {
    "attach": "**Joindre des fichiers**",
    "both": "**Joindre des fichiers** et **Intégrer des liens**",
    "refused": "🔒 Il manque à {bot} {word} {names} dans {channel}. Un modérateur peut "
               "donner {names} au rôle de {bot} dans {channel} ; sinon, jouez dans un salon où "
               "{bot} {it}. Rien n'a été modifié.",
    "one": ("la permission", "l'a"),
    "many": ("les permissions", "les a"),
    "fallback": "ℹ️ Cette table se joue dans ce salon, pas dans un fil à elle : il manque à {bot} "
                "**Créer des fils publics** dans {channel}. Si un modérateur donne cette "
                "permission au rôle de {bot}, chaque nouvelle table ouvrira son propre fil et le "
                "salon pourra en accueillir plusieurs à la fois.",
    "threads": "**Envoyer des messages dans les fils**",
}
WORDS: dict[str, dict[str, Any]] = {"en": ENGLISH, "fr": FRENCH}


@pytest.fixture
def w(world_in_language: TableWorld) -> TableWorld:
    return world_in_language


def words(w: TableWorld) -> dict[str, Any]:
    """What the bot says in the test's language."""
    return WORDS["fr" if w.guild.name == "mines-fr" else "en"]


def refusal(w: TableWorld, names: str, channel: simcord.ChannelHandle, *, count: int) -> str:
    """The private answer naming the permissions `names` the bot lacks in `channel`."""
    said = words(w)
    word, it = said["one" if count == 1 else "many"]
    me = w.guild.me
    assert me is not None
    return str(said["refused"]).format(bot=me.display_name, word=word, names=names,
                                       channel=channel.mention, it=it)


def deny(w: TableWorld, channel: simcord.ChannelHandle, **denied: bool) -> None:
    """An overwrite on the bot's member in `channel` denying the permissions `denied`
    names (a moderator's change, announced to the bot)."""
    backend = w.env.backend
    model = backend.get_channel(channel.id)
    flags = discord.Permissions(**denied).value
    others = [o for o in model.overwrites if o.target_id != backend.bot_user.id]
    mine = next((o for o in model.overwrites if o.target_id == backend.bot_user.id), None)
    overwrite = Overwrite(target_id=backend.bot_user.id, type=OverwriteType.MEMBER,
                          allow=0, deny=flags | (mine.deny if mine else 0))
    backend.edit_channel(channel.id, {}, overwrites=[*others, overwrite])


def public(w: TableWorld) -> set[tuple[int, int]]:
    """Every message of the test's Discord that everyone may see (not a private answer)."""
    return {(channel, message.id) for channel, messages in w.env.backend.messages.items()
            for message in messages.values() if message.visible_to(None)}


def stored(settings: Settings) -> list[str]:
    """Every row of the bot's database, as SQL."""
    assert settings.database_path is not None
    with sqlite3.connect(settings.database_path) as connection:
        return list(connection.iterdump())


async def refused_without_change(
    w: TableWorld, settings: Settings, act: Callable[[], Awaitable[simcord.InteractionResult]],
    expected: str,
) -> None:
    """`act` is answered privately with `expected`, and the database is as before."""
    before, shown = stored(settings), public(w)
    result = await act()
    for error in w.env.errors:  # a command's (a click's is answered by its guard)
        assert isinstance(getattr(error, "original", error), BotLacksPermissions)
    assert private_text(result) == expected
    assert public(w) == shown
    assert stored(settings) == before


async def test_new_names_what_the_bot_lacks_and_opens_nothing(
    w: TableWorld, settings: Settings
) -> None:
    deny(w, w.channel, attach_files=True, embed_links=True)
    expected = refusal(w, str(words(w)["both"]), w.channel, count=2)
    await refused_without_change(
        w, settings, lambda: w.alice.slash(w.channel, "game new", game="tiny"), expected)
    assert w.channel.history() == []
    parent = w.guild.create_text_channel("tables")  # threads allowed: no thread made either
    deny(w, parent, attach_files=True)
    expected = refusal(w, str(words(w)["attach"]), parent, count=1)
    await refused_without_change(
        w, settings, lambda: w.alice.slash(parent, "game new", game="tiny"), expected)
    assert parent.threads == []


async def test_in_a_thread_the_bot_needs_send_messages_in_threads(
    w: TableWorld, settings: Settings
) -> None:
    parent = w.guild.create_text_channel("tables")
    bot_parent = bot_of(w.env).get_channel(parent.id)
    assert isinstance(bot_parent, discord.TextChannel)
    await bot_parent.create_thread(name="friday", type=discord.ChannelType.public_thread)
    thread = table_thread(parent)
    deny(w, parent, send_messages_in_threads=True)
    expected = refusal(w, str(words(w)["threads"]), parent, count=1)  # set on the parent
    await refused_without_change(
        w, settings, lambda: w.alice.slash(thread, "game new", game="tiny"), expected)


async def test_join_and_start_name_what_the_bot_lacks(w: TableWorld, settings: Settings) -> None:
    lobby = await w.open_lobby()
    deny(w, w.channel, attach_files=True)
    expected = refusal(w, str(words(w)["attach"]), w.channel, count=1)
    for act in (
        lambda: w.bob.slash(w.channel, "game join"),
        lambda: w.bob.click(lobby, custom_id=lobby_id(lobby, "join")),
        lambda: w.alice.slash(w.channel, "game start"),
        lambda: w.alice.click(lobby, custom_id=lobby_id(lobby, "start")),
    ):
        await refused_without_change(w, settings, act, expected)


async def test_a_join_from_a_card_names_what_the_bot_lacks_at_the_table(
    w: TableWorld, settings: Settings
) -> None:
    await w.open_lobby()
    lounge = plain_channel(w.guild, "lounge")
    await w.alice.slash(w.channel, "game invite", channel=lounge)
    card = lounge.last_message
    assert card is not None
    deny(w, w.channel, attach_files=True)
    (join,) = [i for i in custom_ids(card) if i.startswith("mt:invite:")]
    expected = refusal(w, str(words(w)["attach"]), w.channel, count=1)
    await refused_without_change(w, settings, lambda: w.carol.click(card, custom_id=join),
                                 expected)


async def test_invite_names_what_the_bot_lacks_in_the_target(
    w: TableWorld, settings: Settings
) -> None:
    await w.open_lobby()
    lounge = plain_channel(w.guild, "lounge")
    deny(w, lounge, attach_files=True)  # a card needs no file: it goes
    await w.alice.slash(w.channel, "game invite", channel=lounge)
    assert lounge.last_message is not None
    quiet = plain_channel(w.guild, "quiet")
    deny(w, quiet, send_messages=True)
    names = "**Send Messages**" if words(w) is ENGLISH else "**Envoyer des messages**"
    expected = refusal(w, names, quiet, count=1)
    await refused_without_change(
        w, settings, lambda: w.alice.slash(w.channel, "game invite", channel=quiet), expected)
    assert quiet.history() == []


async def play_to_the_end(w: TableWorld) -> discord.Message:
    """alice and bob play the tiny table started in `w.channel` to its end; returns its
    last message (with Rematch)."""
    for actor in (w.alice, w.bob):
        await actor.click(w.last(), custom_id=action_id(w.last(), "keep"))
    service = bot_of(w.env).service  # type: ignore[attr-defined]
    while await service.tables.active_table(w.channel.id) is not None:
        actor = w.alice if f"👉 {w.alice.mention}" in w.last().content else w.bob
        await actor.click(w.last(), custom_id=action_id(w.last(), "add 3"))
    return w.last()


async def finished_in_thread(w: TableWorld) -> tuple[simcord.ChannelHandle, discord.Message]:
    """A tiny game played to its end in its own thread of a new channel; returns the
    channel and the game's last message."""
    parent = w.guild.create_text_channel("tables")
    await w.alice.slash(parent, "game new", game="tiny")
    world = TableWorld(w.env, w.guild, table_thread(parent), w.alice, w.bob, w.carol)
    lobby = world.last()
    await w.bob.click(lobby, custom_id=lobby_id(lobby, "join"))
    await w.alice.click(lobby, custom_id=lobby_id(lobby, "start"))
    return parent, await play_to_the_end(world)


async def test_a_rematch_names_what_the_bot_lacks(w: TableWorld, settings: Settings) -> None:
    await w.start_tiny()
    final = await play_to_the_end(w)
    deny(w, w.channel, attach_files=True, embed_links=True)
    expected = refusal(w, str(words(w)["both"]), w.channel, count=2)
    await refused_without_change(
        w, settings, lambda: w.bob.click(final, custom_id="mt:rematch:1"), expected)


async def test_a_rematch_from_a_thread_is_checked_in_its_parent(
    w: TableWorld, settings: Settings
) -> None:
    parent, final = await finished_in_thread(w)
    deny(w, parent, attach_files=True)
    expected = refusal(w, str(words(w)["attach"]), parent, count=1)
    await refused_without_change(
        w, settings, lambda: w.bob.click(final, custom_id="mt:rematch:1"), expected)
    assert len(parent.threads) == 1


async def test_a_rematch_without_a_thread_of_its_own_says_so(w: TableWorld) -> None:
    parent, final = await finished_in_thread(w)
    deny(w, parent, create_public_threads=True)
    result = await w.bob.click(final, custom_id="mt:rematch:1")
    assert len(parent.threads) == 1  # the rematch plays in the channel
    me = w.guild.me
    assert me is not None
    note = str(words(w)["fallback"]).format(bot=me.display_name, channel=parent.mention)
    assert private_text(result).endswith(f"<#{parent.id}>.\n{note}")
    lobby = parent.last_message
    assert lobby is not None and "**Tiny**" in lobby.content


async def test_the_welcome_button_names_what_the_bot_lacks(
    w: TableWorld, settings: Settings
) -> None:
    bot = bot_of(w.env)
    bot.add_dynamic_items(WelcomeButton)
    target = bot.get_channel(w.channel.id)
    assert isinstance(target, discord.TextChannel)
    welcome = await post_welcome(target, target.guild.preferred_locale)
    deny(w, w.channel, attach_files=True)
    expected = refusal(w, str(words(w)["attach"]), w.channel, count=1)
    message = w.last()
    assert message.id == welcome.id
    await refused_without_change(
        w, settings, lambda: w.alice.click(message, custom_id="mt:welcome:coal-baron"), expected)


async def test_a_table_without_its_own_thread_tells_its_creator_why(w: TableWorld) -> None:
    result = await w.alice.slash(w.channel, "game new", game="tiny")  # threads denied there
    assert not result.ephemeral and w.channel.threads == []
    assert "**Tiny**" in w.last().content  # the lobby, in the channel
    me = w.guild.me
    assert me is not None
    note = str(words(w)["fallback"]).format(bot=me.display_name, channel=w.channel.mention)
    assert [m.content for m in result.followups if m.ephemeral] == [note]
    parent = w.guild.create_text_channel("tables")  # allowed: no note
    result = await w.bob.slash(parent, "game new", game="tiny")
    assert [m for m in result.followups if m.ephemeral] == []


async def test_a_tournament_names_what_the_bot_lacks_before_it_is_stored_or_started(
    w: TableWorld, settings: Settings
) -> None:
    """`/tournament new` (its card, its tables) and its start (the round's tables, by the
    command or the card's Start) are refused where the bot may not attach the boards."""
    await bot_of(w.env).tree.sync()
    deny(w, w.channel, attach_files=True)
    expected = refusal(w, str(words(w)["attach"]), w.channel, count=1)
    new = {"game": "mine-out", "format": "swiss", "players": 2, "minimum": 2}
    await refused_without_change(
        w, settings, lambda: w.alice.slash(w.channel, "tournament new", **new), expected)
    league = w.guild.create_text_channel("league")
    await w.alice.slash(league, "tournament new", **new)
    card = league.last_message
    assert card is not None
    for _ in range(2):
        await w.alice.click(card, custom_id="mt:tour:1:easy")
    w.env.errors.clear()
    deny(w, league, attach_files=True)
    expected = refusal(w, str(words(w)["attach"]), league, count=1)
    await refused_without_change(
        w, settings, lambda: w.alice.slash(league, "tournament start"), expected)
    await refused_without_change(
        w, settings, lambda: w.alice.click(card, custom_id="mt:tour:1:start"), expected)
