"""The local table (`bot.local_table`), as a person uses it: ``python -m bot local``
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
import os
import random
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.games.coal_baron.components import SHIFTS
from bot.games.coal_baron.state import CoalBaronState
from bot.games.registry import load_games
from bot.local_table import READY_LINE, SEATS
from bot.service import GameService, TableStatus
from bot.storage import Storage
from tests.chromium import PAGE_IDLE, Page, chromium_path, click_until, headless_chromium

pytestmark = [
    pytest.mark.sqlite_only,
    pytest.mark.skipif(chromium_path() is None, reason="no Chromium (apt-get install chromium)"),
]

START_SECONDS = 60.0
"""Until the page's address is printed (render workers warm up on a busy machine)."""
STEP_SECONDS = 30.0
ENV = {
    "RENDER_WORKERS": "1",
    "COMPUTER_SECONDS": "0.1",
    "LOG_LEVEL": "WARNING",
    "DISCORD_TOKEN": "",
}
MESSAGES = "#channel-message-list"
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


class LocalTable:
    """``python -m bot local`` running in its own process."""

    def __init__(self, process: asyncio.subprocess.Process, url: str, log: Path) -> None:
        self.process = process
        self.url = url
        self.log = log

    def descendants(self) -> set[int]:
        """The process ids of everything the table started (the render workers' server
        and workers, the computer workers), however deep."""
        parents: dict[int, int] = {}
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    stat = (entry / "stat").read_text()
                except OSError:
                    continue
                parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
        found: set[int] = set()
        level = {self.process.pid}
        while level:
            level = {pid for pid, parent in parents.items() if parent in level} - found
            found |= level
        return found

    def listening(self) -> list[str]:
        """The local addresses of the sockets the table's processes listen on (hex,
        as /proc/net/tcp writes them)."""
        inodes: set[str] = set()
        for pid in {self.process.pid, *self.descendants()}:
            try:
                for fd in Path(f"/proc/{pid}/fd").iterdir():
                    target = os.readlink(fd)
                    if target.startswith("socket:["):
                        inodes.add(target[8:-1])
            except OSError:
                continue
        addresses = []
        for table in ("/proc/net/tcp", "/proc/net/tcp6"):
            for line in Path(table).read_text().splitlines()[1:]:
                fields = line.split()
                if fields[3] == "0A" and fields[9] in inodes:  # LISTEN
                    addresses.append(fields[1])
        return addresses

    async def stop(self, signum: int) -> str:
        """Send `signum`, wait for the end; what the table printed after its address."""
        workers = self.descendants()
        assert workers, "the render workers run in processes of their own"
        self.process.send_signal(signum)
        async with asyncio.timeout(STEP_SECONDS):
            assert self.process.stdout is not None
            rest = (await self.process.stdout.read()).decode()
            assert await self.process.wait() == 0
        for _ in range(50):  # the pools' helpers end once the table's pipes close
            left = [pid for pid in workers if Path(f"/proc/{pid}").exists()]
            if not left:
                break
            await asyncio.sleep(0.2)
        assert not left, f"processes left after the table stopped: {left}"
        return rest


@asynccontextmanager
async def local_table(database: Path, log: Path) -> AsyncIterator[LocalTable]:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "local", "--no-browser", "--database", str(database),
        stdout=asyncio.subprocess.PIPE, stderr=log.open("a"),
        env={**os.environ, **ENV},
    )
    try:
        assert process.stdout is not None
        async with asyncio.timeout(START_SECONDS):
            line = (await process.stdout.readline()).decode()
        assert line.startswith(READY_LINE), line
        url = line.removeprefix(READY_LINE).strip()
        assert url.startswith("http://127.0.0.1:") and "/#" in url  # the secret
        assert "local table" in (await process.stdout.readline()).decode()
        table = LocalTable(process, url, log)
        yield table
    finally:
        if process.returncode is None:  # a failed test: no process may outlive it
            for pid in table.descendants() if "table" in locals() else ():
                os.kill(pid, signal.SIGKILL)
            process.kill()
            await process.wait()


def button(text: str) -> str:
    """JavaScript: the newest enabled button of the channel whose label holds `text`."""
    return (
        f"[...document.querySelectorAll('{MESSAGES} button')]"
        f".filter(b => !b.disabled && b.innerText.includes({text!r})).pop()"
    )


def page_text() -> str:
    return f"(document.querySelector('{MESSAGES}')?.innerText ?? '')"


async def images_loaded(page: Page) -> None:
    """Every image of the page drawn (the bot's PNGs come as blobs)."""
    await page.wait_for(
        "document.images.length > 0 && [...document.images].every(i => i.complete"
        " && i.naturalWidth > 0)",
        STEP_SECONDS,
    )


async def slash(
    page: Page, command: str, option: str, *, choose: str | None = None, typed: str = ""
) -> str:
    """Type `command` in the composer, fill `option` with the suggestion whose value is
    `choose`, or else with the first of the bot's autocomplete for `typed` (for nothing
    typed: what a person who starts typing and erases it sees), and send it; the
    suggestion's label."""
    composer = "document.querySelector('#channel-composer-input')"
    await page.wait_for(
        "(e => !!e && !e.hidden)(document.querySelector('#channel-composer'))", STEP_SECONDS
    )
    await page.evaluate(f"{composer}.focus()")
    await page.type_text(command)
    entry = (
        "[...document.querySelectorAll('.command-entry')]"
        f".find(e => e.innerText.split('\\n')[0].trim() === '/{command[1:]}')"
    )
    await page.wait_for(f"!!{entry}", STEP_SECONDS)
    await click_until(page, entry, "!!document.querySelector('.command-chip')")
    field = f"document.querySelector('.command-option-input[data-option=\"{option}\"]')"
    await click_until(page, field, f"document.activeElement === {field}")
    if choose is None:  # the page asks the bot for suggestions as the field is typed in
        await page.type_text(typed or "a")
        if not typed:
            await page.press("Backspace", "Backspace", 8)
    suggestion = (
        f"document.querySelector('.command-suggestion[data-value=\"{choose}\"]')"
        if choose else "document.querySelector('.command-suggestion')"
    )
    await page.wait_for(f"!!{suggestion}", STEP_SECONDS)
    label = str(await page.evaluate(f"{suggestion}.innerText"))
    await click_until(page, suggestion, f"{field}.value !== ''")
    count = await page.evaluate(f"document.querySelectorAll('{MESSAGES} > *').length")
    await click_until(
        page, "document.querySelector('#send-message')",
        f"!document.querySelector('.command-chip')"
        f" && document.querySelectorAll('{MESSAGES} > *').length > {count}",
        STEP_SECONDS,
    )
    return label


async def pick_in_menu(page: Page) -> str:
    """Open the newest message's menu and choose its first option; the option's label."""
    option = "document.querySelector('.select-option')"
    await click_until(page, button("Select an option"), f"!!{option}", STEP_SECONDS)
    label = str(await page.evaluate(f"{option}.innerText"))
    before = await page.evaluate(page_text())
    # A choice the page refused (it was redrawing) closes the menu: open it again.
    await click_until(
        page, f"{option} || {button('Select an option')}",
        f"{page_text()} !== {before!r}".replace("\n", "\\n"), STEP_SECONDS,
    )
    return label


def assert_no_errors(page: Page, log: Path) -> None:
    errors = [e for e in page.console_errors if "favicon.ico" not in e]
    assert not errors, errors
    logged = log.read_text()
    assert "ERROR" not in logged and "Traceback" not in logged, logged


@asynccontextmanager
async def stored(database: Path) -> AsyncIterator[GameService]:
    """The table's file, opened beside the running table (SQLite lets both read and
    write it), as the test's view of what the page should show."""
    load_games()
    storage = await Storage.open(str(database))
    try:
        yield GameService(storage)
    finally:
        await storage.close()


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
                table = (await service.play.act(1, user, text, table.version)).table
            else:
                table = (await service.play.play_for(1, seat, text, table.version,
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


async def view_as(page: Page, name: str) -> None:
    """Choose `name` in the page's "Viewing as" (hot seat)."""
    picker = "document.querySelector('#viewer-picker')"
    await page.wait_for(PAGE_IDLE, STEP_SECONDS)
    await page.evaluate(
        f"(p => {{ p.value = [...p.options].find(o => o.text === {name!r}).value;"
        f" p.dispatchEvent(new Event('change')); }})({picker})"
    )
    await page.wait_for(f"{picker}.selectedOptions[0]?.text === {name!r} && {PAGE_IDLE}",
                        STEP_SECONDS)


async def place_at_the_bank(page: Page, turn: int) -> None:
    """A person's turn: at the bank, by its button or (odd turns) by ``/game play``."""
    if turn % 2:
        label = await slash(page, "/game play", "action", typed="bank")
        assert label.startswith("Bank"), label
        return
    before = await page.evaluate(page_text())
    await click_until(page, button("Bank"),
                      f"{page_text()} !== {before!r}".replace("\n", "\\n"), STEP_SECONDS)


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
        await slash(page, "/game new", "game", choose="coal-baron")
        await page.wait_for(f"{page_text()}.includes('Coal Baron: table #1')", STEP_SECONDS)
        await view_as(page, "Bob")
        await click_until(page, button("Join"), f"{page_text()}.includes('@Bob')", STEP_SECONDS)
        await view_as(page, "Alice")
        await click_until(page, button("Add a computer (easy)"),
                          f"{page_text()}.includes('Computer 1 (easy)')", STEP_SECONDS)
        await click_until(page, button("Start"),
                          f"{page_text()}.includes('The game begins')", STEP_SECONDS)
        await images_loaded(page)
        async with stored(database) as service:
            first = await person_to_act(service)
        assert first is not None
        await view_as(page, first)
        assert (await pick_in_menu(page)).startswith("Draft ")
        await images_loaded(page)
        assert_no_errors(page, log)
        assert "Local table stopped." in await table.stop(signal.SIGINT)

    await people_near_the_end(database)

    async with headless_chromium(1000, 900) as page, local_table(database, log) as table:
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
