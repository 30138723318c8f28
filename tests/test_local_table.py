"""The local table (`bot.local_table`), as a person uses it: ``python -m bot local``
started as its own process, its page driven in a real headless Chromium.

A Coal Baron game against a computer: ``/game new`` typed in the composer, a
computer added and the game started with the lobby's buttons, a draft pick chosen
in the turn's menu; then Ctrl-C (SIGINT). The images load, the page logs no error,
the bot logs none, only 127.0.0.1 is listened on, no process is left once it stops,
and the game is in the file.

Simcord's page drops a click made while one of its actions is under way (its own
viewport report after a redraw, a refresh): `tests.chromium.click_until` waits for
the page to be idle before each click, as a person waits for the page to settle.

Not covered yet (issue 23 asks for it): playing on to the game's end, partly by
``/game play``, and a restart on the same file. A first try at typing ``/game play``
after the draft pick found no ``#channel-composer-input`` on the page at that point
(the composer is redrawn, or replaced while a message's menu was last used); `slash`
needs to wait for it to come back. A first try at the restart (the same file, after
the draft pick and Ctrl-C) found the page's channel empty after 5 s: the table is in
the file, ``playing``, in the channel id the new run rebuilds, but
`bot.local_table.post_table_in_play` posted nothing (not diagnosed; `post_reminder`
returns without posting when no present player is to act, or the table is paused).
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.games.registry import load_games
from bot.local_table import READY_LINE
from bot.service import GameService, TableStatus
from bot.storage import Storage
from tests.chromium import Page, chromium_path, click_until, headless_chromium

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
    return f"document.querySelector('{MESSAGES}').innerText"


async def images_loaded(page: Page) -> None:
    """Every image of the page drawn (the bot's PNGs come as blobs)."""
    await page.wait_for(
        "document.images.length > 0 && [...document.images].every(i => i.complete"
        " && i.naturalWidth > 0)",
        STEP_SECONDS,
    )


async def slash(page: Page, command: str, option: str, choose: str | None = None) -> None:
    """Type `command` in the composer, fill `option` with the suggestion whose value is
    `choose` (the first suggestion without), and send it."""
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
    suggestion = (
        f"document.querySelector('.command-suggestion[data-value=\"{choose}\"]')"
        if choose else "document.querySelector('.command-suggestion')"
    )
    await page.wait_for(f"!!{suggestion}", STEP_SECONDS)
    await click_until(page, suggestion, f"{field}.value !== ''")
    count = await page.evaluate(f"document.querySelectorAll('{MESSAGES} > *').length")
    await click_until(
        page, "document.querySelector('#send-message')",
        f"!document.querySelector('.command-chip')"
        f" && document.querySelectorAll('{MESSAGES} > *').length > {count}",
        STEP_SECONDS,
    )


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


async def test_a_game_against_the_computer_is_opened_and_played_in_the_page(
    tmp_path: Path,
) -> None:
    database = tmp_path / "local.sqlite3"
    log = tmp_path / "table.log"
    async with headless_chromium(1000, 900) as page, local_table(database, log) as table:
        assert table.listening() and all(
            address.startswith("0100007F:") for address in table.listening()
        ), table.listening()
        await page.call("Page.navigate", url=table.url)
        await slash(page, "/game new", "game", choose="coal-baron")
        await page.wait_for(f"{page_text()}.includes('Coal Baron: table #1')", STEP_SECONDS)
        await click_until(page, button("Add a computer (easy)"),
                          f"{page_text()}.includes('Computer 1 (easy)')", STEP_SECONDS)
        await click_until(page, button("Start"),
                          f"{page_text()}.includes('The game begins')", STEP_SECONDS)
        await images_loaded(page)
        first = await pick_in_menu(page)
        assert first.startswith("Draft ")
        await images_loaded(page)
        assert_no_errors(page, log)
        assert "Local table stopped." in await table.stop(signal.SIGINT)

    load_games()
    storage = await Storage.open(str(database))
    try:
        stored = await GameService(storage).tables.get_table(1)
        assert stored.status == TableStatus.PLAYING  # kept in the file after Ctrl-C
    finally:
        await storage.close()
