"""Computer players through the real bot (simcord): the lobby's buttons, whole games
to the standings with people and computers, and the error paths.

Computers think briefly and move without a pause here (`tests.conftest` settings);
`ComputerTable.idle` waits for the background task that plays their turns.
"""

from __future__ import annotations

import random

import discord
import pytest

from bot.app import TableBot
from bot.games.record import initial_state, play_entry
from bot.i18n import t
from bot.service import Table, TableStatus
from cogs.platform.names import known_names, mention
from tests.coal_baron_discord_support import fixed_seed
from tests.conftest import REMINDER_MINUTES
from tests.discord_support import (
    TableWorld,
    as_seen_before,
    bot_of,
    custom_ids,
    lobby_id,
    private_text,
    reminders,
    restart,
    speak_french,
)

__all__ = ["fixed_seed"]  # autouse: the same deal every run

MOVE_LIMIT = 2000
"""More moves than any of these games takes: a game that does not end fails."""
SETTLE_SECONDS = 120.0
"""simcord waits for the bot to settle after each click, computer turns included: a
whole game of computer moves may follow one click (a busy machine is slow)."""


def table_bot(w: TableWorld) -> TableBot:
    bot = bot_of(w.env)
    assert isinstance(bot, TableBot)
    return bot


async def table_of(w: TableWorld, table_id: int = 1) -> Table:
    return await table_bot(w).service.tables.get_table(table_id)


async def open_with_computers(
    w: TableWorld, game: str, levels: list[str], **options: object
) -> discord.Message:
    """alice opens a `game` table and adds a computer of each of `levels`; the lobby."""
    w.env.settle_timeout = SETTLE_SECONDS
    await w.open_lobby(game, **options)
    for level in levels:
        await w.alice.click(w.last(), custom_id=lobby_id(w.last(), level))
    return w.last()


def posted_texts(w: TableWorld) -> list[str]:
    return [m.content for m in w.channel.history() if m.author.bot]


async def play_out(w: TableWorld, rng: random.Random, default: bool = False) -> Table:
    """Let computers play (in the background) and alice play a random legal move
    (with `default`: the turn's default action) whenever it is her turn, typed
    with /game play, until the game ends."""
    for _ in range(MOVE_LIMIT):
        await table_bot(w).computers.idle()
        table = await table_of(w)
        if table.status != TableStatus.PLAYING:
            return table
        assert table.state is not None
        seat = table.seats.index(w.alice.id)
        assert seat in table.state.to_act(), "the computers stopped while it is their turn"
        legal = table.state.legal_actions(seat)
        action = table.state.default_action(seat) if default else rng.choice(legal)
        notation = table.state.format_action(action)
        await w.alice.slash(w.channel, "game play", action=notation)
    raise AssertionError("the game did not end")


def assert_no_computer_mention(texts: list[str]) -> None:
    assert not any("<@-" in text for text in texts)


async def test_the_lobby_offers_computers_of_three_levels_named_in_words(
    table_world: TableWorld,
) -> None:
    w = table_world
    lobby = await w.open_lobby("coal-baron")
    assert custom_ids(lobby)[3:] == [
        "mt:cpu:1:easy", "mt:cpu:1:normal", "mt:cpu:1:strong", "mt:takeover:1:on",
        "mt:coachnew:1:on",
    ]
    await w.alice.click(lobby, custom_id="mt:cpu:1:easy")
    await w.alice.click(w.last(), custom_id="mt:cpu:1:strong")
    lobby = w.last()
    assert "Computer 1 (easy)" in lobby.content and "Computer 2 (strong)" in lobby.content
    assert "(3/4" in lobby.content
    assert_no_computer_mention([lobby.content])
    assert "mt:cpu:1:remove" in custom_ids(lobby)
    await w.alice.click(lobby, custom_id="mt:cpu:1:remove")
    assert "Computer 2 (strong)" not in w.last().content
    assert (await table_of(w)).seats == (w.alice.id, -11)


async def test_a_game_without_computer_players_offers_none(table_world: TableWorld) -> None:
    lobby = await table_world.open_lobby("tiny")
    assert not any(i.startswith("mt:cpu") for i in custom_ids(lobby))


async def test_only_the_creator_adds_or_removes_computers(table_world: TableWorld) -> None:
    w = table_world
    lobby = await open_with_computers(w, "coal-baron", ["easy"])
    result = await w.bob.click(lobby, custom_id="mt:cpu:1:normal")
    assert "Only the table's creator" in private_text(result)
    result = await w.bob.click(lobby, custom_id="mt:cpu:1:remove")
    assert "Only the table's creator" in private_text(result)
    assert len((await table_of(w)).seats) == 2


async def test_a_full_table_takes_no_more_computers(table_world: TableWorld) -> None:
    w = table_world
    lobby = await open_with_computers(w, "coal-baron", ["easy", "easy", "easy"])
    result = await w.alice.click(lobby, custom_id="mt:cpu:1:easy")
    assert "The table is full (4 players)" in private_text(result)


async def test_computers_cannot_be_removed_once_started(table_world: TableWorld) -> None:
    w = table_world
    lobby = await open_with_computers(w, "coal-baron", ["easy"])
    await w.alice.click(lobby, custom_id=lobby_id(lobby, "start"))
    old_lobby = await as_seen_before(w.env, w.channel, "mt:cpu:1:remove")
    result = await w.alice.click(old_lobby, custom_id="mt:cpu:1:remove")
    assert private_text(result) == t("en", "error.not_in_lobby")


async def test_one_person_and_three_computers_play_coal_baron_to_the_end(
    table_world: TableWorld,
) -> None:
    w = table_world
    lobby = await open_with_computers(w, "coal-baron", ["easy", "easy", "easy"])
    await w.alice.click(lobby, custom_id=lobby_id(lobby, "start"))
    table = await play_out(w, random.Random(1))
    assert table.status == TableStatus.FINISHED
    texts = posted_texts(w)
    final = [e for m in w.channel.history() for e in m.embeds if e.title == "End of the game"]
    assert len(final) == 1 and "Computer 3 — " in str(final[0].description)
    assert_no_computer_mention(texts)
    # every turn got its own public message, like a person's: one per turn, an
    # extraction played step by step or a draw-5 and its choice included
    record = await table_bot(w).service.results.record(1)
    state = initial_state(record)
    turns = 0
    for entry in record["actions"]:
        play_entry(state, entry)
        turns += state.pending is None  # type: ignore[attr-defined]
    public = [m for m in w.channel.history() if m.author.bot and not m.flags.ephemeral]
    assert len(public) == 2 + turns  # the lobby, the start, then one per turn


async def test_four_computers_play_saboteur_while_the_creator_watches(
    table_world: TableWorld,
) -> None:
    w = table_world
    lobby = await open_with_computers(w, "saboteur", ["easy"] * 4)
    await w.alice.click(lobby, custom_id="mt:cpu:1:watch")
    lobby = w.last()
    assert w.alice.mention not in lobby.content.split("\n")[1]
    assert "(4/10" in lobby.content
    await w.alice.click(lobby, custom_id=lobby_id(lobby, "start"))
    table = await play_out(w, random.Random(2))
    assert table.status == TableStatus.FINISHED
    assert w.alice.id not in table.seats
    assert_no_computer_mention(posted_texts(w))


async def test_one_person_and_two_computers_play_saboteur_to_the_end(
    table_world: TableWorld,
) -> None:
    w = table_world
    lobby = await open_with_computers(w, "saboteur", ["easy", "easy"])
    await w.alice.click(lobby, custom_id=lobby_id(lobby, "start"))
    # The images name the computers as the texts do, never "Player 2".
    assert known_names(await table_of(w))[1:] == ("Computer 1", "Computer 2")  # short in images
    table = await play_out(w, random.Random(3))
    assert table.status == TableStatus.FINISHED
    assert_no_computer_mention(posted_texts(w))


async def test_one_person_and_one_computer_play_mine_out_to_the_end_then_a_rematch(
    table_world: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = table_world
    lobby = await open_with_computers(w, "mine-out", ["easy"])
    assert "Computer 1 (easy)" in lobby.content
    await w.alice.click(lobby, custom_id="mt:takeover:1:on")
    await w.alice.click(w.last(), custom_id=lobby_id(lobby, "start"))
    table = await play_out(w, random.Random(4), default=True)
    assert table.status == TableStatus.FINISHED
    assert table.seats == (w.alice.id, -11)
    final = [text for text in posted_texts(w) if "Final standings" in text]
    assert len(final) == 1 and "Computer 1 (easy)" in final[0]
    assert_no_computer_mention(posted_texts(w))
    # every turn was told (a turn played in parts is told once)
    record = await table_bot(w).service.results.record(1)
    state = initial_state(record)
    turns = 0
    for entry in record["actions"]:
        before = state.to_act()
        play_entry(state, entry)
        turns += state.to_act() != before
    assert len(posted_texts(w)) >= turns > 10
    # the rematch keeps the computer at its level and the take-over option
    over = w.last()
    await w.alice.click(over, custom_id="mt:rematch:1")
    rematch = w.last()
    assert rematch.content.startswith("🔁 Rematch of table #1, with the same computers.\n")
    assert "Players (2/4, 2 needed to start): " in rematch.content
    assert "Computer 1 (easy)" in rematch.content
    assert "🤖 A computer takes over the seat of a player idle" in rematch.content
    assert (await table_of(w, 2)).seats == (w.alice.id, -11)
    result = await w.alice.click(over, custom_id="mt:rematch:1")  # clicked twice
    assert private_text(result) == "You already have a seat at this table."
    speak_french(monkeypatch, w.bob)
    result = await w.bob.click(over, custom_id="mt:rematch:1")  # not a player of it
    assert private_text(result).startswith("Vous n'avez pas de place à cette table")
    await w.alice.click(rematch, custom_id=lobby_id(rematch, "start"))
    assert (await table_of(w, 2)).status == TableStatus.PLAYING


async def test_computers_waiting_when_the_bot_stopped_play_after_a_restart(
    table_world: TableWorld, settings: object
) -> None:
    w = table_world
    lobby = await open_with_computers(w, "coal-baron", ["easy", "easy", "easy"])
    bot = table_bot(w)
    # the bot stops before the computers could play: their turns wait in the database
    bot.computers.schedule = lambda table: None  # type: ignore[method-assign]
    await w.alice.click(lobby, custom_id=lobby_id(lobby, "start"))
    table = await table_of(w)
    assert table.state is not None
    alice = table.seats.index(w.alice.id)
    if alice in table.state.to_act():
        first = table.state.format_action(table.state.legal_actions(alice)[0])
        await w.alice.slash(w.channel, "game play", action=first)
    table = await table_of(w)
    assert table.state is not None
    assert all(table.seats[seat] < 0 for seat in table.state.to_act())
    restarted = await restart(w, settings)  # type: ignore[arg-type]
    await restarted.computers.idle()
    after = await restarted.service.tables.get_table(1)
    assert after.state is not None
    assert all(after.seats[seat] == w.alice.id for seat in after.state.to_act())


async def test_a_computer_turn_left_waiting_is_played_not_reminded(
    table_world: TableWorld,
) -> None:
    w = table_world
    lobby = await open_with_computers(w, "coal-baron", ["easy", "easy", "easy"])
    bot = table_bot(w)
    schedule = bot.computers.schedule
    bot.computers.schedule = lambda table: None  # type: ignore[method-assign]
    await w.alice.click(lobby, custom_id=lobby_id(lobby, "start"))
    table = await table_of(w)
    assert table.state is not None
    alice = table.seats.index(w.alice.id)
    if alice in table.state.to_act():
        first = table.state.format_action(table.state.legal_actions(alice)[0])
        await w.alice.slash(w.channel, "game play", action=first)
    bot.computers.schedule = schedule  # type: ignore[method-assign]
    await w.env.advance_time(REMINDER_MINUTES * 60 + 60)
    await bot.computers.idle()
    assert reminders(w) == []
    after = await table_of(w)
    assert after.state is not None
    assert all(after.seats[seat] == w.alice.id for seat in after.state.to_act())


def test_computer_seats_are_named_in_words_in_both_languages() -> None:
    assert mention(-11, "en-US") == "Computer 1 (easy)"
    assert mention(-23, "fr") == "Ordinateur 2 (fort)"
    assert mention(42, "fr") == "<@42>"
