"""``/game open`` and ``/game invite``: the lobbies a user may see, joined from the list
or from an invitation card posted in another channel."""

from __future__ import annotations

import discord
import pytest
import simcord

from bot.app import TableBot
from bot.service import Invitations, Table, Tables
from bot.service.errors import NotCreator
from bot.startup.config import Settings
from bot.storage import InvitationCard
from cogs.permissions.check import BotLacksPermissions
from tests.discord_support import (
    SLOW_SECONDS,
    TableWorld,
    answers,
    custom_ids,
    enabled_or_not,
    last_message,
    lobby_id,
    now,
    plain_channel,
    private_text,
    restart,
    speak_french,
    table_thread,
)
from tests.forging import forged_component

pytestmark = pytest.mark.storage_facing  # replayed on PostgreSQL (tests/conftest.py)


@pytest.fixture
def w(table_world: TableWorld) -> TableWorld:
    return table_world


def hidden_from(
    w: TableWorld, name: str, *members: simcord.MemberActor, threads: bool = False
) -> simcord.ChannelHandle:
    """A channel only the bot and `members` can read; its tables play in it, or with
    `threads` in a thread of their own."""
    shown = discord.PermissionOverwrite(view_channel=True, create_public_threads=threads)
    overwrites: dict[object, discord.PermissionOverwrite] = {
        w.guild.default_role: discord.PermissionOverwrite(view_channel=False),
        w.env.bot.user: shown,
    }
    overwrites.update({member: shown for member in members})
    return w.guild.create_text_channel(name, overwrites=overwrites)  # type: ignore[arg-type]


def table_bot(w: TableWorld) -> TableBot:
    bot = w.env.bot
    assert isinstance(bot, TableBot)
    return bot


def newcomers(w: TableWorld, *names: str) -> list[simcord.MemberActor]:
    return [w.guild.add_member(w.env.create_user(name)) for name in names]


def join_ids(message: simcord.ResponseMessage | discord.Message) -> list[str]:
    """The custom_ids of the Join buttons of a private answer or of a card."""
    found = (enabled_or_not(message) if isinstance(message, simcord.ResponseMessage)
             else custom_ids(message))
    return [i for i in found if i.startswith("mt:invite:")]


async def test_open_lists_only_the_lobbies_the_user_can_read(
    w: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    await w.open_lobby()  # table 1, in the open channel
    secret = hidden_from(w, "secret", w.bob)
    await w.bob.slash(secret, "game new", game="tiny")  # table 2, carol cannot read it
    club = hidden_from(w, "club", w.bob, threads=True)
    await w.bob.slash(club, "game new", game="tiny")  # table 3, in a thread of a hidden channel
    carol_sees = await w.carol.slash(w.channel, "game open")
    text = private_text(carol_sees)
    title, line = text.split("\n")
    assert title == "**Tables waiting for players**"
    assert line == (f"🎲 **Tiny** #1 in <#{w.channel.id}>: 1 of 4 seats taken. "
                    f"Opened by {w.alice.mention} just now.")
    (join,) = join_ids(answers(carol_sees)[-1])
    assert join.startswith("mt:invite:1:")
    bob_sees = private_text(await w.bob.slash(w.channel, "game open")).split("\n")
    assert [line.split(" in ")[0] for line in bob_sees[1:]] == [
        "🎲 **Tiny** #1", "🎲 **Tiny** #2", "🎲 **Tiny** #3"]
    assert f"<#{table_thread(club).id}>" in bob_sees[3]
    speak_french(monkeypatch, w.carol)
    text = private_text(await w.carol.slash(w.channel, "game open"))
    assert text.split("\n")[1] == (f"🎲 **Tiny** n°1 dans <#{w.channel.id}> : 1 place prise sur 4. "
                                   f"Ouverte par {w.alice.mention} à l'instant.")


async def test_a_join_from_the_list_seats_the_user_and_full_or_started_tables_drop_off(
    w: TableWorld,
) -> None:
    await w.open_lobby()
    lounge = plain_channel(w.guild, "lounge")
    listed = answers(await w.bob.slash(lounge, "game open"))[-1]
    (join,) = join_ids(listed)
    joined = await w.bob.click(listed, custom_id=join)
    assert private_text(joined) == f"You have a seat at table #1: it plays in <#{w.channel.id}>."
    lobby = w.last()
    assert lobby.content.startswith(f"{w.bob.mention} joined from an invitation.")
    assert w.bob.mention in lobby.content.split("\n", 1)[1]  # the lobby, with bob seated
    carols = answers(await w.carol.slash(lounge, "game open"))[-1]
    for player in newcomers(w, "dave", "erin"):
        theirs = answers(await player.slash(lounge, "game open"))[-1]
        await player.click(theirs, custom_id=join)
    full = private_text(await w.carol.slash(lounge, "game open"))
    assert full.startswith("No table of this server")  # the 4 seats of the tiny game taken
    too_late = await w.carol.click(carols, custom_id=join)
    assert "full" in private_text(too_late)
    await w.alice.click(lobby, custom_id=lobby_id(lobby, "start"))
    assert private_text(await w.carol.slash(lounge, "game open")).startswith("No table")


async def test_an_invitation_card_seats_the_clicker_and_is_disabled_at_the_start(
    w: TableWorld, settings: Settings
) -> None:
    lounge = plain_channel(w.guild, "lounge")
    await w.open_lobby("tiny")
    refused = await w.bob.slash(w.channel, "game invite", channel=lounge)
    simcord.assert_error(w.env, NotCreator)
    assert "Only the table's creator" in private_text(refused)
    posted = await w.alice.slash(w.channel, "game invite", channel=lounge)
    assert private_text(posted).startswith("Your invitation to table #1 is posted: https://")
    card = last_message(lounge)
    assert card.content.startswith(f"📨 {w.alice.mention} invites you to play **Tiny** (table #1)")
    assert "1 of 4 seats taken" in card.content
    (join,) = join_ids(card)

    await restart(w, settings)  # the card's button still works, and the card follows

    answer = await w.carol.click(card, custom_id=join)
    assert private_text(answer) == f"You have a seat at table #1: it plays in <#{w.channel.id}>."
    assert "2 of 4 seats taken" in last_message(lounge).content
    for player in newcomers(w, "dave", "erin"):
        await player.click(card, custom_id=join)
    card = last_message(lounge)
    assert "every seat is taken" in card.content
    assert card.components[0].children[0].disabled  # type: ignore[union-attr]
    leave = await w.carol.slash(w.channel, "game leave")  # a seat frees: the card opens again
    assert not leave.ephemeral
    card = last_message(lounge)
    assert "3 of 4 seats taken" in card.content
    assert not card.components[0].children[0].disabled  # type: ignore[union-attr]
    await w.bob.click(card, custom_id=join)
    lobby = w.last()
    await w.alice.click(lobby, custom_id=lobby_id(lobby, "start"))
    card = last_message(lounge)
    assert card.content == f"📨 **Tiny** (table #1) in <#{w.channel.id}>: the game has started."
    assert card.components[0].children[0].disabled  # type: ignore[union-attr]


async def stored_cards(w: TableWorld, table_id: int = 1) -> list[InvitationCard]:
    return await table_bot(w).service.invitations.cards(table_id)


def button_disabled(card: discord.Message) -> bool:
    return bool(card.components[0].children[0].disabled)  # type: ignore[union-attr]


async def test_a_card_posted_before_a_restart_follows_its_lobby_until_the_start(
    w: TableWorld, settings: Settings
) -> None:
    lobby = await w.open_lobby("tiny")
    lounge = plain_channel(w.guild, "lounge")
    await w.alice.slash(w.channel, "game invite", channel=lounge)
    card = last_message(lounge)

    await restart(w, settings)  # nobody clicks the card: the new bot finds it stored

    await w.bob.click(lobby, custom_id=lobby_id(lobby, "join"))  # in the lobby's channel
    card = now(lounge, card)
    assert "2 of 4 seats taken" in card.content and not button_disabled(card)
    assert await stored_cards(w) == [InvitationCard(1, lounge.id, card.id)]
    lobby = w.last()
    await w.alice.click(lobby, custom_id=lobby_id(lobby, "start"))
    card = now(lounge, card)
    assert card.content == f"📨 **Tiny** (table #1) in <#{w.channel.id}>: the game has started."
    assert button_disabled(card)
    assert await stored_cards(w) == []  # its last edit done


async def test_a_deleted_card_is_forgotten_and_the_others_follow_the_lobby_to_its_close(
    w: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    lobby = await w.open_lobby("tiny")
    (mod,) = newcomers(w, "mod")
    lounge = w.guild.create_text_channel(
        "lounge", overwrites={mod: discord.PermissionOverwrite(manage_messages=True)})
    hall = plain_channel(w.guild, "hall")
    remember = Invitations.remember

    async def then_carol_joins(invitations: Invitations, card: InvitationCard) -> None:
        # the lobby changes while the card is being posted: it is edited at once
        await table_bot(w).service.tables.join(card.table_id, w.carol.id)
        await remember(invitations, card)

    monkeypatch.setattr(Invitations, "remember", then_carol_joins)
    await w.alice.slash(w.channel, "game invite", channel=lounge)
    assert "2 of 4 seats taken" in last_message(lounge).content
    monkeypatch.undo()
    await w.alice.slash(w.channel, "game invite", channel=hall)
    gone, kept = last_message(lounge), last_message(hall)
    await mod.delete(gone)
    await w.bob.click(lobby, custom_id=lobby_id(lobby, "join"))  # no error: it is forgotten
    assert "3 of 4 seats taken" in now(hall, kept).content
    assert await stored_cards(w) == [InvitationCard(1, hall.id, kept.id)]
    await w.alice.slash(w.channel, "game leave")  # the creator leaves: the table closes
    kept = now(hall, kept)
    assert kept.content == "📨 **Tiny** (table #1): the table was closed."
    assert button_disabled(kept)
    assert await stored_cards(w) == []


async def test_an_invitation_needs_a_readable_table_and_a_token_made_by_the_bot(
    w: TableWorld,
) -> None:
    secret = hidden_from(w, "secret", w.alice)
    await w.alice.slash(secret, "game new", game="tiny")  # table 1: carol cannot read it
    lounge = plain_channel(w.guild, "lounge")
    await w.alice.slash(secret, "game invite", channel=lounge)
    card = last_message(lounge)
    (join,) = join_ids(card)
    refused = await w.carol.click(card, custom_id=join)
    assert private_text(refused) == (
        "Table #1 plays in a channel you cannot read, so you cannot join it.")
    forged = await forged_component(w.env, w.alice, lounge, "mt:invite:1:0123456789abcdef")
    assert "not made by the bot" in private_text(forged)
    me = w.guild.me
    assert me is not None
    quiet = w.guild.create_text_channel(
        "announcements", overwrites={me: discord.PermissionOverwrite(send_messages=False)})
    hidden = await w.alice.slash(secret, "game invite", channel=quiet)  # the bot may not post
    simcord.assert_error(w.env, BotLacksPermissions)
    assert private_text(hidden).startswith(
        f"🔒 {me.display_name} is missing the permission **Send Messages** in <#{quiet.id}>")
    table = await table_bot(w).service.tables.get_table(1)
    assert table.seats == (w.alice.id,) and table.version == 0  # nothing changed


async def test_open_is_acknowledged_before_the_database_is_read(
    w: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    await w.open_lobby()
    original = Tables.open_lobbies

    async def slowly(tables: Tables, guild_id: int) -> list[Table]:  # longer than Discord waits
        w.env.backend.advance_clock(SLOW_SECONDS)
        return await original(tables, guild_id)

    monkeypatch.setattr(Tables, "open_lobbies", slowly)
    result = await w.carol.slash(w.channel, "game open")
    assert result.acknowledged and result.ephemeral
    assert "**Tiny** #1" in private_text(result)
