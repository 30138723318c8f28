"""Playing through Discord: action buttons and selects, private views, status, skip,
abandon, export and rules, with every way a click can be refused."""

from __future__ import annotations

import asyncio
import json

import discord
import pytest
import simcord

from bot.app import TableBot
from bot.i18n import catalog
from bot.service import GameService
from bot.service.errors import NotCreator, NotSeated, SkipOwnTurn, SkipTooEarly
from cogs.platform.errors import ExportBeforeEnd
from cogs.platform.plugins import PLUGINS, GamePlugin
from cogs.platform.seen import Seen
from tests.conftest import REMINDER_MINUTES
from tests.discord_support import (
    TableWorld,
    action_id,
    as_seen_before,
    bot_of,
    custom_ids,
    live_messages,
    now,
    private_text,
)
from tests.tiny_plugin import TinyPresenter
from tests.tinygame import TinyGame


def service_of(w: TableWorld) -> GameService:
    bot = bot_of(w.env)
    assert isinstance(bot, TableBot)
    return bot.service


@pytest.fixture
def w(table_world: TableWorld) -> TableWorld:
    return table_world


async def play(w: TableWorld, actor: simcord.MemberActor, notation: str) -> discord.Message:
    """`actor` clicks `notation` on the latest message; returns the next turn message."""
    result = await actor.click(w.last(), custom_id=action_id(w.last(), notation))
    assert not [m for m in result.followups if m.ephemeral and "not" in m.content.lower()]
    return w.last()


async def reach_adding_phase(w: TableWorld) -> discord.Message:
    """Start a tiny game, both players keep their card; alice is to add."""
    await w.start_tiny()
    await play(w, w.alice, "keep")
    return await play(w, w.bob, "keep")


async def test_an_action_button_plays_and_announces_the_next_player(w: TableWorld) -> None:
    first = await w.start_tiny()
    assert custom_ids(first) == ["mt:act:1:2:keep", "mt:act:1:2:swap", "mt:view:1"]
    turn = await play(w, w.alice, "keep")
    assert f"{w.alice.mention} played." in turn.content
    assert f"👉 {w.bob.mention}: your turn" in turn.content


async def test_a_click_out_of_turn_is_refused(w: TableWorld) -> None:
    turn = await reach_adding_phase(w)
    assert f"👉 {w.alice.mention}" in turn.content
    result = await w.bob.click(turn, custom_id=action_id(turn, "add 1"))
    assert private_text(result) == "It is not your turn."


async def test_a_double_click_plays_once_and_says_the_table_moved_on(w: TableWorld) -> None:
    turn = await reach_adding_phase(w)
    add_2 = action_id(turn, "add 2")
    await w.alice.click(turn, custom_id=add_2)
    assert custom_ids(now(w.channel, turn)) == []  # the next turn holds the live components
    result = await w.alice.click(await as_seen_before(w.env, w.channel, add_2), custom_id=add_2)
    assert "moved on" in private_text(result)
    status = await w.alice.slash(w.channel, "game status")
    assert f"waiting for {w.bob.mention}" in private_text(status)


async def test_a_button_of_an_older_turn_says_the_table_moved_on(w: TableWorld) -> None:
    first = await w.start_tiny()
    keep = action_id(first, "keep")
    await play(w, w.alice, "keep")
    result = await w.bob.click(await as_seen_before(w.env, w.channel, keep), custom_id=keep)
    assert "moved on" in private_text(result)


async def test_a_spectator_clicking_an_action_is_told_only_players_act(w: TableWorld) -> None:
    first = await w.start_tiny()
    result = await w.carol.click(first, custom_id=action_id(first, "keep"))
    assert "You do not have a seat" in private_text(result)
    result = await w.carol.click(first, custom_id="mt:view:1")
    assert "You do not have a seat" in private_text(result)


async def test_my_view_shows_the_players_own_actions_only_to_them(w: TableWorld) -> None:
    await reach_adding_phase(w)
    result = await w.alice.click(w.last(), custom_id="mt:view:1")
    assert result.response is not None and result.response.ephemeral
    offered = ["mt:act:1:4:add 1", "mt:act:1:4:add 2", "mt:act:1:4:add 3"]
    assert custom_ids(result.response.message) == offered
    result = await w.bob.click(w.last(), custom_id="mt:view:1")
    assert "Nothing for you to do" in private_text(result)


class LongLabels(TinyPresenter):
    """Labels too long for buttons, so the actions are offered in a select."""

    def label(self, seen: Seen, notation: str) -> str:
        return f"{notation} " + "-" * 90


async def test_the_action_select_plays_the_chosen_notation(
    w: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(PLUGINS, "tiny", GamePlugin(TinyGame, LongLabels()))
    first = await w.start_tiny()
    assert custom_ids(first) == ["mt:pick:1:2:0", "mt:view:1"]
    await w.alice.select(first, ["swap"], custom_id="mt:pick:1:2:0")
    assert f"{w.alice.mention} played." in w.last().content
    old = await as_seen_before(w.env, w.channel, "mt:pick:1:2:0", ["keep", "swap"])
    result = await w.bob.select(old, ["keep"], custom_id="mt:pick:1:2:0")
    assert "moved on" in private_text(result)


@pytest.mark.complete_game("tiny")
async def test_the_end_of_the_game_is_announced_and_its_buttons_then_say_so(w: TableWorld) -> None:
    turn = await reach_adding_phase(w)
    while "Game over" not in turn.content:
        to_act = w.alice if f"👉 {w.alice.mention}" in turn.content else w.bob
        largest = next(n for n in ("add 3", "add 2", "add 1") if n in str(custom_ids(turn)))
        last_ids = custom_ids(turn)
        turn = await play(w, to_act, largest)
        assert len(live_messages(w.channel)) <= 1
    assert "Winner:" in turn.content
    assert [m.id for m in live_messages(w.channel)] == [turn.id]
    # The summary: the standings, the score chart, and only Rematch and Export to click.
    assert [a.filename for a in turn.attachments] == ["scores.png"]
    assert custom_ids(turn) == ["mt:rematch:1", "mt:export:1"]
    exported = await w.carol.click(turn, custom_id="mt:export:1")  # a spectator may export
    [attachment] = exported.response.attachments if exported.response else []
    assert exported.ephemeral and json.loads(await attachment.read())["game"] == "tiny"
    for custom_id in (last_ids[0], "mt:view:1"):
        old = await as_seen_before(w.env, w.channel, custom_id)
        result = await w.alice.click(old, custom_id=custom_id)
        answer = private_text(result)  # how and when it ended, linking its last message
        assert answer.startswith("Table #1 has ended: the game is over, <t:"), answer
        assert answer.endswith(f"Its last message: {turn.jump_url}"), answer
    # /game status after the end: how the channel's last game ended, not "no table".
    status = private_text(await w.carol.slash(w.channel, "game status"))
    table = await service_of(w).tables.get_table(1)
    assert status.startswith("**Tiny**, table #1: game over <t:"), status
    assert table.state is not None
    final = zip(table.seats, table.state.scores(), strict=True)
    scores = " · ".join(f"<@{user}> {score}" for user, score in final)
    assert f"Final scores: {scores}" in status
    result = await w.alice.slash(w.channel, "game export", table=1)
    [attachment] = result.response.attachments if result.response else []
    record = json.loads(await attachment.read())
    assert record["game"] == "tiny"
    assert record["actions"][:2] == ["@0 keep", "keep"]


async def test_turns_and_private_answers_leave_nothing_behind_in_the_bot(w: TableWorld) -> None:
    """Every component is dispatched by its class (`TableItem`): discord.py must keep no
    view per turn message, and no 15-minute timeout task per private answer (they
    piled up for the life of the bot, and made simcord's settling scan them all)."""
    turn = await reach_adding_phase(w)
    tasks = len(asyncio.all_tasks())
    while "Game over" not in turn.content:
        to_act = w.alice if f"👉 {w.alice.mention}" in turn.content else w.bob
        private = await to_act.click(turn, custom_id="mt:view:1")
        assert private.ephemeral and custom_ids(w.last()) == custom_ids(turn)
        largest = next(n for n in ("add 3", "add 2", "add 1") if n in str(custom_ids(turn)))
        turn = await play(w, to_act, largest)
    assert bot_of(w.env).persistent_views == []
    assert len(asyncio.all_tasks()) <= tasks


async def test_status_shows_whose_turn_since_when_and_the_scores(w: TableWorld) -> None:
    await reach_adding_phase(w)
    result = await w.carol.slash(w.channel, "game status")
    text = private_text(result)
    assert f"waiting for {w.alice.mention}, whose turn began <t:" in text
    assert f"{w.alice.mention} 0 · {w.bob.mention} 0" in text


async def test_status_in_the_lobby_lists_the_seats(w: TableWorld) -> None:
    await w.open_lobby()
    result = await w.bob.slash(w.channel, "game status")
    assert w.alice.mention in private_text(result)


async def test_skip_is_refused_before_twice_the_reminder_delay(w: TableWorld) -> None:
    await reach_adding_phase(w)
    await w.env.advance_time(REMINDER_MINUTES * 60)
    result = await w.bob.slash(w.channel, "game skip")
    simcord.assert_error(w.env, SkipTooEarly)
    assert f"wait {REMINDER_MINUTES} more minutes" in private_text(result)


async def test_skip_plays_the_default_action_of_the_idle_player(w: TableWorld) -> None:
    await reach_adding_phase(w)
    await w.env.advance_time(2 * REMINDER_MINUTES * 60)
    result = await w.bob.slash(w.channel, "game skip")
    assert private_text(result) == "Done."  # never the idle seat's action: it may be secret
    turn = w.last()
    assert f"{w.bob.mention} skipped the turn of {w.alice.mention}" in turn.content
    assert f"{w.alice.mention} added 1" in turn.content
    assert f"👉 {w.bob.mention}" in turn.content


async def test_abandon_asks_for_confirmation_then_closes_the_game(w: TableWorld) -> None:
    first = await w.start_tiny()
    asked = await w.alice.slash(w.channel, "game abandon")
    assert asked.response is not None and asked.response.ephemeral
    assert custom_ids(asked.response.message) == ["mt:abandon:1:yes", "mt:abandon:1:no"]
    confirmed = await w.alice.click(asked.response.message, custom_id="mt:abandon:1:yes")
    assert confirmed.response is not None and "abandoned" in confirmed.response.content
    announce = w.last()
    assert f"{w.alice.mention} abandoned" in announce.content
    closed = now(w.channel, first)  # the turn message: no control, saying it ended
    assert custom_ids(closed) == []
    assert closed.content.startswith("🏁 Table #1 has ended: the game was abandoned, <t:")
    assert first.content in closed.content  # what it told stays
    for custom_id in (action_id(first, "keep"), "mt:view:1"):  # kept by a client
        result = await w.bob.click(await as_seen_before(w.env, w.channel, custom_id),
                                   custom_id=custom_id)
        answer = private_text(result)
        assert answer.startswith("Table #1 has ended: the game was abandoned, <t:"), answer
        assert answer.endswith(f"Its last message: {announce.jump_url}"), answer
    status = private_text(await w.carol.slash(w.channel, "game status"))
    assert status.startswith("**Tiny**, table #1: abandoned <t:"), status
    await w.bob.slash(w.channel, "game new", game="tiny")
    assert "table #2" in w.last().content


async def test_abandon_can_be_called_off(w: TableWorld) -> None:
    await w.start_tiny()
    asked = await w.alice.slash(w.channel, "game abandon")
    assert asked.response is not None
    await w.alice.click(asked.response.message, custom_id="mt:abandon:1:no")
    result = await w.alice.slash(w.channel, "game status")
    assert "waiting for" in private_text(result)


async def test_abandon_is_refused_to_a_player_who_is_not_the_creator(w: TableWorld) -> None:
    await w.start_tiny()
    result = await w.bob.slash(w.channel, "game abandon")
    simcord.assert_error(w.env, NotCreator)
    assert "Only the table's creator" in private_text(result)


async def test_someone_who_manages_the_channel_may_abandon(w: TableWorld) -> None:
    await w.start_tiny()
    role = w.guild.create_role("mods", permissions=discord.Permissions(manage_channels=True))
    mod = w.guild.add_member(w.env.create_user("mod"), roles=[role])
    asked = await mod.slash(w.channel, "game abandon")
    assert asked.response is not None
    await mod.click(asked.response.message, custom_id="mt:abandon:1:yes")
    assert f"{mod.mention} abandoned" in w.last().content


async def test_export_waits_for_the_end_of_the_game(w: TableWorld) -> None:
    await w.start_tiny()
    result = await w.alice.slash(w.channel, "game export")
    simcord.assert_error(w.env, ExportBeforeEnd)
    assert "once the game is over" in private_text(result)


async def test_rules_summarise_a_game_and_say_how_to_play_here(w: TableWorld) -> None:
    result = await w.carol.slash(w.channel, "game rules", game="tiny")
    text = private_text(result)
    assert "no rules summary" in text
    assert "Playing here" in text


async def test_private_events_go_only_to_their_owner_ephemerally(
    w: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    for language, text in (("en", "You drew a {card}."), ("fr", "Vous piochez un {card}.")):
        monkeypatch.setitem(catalog(language), "event.tiny.drew", text)
    first = await w.start_tiny()
    result = await w.bob.click(first, custom_id=action_id(first, "swap"))
    drawn = private_text(result)
    assert drawn.startswith("You drew a ")
    assert all(drawn not in message.content for message in w.channel.history())
    assert f"{w.bob.mention} played." in w.last().content


async def test_only_another_seated_player_may_skip(w: TableWorld) -> None:
    await reach_adding_phase(w)
    await w.env.advance_time(2 * REMINDER_MINUTES * 60)
    result = await w.alice.slash(w.channel, "game skip")
    simcord.assert_error(w.env, SkipOwnTurn)
    assert "your own turn" in private_text(result)
    result = await w.carol.slash(w.channel, "game skip")
    simcord.assert_error(w.env, NotSeated)
    assert "You do not have a seat" in private_text(result)
