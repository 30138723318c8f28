"""A server changing under a long game (issue 41): a player who leaves the server, the
bot removed and invited back days later. Through the real bot (simcord), in English and
French; what simcord does not model of a removal is modelled in
`tests.server_changes_support`. No error-level log in any of them."""

from __future__ import annotations

import logging
import random
from dataclasses import replace

import discord
import pytest
import simcord

from bot.ai.knowledge import knowledge_for
from bot.ai.table_turns import ComputerTurns
from bot.games.mine_out.state import MineOutState
from bot.service import GameService, Table, TableStatus
from bot.startup.config import Settings
from bot.storage.records import TournamentStatus
from bot.storage.table_settings import LEFT, WITHDRAWN, stand_ins
from cogs.platform.host import host_of
from cogs.tournaments.words import title
from tests.conftest import REMINDER_MINUTES
from tests.discord_support import (
    TableWorld,
    live_messages,
    lobby_id,
    private_text,
)
from tests.mine_out_discord_support import plan_turn
from tests.server_changes_support import invite_bot_back, remove_bot
from tests.tournament_support import (
    TournamentWorld,
    two_people_against_two_computers,
)

DELAY = REMINDER_MINUTES * 60
TICK = 61
DAY = 24 * 60 * 60
SETTLE_SECONDS = 120.0

LEFT_NOTICE = {
    "en": "🚪 {player} left the server: a computer (normal) plays for them from now on, to the "
          "end of the game, and nobody waits for them any more. If they come back, **I'm "
          "back** gives them their seat.",
    "fr": "🚪 {player} a quitté le serveur : un ordinateur (moyen) joue pour lui désormais, "
          "jusqu'à la fin de la partie, et plus personne ne l'attend. S'il revient, **Je suis "
          "là** lui rend sa place.",
}
POSTED_AGAIN = {"en": "📌 This table is posted again", "fr": "📌 Cette table est publiée"}


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """Computers think 0.02 s a move (the normal level stands in for who left)."""
    return replace(settings, computer_seconds=0.02)


@pytest.fixture
def w(world_in_language: TableWorld) -> TableWorld:
    world_in_language.env.settle_timeout = SETTLE_SECONDS
    return world_in_language


def language(w: TableWorld) -> str:
    return "fr" if w.guild.name == "mines-fr" else "en"


def service(w: TableWorld) -> GameService:
    return host_of(w.env.bot).service


def pinged(w: TableWorld, message: discord.Message) -> list[int]:
    """The users `message` really pinged (its allowed mentions applied)."""
    return list(w.env.backend.get_message(w.channel.id, message.id).ping_user_ids)


def no_error_logged(caplog: pytest.LogCaptureFixture) -> None:
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert all(r.exc_info is None for r in caplog.records if r.levelno >= logging.WARNING)


async def table_now(w: TableWorld) -> Table:
    await w.bot.computers.idle()
    return await service(w).tables.get_table(1)


async def alice_plays_to_the_end(
    w: TableWorld, table_id: int, where: simcord.ChannelHandle, bob: int
) -> Table:
    """Alice plays the computers' quick playout choice whenever it is her turn, with /game
    play in `where`; on bob's turn (he left) the clock moves on to its reminder, which
    finds him gone if his turn's post did not. The table at its end."""
    rng = random.Random(3)
    for _ in range(2000):
        await w.bot.computers.idle()
        table = await service(w).tables.get_table(table_id)
        if table.status != TableStatus.PLAYING:
            return table
        assert table.state is not None
        seat = table.seats.index(w.alice.id)
        if seat in table.state.to_act():
            action = knowledge_for(table.game).playout_action(table.state, seat, rng)
            await w.alice.slash(where, "game play", action=table.state.format_action(action))
        else:
            assert table.seats.index(bob) not in stand_ins(table), "the computer stopped"
            await w.env.advance_time(DELAY + TICK)
    raise AssertionError("the game did not end")


async def test_a_player_who_left_is_played_for_by_a_computer_to_the_end(
    w: TableWorld, caplog: pytest.LogCaptureFixture
) -> None:
    """Bob is kicked mid-game; the bot (without the members intent) hears nothing, and
    learns it when it looks him up (10007): at his turn's post if he was not seen within
    the hour, else at its reminder. A computer plays his seat, the table is told once, in
    words; the game goes on to its end and nobody pings him after."""
    lobby = await w.open_lobby("mine-out")
    await w.bob.click(lobby, custom_id=lobby_id(lobby, "join"))
    await w.alice.click(w.last(), custom_id=lobby_id(w.last(), "start"))
    w.env.backend.remove_member(w.guild.id, w.bob.id)
    before = {m.id for m in w.channel.history()}
    table = await alice_plays_to_the_end(w, 1, w.channel, w.bob.id)
    assert table.status == TableStatus.FINISHED
    assert stand_ins(table) == {table.seats.index(w.bob.id): LEFT}
    after = [m for m in w.channel.history() if m.id not in before]
    notice = LEFT_NOTICE[language(w)].format(player=w.bob.mention)
    assert [m.content for m in after if m.content.startswith("🚪")] == [notice]
    told = next(i for i, m in enumerate(after) if m.content.startswith("🚪"))
    assert all(w.bob.id not in pinged(w, m) for m in after[told:])  # never again
    assert not [m for m in after[told:] if m.content.startswith("⏰")]  # nobody waits
    no_error_logged(caplog)


async def test_a_removal_of_three_days_then_the_reinvite_posts_the_owed_turn_once(
    w: TableWorld, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot is removed while a computer thinks: its move is stored, owed, not posted;
    for three days nothing is asked of Discord there, no reminder spent, nothing logged
    as an error. Invited back, the owed turn is posted once, as its reminder: Alice,
    to act, pinged once; nothing more at the next ticks."""
    await w.open_lobby("mine-out")
    await w.alice.click(w.last(), custom_id=lobby_id(w.last(), "easy"))
    await w.alice.click(w.last(), custom_id=lobby_id(w.last(), "start"))
    table = await table_now(w)
    assert table.state is not None and table.users_to_act() == (w.alice.id,)
    roles: list[int] = []
    original = ComputerTurns.play_due

    async def removed_meanwhile(turns: ComputerTurns, *args: object, **kwargs: object) -> object:
        if not roles:
            roles.extend(remove_bot(w.env, w.guild))  # while the computer thinks
        return await original(turns, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ComputerTurns, "play_due", removed_meanwhile)
    assert isinstance(table.state, MineOutState)
    last_seen = w.last()
    steps = plan_turn(table.state, random.Random(5))
    await w.alice.slash(w.channel, "game play", action=" ".join(steps))  # her whole turn
    assert roles, "the bot was removed"
    table = await table_now(w)  # the computer played its whole turn meanwhile
    assert table.users_to_act() == (w.alice.id,)
    assert w.last().id != last_seen.id  # her turn was posted, before the removal
    last_seen = w.last()
    assert await service(w).posts.waiting_since(1) is not None
    requests = len(w.env.http_requests)
    await w.env.advance_time(3 * DAY)
    assert w.env.http_requests[requests:] == []  # nothing tried, nothing spent
    assert w.last().id == last_seen.id
    assert not (await service(w).tables.get_table(1)).reminded

    invite_bot_back(w.env, w.guild, roles)
    await w.env.settle()
    new = [m for m in w.channel.history() if m.id > last_seen.id]
    assert len(new) == 1
    (posted,) = new
    assert posted.content.startswith(POSTED_AGAIN[language(w)])
    assert "⏰" in posted.content and pinged(w, posted) == [w.alice.id]
    assert [m.id for m in live_messages(w.channel)] == [posted.id]
    assert await service(w).posts.waiting_since(1) is None
    await w.env.advance_time(3 * DELAY)
    assert w.last().id == posted.id  # posted once, reminded once
    no_error_logged(caplog)


RATE_LIMITED = {
    "en": "Your move counts; the table could not be posted: Discord made the bot wait too long"
          " in {channel} (too many messages at once). It is posted again as soon as it can be.",
    "fr": "Votre coup compte ; la table n'a pas pu être publiée : Discord a fait trop attendre "
          "le bot dans {channel} (trop de messages à la fois). Elle sera publiée à nouveau dès "
          "que possible.",
}


async def test_a_rate_limit_past_discord_pys_retries_leaves_the_turn_owed_then_posted_once(
    w: TableWorld, caplog: pytest.LogCaptureFixture
) -> None:
    """A 429 that reaches the bot (discord.py waits out `retry_after` and tries again
    first; simcord raises at the first 429, which is where discord.py gives up): the move
    counts, its player is told the truth, the table is owed and posted once at the
    reminder loop's next tick."""
    await w.start_tiny()
    before = w.last()
    w.env.inject_error("POST", "/channels/*/messages", status=429, code=0,
                       message="You are being rate limited.", times=None)
    result = await w.alice.slash(w.channel, "game play", action="keep")
    told = private_text(result).splitlines()
    assert told[0] == RATE_LIMITED[language(w)].format(channel=w.channel.mention)
    assert await service(w).posts.waiting_since(1) is not None
    w.env.backend.faults.clear()
    await w.env.advance_time(TICK)
    posted = w.last()
    assert posted.id != before.id and posted.content.startswith(POSTED_AGAIN[language(w)])
    await w.env.advance_time(TICK)
    assert w.last().id == posted.id
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []


WITHDRAWN_WORDS = {
    "en": "🚪 {player} left the server: they are withdrawn from **Tournament #1 · Mine Out**. "
          "A computer finishes their game; they are paired no more.",
    "fr": "🚪 {player} a quitté le serveur : il est retiré de **{title}**. Un ordinateur finit "
          "sa partie ; il n'est plus apparié.",
}


async def test_a_player_who_left_is_withdrawn_from_the_tournament_and_their_game_finished(
    league: TournamentWorld, caplog: pytest.LogCaptureFixture
) -> None:
    """Bob leaves the server during round 1: a computer finishes his game, he is
    withdrawn (said in the tournament's channel), and the tournament ends."""
    w = league
    table = await two_people_against_two_computers(w, w.alice, w.bob, computers=1)
    w.env.backend.remove_member(w.guild.id, w.bob.id)
    ended = await alice_plays_to_the_end(w, table.id, w.thread_of(table), w.bob.id)
    assert ended.status == TableStatus.FINISHED
    # withdrawn from the tournament: the seat is not his again if he comes back
    assert stand_ins(ended) == {ended.seats.index(w.bob.id): WITHDRAWN}
    await w.env.settle()
    final = await w.tournament()
    assert final.status == TournamentStatus.FINISHED
    bob = final.entrant_of(w.bob.id)
    assert bob is not None and not final.entrants[bob].active
    said = [m.content for m in w.channel.history() if m.content.startswith("🚪")]
    french = w.guild.name == "mines-fr"
    expected = WITHDRAWN_WORDS["fr" if french else "en"].format(
        player=w.bob.mention, title=title(final, "fr" if french else "en"))
    assert said == [expected]
    assert table.id == ended.id
    no_error_logged(caplog)
