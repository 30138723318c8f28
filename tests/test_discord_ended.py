"""A table that ends looks ended (docs/platform.md, "A table that ends"): every public
message it left (lobby posts, turn messages, reminders) is closed once, found from the
ids the service kept, whatever the channel got since and after a restart; a click on
any control of an ended table answers how and when it ended, with a link to its last
message, and changes nothing. In English and in French."""

from __future__ import annotations

import discord
import pytest
import simcord

from bot.startup.config import Settings
from tests.discord_support import (
    TableWorld,
    action_id,
    as_seen_before,
    custom_ids,
    live_messages,
    lobby_id,
    now,
    private_text,
    restart,
)

ENDED = {
    "en": ("🏁 Table #1 has ended: {how}, <t:", "Table #1 has ended: {how}, <t:",
           "Its last message: {link}"),
    "fr": ("🏁 La table n°1 est terminée : {how}, <t:", "La table n°1 est terminée : {how}, <t:",
           "Son dernier message : {link}"),
}
"""Per language: how a closed message starts, how the answer to a click starts and ends."""

HOW = {
    "en": {"lobby": "it was closed before its game started", "abandoned": "the game was abandoned",
           "finished": "the game is over"},
    "fr": {"lobby": "elle a été fermée avant le début de la partie",
           "abandoned": "la partie a été abandonnée", "finished": "la partie est terminée"},
}

BUSY = 30
"""Messages of other people between the table's first post and its end (more than
the 25 newest the bot looked through before)."""


def language(w: TableWorld) -> str:
    return "fr" if w.guild.name.endswith("-fr") else "en"


def says_closed(w: TableWorld, message: discord.Message, how: str) -> None:
    """`message`, as it is now, holds no control and says the table ended, `how`."""
    shown = now(w.channel, message)
    assert custom_ids(shown) == [], shown.content
    lang = language(w)
    start = ENDED[lang][0].format(how=HOW[lang][how])
    assert shown.content.startswith(start), shown.content


async def click_answers_ended(
    w: TableWorld, user: simcord.MemberActor, custom_id: str, how: str, last: discord.Message
) -> None:
    """A click on `custom_id`, kept by a client, answers how and when the table ended
    with a link to `last`, privately."""
    old = await as_seen_before(w.env, w.channel, custom_id)
    result = await user.click(old, custom_id=custom_id)
    lang = language(w)
    answer = private_text(result)
    assert answer.startswith(ENDED[lang][1].format(how=HOW[lang][how])), answer
    assert answer.endswith(ENDED[lang][2].format(link=last.jump_url)), answer


async def chatter(w: TableWorld) -> None:
    for n in range(BUSY):
        await w.carol.send(w.channel, f"chatting {n}")


@pytest.fixture
def w(world_in_language: TableWorld) -> TableWorld:
    return world_in_language


async def test_an_abandoned_lobby_closes_every_lobby_post_however_far_back(w: TableWorld) -> None:
    first = await w.open_lobby("coal-baron")
    assert len(custom_ids(first)) == 8  # Join, Leave, Start, three computers, two toggles
    await w.bob.slash(w.channel, "game join")  # a second lobby post
    second = w.last()
    assert custom_ids(second) == custom_ids(first)
    await chatter(w)
    asked = await w.alice.slash(w.channel, "game abandon")
    assert asked.response is not None
    await w.alice.click(asked.response.message, custom_id="mt:abandon:1:yes")
    announce = w.last()
    assert live_messages(w.channel) == []  # 16 controls before
    for post in (first, second):
        says_closed(w, post, "lobby")
        assert "2/4" not in now(w.channel, post).content
    for custom_id in (lobby_id(first, "join"), "mt:cpu:1:easy", "mt:takeover:1:on"):
        await click_answers_ended(w, w.bob, custom_id, "lobby", announce)
    table = await w.bot.service.tables.get_table(1)
    assert table.seats == (w.alice.id, w.bob.id)  # the clicks changed nothing


async def test_a_lobby_its_creator_leaves_is_closed_in_every_post(w: TableWorld) -> None:
    first = await w.open_lobby()
    await w.bob.slash(w.channel, "game join")
    await chatter(w)
    await w.alice.slash(w.channel, "game leave")
    left = w.last()
    says_closed(w, left, "lobby")
    says_closed(w, first, "lobby")
    assert live_messages(w.channel) == []
    await click_answers_ended(w, w.bob, lobby_id(first, "start"), "lobby", left)


async def test_a_game_abandoned_after_a_busy_channel_and_a_restart_closes_its_messages(
    w: TableWorld, settings: Settings
) -> None:
    lobby = await w.open_lobby()
    await w.bob.click(lobby, custom_id=lobby_id(lobby, "join"))
    await chatter(w)  # the lobby is far back when the game starts
    await w.alice.click(lobby, custom_id=lobby_id(lobby, "start"))
    first = w.last()
    assert live_messages(w.channel) == [first]  # the lobby lost its controls
    await w.alice.click(first, custom_id=action_id(first, "keep"))
    turn = w.last()
    await chatter(w)
    await restart(w, settings)
    asked = await w.alice.slash(w.channel, "game abandon")
    assert asked.response is not None
    await w.alice.click(asked.response.message, custom_id="mt:abandon:1:yes")
    announce = w.last()
    assert live_messages(w.channel) == []
    says_closed(w, turn, "abandoned")
    assert now(w.channel, turn).content.endswith(turn.content)  # what it told stays
    for custom_id in (action_id(turn, "keep"), "mt:view:1", "mt:read:1"):
        await click_answers_ended(w, w.bob, custom_id, "abandoned", announce)


async def test_a_finished_game_keeps_its_end_controls_and_closes_the_rest(w: TableWorld) -> None:
    first = await w.start_tiny()
    await w.alice.click(first, custom_id=action_id(first, "keep"))
    await w.bob.click(w.last(), custom_id=action_id(w.last(), "keep"))
    turn = w.last()
    while not custom_ids(turn)[0].startswith("mt:rematch"):
        before = turn
        to_act = w.alice if f"👉 {w.alice.mention}" in turn.content else w.bob
        largest = next(n for n in ("add 3", "add 2", "add 1") if n in str(custom_ids(turn)))
        await to_act.click(turn, custom_id=action_id(turn, largest))
        turn = w.last()
    assert [m.id for m in live_messages(w.channel)] == [turn.id]
    assert custom_ids(turn) == ["mt:rematch:1", "mt:export:1"]  # its own end controls
    says_closed(w, before, "finished")  # the turn message before the end
    await click_answers_ended(w, w.alice, action_id(before, largest), "finished", turn)
    exported = await w.carol.click(turn, custom_id="mt:export:1")  # still works
    assert exported.response is not None and exported.response.attachments
