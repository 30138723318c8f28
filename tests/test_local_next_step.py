"""The local table's next step is on screen (issue 44), in a real browser: a game
abandoned ends with the welcome's one-click games offered again as the newest message,
shown at the bottom of the page; one click there starts the next game, whose first
turn the page shows. And a menu of a turn panel redrawn in place (a step taken back)
can be chosen again in the page."""

from __future__ import annotations

import signal
from pathlib import Path

from tests.chromium import headless_chromium
from tests.local_table_support import (
    BROWSER_TESTS,
    MESSAGES,
    PANEL,
    STEP_SECONDS,
    assert_no_errors,
    button,
    choose,
    click,
    in_panel,
    local_table,
    newest_private,
    newest_shown,
    slash,
)
from tests.test_local_games import start_by_welcome

pytestmark = BROWSER_TESTS

async def test_an_abandoned_game_offers_the_welcome_games_again_at_the_bottom(
    tmp_path: Path,
) -> None:
    database, log = tmp_path / "local.sqlite3", tmp_path / "table.log"
    async with headless_chromium(420, 900, mobile=True) as page, \
            local_table(database, log) as table:
        await start_by_welcome(page, table, "Coal Baron")
        await slash(page, "/game abandon", None)
        await click(page, in_panel("Yes, abandon"))
        await page.wait_for(newest_shown("What next?"), STEP_SECONDS)
        await click(page, button("Play Mine Out against the computer"))  # the newest
        # Mine Out's first turn, whose button opens its panel (Coal Baron's has My view):
        started = (f"[...document.querySelectorAll('{MESSAGES} .channel-message')].some(m =>"
                   " m.innerText.includes('The game begins')"
                   " && m.innerText.includes('My turn / my hand'))")
        await page.wait_for(started, STEP_SECONDS)
        await page.wait_for(newest_shown(""), STEP_SECONDS)  # the page at its newest
        assert_no_errors(page, log)
        assert "Local table stopped." in await table.stop(signal.SIGTERM)


async def test_a_redrawn_mine_out_panels_menu_is_chosen_again(tmp_path: Path) -> None:
    """Alice plays a card from her Mine Out panel's menu, takes it back (the panel is
    redrawn in place, the menu at the same place), and chooses the same card again:
    the page sends it and the panel shows the step again. (Whether the page kept the
    old choice there depends on the deal, drawn at random here: the redrawn menu's new
    values, `Settings.new_menu_values`, are checked in tests/test_discord_menus.py.)"""
    database, log = tmp_path / "local.sqlite3", tmp_path / "table.log"
    async with headless_chromium(420, 900, mobile=True) as page, \
            local_table(database, log) as table:
        await start_by_welcome(page, table, "Mine Out")
        await click(page, button("My turn"))
        await page.wait_for(f"/your turn/.test({newest_private()})", STEP_SECONDS)
        card = await choose(page, "Play a card", within=PANEL)
        step = f"{newest_private()}.includes('So far:')"
        await page.wait_for(step, STEP_SECONDS)
        await click(page, in_panel("Undo"))
        await page.wait_for(f"!{step}", STEP_SECONDS)
        assert await choose(page, "Play a card", card, within=PANEL) == card
        await page.wait_for(step, STEP_SECONDS)
        assert_no_errors(page, log)
        assert "Local table stopped." in await table.stop(signal.SIGTERM)
