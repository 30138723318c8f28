"""The local table (`bot.local.table`), as a person uses it: ``python -m bot local``
started as its own process, its page driven in a real headless Chromium.

A Coal Baron game of two people and a computer, one person playing both seats by
the page's "Viewing as" (hot seat): ``/game new`` typed in the composer, Bob joining,
a computer added and the game started with the lobby's buttons, the first draft pick
chosen in the turn's menu; Ctrl-C (SIGINT). The file is then played on to the last
shift, as weeks of play would; the table starts again on it, posts the game in play
again, and its last turns are played in the page by buttons and by ``/game play``
(autocomplete) to the end; SIGTERM. The images load, the page logs no error, the bot
logs none, only 127.0.0.1 is listened on, no process is left once it stops, and no
raw mention is shown.

Simcord's page drops a click made while one of its actions is under way (its own
viewport report after a redraw, a refresh): `tests.chromium.click_until` waits for
the page to be idle before each click, as a person waits for the page to settle.
"""

from __future__ import annotations

import asyncio
import random
import signal
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.games.coal_baron.components import SHIFTS
from bot.games.coal_baron.state import CoalBaronState
from bot.local.table import SEATS
from bot.service import GameService, TableStatus
from tests.chromium import Page, click_until, free_port, headless_chromium
from tests.local_table_support import (
    BROWSER_TESTS,
    STEP_SECONDS,
    assert_no_errors,
    button,
    choose,
    images_loaded,
    local_table,
    message_ids,
    new_message_since,
    newest_private,
    open_with_bob_and_a_computer,
    page_text,
    private_ids,
    slash,
    stored,
    view_as,
)

pytestmark = BROWSER_TESTS

LAST_PLACEMENTS = 3
"""The person's turns played in the page after the restart, to the game's end."""


def test_python_m_bot_still_refuses_to_start_without_a_token(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)  # no .env
    monkeypatch.setenv("DISCORD_TOKEN", "")
    assert main([]) == 2
    assert "No Discord bot token" in capsys.readouterr().err
    assert not (tmp_path / "data").exists()  # no local table either


async def people_near_the_end(database: Path) -> None:
    """Play the stored game on, as weeks of play would, to the last shift with the
    people (not the computer) to place their last `LAST_PLACEMENTS` workers between
    them: random moves, theirs at the bank in the last shift (one worker each)."""
    async with stored(database) as service:
        table = await service.tables.get_table(1)
        people = [seat for seat, user in enumerate(table.seats) if user > 0]
        rng = random.Random(table.seed)
        while True:
            assert isinstance(table.state, CoalBaronState)
            state = table.state
            seat = state.to_act()[0]
            if seat in people and state.shift == SHIFTS and state.pending is None:
                if sum(state.players[person].workers for person in people) == LAST_PLACEMENTS:
                    return
                action = state.parse_action(seat, "bank")
            else:
                action = rng.choice(state.legal_actions(seat))
            text, user = state.format_action(action), table.seats[seat]
            if user > 0:
                table = (await service.moves.act(1, user, text, table.version)).table
            else:
                table = (await service.moves.play_for(1, seat, text, table.version,
                                                     played_by=user)).table


async def person_to_act(service: GameService) -> str | None:
    """The name of the person whose turn it is (once the computers, who play within
    the page's action, are done); None once the game is over."""
    async with asyncio.timeout(STEP_SECONDS):
        while True:
            table = await service.tables.get_table(1)
            if table.status == TableStatus.FINISHED:
                return None
            assert table.state is not None
            user = table.seats[table.state.to_act()[0]]
            if user > 0:
                return SEATS[sorted(u for u in table.seats if u > 0).index(user)]
            await asyncio.sleep(0.2)


async def place_at_the_bank(page: Page, turn: int) -> None:
    """A person's turn: at the bank, by its button or (odd turns) by ``/game play``."""
    if turn % 2:
        label = await slash(page, "/game play", "action", typed="bank")
        assert label.startswith("Bank"), label
        return
    before = await page.evaluate(message_ids())
    await click_until(page, button("Bank"), new_message_since(before), STEP_SECONDS)


async def each_sees_only_their_own(page: Page, to_act: str, waiting: str) -> None:
    """The person not to act clicks the turn's menu: refused, for them only. Each opens
    My view: switching "Viewing as" between them shows each their own view and never
    the other's, nor the other's refusal."""
    await view_as(page, waiting)
    await choose(page, "")  # the turn's public menu
    await page.wait_for(f"{newest_private()}.includes('It is not your turn.')", STEP_SECONDS)
    refusal = set(await page.evaluate(private_ids()))
    views: dict[str, set[str]] = {}
    for person in (waiting, to_act):
        await view_as(page, person)
        await click_until(page, button("My view"),
                          f"{newest_private()}.includes('Your mine, @{person}.')", STEP_SECONDS)
        views[person] = set(await page.evaluate(private_ids()))
    for person, other in ((to_act, waiting), (waiting, to_act)):
        await view_as(page, person)
        shown = await page.evaluate(page_text())
        assert f"Your mine, @{person}." in shown and f"Your mine, @{other}." not in shown
        drawn = set(await page.evaluate(private_ids()))
        assert drawn == views[person] - (refusal if person == to_act else set()), person
        assert not drawn & (views[other] - views[person])


async def test_two_people_and_a_computer_play_a_game_to_its_end_in_the_page(
    tmp_path: Path,
) -> None:
    """Alice opens a Coal Baron table, Bob (the same person, "Viewing as" Bob) joins,
    a computer is added, the first draft pick is chosen in the turn's menu; Ctrl-C.
    Weeks of play pass in the file (`people_near_the_end`). The table starts again on
    it: the game in play is posted again, and its last turns are played in the page,
    each by whoever's turn it is, by buttons and by ``/game play``, to the end; SIGTERM."""
    database = tmp_path / "local.sqlite3"
    log = tmp_path / "table.log"
    async with headless_chromium(1000, 900) as page, local_table(database, log) as table:
        assert table.listening() and all(
            address.startswith("0100007F:") for address in table.listening()
        ), table.listening()
        await page.call("Page.navigate", url=table.url)
        await open_with_bob_and_a_computer(page, "coal-baron", "Coal Baron")
        await click_until(page, button("Start"),
                          f"{page_text()}.includes('The game begins')", STEP_SECONDS)
        await images_loaded(page)
        async with stored(database) as service:
            first = await person_to_act(service)
        assert first is not None
        await view_as(page, first)
        assert (await choose(page, "")).startswith("Draft ")
        await page.wait_for(f"{page_text()}.includes('@{first} drafts order')", STEP_SECONDS)
        await images_loaded(page)
        async with stored(database) as service:
            to_act = await person_to_act(service)
        assert to_act is not None
        await each_sees_only_their_own(page, to_act, "Bob" if to_act == "Alice" else "Alice")
        assert_no_errors(page, log)
        assert "Local table stopped." in await table.stop(signal.SIGINT)

    await people_near_the_end(database)

    port = free_port()  # ``--port``: the address is the same from one start to the next
    async with headless_chromium(1000, 900) as page, local_table(database, log, port) as table:
        await page.call("Page.navigate", url=table.url)
        # The channel is new: the table in play is posted again, its board with it.
        await page.wait_for(f"{page_text()}.includes('in Coal Baron (table #1) began')",
                            STEP_SECONDS)
        await images_loaded(page)
        played_by: list[str] = []
        async with stored(database) as service:
            while (person := await person_to_act(service)) is not None:
                await view_as(page, person)
                await place_at_the_bank(page, len(played_by))
                played_by.append(person)
        assert len(played_by) == LAST_PLACEMENTS and set(played_by) == {"Alice", "Bob"}
        await page.wait_for(f"{page_text()}.includes('End of the game') && !!{button('Rematch')}",
                            STEP_SECONDS)
        await images_loaded(page)  # the final board and the score chart
        assert "<@" not in await page.evaluate(page_text())  # names, never a raw mention
        assert_no_errors(page, log)
        assert "Local table stopped." in await table.stop(signal.SIGTERM)
