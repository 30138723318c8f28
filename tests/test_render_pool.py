"""The render pool: images drawn in worker processes; a failed or late render lets the
turn's text through with a button that draws the images again."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Callable

import pytest
import simcord

import cogs.coal_baron.presenter
from bot.games.coal_baron.state import CoalBaronState
from bot.i18n import languages
from bot.workers.render_pool import (
    RenderFailed,
    RenderPool,
    install,
    render_png,
    uninstall,
    warm_up,
)
from cogs.coal_baron.labels import space_name
from cogs.platform.plugins import all_plugins
from renderer.coal_baron.board import render_board
from renderer.coal_baron.labels import numbered_names
from tests.coal_baron_discord_support import attachment_names, fixed_seed, state_of
from tests.discord_support import custom_ids
from tests.render_failures import broken_render, dying_render, slow_render
from tests.test_coal_baron_discord import acting, started

__all__ = ["fixed_seed"]  # an autouse fixture: same deal every run

TIMEOUT_SECONDS = 0.3
TURN_TIMEOUT_SECONDS = 1.5
"""The pool's timeout while a whole turn is drawn: shorter than `slow_render`, and long
enough for the real images on a busy machine (make test runs two tests at a time)."""


@pytest.fixture
async def pool() -> AsyncIterator[RenderPool]:
    """One worker process, installed as the bot's pool would be (not warmed up: faster)."""
    pool = RenderPool(1, timeout=30)
    await pool.start()
    install(pool)
    yield pool
    uninstall(pool)
    await pool.close()


async def test_a_worker_draws_the_same_png_as_a_direct_call(pool: RenderPool) -> None:
    view = CoalBaronState.new(3, seed=2).view(None)
    names = numbered_names(3, "en")
    assert await render_png(render_board, view, names, "en") == render_board(view, names, "en")


async def test_a_worker_runs_in_a_session_of_its_own_at_a_lower_priority(
    pool: RenderPool,
) -> None:
    await render_png(render_board, CoalBaronState.new(2, seed=1).view(None),
                     numbered_names(2, "en"), "en")
    [worker] = pool.worker_pids()
    assert os.getsid(worker) == worker != os.getsid(0)
    assert os.getpriority(os.PRIO_PROCESS, worker) > os.getpriority(os.PRIO_PROCESS, 0)


async def test_without_workers_images_are_drawn_in_a_thread() -> None:
    view = CoalBaronState.new(2, seed=4).view(None)
    names = numbered_names(2, "fr")
    drawn = await RenderPool(0).render(render_board, view, names, "fr")
    assert drawn == render_board(view, names, "fr")


@pytest.mark.parametrize("workers", [0, 1])
async def test_a_renderer_that_raises_gives_render_failed(workers: int) -> None:
    pool = RenderPool(workers)
    await pool.start()
    with pytest.raises(RenderFailed, match="the renderer broke"):
        await pool.render(broken_render)
    await pool.close()


@pytest.mark.parametrize("workers", [0, 1])
async def test_a_render_longer_than_the_timeout_gives_render_failed(workers: int) -> None:
    pool = RenderPool(workers, timeout=TIMEOUT_SECONDS)
    await pool.start()
    with pytest.raises(RenderFailed, match="took more than"):
        await pool.render(slow_render)
    await pool.close()


async def test_a_dead_worker_gives_render_failed_and_the_pool_starts_again(
    pool: RenderPool,
) -> None:
    with pytest.raises(RenderFailed, match="died"):
        await pool.render(dying_render)
    view = CoalBaronState.new(2, seed=5).view(None)
    names = numbered_names(2, "en")
    assert await pool.render(render_board, view, names, "en") == render_board(view, names, "en")


async def test_a_pool_not_started_refuses_to_render() -> None:
    with pytest.raises(RenderFailed, match="not running"):
        await RenderPool(1).render(render_board, {}, (), "en")


@pytest.mark.parametrize("failure", [broken_render, slow_render])
async def test_a_turn_goes_out_with_its_text_and_a_retry_button_when_the_board_fails(
    simcord_env: simcord.Env,
    pool: RenderPool,
    monkeypatch: pytest.MonkeyPatch,
    failure: Callable[..., bytes],
) -> None:
    world = await started(simcord_env)
    player, other = await acting(world)
    table = await world.table()
    state = state_of(table)
    line = state.format_action(state.legal_actions(state.to_act()[0])[0])
    monkeypatch.setattr(cogs.coal_baron.presenter, "render_board", failure)
    pool.timeout = TURN_TIMEOUT_SECONDS

    await player.slash(world.channel, "coal play", action=line)

    turn = world.last()
    space = space_name("en", line.split()[0])
    assert f"on {space}" in turn.content  # the turn's text, the space in words
    assert "board.png" not in attachment_names(turn)  # the mines drawn, if a mine changed
    retry = f"mt:img:{table.id}:{table.version + 1}"
    assert retry in custom_ids(turn)

    monkeypatch.setattr(cogs.coal_baron.presenter, "render_board", render_board)
    pool.timeout = 30
    await other.click(turn, custom_id=retry)
    assert sorted(attachment_names(world.last())) == ["board.png", "mines.png"]
    assert retry not in custom_ids(world.last())


def test_the_warm_up_runs_each_games_own_in_every_language() -> None:
    calls: list[tuple[str, str]] = []
    games = [lambda lang, g=game: calls.append((g, lang)) for game in ("a", "b")]
    assert warm_up(games, languages()) == os.getpid()
    assert calls == [(g, lang) for lang in languages() for g in ("a", "b")]
    assert {p.game_id for p in all_plugins() if p.warm_up} >= {"coal-baron", "saboteur"}
