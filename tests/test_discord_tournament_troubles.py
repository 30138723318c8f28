"""Tournaments under what Discord does around them (issue 41): a thread permission
denied after round 1, thread creation rate-limited for minutes while a round of eight
tables opens, posts refused past discord.py's tries, a thread made by a claimer that
died found again, and a start answered at once however long the opening takes (an
answer past its interaction's life a warning); in English and in French, with no error logged (the
autouse `no_logged_errors`). Rate limits are modelled by `tests.rate_limits` (simcord
does not model discord.py's 429 waits)."""

from __future__ import annotations

import logging
from dataclasses import replace

import discord
import pytest
import simcord
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from bot.i18n import t
from bot.startup.config import Settings
from bot.storage.records import TournamentStatus
from cogs.tournaments.words import round_words, title
from tests.discord_support import bot_of, custom_ids, private_text, private_texts, speak_french
from tests.rate_limits import Bucket, RateLimits, Window
from tests.tournament_support import (
    TournamentWorld,
    card_id,
    round_opening,
)

THREADS_DENIED = {"en": "**Send Messages in Threads**",
                  "fr": "**Envoyer des messages dans les fils**"}


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """Computers think 0.02 s a move (as in tests/test_discord_tournaments.py)."""
    return replace(settings, computer_seconds=0.02)


def language(w: TournamentWorld) -> str:
    return "fr" if w.guild.name == "mines-fr" else "en"


def card_of(w: TournamentWorld) -> discord.Message:
    """Tournament 1's card (in any language)."""
    return next(m for m in w.channel.history() if card_id(1, "join") in custom_ids(m))


def said(w: TournamentWorld) -> list[str]:
    """What the bot said in the tournament's channel, oldest first: each message's first
    line (a round's announcement goes on with its tables)."""
    return [m.content.split("\n")[0] for m in w.channel.history() if m.author.bot]


def deny_threads(w: TournamentWorld) -> None:
    """A moderator denies the bot Send Messages in Threads in the tournament's channel."""
    backend = w.env.backend
    flags = discord.Permissions(send_messages_in_threads=True).value
    overwrite = Overwrite(target_id=backend.bot_user.id, type=OverwriteType.MEMBER,
                          allow=0, deny=flags)
    backend.edit_channel(w.channel.id, {}, overwrites=[overwrite])


async def play_tiny(w: TournamentWorld, table_id: int, people: list[simcord.MemberActor]
                    ) -> None:
    """The people seated at tiny table `table_id` play it to its end with `/game play`
    where it plays (each keeps their card, then adds 3)."""
    by_id = {member.id: member for member in people}
    table = await w.service.tables.get_table(table_id)
    place = w.thread_of(table)
    while table.state is not None and table.state.outcome() is None:
        seat = table.state.to_act()[0]
        actions = table.state.legal_actions(seat)
        action = actions[0] if table.state.format_action(actions[0]) == "keep" else actions[-1]
        await by_id[table.seats[seat]].slash(place, "game play",
                                              action=table.state.format_action(action))
        table = await w.service.tables.get_table(table_id)


async def play_round(w: TournamentWorld, people: list[simcord.MemberActor]) -> None:
    """Play every table of the current round, as they open, to their end."""
    for _ in range(4):
        current = (await w.tournament()).current
        assert current is not None
        playing = [slot.table_id for slot in current.slots
                   if slot.table_id is not None and not slot.done]
        if not playing:
            return
        for table_id in playing:
            await play_tiny(w, table_id, people)


async def test_a_thread_permission_denied_after_round_one_is_told_and_the_round_plays_here(
    league: TournamentWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four people, two Swiss rounds of tiny at tables of two. After round 1 opened in
    threads, Send Messages in Threads is denied: round 2 plays in the channel, one
    table at a time, its announcement says so, the organizer is told which permission
    is missing (in the channel, then privately at her next command), and the
    tournament is played to its end."""
    w, lang = league, language(league)
    dave = w.guild.add_member(w.env.create_user("dave"))
    people = [w.alice, w.bob, w.carol, dave]
    if lang == "fr":
        speak_french(monkeypatch, dave)
    await w.new(game="tiny", format="swiss", rounds=2, players=2, minimum=2)
    for member in people:
        await member.click(card_of(w), custom_id=card_id(1, "join"))
    started = await w.alice.click(card_of(w), custom_id=card_id(1, "start"))
    assert private_text(started) == t(lang, "tournament.opening", channel=w.channel.mention)
    assert len(w.channel.threads) == 2
    deny_threads(w)
    await play_round(w, people)  # their threads refuse the bot's posts now
    await w.env.advance_time(61)  # the minute's loop reads the ends their posts could not tell
    assert len((await w.tournament()).rounds) == 2
    await play_round(w, people)  # in the channel, one table after the other
    await w.bot.computers.idle()
    final = await w.tournament()
    assert final.status == TournamentStatus.FINISHED and len(final.rounds) == 2
    assert len(w.channel.threads) == 2  # none for round 2
    assert all(slot.channel_id == w.channel.id for slot in final.rounds[1].slots)
    second = final.rounds[1]
    announced = round_opening(lang, final, 2, len(second.slots), threads=False)
    me = w.guild.me
    assert me is not None
    notice = t(lang, "tournament.notice.threads", title=title(final, lang),
               round=round_words(final, 2, lang), channel=w.channel.mention,
               bot=me.display_name, permissions=THREADS_DENIED[lang], count=1)
    words = said(w)
    assert announced in words and f"{w.alice.mention} {notice}" in words
    assert words.index(announced) < words.index(f"{w.alice.mention} {notice}")
    first = round_opening(lang, final, 1, 2)
    assert first in words  # round 1 did play in threads
    told = await w.alice.slash(w.channel, "tournament standings")
    assert notice in private_text(told)
    again = await w.alice.slash(w.channel, "tournament standings")
    assert notice not in private_text(again)  # told once


def table_messages(thread: simcord.ChannelHandle) -> tuple[list[str], list[str]]:
    """A table's thread: its calls (the tournament's first message), and its turns (the
    bot's other messages, reminders left out)."""
    said = [m.content for m in thread.history() if m.author.bot and not m.content.startswith("⏰")]
    calls = [text for text in said if text.startswith("🏆")]
    return calls, [text for text in said if not text.startswith("🏆")]


async def test_a_round_of_eight_tables_under_thread_rate_limits_opens_each_once(
    league: TournamentWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord creates three threads at once, then makes the bot wait 220 s before each
    next one (longer than a slot's claim, 120 s), while the minute's loop goes on. The
    start is answered at once; then exactly eight threads, eight calls, eight first
    turns."""
    w, lang = league, language(league)
    people = [w.guild.add_member(w.env.create_user(f"player{n}")) for n in range(16)]
    if lang == "fr":
        speak_french(monkeypatch, *people)
    limits = RateLimits(w.env)
    limits.add(Bucket("POST", f"/channels/{w.channel.id}/threads", free=3, every=220))
    await w.new(game="tiny", format="swiss", rounds=1, players=2, minimum=2)
    for member in people:
        await member.click(card_of(w), custom_id=card_id(1, "join"))
    started = await w.alice.slash(w.channel, "tournament start")
    assert private_text(started) == t(lang, "tournament.opening", channel=w.channel.mention)
    assert len(w.channel.threads) == 3  # answered at once: five threads wait their turn
    for _ in range(20):  # 5 waits of 220 s; the minute's loop ticks meanwhile
        await w.env.advance_time(60)
    assert [wait for path, wait in limits.waits] == pytest.approx([220.0] * 5)
    tournament = await w.tournament()
    slots = tournament.rounds[0].slots
    threads = w.channel.threads
    assert len(threads) == 8
    assert sorted(slot.channel_id or 0 for slot in slots) == sorted(thread.id for thread in threads)
    assert len({slot.table_id for slot in slots}) == 8 and all(slot.called for slot in slots)
    storage = w.service.tables
    assert len(await storage.playing_tables(w.bot.shard_set)) == 8
    for thread in threads:
        calls, turns = table_messages(thread)
        assert len(calls) == 1 and len(turns) == 1
        assert turns[0].startswith(t(lang, "turn.started"))
    opened = round_opening(lang, tournament, 1, 8)
    assert said(w).count(opened) == 1


async def test_posts_refused_past_discord_py_tries_are_owed_and_the_organizer_told(
    league: TournamentWorld,
) -> None:
    """Discord answers 429 to the round's announcement for 90 s, and to every post in
    the table's thread for 300 s: the announcement, the call and the first turn each
    fail after discord.py's five tries. The start is answered truly, the organizer told
    that table 1 is delayed (in the channel, then privately); once Discord lets the bot
    post, the announcement, the call and the owed turn are each posted once."""
    w, lang = league, language(league)
    limits = RateLimits(w.env)
    league_messages = f"/channels/{w.channel.id}/messages"
    announcement = Window(lambda method, path: method == "POST" and path == league_messages,
                          until=limits.now() + 90, wait=20)
    thread_posts = Window(lambda method, path: method == "POST" and path.endswith("/messages")
                          and path != league_messages, until=limits.now() + 300, wait=20)
    await w.new(game="tiny", format="swiss", rounds=1, players=2, minimum=2)
    for member in (w.bob, w.carol):
        await member.click(card_of(w), custom_id=card_id(1, "join"))
    limits.add(announcement)
    limits.add(thread_posts)
    started = await w.alice.slash(w.channel, "tournament start")
    assert private_text(started) == t(lang, "tournament.opening", channel=w.channel.mention)
    for _ in range(7):
        await w.env.advance_time(60)
    assert announcement.refused == 5 and thread_posts.refused >= 10  # each past five tries
    tournament = await w.tournament()
    assert tournament.status == TournamentStatus.RUNNING
    (slot,) = tournament.rounds[0].slots
    assert slot.table_id is not None and slot.called and tournament.rounds[0].announced
    assert await w.service.posts.waiting_since(slot.table_id) is None
    (thread,) = w.channel.threads
    calls, turns = table_messages(thread)
    assert len(calls) == 1 and len(turns) == 1
    assert turns[0].startswith("📌")  # the owed turn, saying it is posted again
    notice = t(lang, "tournament.notice.delayed", title=title(tournament, lang),
               round=round_words(tournament, 1, lang), channel=w.channel.mention,
               tables="1", count=1)
    opened = round_opening(lang, tournament, 1, 1)
    assert said(w).count(opened) == 1 and said(w).count(f"{w.alice.mention} {notice}") == 1
    told = await w.alice.slash(w.channel, "tournament standings")
    assert notice in private_text(told)


async def test_an_answer_past_the_interactions_life_is_a_warning_and_the_round_opens(
    league: TournamentWorld, caplog: pytest.LogCaptureFixture
) -> None:
    """Discord makes the card's Start wait 300 s at each try of its private answer: the
    fourth try comes after the interaction's token expired (15 minutes), answered
    10015 Unknown Webhook. That is one warning without a traceback; the round opened
    all the same, its opening having gone on in the background."""
    w = league
    limits = RateLimits(w.env)
    limits.add(Window(lambda method, path: method == "POST" and path.startswith("/webhooks/"),
                      until=limits.now() + 950, wait=300))
    await w.new(game="tiny", format="swiss", rounds=1, players=2, minimum=2)
    for member in (w.bob, w.carol):
        await member.click(card_of(w), custom_id=card_id(1, "join"))
    started = await w.alice.click(card_of(w), custom_id=card_id(1, "start"))
    assert private_texts(started) == []  # not yet: Discord makes the answer wait
    (thread,) = w.channel.threads
    calls, turns = table_messages(thread)
    assert len(calls) == 1 and len(turns) == 1
    for _ in range(4):
        await w.env.advance_time(300)
    late = [r for r in caplog.get_records("call") if r.name == "cogs.platform.replies"]
    assert len(late) == 1 and late[0].levelno == logging.WARNING and late[0].exc_info is None
    assert "10015" in late[0].getMessage()
    assert (await w.tournament()).status == TournamentStatus.RUNNING


async def test_a_thread_made_by_a_claimer_that_died_is_played_in_not_made_again(
    league: TournamentWorld,
) -> None:
    """A process started the tournament, claimed its table, made its thread (kept on
    the slot at once), then died before opening the table. Past the claim's lease, the
    minute's loop opens the table in that thread: one thread, one call, one turn."""
    w = league
    await w.new(game="tiny", format="swiss", rounds=1, players=2, minimum=2)
    for member in (w.bob, w.carol):
        await member.click(card_of(w), custom_id=card_id(1, "join"))
    rounds = w.service.tournament_rounds
    await rounds.start(1, w.alice.id, can_manage=False)
    token = await rounds.claim(1, 1, 0)
    assert token is not None
    parent = bot_of(w.env).get_channel(w.channel.id)
    assert isinstance(parent, discord.TextChannel)
    made = await parent.create_thread(name="table", type=discord.ChannelType.public_thread)
    assert await rounds.keep_place(1, 1, 0, token, made.id)
    await w.env.advance_time(60)
    assert (await w.tournament()).rounds[0].slots[0].table_id is None  # claimed still
    await w.env.advance_time(120)
    (thread,) = w.channel.threads
    (slot,) = (await w.tournament()).rounds[0].slots
    assert thread.id == made.id == slot.channel_id and slot.table_id is not None
    calls, turns = table_messages(thread)
    assert len(calls) == 1 and len(turns) == 1
