"""Tournaments through simcord (issue 38, docs/tournaments.md): sign-up on the card, a
whole Swiss tournament of nine entrants played to its podium with restarts of the bot
between rounds, a round whose deadline passes finished by computers, the organizer's
authority (strangers and forged buttons refused, in both languages), a tournament out
of a member's sight."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from dataclasses import replace

import discord
import pytest
import simcord

from bot.app import create_bot
from bot.i18n import t
from bot.service import GameService, TableStatus
from bot.service.errors import UserError
from bot.startup.config import Settings
from bot.storage import Storage
from bot.storage.records import TournamentStatus
from bot.tournaments import Format
from cogs.tournaments.commands import new_settings
from tests.discord_support import (
    bot_of,
    image_attachments,
    plain_channel,
    private_text,
    restart,
    speak_french,
)
from tests.forging import forged_component
from tests.tournament_support import (
    TournamentWorld,
    card_id,
    league,
    play_own_game,
    playing_table_of,
    two_people_against_two_computers,
)


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """Computers think 0.02 s a move: these tests play whole games of the normal level,
    which stands in at a round's deadline (the level's search, on a small budget; 0.1 s
    tripled these tests' time)."""
    return replace(settings, computer_seconds=0.02)


def assert_only_user_errors(env: simcord.Env) -> None:
    """The refusals the tree answered (simcord records them as errors of the bot)."""
    for error in env.errors:
        assert isinstance(getattr(error, "original", error), UserError), error


@pytest.fixture
async def world(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[TournamentWorld]:
    yield await league(simcord_env, monkeypatch)
    await simcord_env.bot.close()


async def test_the_card_signs_up_and_the_organizer_starts(world: TournamentWorld) -> None:
    w = world
    result = await w.new(game="mine-out", format="swiss", rounds=2, players=2, minimum=2)
    assert result.response is not None and not result.response.ephemeral
    card = w.card()
    assert "Tournament #1 · Mine Out" in card.content and "Entrants (0/64)" in card.content
    await w.bob.click(card, custom_id=card_id(1, "join"))
    again = await w.bob.click(card, custom_id=card_id(1, "join"))
    assert private_text(again) == t("en", "error.already_entered")
    refused = await w.bob.click(card, custom_id=card_id(1, "easy"))
    assert "Only the tournament's organizer" in private_text(refused)
    await w.alice.click(card, custom_id=card_id(1, "easy"))
    card = w.card()
    assert w.bob.mention in card.content and "Computer 1 (easy)" in card.content
    refused = await w.bob.click(card, custom_id=card_id(1, "start"))
    assert "Only the tournament's organizer" in private_text(refused)
    await w.alice.click(card, custom_id=card_id(1, "start"))
    tournament = await w.tournament()
    assert tournament.status == TournamentStatus.RUNNING
    (thread,) = w.channel.threads
    call = thread.history()[0]
    assert w.bob.mention in call.content and "Computer 1 (easy)" in call.content
    assert "round 1 of 2" in w.card().content
    assert pinged(w, thread) == [w.bob.id]  # by the call, or by his first turn: once


def pinged(w: TournamentWorld, thread: simcord.ChannelHandle) -> list[int]:
    """The users the table's first two messages (its call, its first turn) pinged."""
    return sorted(user for message in thread.history()[:2]
                  for user in w.env.backend.get_message(thread.id, message.id).ping_user_ids)


async def test_each_seated_person_is_pinged_once_when_the_table_opens(
    world: TournamentWorld,
) -> None:
    """At tiny, everyone chooses at once: the first turn pings all three, the call nobody;
    at Mine Out the first player is pinged by the turn, the others by the call."""
    w = world
    await w.new(game="tiny", format="swiss", rounds=1, players=3, minimum=3)
    await w.alice.slash(w.channel, "tournament new", game="mine-out", format="swiss",
                        rounds=1, players=3, minimum=3)
    for number in (1, 2):
        for member in (w.alice, w.bob, w.carol):
            await member.click(w.card(number), custom_id=card_id(number, "join"))
    await w.alice.slash(w.channel, "tournament start")  # the newest: Mine Out
    await w.alice.click(w.card(), custom_id=card_id(1, "start"))
    people = sorted(m.id for m in (w.alice, w.bob, w.carol))
    assert [pinged(w, thread) for thread in w.channel.threads] == [people, people]


async def test_a_swiss_tournament_of_nine_is_played_to_its_podium_across_restarts(
    world: TournamentWorld, settings: Settings
) -> None:
    """Alice and eight computers, two rounds at tables of two. Round 1: alice pauses the
    tournament, finishes her game (the round is over, no round opens), the bot restarts,
    alice resumes: round 2 opens. Round 2: the bot is killed in the middle of her game
    (kill -9: not closed), she goes on after the restart; then the podium. (A third
    round would add four games of the same: `tests/test_tournament_pairing.py` pairs
    many rounds.)"""
    w = world
    await w.new(game="mine-out", format="swiss", rounds=2, players=2, minimum=2, minutes=600)
    await w.alice.click(w.card(), custom_id=card_id(1, "join"))
    for _ in range(8):
        await w.alice.click(w.card(), custom_id=card_id(1, "easy"))
    await w.alice.click(w.card(), custom_id=card_id(1, "start"))  # computers play their games
    rng = random.Random(38)
    await w.alice.slash(w.channel, "tournament pause")
    assert (await play_own_game(w, w.alice, rng)) is not None  # round 1: alice vs computer 1
    paused = await w.tournament()
    assert paused.status == TournamentStatus.PAUSED and len(paused.rounds) == 1
    assert paused.rounds[0].done
    await restart(w, settings)
    await w.alice.slash(w.channel, "tournament resume")
    assert len((await w.tournament()).rounds) == 2
    table = await playing_table_of(w, w.alice)
    if table is not None:  # not her bye: a few moves, then the bot dies
        thread = w.thread_of(table)
        for _ in range(3):
            table = await w.service.tables.get_table(table.id)
            assert table.state is not None
            seat = table.seats.index(w.alice.id)
            if seat in table.state.to_act():
                action = rng.choice(table.state.legal_actions(seat))
                await w.alice.slash(thread, "game play", action=table.state.format_action(action))
        await restart(w, settings, clean=False)
        await play_own_game(w, w.alice, rng)
    await w.bot.computers.idle()
    final = await w.tournament()
    assert final.status == TournamentStatus.FINISHED and len(final.rounds) == 2
    byes = [entrant for played in final.rounds for entrant in played.byes]
    assert len(byes) == len(set(byes)) == 2  # nobody sat out twice
    pairs = [frozenset(slot.seats) for played in final.rounds for slot in played.slots]
    assert len(pairs) == 8 and len(set(pairs)) == 8  # nobody met the same opponent twice
    assert len(w.channel.threads) == 8
    assert len(await w.service.results.summaries(w.guild.id)) == 8  # rated like any game
    podium = w.last()
    assert "is over" in podium.content and "🥇" in podium.content and "🥉" in podium.content
    (image,) = image_attachments(podium)
    assert image.description and image.description.startswith("Tournament #1 · Mine Out")
    assert "The podium" in w.card().content
    answer = await w.bob.slash(w.channel, "tournament standings")
    words = private_text(answer)
    assert words.count(" points, ") >= 9 and "opponents' points" in words


async def test_a_round_past_its_deadline_is_finished_by_computers(
    world: TournamentWorld,
) -> None:
    w = world
    table = await two_people_against_two_computers(w, w.alice, w.bob, minutes=5)
    await w.env.advance_time(4 * 60)
    assert (await w.tournament()).status == TournamentStatus.RUNNING
    await w.env.advance_time(2 * 60)  # past the deadline: the minute's loop
    await w.bot.computers.idle()
    await w.env.settle()
    final = await w.tournament()
    assert final.status == TournamentStatus.FINISHED
    assert final.by_computer() == {0: 1, 1: 1}
    thread = w.thread_of(table)
    assert any("The round's time is up" in m.content for m in thread.history())
    words = private_text(await w.alice.slash(w.channel, "tournament standings"))
    assert words.count("a computer finished 1 game for them") == 2


async def test_only_the_organizer_or_a_server_manager_runs_the_tournament(
    world: TournamentWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = world
    await w.new(game="mine-out", format="swiss", players=2, minimum=2)
    await w.bob.click(w.card(), custom_id=card_id(1, "join"))
    await w.alice.click(w.card(), custom_id=card_id(1, "easy"))
    refusal = t("en", "error.not_organizer")
    for command, options in (("start", {}), ("cancel", {}), ("drop", {"player": w.bob})):
        answer = await w.bob.slash(w.channel, f"tournament {command}", **options)
        assert private_text(answer) == refusal
    speak_french(monkeypatch, w.bob)
    answer = await w.bob.slash(w.channel, "tournament start")
    assert private_text(answer) == t("fr", "error.not_organizer")
    await w.alice.slash(w.channel, "tournament start")
    for command in ("pause", "cancel"):
        answer = await w.carol.slash(w.channel, f"tournament {command}")
        assert private_text(answer) == refusal
    answer = await w.bob.slash(w.channel, "tournament pause")
    assert private_text(answer) == t("fr", "error.not_organizer")
    # a member who may manage the server may
    manager = w.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    dave = w.guild.add_member(w.env.create_user("dave"), roles=[manager])
    assert "Done" in private_text(await dave.slash(w.channel, "tournament pause"))
    assert (await w.tournament()).status == TournamentStatus.PAUSED
    # forged and old buttons: another channel's tournament, a number never used, a
    # click on the card once the sign-up closed
    other = plain_channel(w.guild, "other")
    await w.carol.slash(other, "tournament new", game="mine-out", format="knockout")
    forged = await forged_component(w.env, w.carol, other, card_id(1, "join"))
    assert private_text(forged) == t("en", "error.tournament_not_found", tournament=1)
    never = await forged_component(w.env, w.carol, other, card_id(999, "start"))
    assert private_text(never) == t("en", "error.tournament_not_found", tournament=999)
    old = await forged_component(w.env, w.carol, w.channel, card_id(1, "join"))
    assert private_text(old) == t("en", "error.signup_closed")
    assert len((await w.tournament()).entrants) == 2
    # the organizer drops bob: a computer plays his seat to the end
    answer = await w.alice.slash(w.channel, "tournament drop", player=w.bob)
    assert private_text(answer) == "Done."
    dropped = await w.tournament()
    assert not dropped.entrants[0].active
    table = await w.service.tables.get_table(dropped.rounds[0].slots[0].table_id or 0)
    assert table.status == TableStatus.FINISHED  # a computer played bob's seat to the end
    assert dropped.by_computer() == {0: 1}
    assert_only_user_errors(w.env)


async def test_a_tournament_in_a_channel_a_member_cannot_read_is_invisible_to_them(
    world: TournamentWorld,
) -> None:
    w = world
    hidden = discord.PermissionOverwrite(view_channel=False)
    secret = w.guild.create_text_channel("secret", overwrites={w.carol: hidden})
    await w.alice.slash(secret, "tournament new", game="mine-out", format="swiss")
    seen = private_text(await w.bob.slash(w.channel, "tournament list"))
    assert "Tournament #1 · Mine Out" in seen and secret.mention in seen
    unseen = private_text(await w.carol.slash(w.channel, "tournament list"))
    assert unseen == t("en", "tournament.list_none")
    assert "Tournament #1" in private_text(await w.bob.slash(w.channel, "game open"))
    assert private_text(await w.carol.slash(w.channel, "game open")) == t("en", "open.none")
    answer = await w.carol.slash(w.channel, "tournament standings", tournament=1)
    assert private_text(answer) == t("en", "error.tournament_not_found", tournament=1)
    assert "Tournament #1" in private_text(
        await w.bob.slash(w.channel, "tournament standings", tournament=1))
    assert_only_user_errors(w.env)


async def test_without_threads_the_tables_play_in_the_channel_one_after_another(
    world: TournamentWorld,
) -> None:
    """A channel where the bot may not open threads (as the local table's): one person
    and three computers, a knockout at tables of two, played to its end, each table in
    the channel itself once the one before ended."""
    w = world
    w.channel = plain_channel(w.guild, "no-threads")
    await w.new(game="mine-out", format="knockout", players=2, minimum=2)
    await w.alice.click(w.card(), custom_id=card_id(1, "join"))
    for _ in range(3):
        await w.alice.click(w.card(), custom_id=card_id(1, "easy"))
    await w.alice.click(w.card(), custom_id=card_id(1, "start"))
    said = [m.content for m in w.channel.history() if m.author.bot]  # where they really play
    assert any("2 tables, played one at a time in this channel." in text for text in said)
    assert not any("in its thread" in text for text in said)  # nor said to play in one
    rng = random.Random(4)
    for _ in range(4):
        if (await w.tournament()).status == TournamentStatus.FINISHED:
            break
        table = await playing_table_of(w, w.alice)
        if table is None:
            break  # alice is out: the computers play the rest
        assert table.channel_id == w.channel.id and not w.channel.threads
        await play_own_game(w, w.alice, rng)
    await w.bot.computers.idle()
    final = await w.tournament()
    assert final.status == TournamentStatus.FINISHED
    assert len(final.rounds) == 2 and [len(r.slots) for r in final.rounds] == [2, 1]
    assert "🥇" in w.last().content



async def test_the_sign_up_deadline_starts_the_tournament_or_cancels_it(
    world: TournamentWorld,
) -> None:
    w = world
    await w.new(game="mine-out", format="swiss", rounds=1, players=2, minimum=2, signup=10)
    assert "The sign-up closes and the tournament starts" in w.card().content
    await w.alice.click(w.card(), custom_id=card_id(1, "easy"))
    await w.alice.click(w.card(), custom_id=card_id(1, "easy"))
    lonely = plain_channel(w.guild, "lonely")
    await w.bob.slash(lonely, "tournament new", game="mine-out", format="swiss", signup=10)
    await w.env.advance_time(11 * 60)
    await w.bot.computers.idle()
    await w.env.settle()
    assert (await w.tournament(1)).status == TournamentStatus.FINISHED
    assert (await w.tournament(2)).status == TournamentStatus.CANCELLED
    told = [m.content for m in lonely.history() if m.author.bot]
    assert any("too few entrants" in text for text in told)


async def test_withdrawn_and_replaced_entrants_have_a_computer_finish_their_game(
    world: TournamentWorld,
) -> None:
    w = world
    await two_people_against_two_computers(w, w.bob, w.carol, computers=1)
    await w.carol.slash(w.channel, "tournament withdraw")
    answer = await w.alice.slash(w.channel, "tournament replace", player=w.bob)
    assert private_text(answer) == "Done."
    await w.bot.computers.idle()
    await w.env.settle()
    final = await w.tournament()
    assert final.status == TournamentStatus.FINISHED
    bob, carol = final.entrants[0], final.entrants[1]
    assert bob.user < 0 and bob.former == (w.bob.id,) and not carol.active
    assert final.by_computer() == {0: 1, 1: 1}
    said = [m.content for m in w.channel.history() if m.author.bot]
    assert any("withdrew" in text for text in said)
    assert any("place in **Tournament #1 · Mine Out** to Computer" in text for text in said)
    words = private_text(await w.bob.slash(w.channel, "tournament standings"))
    assert "no longer playing" in words


async def test_a_table_that_ended_while_the_bot_was_down_moves_the_tournament_on(
    world: TournamentWorld, settings: Settings
) -> None:
    """The last move of the round's table stored by a process that died before telling
    the tournament (as a kill -9 right after it): the next bot's minute's loop, which
    runs at its start, finds it."""
    w = world
    await w.new(game="tiny", format="swiss", rounds=1, players=2, minimum=2)
    for member in (w.alice, w.bob):
        await member.click(w.card(), custom_id=card_id(1, "join"))
    await w.alice.click(w.card(), custom_id=card_id(1, "start"))
    table = await playing_table_of(w, w.alice)
    assert table is not None
    await w.bot.close()
    storage = await Storage.open(settings.database)
    elsewhere = GameService(storage)
    while table.status == TableStatus.PLAYING:
        assert table.state is not None
        seat = table.state.to_act()[0]
        action = table.state.legal_actions(seat)[0]
        played = await elsewhere.moves.act(table.id, table.seats[seat],
                                           table.state.format_action(action))
        table = played.table
    assert (await elsewhere.tournaments.get(1)).status == TournamentStatus.RUNNING
    await storage.close()
    await w.env.restart_bot(create_bot(settings))
    await w.env.settle()
    assert (await w.tournament()).status == TournamentStatus.FINISHED
    assert "🥇" in w.last().content


async def test_a_french_server_reads_its_tournament_in_french(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    await bot_of(simcord_env).tree.sync()
    guild = simcord_env.create_guild(name="mines", preferred_locale="fr")
    channel = guild.create_text_channel("ligue")
    alice, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("alice", "bob"))
    speak_french(monkeypatch, alice, bob)
    await alice.slash(channel, "tournament new", game="mine-out", format="swiss", players=2,
                      minimum=2, bye=2)
    card = next(m for m in channel.history() if m.author.bot)
    assert "Tournoi n°1 · Mine Out" in card.content and "Système suisse" in card.content
    assert "une exemption rapporte 2" in card.content
    await bob.click(card, custom_id=card_id(1, "join"))
    answer = await bob.click(card, custom_id=card_id(1, "start"))
    assert private_text(answer) == t("fr", "error.not_organizer")
    await alice.click(card, custom_id=card_id(1, "easy"))
    await alice.click(card, custom_id=card_id(1, "start"))
    (thread,) = channel.threads
    assert (thread.name or "").startswith("🏆 Tournoi 1 · manche 1 · table 1")
    assert "Bonne chance" in thread.history()[0].content
    said = [m.content for m in channel.history() if m.author.bot]
    assert any("la manche 1 sur 3 commence, 1 table, dans son fil." in text for text in said)
    assert_only_user_errors(simcord_env)
    await simcord_env.bot.close()


async def test_the_cards_buttons_work_after_a_restart(
    world: TournamentWorld, settings: Settings
) -> None:
    w = world
    await w.new(game="mine-out", format="swiss", players=2, minimum=2)
    card = w.card()
    await restart(w, settings, clean=False)  # as after a kill -9
    await w.bob.click(card, custom_id=card_id(1, "join"))
    assert w.bob.mention in w.card().content
    assert [e.user for e in (await w.tournament()).entrants] == [w.bob.id]


def test_the_settings_left_out_take_their_defaults() -> None:
    chosen = new_settings("saboteur", "swiss", None, None, None, None, {}, None)
    assert (chosen.min_size, chosen.max_size, chosen.rounds, chosen.round_minutes) == (
        3, 4, 3, 24 * 60)
    assert (chosen.bye_points, chosen.top_points) == (3, 6)
    two = new_settings("mine-out", "knockout", None, 2, None, 30, {}, None)
    assert (two.min_size, two.max_size, two.format, two.round_minutes) == (
        2, 2, Format.KNOCKOUT, 30)
