"""Every play is acknowledged before any database or image work: a slow database
(longer than Discord's 3 s) no longer loses the interaction."""

from __future__ import annotations

from typing import Any

import pytest
import simcord

from bot.service import Moves
from bot.service.store import TableStore
from cogs.coal_baron.labels import space_name
from tests.coal_baron_discord_support import fixed_seed, state_of
from tests.discord_support import SLOW_SECONDS
from tests.test_coal_baron_discord import acting, started

__all__ = ["fixed_seed"]  # an autouse fixture: same deal every run


def slow_database(env: simcord.Env, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table read takes `SLOW_SECONDS` of simcord's clock."""
    original = TableStore.get

    async def slowly(store: TableStore, *args: Any, **kwargs: Any) -> Any:
        env.backend.advance_clock(SLOW_SECONDS)
        return await original(store, *args, **kwargs)

    monkeypatch.setattr(TableStore, "get", slowly)


async def test_a_click_is_acknowledged_before_the_table_is_read(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = await started(simcord_env)
    player, _ = await acting(world)
    table = await world.table()
    slow_database(simcord_env, monkeypatch)
    view = await player.click(world.last(), custom_id=f"mt:view:{table.id}")
    assert view.acknowledged and view.ephemeral
    assert view.response is not None and len(view.response.attachments) == 1  # the mine


async def test_a_typed_play_is_acknowledged_before_the_database(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = await started(simcord_env)
    player, _ = await acting(world)
    state = state_of(await world.table())
    line = state.format_action(state.legal_actions(state.to_act()[0])[0])
    original = Moves.act

    async def slow_act(moves: Moves, *args: Any, **kwargs: Any) -> Any:
        simcord_env.backend.advance_clock(SLOW_SECONDS)
        return await original(moves, *args, **kwargs)

    monkeypatch.setattr(Moves, "act", slow_act)
    before = world.last()
    result = await player.slash(world.channel, "coal play", action=line)
    assert result.acknowledged and result.ephemeral
    posted = world.last()  # the turn message, with the space played in words
    assert posted.id != before.id and f"on {space_name('en', line.split()[0])}" in posted.content
