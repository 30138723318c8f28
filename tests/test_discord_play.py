"""``/game play``: typed or suggested plays for every game, bound to a table version,
and the per-game aliases ``/coal play`` / ``/sab play`` giving the same result."""

from __future__ import annotations

import asyncio

import pytest
import simcord

from bot.games.coal_baron import CoalBaronState
from bot.i18n import t
from bot.service import GameService
from bot.service.errors import StaleAction
from cogs.platform.play_command import read_value
from tests.coal_baron_discord_support import coal_world, fixed_seed, state_of
from tests.discord_support import TableWorld, private_text, suggested

__all__ = ["fixed_seed"]  # the Coal Baron support's autouse fixture


@pytest.fixture
def w(table_world: TableWorld) -> TableWorld:
    return table_world


async def test_a_suggestion_carries_the_version_and_a_repeat_is_refused_as_stale(
    w: TableWorld,
) -> None:
    await w.start_tiny()
    choices = await w.alice.autocomplete(w.channel, "game play", "action", "")
    assert suggested(choices) == ["keep", "swap"]
    assert all(choice["value"].startswith("@2 ") for choice in choices)
    assert [choice["name"] for choice in choices] == ["keep", "swap"]
    keep = choices[0]["value"]
    await w.alice.slash(w.channel, "game play", action=keep)
    assert f"{w.alice.mention} played." in w.last().content
    again = await w.alice.slash(w.channel, "game play", action=keep)
    assert private_text(again) == t("en", "error.stale_action")
    simcord.assert_error(w.env, StaleAction)


async def test_a_play_sent_many_times_at_one_version_applies_once(w: TableWorld) -> None:
    """What ``/game play`` does with 1,000 identical commands read at one version (simcord
    sends one command at a time, so they go straight to the service, as the command does)."""
    await w.start_tiny()
    service: GameService = w.env.bot.service  # type: ignore[attr-defined]
    table = await service.tables.active_table(w.channel.id)
    assert table is not None
    notation, version = read_value("keep", table.version)
    results = await asyncio.gather(
        *(service.moves.act(table.id, w.alice.id, notation, version) for _ in range(1000)),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, BaseException) for r in results) == 1
    assert all(isinstance(r, StaleAction) for r in results if isinstance(r, BaseException))
    after = await service.tables.get_table(table.id)
    assert after.version == table.version + 1


async def test_the_typed_text_is_read_only_up_to_a_bounded_length(w: TableWorld) -> None:
    await w.start_tiny()
    huge = "add " * 1500  # Discord's longest option, 6,000 characters
    assert await w.alice.autocomplete(w.channel, "game play", "action", huge) == []


async def test_coal_play_and_game_play_give_the_same_result(simcord_env: simcord.Env) -> None:
    world = await coal_world(simcord_env)
    await world.start(2)
    table = await world.table()
    reference = CoalBaronState.new(2, table.seed)
    for turn in range(4):
        state = state_of(await world.table())
        seat = state.to_act()[0]
        notation = state.format_action(state.legal_actions(seat)[0])
        command = "coal play" if turn % 2 else "game play"
        await world.seats[seat].slash(world.channel, command, action=notation)
        reference.apply(seat, reference.parse_action(seat, notation))
        assert state_of(await world.table()).to_json() == reference.to_json(), command


async def test_a_turn_message_pings_only_the_players_to_act(w: TableWorld) -> None:
    await w.start_tiny()
    await w.alice.slash(w.channel, "game play", action="keep")
    turn = w.last()
    assert w.alice.mention in turn.content and w.bob.mention in turn.content
    stored = w.env.backend.get_message(w.channel.id, turn.id)
    assert stored.ping_user_ids == [w.bob.id]  # alice is named, only bob is pinged
