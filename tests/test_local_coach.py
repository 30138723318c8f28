"""The coach, and every other button a player reaches, at the local table: ``python -m
bot local`` in its own process, its page in a headless Chromium, clicked as a person
does (`tests.local_table_support`).

The coach's worker starts with the others, before simcord runs (a process started
inside the run would freeze the bot: `bot.workers.process_starts`, which the local
table holds so that such a start fails at once). Here:
- 💡 Hint in Coal Baron's My view, coach on, a costly move and its note, 📖 Read
  (`test_coal_baron_hint_coach_note_and_reading`);
- 💡 Hint in Mine Out's panel (`test_mine_out_hint_in_the_turn_panel`);
- 💡 Hint in a Saboteur hand, then, the game played to its end, 🔎 Review, Export and
  the step-through replay's ◀ ▶, and Rematch: in the Saboteur game played to its end by
  clicks (`tests.test_local_games.test_saboteur_against_two_computers_to_its_end_by_clicks`,
  which has the ending already).
Each hint is drawn within `HINT_SECONDS_AT_MOST` of the click, for its member only, and
the finished game's buttons are clicked by `finished_game_buttons` (both in
`tests.local_table_support`).
"""

from __future__ import annotations

import signal
from pathlib import Path

from bot.i18n import t
from tests.chromium import Page, headless_chromium
from tests.local_table_support import (
    BROWSER_TESTS,
    PANEL,
    STEP_SECONDS,
    LocalTable,
    assert_no_errors,
    button,
    choose,
    click,
    hint_in_panel,
    images_loaded,
    local_table,
    newest_private,
    page_text,
    private_ids,
    slash,
    stored,
    view_as,
)
from tests.test_local_games import (
    alice_may,
    play_in_file,
    start_by_welcome,
)

pytestmark = BROWSER_TESTS

NOTE = "🎓 Coach:"


async def stop(page: Page, table: LocalTable, log: Path) -> None:
    await images_loaded(page)
    assert_no_errors(page, log)
    assert "Local table stopped." in await table.stop(signal.SIGTERM)


async def test_coal_baron_hint_coach_note_and_reading(tmp_path: Path) -> None:
    """Alice's My view, 💡 Hint; `/game coach` on; from My view she buys a tile at a
    factory with her first worker, a move the normal level rates clearly worse at
    that moment (about 3 to 4 points below its choice, over several seeds and
    searches): the coach's note is drawn for her. 📖 Read gives the table in words."""
    database, log = tmp_path / "local.sqlite3", tmp_path / "table.log"
    async with headless_chromium(420, 900, mobile=True) as page, \
            local_table(database, log) as table:
        await start_by_welcome(page, table, "Coal Baron")
        await play_in_file(database, alice_may("f1"))
        await click(page, button("My view"))
        await page.wait_for(f"{newest_private()}.includes('Your mine, @Alice')", STEP_SECONDS)
        await hint_in_panel(page)

        await slash(page, "/game coach", "mode", choose="on")
        await page.wait_for(f"{newest_private()}.includes('🎓 Coach on')", STEP_SECONDS)
        await click(page, button("My view"))
        await page.wait_for(f"{newest_private()}.includes('Your mine, @Alice')", STEP_SECONDS)
        async with stored(database) as service:
            before = (await service.tables.get_table(1)).version
        await choose(page, "Factory", "buy the tile", within=PANEL)
        async with stored(database) as service:
            assert (await service.tables.get_table(1)).version > before
        await page.wait_for(f"{newest_private()}.includes({NOTE!r})", STEP_SECONDS)
        noted = await page.evaluate(private_ids())
        await view_as(page, "Bob")
        assert NOTE not in await page.evaluate(page_text())
        assert not set(await page.evaluate(private_ids())) & set(noted)
        await view_as(page, "Alice")

        await click(page, button(t("en", "read.button")))
        reading = "📖 Reading: Coal Baron"  # its first part; the last one ends the board
        await page.wait_for(f"{page_text()}.includes({reading!r})", STEP_SECONDS)
        assert "Mine of Computer 1 (normal)" in await page.evaluate(newest_private())
        await view_as(page, "Bob")
        assert reading not in await page.evaluate(page_text())
        await view_as(page, "Alice")
        await stop(page, table, log)


async def test_mine_out_hint_in_the_turn_panel(tmp_path: Path) -> None:
    """Alice's turn panel (My turn / my hand), 💡 Hint."""
    database, log = tmp_path / "local.sqlite3", tmp_path / "table.log"
    async with headless_chromium(420, 900, mobile=True) as page, \
            local_table(database, log) as table:
        await start_by_welcome(page, table, "Mine Out")
        await play_in_file(database, lambda _: True)
        await click(page, button("My turn"))
        await page.wait_for(f"/your turn/.test({newest_private()})", STEP_SECONDS)
        await hint_in_panel(page)
        await stop(page, table, log)
