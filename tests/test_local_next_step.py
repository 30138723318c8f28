"""The local table's next step is on screen (issue 44), in a real browser: a game
abandoned ends with the welcome's one-click games offered again as the newest message,
shown at the bottom of the page; one click there starts the next game, whose first
turn the page shows. (After a game played to its end, and a menu of a turn panel
redrawn in place chosen again: tests/test_local_games.py, the Mine Out game.)"""

from __future__ import annotations

import signal
from pathlib import Path

from tests.chromium import headless_chromium
from tests.local_table_support import (
    BROWSER_TESTS,
    MESSAGES,
    STEP_SECONDS,
    assert_no_errors,
    button,
    click,
    in_panel,
    local_table,
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
