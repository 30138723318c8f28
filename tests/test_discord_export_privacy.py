"""`/game export table:<n>` sends a record (every hidden card, the seed) only to someone
who can view that table's channel or thread now, in the same server; to anyone else it
answers exactly as for a number no table has.

Tables are set up through the service (where they are played does not matter here),
then closed so that their record may be exported.
"""

from __future__ import annotations

import io
import json
import random
from typing import Any, cast

import discord
import pytest
import simcord
from PIL import Image

from bot.service.errors import TableNotFound
from renderer import replay
from tests.discord_support import TableWorld, answers, private_text, speak_french

NO_SUCH_TABLE = 999


async def closed_table(
    world: TableWorld, channel: simcord.ChannelHandle, guild: simcord.GuildHandle | None = None
) -> int:
    """A tiny game of alice and bob in `channel`, started then abandoned; its number."""
    service = cast(Any, world.env.bot).service
    table = await service.tables.open_table(
        guild_id=(guild or world.guild).id,
        channel_id=channel.id,
        game="tiny",
        creator_id=world.alice.id,
        reminder_minutes=5,
    )
    await service.tables.join(table.id, world.bob.id)
    await service.tables.start(table.id, world.alice.id)
    await service.tables.abandon(table.id, world.alice.id, can_manage=False)
    return int(table.id)


async def export(
    member: simcord.MemberActor, channel: simcord.ChannelHandle, table: int
) -> simcord.InteractionResult:
    return await member.slash(channel, "game export", table=table)


def exported(result: simcord.InteractionResult) -> bool:
    """Whether the answer carries the record."""
    return any(m.attachments for m in answers(result))


async def assert_refused_as_missing(
    world: TableWorld, member: simcord.MemberActor, table: int
) -> None:
    """The answer to `table` is the answer to a number no table has, number aside."""
    refused = await export(member, world.channel, table)
    missing = await export(member, world.channel, NO_SUCH_TABLE)
    assert not exported(refused)
    assert private_text(refused) == f"There is no table #{table}."
    assert private_text(missing) == f"There is no table #{NO_SUCH_TABLE}."
    simcord.assert_error(world.env, TableNotFound)  # answered by the command tree


def private_channel(
    world: TableWorld, name: str, *seen_by: simcord.MemberActor
) -> simcord.ChannelHandle:
    """A channel only `seen_by` (and the bot) can view."""
    hidden = discord.PermissionOverwrite(view_channel=False)
    shown = discord.PermissionOverwrite(view_channel=True)
    overwrites: dict[object, discord.PermissionOverwrite] = {world.guild.default_role: hidden}
    overwrites[world.env.bot.user] = shown
    for member in seen_by:
        overwrites[member] = shown
    return world.guild.create_text_channel(name, overwrites=overwrites)  # type: ignore[arg-type]


async def thread_of(
    world: TableWorld, private: bool, *members: simcord.MemberActor
) -> simcord.ChannelHandle:
    """A thread of a channel everyone sees, created by the bot, with `members` added."""
    handle = world.guild.create_text_channel("side-games")
    parent = world.env.bot.get_channel(handle.id)
    assert isinstance(parent, discord.TextChannel)
    kind = discord.ChannelType.private_thread if private else discord.ChannelType.public_thread
    thread = await parent.create_thread(name="side game", type=kind)
    for member in members:
        await thread.add_user(discord.Object(member.id))
    return next(t for t in handle.threads if t.id == thread.id)


# -- channels -----------------------------------------------------------------------


async def test_anyone_who_can_view_the_channel_exports_from_another_channel(
    table_world: TableWorld,
) -> None:
    w = table_world
    table = await closed_table(w, w.channel)
    other = w.guild.create_text_channel("lounge")
    result = await export(w.carol, other, table)  # a spectator, not a player
    assert exported(result)


async def test_a_stranger_to_a_private_channel_gets_the_answer_of_a_missing_table(
    table_world: TableWorld,
) -> None:
    w = table_world
    secret = private_channel(w, "secret", w.alice, w.bob)
    table = await closed_table(w, secret)
    await assert_refused_as_missing(w, w.carol, table)
    assert exported(await export(w.alice, w.channel, table))


async def test_a_player_who_can_no_longer_view_the_channel_is_refused(
    table_world: TableWorld,
) -> None:
    w = table_world
    secret = private_channel(w, "secret", w.alice)  # bob played there, and lost access
    table = await closed_table(w, secret)
    await assert_refused_as_missing(w, w.bob, table)


# -- servers ------------------------------------------------------------------------


async def test_a_table_of_another_server_is_never_exported(table_world: TableWorld) -> None:
    """Even to its own players, who can view its channel over there."""
    w = table_world
    other_guild = w.env.create_guild(name="elsewhere")
    there = other_guild.create_text_channel("games")
    alice_there = other_guild.add_member(w.alice.user)
    other_guild.add_member(w.bob.user)
    table = await closed_table(w, there, other_guild)
    await assert_refused_as_missing(w, w.alice, table)
    assert exported(await export(alice_there, there, table))


# -- threads ------------------------------------------------------------------------


async def test_a_public_thread_is_exported_to_whoever_views_its_channel(
    table_world: TableWorld,
) -> None:
    w = table_world
    thread = await thread_of(w, False)
    table = await closed_table(w, thread)
    assert exported(await export(w.carol, w.channel, table))


async def test_a_private_thread_is_exported_only_to_its_members(table_world: TableWorld) -> None:
    w = table_world
    thread = await thread_of(w, True, w.alice, w.bob)
    table = await closed_table(w, thread)
    await assert_refused_as_missing(w, w.carol, table)
    assert exported(await export(w.bob, w.channel, table))


async def test_a_private_thread_is_exported_to_a_thread_manager(table_world: TableWorld) -> None:
    w = table_world
    thread = await thread_of(w, True, w.alice, w.bob)
    table = await closed_table(w, thread)
    can_manage = discord.Permissions(manage_threads=True)
    moderators = w.guild.create_role("moderators", permissions=can_manage)
    dave = w.guild.add_member(w.env.create_user("dave"), roles=[moderators])
    assert exported(await export(dave, w.channel, table))


async def test_a_thread_of_a_hidden_channel_is_refused_even_to_its_members(
    table_world: TableWorld,
) -> None:
    """A thread is seen through its parent: a member who lost the parent lost the thread."""
    w = table_world
    secret = private_channel(w, "secret", w.alice)
    parent = w.env.bot.get_channel(secret.id)
    assert isinstance(parent, discord.TextChannel)
    thread = await parent.create_thread(name="t", type=discord.ChannelType.private_thread)
    await thread.add_user(discord.Object(w.bob.id))
    handle = next(t for t in secret.threads if t.id == thread.id)
    table = await closed_table(w, handle)
    await assert_refused_as_missing(w, w.bob, table)


# -- replays ------------------------------------------------------------------------------


async def finished_coal_baron(world: TableWorld, channel: simcord.ChannelHandle) -> int:
    """A Coal Baron game of alice and bob in `channel`, played to its end at random."""
    service = cast(Any, world.env.bot).service
    table = await service.tables.open_table(
        guild_id=world.guild.id, channel_id=channel.id, game="coal-baron",
        creator_id=world.alice.id, reminder_minutes=5, seed=4,
    )
    await service.tables.join(table.id, world.bob.id)
    table = await service.tables.start(table.id, world.alice.id)
    rng = random.Random(4)
    while table.status == "playing":
        seat = rng.choice(table.state.to_act())
        action = rng.choice(table.state.legal_actions(seat))
        notation = table.state.format_action(action)
        table = (await service.moves.act(table.id, table.seats[seat], notation)).table
    return int(table.id)


async def test_a_finished_game_is_exported_with_its_replay_under_the_same_checks(
    table_world: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = table_world
    monkeypatch.setattr(replay, "MAX_FRAMES", 3)  # the replay's frames are tested elsewhere
    secret = private_channel(w, "secret", w.alice, w.bob)
    table = await finished_coal_baron(w, secret)
    await assert_refused_as_missing(w, w.carol, table)
    speak_french(monkeypatch, w.alice)
    result = await export(w.alice, w.channel, table)
    files = {a.filename: a for m in answers(result) for a in m.attachments}
    record = json.loads(await files[f"coal-baron-{table}.json"].read())
    moves = len(record["actions"])  # counted as Review and the replay count them
    assert private_text(result).startswith(
        f"L'enregistrement de la table n°{table}, {moves} coups, et sa"
    )
    assert set(files) == {f"coal-baron-{table}.json", f"coal-baron-{table}-replay.gif"}
    with Image.open(io.BytesIO(await files[f"coal-baron-{table}-replay.gif"].read())) as image:
        assert image.format == "GIF" and image.n_frames == 3  # type: ignore[attr-defined]
    assert len(answers(result)) == 1  # asked from another channel: no step-through there


async def test_an_abandoned_game_has_no_replay(table_world: TableWorld) -> None:
    w = table_world
    table = await closed_table(w, w.channel)
    result = await export(w.alice, w.channel, table)
    assert [a.filename for m in answers(result) for a in m.attachments] == [f"tiny-{table}.json"]
