"""A computer playing for a person through the real bot (simcord): the take-over of
an idle seat and its hand-back, and the table's vote for a computer to play for a
player away; in both languages, with the error paths."""

from __future__ import annotations

import discord
import pytest
import simcord

from bot.app import TableBot
from bot.service import Table
from bot.service.errors import NobodyAway, SkipTooEarly
from bot.storage.table_settings import stand_ins
from tests.coal_baron_discord_support import fixed_seed
from tests.conftest import REMINDER_MINUTES
from tests.discord_support import (
    TableWorld,
    bot_of,
    custom_ids,
    lobby_id,
    private_text,
    public_texts,
    speak_french,
)

__all__ = ["fixed_seed"]  # autouse: the same deal every run

DELAY = REMINDER_MINUTES * 60
SETTLE_SECONDS = 120.0
"""A computer's whole turn may follow one click or one minute of the clock."""


@pytest.fixture
def w(table_world: TableWorld) -> TableWorld:
    table_world.env.settle_timeout = SETTLE_SECONDS
    return table_world


def table_bot(w: TableWorld) -> TableBot:
    bot = bot_of(w.env)
    assert isinstance(bot, TableBot)
    return bot


async def table_of(w: TableWorld) -> Table:
    await table_bot(w).computers.idle()
    return await table_bot(w).service.tables.get_table(1)


def actor(w: TableWorld, user_id: int) -> simcord.MemberActor:
    return next(a for a in (w.alice, w.bob, w.carol) if a.id == user_id)


async def play_default(w: TableWorld, user: simcord.MemberActor) -> None:
    """`user` plays their turn's default action with /game play."""
    table = await table_of(w)
    assert table.state is not None
    seat = table.seats.index(user.id)
    action = table.state.format_action(table.state.default_action(seat))
    await user.slash(w.channel, "game play", action=action)


def stand_in_messages(w: TableWorld, user: simcord.MemberActor) -> list[discord.Message]:
    return [m for m in w.channel.history()
            if m.content.startswith(f"🤖 {user.mention} was idle too long")]


async def test_an_idle_seat_is_taken_over_by_a_computer_then_handed_back(
    w: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    lobby = await w.open_lobby("coal-baron")
    await w.bob.click(lobby, custom_id=lobby_id(lobby, "join"))
    result = await w.bob.click(w.last(), custom_id="mt:takeover:1:on")
    assert "Only the table's creator" in private_text(result)
    await w.alice.click(w.last(), custom_id="mt:takeover:1:on")
    lobby = w.last()
    assert "🤖 A computer takes over the seat of a player idle past the skip delay" in (
        lobby.content
    )
    assert "mt:takeover:1:off" in custom_ids(lobby)
    await w.alice.click(lobby, custom_id=lobby_id(lobby, "start"))
    table = await table_of(w)
    (idle_id,) = table.users_to_act()
    idle, other = actor(w, idle_id), actor(w, w.alice.id + w.bob.id - idle_id)

    await w.env.advance_time(DELAY + 60)  # a reminder, no take-over yet
    assert stand_ins(await table_of(w)) == {}
    await w.env.advance_time(DELAY)  # past the skip delay: a computer takes over
    table = await table_of(w)
    seat = table.seats.index(idle.id)
    assert stand_ins(table) == {seat: "idle"}
    assert table.users_to_act() == (other.id,)
    taken = stand_in_messages(w, idle)
    assert taken and taken[0].content.startswith(
        f"🤖 {idle.mention} was idle too long: a computer (normal) plays for them until "
        "they act again (**I'm back** gives the seat back)."
    )
    assert "mt:back:1" in custom_ids(taken[-1])
    status = private_text(await w.carol.slash(w.channel, "game status"))
    assert "🤖 A computer takes over the seat of a player idle" in status
    assert f"🤖 {idle.mention} was idle too long" in status

    await play_default(w, other)  # still taken over: the computer plays the next turn too
    assert (await table_of(w)).users_to_act() == (other.id,)
    assert len(stand_in_messages(w, idle)) > len(taken)

    stood = stand_in_messages(w, idle)[-1]
    result = await other.click(stood, custom_id="mt:back:1")  # not theirs
    assert private_text(result) == "No computer is playing your seat: you play it yourself."
    await idle.click(stood, custom_id="mt:back:1")
    assert w.last().content == f"🙋 {idle.mention} is back and plays their own seat again."
    speak_french(monkeypatch, idle)
    result = await idle.click(stood, custom_id="mt:back:1")  # twice
    assert private_text(result) == "Aucun ordinateur ne joue à votre place : c'est à vous de jouer."
    await play_default(w, other)
    assert (await table_of(w)).users_to_act() == (idle.id,), "the seat is theirs again"
    assert stand_ins(await table_of(w)) == {}


async def test_skip_lets_a_computer_take_over_at_a_table_with_the_option(
    w: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def none_due(guild_ids: list[int]) -> list[Table]:
        """The reminder loop would take over at the same minute: leave it to the skip."""
        return []

    monkeypatch.setattr(table_bot(w).service.seats, "takeovers_due", none_due)
    lobby = await w.open_lobby("mine-out")
    await w.bob.click(lobby, custom_id=lobby_id(lobby, "join"))
    await w.alice.click(w.last(), custom_id="mt:takeover:1:on")
    await w.alice.click(w.last(), custom_id=lobby_id(w.last(), "start"))
    (idle_id,) = (await table_of(w)).users_to_act()
    idle, other = actor(w, idle_id), actor(w, w.alice.id + w.bob.id - idle_id)
    speak_french(monkeypatch, other)
    result = await other.slash(w.channel, "game skip")
    simcord.assert_error(w.env, SkipTooEarly)
    assert private_text(result).startswith("Trop tôt pour passer")
    await w.env.advance_time(2 * DELAY + 60)
    assert stand_ins(await table_of(w)) == {}, "only the skip takes over here"
    result = await other.slash(w.channel, "game skip")
    assert private_text(result) == "C'est fait."  # in the skipper's language
    assert any(
        m.content == f"🤖 {other.mention} asked to skip {idle.mention}, idle for too long: at "
        "this table a computer (normal) takes over their seat until they act again."
        for m in w.channel.history()
    )
    table = await table_of(w)
    assert stand_ins(table) == {table.seats.index(idle.id): "idle"}
    assert table.users_to_act() == (other.id,)


async def test_the_table_votes_for_a_computer_to_play_for_a_player_away(
    w: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    lobby = await w.open_lobby("coal-baron")
    for member in (w.bob, w.carol):
        await member.click(lobby, custom_id=lobby_id(lobby, "join"))
    await w.alice.click(w.last(), custom_id=lobby_id(w.last(), "start"))
    table = await table_of(w)
    await w.alice.slash(w.channel, "game away", until="2999-01-01")
    speak_french(monkeypatch, w.alice)
    result = await w.alice.slash(w.channel, "game standin")  # the player away votes
    simcord.assert_error(w.env, NobodyAway)
    assert private_text(result).startswith("Personne d'autre n'est absent")
    for _ in range(2):  # voting twice counts once
        result = await w.bob.slash(w.channel, "game standin")
    assert public_texts(result) == [
        f"{w.bob.mention} votes for a computer (normal) to play for {w.alice.mention} while "
        "they are away: 1 of the 2 votes needed."
    ]
    assert stand_ins(await table_of(w)) == {}
    result = await w.carol.slash(w.channel, "game standin")
    assert public_texts(result) == [
        f"🤖 The table agreed: a computer (normal) plays for {w.alice.mention} while they "
        "are away, until they are back."
    ]
    table = await table_of(w)
    alice = table.seats.index(w.alice.id)
    assert stand_ins(table) == {alice: "away"}
    assert w.alice.id not in table.users_to_act(), "the computer plays her turns"
    status = private_text(await w.alice.slash(w.channel, "game status"))
    assert (
        f"🤖 {w.alice.mention} est absent : la table a confié sa place à un ordinateur "
        "(moyen) jusqu'à son retour (**Je suis là** la lui rend)."
    ) in status
    # back: /game away without a date gives her seat back
    result = await w.alice.slash(w.channel, "game away")
    assert private_text(result).endswith(
        "Un ordinateur jouait pour vous à 1 table : vous y reprenez votre place."
    )
    table = await table_of(w)
    assert stand_ins(table) == {}
    while w.alice.id not in table.users_to_act():
        (user,) = table.users_to_act()
        await play_default(w, actor(w, user))
        table = await table_of(w)
