"""The coach, and every other button a player reaches, at the local table: ``python -m
bot local`` in its own process, its page in a headless Chromium, clicked as a person
does (`tests.local_table_support`).

The coach's worker starts with the others, before simcord runs (a process started
inside the run would freeze the bot: `bot.workers.process_starts`, which the local
table holds so that such a start fails at once). Here:
- 💡 Hint in Coal Baron's My view, coach on, a costly move and its note, 📖 Read
  (`test_coal_baron_hint_coach_note_and_reading`);
- the lobby's buttons (Join, Leave, Add a computer, Watch only, Remove a computer, the
  coach for new players, the idle players' take-over, Start), Take back, and
  `/game abandon`'s No and Yes (`test_lobby_buttons_take_back_and_abandon`);
- 💡 Hint in a Saboteur hand, then, the game played to its end, 🔎 Review, Export and
  the step-through replay's ◀ ▶, and Rematch: in the Saboteur game played to its end by
  clicks (`tests.test_local_games.test_saboteur_against_two_computers_to_its_end_by_clicks`,
  which has the ending already); 💡 Hint in Mine Out's panel, in its game
  (`tests.test_local_games.test_mine_out_against_a_computer_to_its_end_by_its_panel`).
Each hint is drawn within `HINT_SECONDS_AT_MOST` of the click, for its member only, and
the finished game's buttons are clicked by `finished_game_buttons` (both in
`tests.local_table_support`).
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable
from pathlib import Path

from bot.games.coal_baron.state import CoalBaronState
from bot.i18n import t
from bot.service import Table, TableStatus
from bot.service.coaching import coaches_new_players
from bot.storage.table_settings import takes_over
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
    in_panel,
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
Check = Callable[[Table], bool]


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
        assert "Mine of Computer 1" in await page.evaluate(newest_private())
        await view_as(page, "Bob")
        assert reading not in await page.evaluate(page_text())
        await view_as(page, "Alice")
        await stop(page, table, log)


async def table_one(database: Path) -> Table:
    async with stored(database) as service:
        return await service.tables.get_table(1)


async def click_then(page: Page, target: str, database: Path, holds: Check) -> Table:
    """Click `target`, then wait for table #1 as stored to satisfy `holds`; it then."""
    await click(page, target)
    for _ in range(50):
        table = await table_one(database)
        if holds(table):
            return table
        await asyncio.sleep(0.1)
    raise AssertionError(f"table #1 after the click: {table}")


def may_take_francs(user: int) -> Check:
    """Whether `user` is to place a worker and may take Francs (a move that shows
    nothing hidden, so that it may be taken back)."""
    def may(table: Table) -> bool:
        state = table.state
        assert isinstance(state, CoalBaronState)
        seat = table.seats.index(user)
        return state.pending is None and state.to_act() == (seat,) and any(
            state.format_action(action).startswith("$") for action in state.legal_actions(seat)
        )
    return may


async def test_lobby_buttons_take_back_and_abandon(tmp_path: Path) -> None:
    """The buttons of a lobby and of a table in play that the games' tests leave
    aside, each clicked and its effect read in the table's file: Bob's Join and
    Leave; Alice's Add a computer, Watch only (she gives up her seat, then joins
    again), Remove a computer, the coach for new players (on, then off) and the idle
    players' take-over toggles; Start; her move from My view (Francs taken), then Take back;
    `/game abandon`, No (the game goes on), then Yes (abandoned)."""
    database, log = tmp_path / "local.sqlite3", tmp_path / "table.log"
    async with headless_chromium(420, 900, mobile=True) as page, \
            local_table(database, log) as table:
        await page.call("Page.navigate", url=table.url)
        await slash(page, "/game new", "game", choose="coal-baron")
        await page.wait_for(f"{page_text()}.includes('Coal Baron: table #1')", STEP_SECONDS)
        alice = (await table_one(database)).seats[0]
        await view_as(page, "Bob")
        await click_then(page, button("Join"), database, lambda t: len(t.seats) == 2)
        await click_then(page, button("Leave"), database, lambda t: len(t.seats) == 1)
        await click_then(page, button("Join"), database, lambda t: len(t.seats) == 2)
        await view_as(page, "Alice")
        await click_then(page, button("Add a computer (easy)"), database,
                         lambda t: len(t.seats) == 3)
        await click_then(page, button("Watch only"), database, lambda t: alice not in t.seats)
        await click_then(page, button("Join"), database, lambda t: alice in t.seats)
        await click_then(page, button("Remove a computer"), database,
                         lambda t: len(t.seats) == 2)
        await click_then(page, button("Coach for new players: off"), database,
                         coaches_new_players)
        await click_then(page, button("Coach for new players: on"), database,
                         lambda t: not coaches_new_players(t))
        await click_then(page, button("takes over idle players: off"), database, takes_over)
        await click_then(page, button("Start"), database,
                         lambda t: t.status == TableStatus.PLAYING)

        await play_in_file(database, may_take_francs(alice))  # her seat: 1 since she joined again
        played = await table_one(database)
        await click(page, button("My view"))
        await page.wait_for(f"{newest_private()}.includes('Your mine, @Alice')", STEP_SECONDS)
        await choose(page, "Mining and money", "Francs", within=PANEL)
        moved = await table_one(database)
        assert moved.version > played.version
        assert played.state is not None
        before = played.state.to_json()
        await click_then(page, button("Take back"), database,
                         lambda t: t.state is not None and t.state.to_json() == before)

        await slash(page, "/game abandon", None)
        await click_then(page, in_panel("No, keep playing"), database,
                         lambda t: t.status == TableStatus.PLAYING)
        await page.wait_for(f"{newest_private()}.includes('The game goes on.')", STEP_SECONDS)
        await slash(page, "/game abandon", None)
        await click_then(page, in_panel("Yes, abandon"), database,
                         lambda t: t.status == TableStatus.ABANDONED)
        await page.wait_for(f"{page_text()}.includes('Alice abandoned')", STEP_SECONDS)
        await stop(page, table, log)
