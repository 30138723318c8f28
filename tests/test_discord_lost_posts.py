"""A post Discord refuses or fails after the move was stored (issue 37, "lost
mid-game"): the move counts, its player is told so privately in their language, one
warning is logged (no traceback, no error), the table waits to be posted (stored:
a restart keeps it) and the next post that succeeds there posts it, once, with one
live message. A server error is tried again first."""

from __future__ import annotations

import logging
import random
from typing import Any

import discord
import pytest
import simcord
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from bot.app import TableBot
from bot.games.mine_out.state import MineOutState
from bot.service import GameService
from bot.startup.config import Settings
from cogs.delivery import failures
from cogs.platform.host import host_of
from tests.conftest import REMINDER_MINUTES
from tests.discord_support import (
    TableWorld,
    action_id,
    live_messages,
    lobby_id,
    private_text,
    restart,
    speak_french,
    table_thread,
)
from tests.mine_out_discord_support import mo_world, plan_turn

pytestmark = pytest.mark.storage_facing  # replayed on PostgreSQL (tests/conftest.py)

SEND = "/channels/*/messages"
TICK = 61
"""Past the reminder loop's next tick (every minute), well before a reminder is due."""

LOST = {
    "en": ("Your move counts; the table could not be posted: missing **Attach Files** in {channel}"
           " (a moderator can give it to the bot's role there). It is posted again as soon as"
           " it can be."),
    "fr": ("Votre coup compte ; la table n'a pas pu être publiée : il manque **Joindre des"
           " fichiers** dans {channel} (un modérateur peut l'accorder au rôle du bot dans ce"
           " salon). Elle sera publiée à nouveau dès que possible."),
}


def service(w: TableWorld) -> GameService:
    return host_of(w.env.bot).service


async def adding_turn(w: TableWorld) -> int:
    """A tiny table past its first phase: alice is to add. Its id."""
    turn = await w.start_tiny()
    await w.alice.click(turn, custom_id=action_id(turn, "keep"))
    await w.bob.click(w.last(), custom_id=action_id(w.last(), "keep"))
    (table,) = await service(w).tables.playing_tables()
    return table.id


async def total(w: TableWorld, table_id: int) -> int:
    table = await service(w).tables.get_table(table_id)
    assert table.state is not None
    return int(table.state.to_json()["total"])


def deny_attach_files(w: TableWorld, channel: simcord.ChannelHandle, deny: bool) -> None:
    """The bot's own overwrite in `channel` (it may not open threads there, as
    `plain_channel` made it), with Attach Files denied or not."""
    me = w.guild.me
    assert me is not None
    denied = discord.Permissions(create_public_threads=True, attach_files=deny)
    w.env.backend.set_overwrite(
        channel.id, Overwrite(me.id, OverwriteType.MEMBER, deny=denied.value)
    )


def warnings_of(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == failures.__name__]


def no_error_logged(caplog: pytest.LogCaptureFixture) -> None:
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert all(r.exc_info is None for r in caplog.records if r.levelno >= logging.WARNING)


async def posted_once_as_live(
    w: TableWorld, table_id: int, posted: discord.Message, caplog: pytest.LogCaptureFixture
) -> None:
    """The table posted again as `posted`: the channel's one live message, no longer
    waiting, not posted a second time at the reminder loop's next tick; one warning (the
    failure's), no error."""
    assert [m.id for m in live_messages(w.channel)] == [posted.id]
    assert await service(w).posts.waiting_since(table_id) is None
    await w.env.advance_time(TICK)
    assert w.last().id == posted.id  # posted once
    assert len(warnings_of(caplog)) == 1
    no_error_logged(caplog)


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_a_move_refused_for_a_missing_permission_counts_and_is_posted_after(
    table_world: TableWorld,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
    language: str,
) -> None:
    w = table_world
    if language == "fr":
        speak_french(monkeypatch, w.alice)
    table_id = await adding_turn(w)
    before = w.last()
    deny_attach_files(w, w.channel, True)
    w.env.inject_error("POST", SEND, status=403, code=50013, message="Missing Permissions")

    result = await w.alice.slash(w.channel, "game play", action="add 2")

    told, done = private_text(result).split("\n")
    assert told == LOST[language].format(channel=w.channel.mention)
    assert done == {"en": "Done: `add 2`.", "fr": "C'est joué : `add 2`."}[language]
    assert await total(w, table_id) == 2  # stored, once
    assert w.last().id == before.id  # nothing posted
    assert await service(w).posts.waiting_since(table_id) is not None
    [warning] = warnings_of(caplog)
    assert warning.levelno == logging.WARNING and "#games" in warning.getMessage()
    assert "missing Attach Files" in warning.getMessage()
    no_error_logged(caplog)

    deny_attach_files(w, w.channel, False)
    await w.bob.slash(w.channel, "game play", action="add 3")  # the next post: it succeeds

    assert await total(w, table_id) == 5
    posted = w.last()
    assert posted.content.startswith("📌")
    assert f"{w.bob.mention} added 3" in posted.content
    await posted_once_as_live(w, table_id, posted, caplog)


async def test_the_reminder_loop_posts_a_waiting_table_at_its_next_tick(
    table_world: TableWorld, caplog: pytest.LogCaptureFixture
) -> None:
    w = table_world
    table_id = await adding_turn(w)
    deny_attach_files(w, w.channel, True)
    w.env.inject_error("POST", SEND, status=403, code=50013, times=None)
    await w.alice.slash(w.channel, "game play", action="add 2")
    sent = len(w.env.http_requests)
    await w.env.advance_time(TICK)  # still missing: not tried, nothing drawn or asked
    assert [r.path for r in w.env.http_requests[sent:] if r.method == "POST"] == []

    w.env.backend.faults.clear()
    deny_attach_files(w, w.channel, False)
    await w.env.advance_time(TICK)

    posted = w.last()
    assert posted.content.startswith("📌") and "⏰" not in posted.content
    assert f"<@{w.bob.id}>" in posted.content  # the player to act, pinged
    await posted_once_as_live(w, table_id, posted, caplog)


async def test_game_status_posts_a_waiting_table(
    table_world: TableWorld, caplog: pytest.LogCaptureFixture
) -> None:
    w = table_world
    table_id = await adding_turn(w)
    w.env.inject_error("POST", SEND, status=403, code=50001, message="Missing Access")
    result = await w.alice.slash(w.channel, "game play", action="add 1")
    assert "Discord refused the bot's message" in private_text(result)
    assert "try again" not in private_text(result)

    await w.carol.slash(w.channel, "game status")

    posted = w.last()
    assert posted.content.startswith("📌")
    assert [m.id for m in live_messages(w.channel)] == [posted.id]
    assert await service(w).posts.waiting_since(table_id) is None
    no_error_logged(caplog)


async def test_two_server_errors_in_a_row_are_tried_again_and_posted(
    table_world: TableWorld, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = table_world
    monkeypatch.setattr(failures, "BACKOFF", 0.01)
    table_id = await adding_turn(w)
    w.env.inject_error("POST", SEND, status=500, times=2)

    result = await w.alice.slash(w.channel, "game play", action="add 2")

    assert "could not be posted" not in private_text(result)
    assert f"{w.alice.mention} added 2" in w.last().content
    assert [m.id for m in live_messages(w.channel)] == [w.last().id]
    assert await total(w, table_id) == 2
    assert await service(w).posts.waiting_since(table_id) is None
    assert warnings_of(caplog) == []
    no_error_logged(caplog)


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_server_errors_past_the_retries_leave_the_table_waiting_then_posted(
    table_world: TableWorld,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
    language: str,
) -> None:
    w = table_world
    monkeypatch.setattr(failures, "BACKOFF", 0.01)
    if language == "fr":
        speak_french(monkeypatch, w.alice)
    table_id = await adding_turn(w)
    before = w.last()
    w.env.inject_error("POST", SEND, status=503, times=failures.TRIES)

    result = await w.alice.slash(w.channel, "game play", action="add 2")

    told = {"en": "Your move counts; the table could not be posted: Discord failed to take it",
            "fr": "Votre coup compte ; la table n'a pas pu être publiée : Discord ne l'a pas"}
    assert private_text(result).startswith(told[language])
    assert w.last().id == before.id and await total(w, table_id) == 2
    assert len(warnings_of(caplog)) == 1

    await w.env.advance_time(TICK)

    assert w.last().content.startswith("📌")
    assert f"{w.alice.mention} added 2" in w.last().content  # the last move, told
    assert [m.id for m in live_messages(w.channel)] == [w.last().id]
    no_error_logged(caplog)


async def test_a_clicked_move_under_two_server_errors_is_posted_as_its_follow_up(
    table_world: TableWorld, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A click's turn is posted as the interaction's follow-up (a webhook): tried again
    the same way."""
    w = table_world
    monkeypatch.setattr(failures, "BACKOFF", 0.01)
    table_id = await adding_turn(w)
    turn = w.last()
    w.env.inject_error("POST", "/webhooks/*", status=502, times=2)

    await w.alice.click(turn, custom_id=action_id(turn, "add 3"))

    assert f"{w.alice.mention} added 3" in w.last().content
    assert [m.id for m in live_messages(w.channel)] == [w.last().id]
    assert await total(w, table_id) == 3
    assert await service(w).posts.waiting_since(table_id) is None
    assert warnings_of(caplog) == []
    no_error_logged(caplog)


async def test_a_timeout_leaves_the_table_waiting(
    table_world: TableWorld, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = table_world
    monkeypatch.setattr(failures, "BACKOFF", 0.01)
    table_id = await adding_turn(w)
    send = discord.TextChannel.send

    async def timing_out(*args: Any, **kwargs: Any) -> discord.Message:
        raise TimeoutError

    monkeypatch.setattr(discord.TextChannel, "send", timing_out)
    result = await w.alice.slash(w.channel, "game play", action="add 2")
    assert "Discord did not answer in time" in private_text(result)
    assert await service(w).posts.waiting_since(table_id) is not None

    monkeypatch.setattr(discord.TextChannel, "send", send)
    await w.env.advance_time(TICK)
    assert w.last().content.startswith("📌")
    assert [m.id for m in live_messages(w.channel)] == [w.last().id]
    no_error_logged(caplog)


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_a_locked_thread_is_the_same_lost_post(
    simcord_env: simcord.Env,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
    language: str,
) -> None:
    env = simcord_env
    await env.bot.tree.sync()  # type: ignore[attr-defined]
    guild = env.create_guild(name="mines")
    me = guild.me
    assert me is not None
    # The bot opens a thread per table; it may not manage threads (nor reopen a locked one).
    channel = guild.create_text_channel(
        "games", overwrites={me: discord.PermissionOverwrite(manage_threads=False)}
    )
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    if language == "fr":
        speak_french(monkeypatch, alice)
    await alice.slash(channel, "game new", game="tiny")
    thread = table_thread(channel)
    lobby = thread.last_message
    assert lobby is not None
    await bob.click(lobby, custom_id="mt:lobby:1:join")
    await alice.click(lobby, custom_id="mt:lobby:1:start")
    for player in (alice, bob):
        turn = thread.last_message
        assert turn is not None
        await player.click(turn, custom_id=action_id(turn, "keep"))
    before = thread.last_message
    assert before is not None
    closed = {"archived": True, "locked": True}
    env.backend.edit_channel(thread.id, {}, thread_metadata=closed)
    env.inject_error("POST", SEND, status=400, code=failures.ARCHIVED_THREAD,
                     message="Thread is archived")

    result = await alice.slash(thread, "game play", action="add 2")

    told = {"en": f"the table could not be posted: the thread {thread.mention} is archived or"
                  " locked, and the bot may not reopen it (a moderator can).",
            "fr": f"la table n'a pas pu être publiée : le fil {thread.mention} est archivé ou"
                  " verrouillé, et le bot ne peut pas le rouvrir (un modérateur le peut)."}
    assert told[language] in private_text(result)
    assert thread.last_message is not None and thread.last_message.id == before.id
    sent = len(env.http_requests)
    await env.advance_time(TICK)  # still locked: not tried, nothing drawn or asked
    assert [r.path for r in env.http_requests[sent:] if r.method != "GET"] == []
    env.backend.edit_channel(thread.id, {}, thread_metadata={"archived": False, "locked": False})
    await env.advance_time(TICK)
    posted = thread.last_message
    assert posted is not None and posted.content.startswith("📌")
    assert [m.id for m in live_messages(thread)] == [posted.id]
    assert len(warnings_of(caplog)) == 1
    no_error_logged(caplog)


async def test_a_table_waiting_to_be_posted_is_posted_after_a_restart(
    table_world: TableWorld, settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    w = table_world
    table_id = await adding_turn(w)
    w.env.inject_error("POST", SEND, status=403, code=50013)
    await w.alice.slash(w.channel, "game play", action="add 2")

    before = w.last()
    assert await service(w).posts.waiting_since(table_id) is not None

    await restart(w, settings)  # the new process's reminder loop ticks at once

    posted = w.last()
    assert posted.id != before.id
    assert posted.content.startswith("📌")
    assert [m.id for m in live_messages(w.channel)] == [posted.id]  # the old one found, cleared
    assert await service(w).posts.waiting_since(table_id) is None
    await w.env.advance_time(REMINDER_MINUTES * 60 - 2 * TICK)
    assert w.last().id == posted.id
    no_error_logged(caplog)


async def test_a_deleted_live_message_is_replaced_at_the_next_move(
    table_world: TableWorld, caplog: pytest.LogCaptureFixture
) -> None:
    w = table_world
    await adding_turn(w)
    w.env.backend.delete_message(w.channel.id, w.last().id)
    await w.env.settle()

    await w.alice.slash(w.channel, "game play", action="add 2")

    assert f"{w.alice.mention} added 2" in w.last().content
    assert [m.id for m in live_messages(w.channel)] == [w.last().id]
    assert caplog.records == []  # the deleted one is not "an old message not cleared"


async def test_a_step_whose_live_message_was_deleted_is_posted_anew(
    simcord_env: simcord.Env, caplog: pytest.LogCaptureFixture
) -> None:
    w = await mo_world(simcord_env, 2)
    await w.start(4)
    state = await w.state()
    actor = w.players[state.to_act()[0]]
    steps = plan_turn(state, random.Random(1))
    assert len(steps) > 2
    announced = w.last()
    w.env.backend.delete_message(w.channel.id, announced.id)
    await w.env.settle()
    sent = len(w.env.http_requests)

    await actor.slash(w.channel, "game play", action=steps[0])  # a step: folded, if it could

    told = w.last()
    assert told.id != announced.id
    assert [m.id for m in live_messages(w.channel)] == [told.id]
    assert [r.method for r in w.env.http_requests[sent:] if r.path.startswith("/channels/")] == [
        "PATCH", "POST"  # the fold refused (404 Unknown Message), then a new message
    ]
    await actor.slash(w.channel, "game play", action=" ".join(steps[1:]))
    assert [m.id for m in live_messages(w.channel)] == [w.last().id]
    no_error_logged(caplog)


async def test_computers_play_on_after_a_lost_post_and_the_table_is_posted_once(
    table_world: TableWorld, caplog: pytest.LogCaptureFixture
) -> None:
    """Alice's turn cannot be posted, nor the computer's after it: every move is
    stored, the computer plays its turn, and the table is posted once afterwards."""
    w = table_world
    await w.open_lobby("mine-out")
    await w.alice.click(w.last(), custom_id=lobby_id(w.last(), "easy"))
    await w.alice.click(w.last(), custom_id=lobby_id(w.last(), "start"))
    bot = w.env.bot
    assert isinstance(bot, TableBot)
    await bot.computers.idle()
    table = await bot.service.tables.get_table(1)
    assert table.state is not None and table.seats[table.state.to_act()[0]] == w.alice.id
    before = w.last()
    w.env.inject_error("POST", SEND, status=403, code=50013, times=None)
    assert isinstance(table.state, MineOutState)
    steps = plan_turn(table.state, random.Random(2))
    await w.alice.slash(w.channel, "game play", action=" ".join(steps))  # her whole turn
    await bot.computers.idle()
    table = await bot.service.tables.get_table(1)
    assert table.users_to_act() == (w.alice.id,)  # the computer played its turn
    logged = await bot.service.results.record(1)
    assert len(logged["actions"]) > 1  # alice's turn (one line, one entry), the computer's
    assert w.last().id == before.id  # nothing could be posted
    assert len(warnings_of(caplog)) == 1  # the first failure; the next ones are information

    w.env.backend.faults.clear()
    await w.env.advance_time(TICK)

    posted = w.last()
    assert posted.content.startswith("📌") and posted.id != before.id
    assert [m.id for m in live_messages(w.channel)] == [posted.id]
    assert await bot.service.posts.waiting_since(1) is None
    await w.env.advance_time(TICK)
    assert w.last().id == posted.id
    no_error_logged(caplog)


async def test_a_failed_interaction_callback_applies_nothing(
    table_world: TableWorld, caplog: pytest.LogCaptureFixture
) -> None:
    """Discord failing the acknowledgement of a typed play: nothing is played (the
    play is acknowledged before the database), nothing posted, no table waiting."""
    w = table_world
    table_id = await adding_turn(w)
    before = w.last()
    w.env.inject_error("POST", "/interactions/*/callback", status=500)

    await w.alice.slash(w.channel, "game play", action="add 2")

    assert await total(w, table_id) == 0
    assert w.last().id == before.id
    assert await service(w).posts.waiting_since(table_id) is None
    with pytest.raises(ExceptionGroup, match="1 error"):  # simcord saw the command fail
        w.env.raise_errors()
    caplog.clear()  # the failure is logged as unexpected, on purpose here


async def test_a_last_move_not_posted_is_posted_with_the_standings(
    table_world: TableWorld, caplog: pytest.LogCaptureFixture
) -> None:
    w = table_world
    table_id = await adding_turn(w)
    players = [w.alice, w.bob]
    for turn in range(6):  # 18 of the 21 the game ends at
        await players[turn % 2].slash(w.channel, "game play", action="add 3")
    w.env.inject_error("POST", SEND, status=500, times=failures.TRIES)

    result = await w.alice.slash(w.channel, "game play", action="add 3")  # the end

    assert "Your move counts" in private_text(result)
    assert (await service(w).tables.get_table(table_id)).status == "finished"
    await w.env.advance_time(TICK)
    posted = w.last()
    assert posted.content.startswith("📌") and f"{w.alice.mention} added 3" in posted.content
    assert "Scores:" in posted.content and "/game export table:1" in posted.content  # the end
    assert [m.id for m in live_messages(w.channel)] == [posted.id]  # with its Rematch
    assert await service(w).posts.waiting_since(table_id) is None
    no_error_logged(caplog)
