"""Driving the local table (`bot.local.table`) as a person does: ``python -m bot local``
in its own process, its page in a real headless Chromium (`tests.chromium`). Used by
tests/test_local_table.py and by the README's picture (tests/local_table_preview.py).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path

import pytest

from bot.games.registry import get_game, load_games
from bot.local.table import READY_LINE
from bot.service import GameService, TableStatus
from bot.storage import Storage
from bot.storage.table_settings import game_options
from tests.chromium import PAGE_IDLE, Page, chromium_path, click_until

START_SECONDS = 60.0
"""Until the page's address is printed (render workers warm up on a busy machine)."""
STEP_SECONDS = 30.0
ENV = {
    "RENDER_WORKERS": "1",
    "COMPUTER_SECONDS": "0.1",
    "LOG_LEVEL": "WARNING",
    "DISCORD_TOKEN": "",
}
BROWSER_TESTS = [
    pytest.mark.sqlite_only,
    pytest.mark.skipif(chromium_path() is None, reason="no Chromium (apt-get install chromium)"),
]
"""The marks of a test module driving the page: it reads the table's SQLite file."""
MESSAGES = "#channel-message-list"
PRIVATE = "Only you can see this"
"""What the page writes under a private answer (an ephemeral message, its
``.message-ephemeral-note``), as Discord does."""


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
async def local_table(database: Path, log: Path, port: int = 0) -> AsyncIterator[LocalTable]:
    """``python -m bot local`` on `database` (and `port`: 0, a free one), its standard
    error appended to `log`; killed with what it started if the caller fails."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "local", "--no-browser", "--database", str(database),
        "--port", str(port),
        stdout=asyncio.subprocess.PIPE, stderr=log.open("a"),
        env={**os.environ, **ENV},
    )
    try:
        assert process.stdout is not None
        async with asyncio.timeout(START_SECONDS):
            line = (await process.stdout.readline()).decode()
        assert line.startswith(READY_LINE), line
        url = line.removeprefix(READY_LINE).strip()
        assert url.startswith(f"http://127.0.0.1:{port or ''}") and "/#" in url  # the secret
        assert "local table" in (await process.stdout.readline()).decode()
        table = LocalTable(process, url, log)
        yield table
    finally:
        if process.returncode is None:  # a failed test: no process may outlive it
            for pid in table.descendants() if "table" in locals() else ():
                os.kill(pid, signal.SIGKILL)
            process.kill()
            await process.wait()


@asynccontextmanager
async def stored(database: Path) -> AsyncIterator[GameService]:
    """The table's file, opened beside the running table (SQLite lets both read and
    write it, and the service caches nothing): the test's view of what the page should
    show, and weeks of play played in it."""
    load_games()
    storage = await Storage.open(str(database))
    try:
        yield GameService(storage)
    finally:
        await storage.close()


async def open_with_bob_and_a_computer(page: Page, game: str, title: str) -> None:
    """Alice opens a table of `game` by ``/game new`` (its lobby titled `title`), Bob
    joins ("Viewing as" Bob, then Alice again), and Alice adds a computer (easy)."""
    await slash(page, "/game new", "game", choose=game)
    await page.wait_for(f"{page_text()}.includes({f'{title}: table #1'!r})", STEP_SECONDS)
    await view_as(page, "Bob")
    await click_until(page, button("Join"), f"{page_text()}.includes('@Bob')", STEP_SECONDS)
    await view_as(page, "Alice")
    await click_until(page, button("Add a computer (easy)"),
                      f"{page_text()}.includes('Computer 1 (easy)')", STEP_SECONDS)


async def sow(database: Path, seed: int) -> None:
    """Give table #1 the seed its game is dealt from: a lobby's, dealt at **Start**, or
    a game's with nothing played yet, dealt again at once (a test's chosen deal). The
    version stays, as for a change of settings: the buttons shown stay valid."""
    storage = await Storage.open(str(database))
    try:
        table = await storage.get(1)
        assert table is not None, "no table #1"
        sown = replace(table, seed=seed)
        if table.status == TableStatus.PLAYING:
            assert not await storage.actions(1), "a move was played: too late to deal again"
            state = get_game(table.game).new(len(table.seats), seed, game_options(table.options))
            sown = replace(sown, state=state)
        else:
            assert table.status == TableStatus.LOBBY, table.status
        assert await storage.save(sown, previous_version=table.version)
    finally:
        await storage.close()


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
    page: Page, command: str, option: str | None, *, choose: str | None = None, typed: str = ""
) -> str:
    """Type `command` in the composer, fill `option` with the suggestion whose value is
    `choose`, or else with the first of the bot's autocomplete for `typed` (for nothing
    typed: what a person who starts typing and erases it sees), and send it; the
    suggestion's label ("" for a command without options: `option` None)."""
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
    label = "" if option is None else await fill(page, option, choose, typed)
    before = await page.evaluate(message_ids())
    await click_until(
        page, "document.querySelector('#send-message')",
        f"!document.querySelector('.command-chip') && {new_message_since(before)}",
        STEP_SECONDS,
    )
    return label


async def fill(page: Page, option: str, choose: str | None, typed: str) -> str:
    """Fill the command's `option` as `slash` says; the suggestion's label."""
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
    return label


def message_ids() -> str:
    """JavaScript: the ids of the messages the page lists for the viewer (its sidebar:
    the channel's own list shows new ones only once scrolled to the end)."""
    rows = "document.querySelectorAll('#message-picker .message-row')"
    return f"[...{rows}].map(r => r.dataset.messageId)"


def new_message_since(ids: list[str]) -> str:
    """JavaScript: whether a message not among `ids` (from `message_ids`) is listed."""
    return f"{message_ids()}.some(id => !{json.dumps(ids)}.includes(id))"


def assert_no_errors(page: Page, log: Path) -> None:
    errors = [e for e in page.console_errors if "favicon.ico" not in e]
    assert not errors, errors
    logged = log.read_text()
    assert "ERROR" not in logged and "Traceback" not in logged, logged


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


def last_action() -> str:
    """JavaScript: the id of the latest action the page sent the bot (a click, a
    choice, a command), from its activity: not one of its own (a viewport report after
    a redraw, a refresh), which the bot never sees and which may come after."""
    return (
        "([...(window.simcordPreview?.activity ?? [])].filter(a => a.dispatched)"
        ".pop()?.requestId ?? '')"
    )


def acted_since(action: str) -> str:
    """JavaScript: whether the page sent the bot an action after `action`
    (`last_action`) and shows what the bot answered."""
    return f"({last_action()} !== {action!r} && {PAGE_IDLE})"


async def click(page: Page, target: str) -> None:
    """Click `target` (JavaScript finding an element) and wait for the bot's answer
    to be shown, whatever it is (a new message, an edited one, a refusal)."""
    before = await page.evaluate(last_action())
    await click_until(page, target, acted_since(before), STEP_SECONDS)


def menu(placeholder: str, within: str = f"document.querySelector('{MESSAGES}')") -> str:
    """JavaScript: the newest enabled menu of the channel (or of the element `within`
    finds) whose placeholder holds `placeholder` (its label before anything is chosen)."""
    return (
        f"[...({within}?.querySelectorAll('button.select-trigger') ?? [])].filter(b =>"
        f" !b.disabled && (b.getAttribute('aria-label') ?? '').includes({placeholder!r})).pop()"
    )


OPENED = "document.querySelector('.preview-select.is-open')"
"""JavaScript: the menu whose list of options is open."""


async def open_list(page: Page, placeholder: str, within: str) -> list[str] | None:
    """Open the newest menu (of `within`) whose placeholder holds `placeholder` by the
    keyboard (the arrow opens it), scrolled into view first as a person would (the page
    closes a list whose menu is out of view: a message posted below, or an image loaded
    above, may have pushed it out); the labels of its options, or None if the page
    redrew it as it opened (closed, or another list)."""
    await page.evaluate(
        "(m => { m.scrollIntoView({block: 'center'}); m.focus(); })"
        f"({menu(placeholder, within)})"
    )
    await page.press("ArrowDown", "ArrowDown", 40)
    try:
        await page.wait_for(f"!!{OPENED}?.querySelector('.select-option.is-highlighted')", 2.0)
    except TimeoutError:
        return None
    options = await page.evaluate(
        "(o => o && [...o.querySelectorAll('.select-option')].map(e => e.innerText.trim()))"
        f"({OPENED})"
    )
    return [str(text) for text in options] if options else None


@asynccontextmanager
async def stuck_told(page: Page, doing: str, within: str) -> AsyncIterator[None]:
    """Within `STEP_SECONDS`, else an AssertionError saying what the page showed
    (the element `within` finds, whether the page is idle, its last actions): a step
    that hangs on a busy machine says why."""
    try:
        async with asyncio.timeout(STEP_SECONDS):
            yield
    except TimeoutError:
        shown = await page.evaluate(
            f"(e => e ? e.innerText + ' | menus: ' + [...e.querySelectorAll("
            f"'button.select-trigger')].map(b => (b.disabled ? 'disabled ' : '') +"
            f" b.getAttribute('aria-label')).join('; ') : 'nothing')({within})"
        )
        status = await page.evaluate(
            "JSON.stringify({idle: " + PAGE_IDLE + ", focused: document.activeElement"
            "?.getAttribute('aria-label'), actions: [...(window.simcordPreview?.activity"
            " ?? [])].slice(-4).map(a => [a.target?.controlKey, a.outcomes])})"
        )
        raise AssertionError(f"stuck {doing}: shown {shown!r}; page {status}") from None


async def choose(
    page: Page, placeholder: str, option: str = "", *, prefer: str = "",
    within: str = f"document.querySelector('{MESSAGES}')",
) -> str:
    """Choose, in the newest menu (of `within`) whose placeholder holds `placeholder`
    ("": any menu), the first option whose label holds `option` (the first option for
    ""; or, if one holds `prefer`, that one), by the keyboard (the arrow opens the
    menu and moves in it, Enter chooses), and wait for the bot's answer; the option's
    label. A choice the page could not send (it was busy, or redrew the menu as it
    opened) is made again."""
    highlighted = f"{OPENED}?.querySelector('.select-option.is-highlighted')"
    before = await page.evaluate(last_action())
    label = ""
    async with stuck_told(page, f"choosing {option or prefer!r} in {placeholder!r}", within):
        while True:
            await page.wait_for(PAGE_IDLE, STEP_SECONDS)
            if await page.evaluate(acted_since(before)):
                return label
            options = await open_list(page, placeholder, within)
            if options is None:  # redrawn as it opened: open it again
                continue
            if prefer and any(prefer in text for text in options):
                option = prefer
            wanted = next((i for i, text in enumerate(options) if option in text), None)
            assert wanted is not None, (option, options)
            at = await page.evaluate(  # the list opens on the option last highlighted
                "(o => o ? [...o.querySelectorAll('.select-option')]"
                f".findIndex(e => e.classList.contains('is-highlighted')) : -1)({OPENED})"
            )
            if at < 0:  # redrawn meanwhile: open it again
                continue
            key = "ArrowDown" if wanted >= at else "ArrowUp"
            for _ in range(abs(wanted - int(at))):
                await page.press(key, key, 40 if key == "ArrowDown" else 38)
            label = str(await page.evaluate(f"{highlighted}?.innerText ?? ''"))
            if option not in label:  # redrawn meanwhile: open it again
                continue
            await page.press("Enter", "Enter", 13)
            for _ in range(20):
                if await page.evaluate(acted_since(before)):
                    return label
                await asyncio.sleep(0.1)


async def options_of(
    page: Page, placeholder: str, within: str = f"document.querySelector('{MESSAGES}')"
) -> list[str]:
    """The options of the newest menu (of `within`) whose placeholder holds
    `placeholder`, as its list writes them once opened (by the keyboard, as `choose`
    does); the list closed again (Escape), nothing chosen."""
    async with asyncio.timeout(STEP_SECONDS):
        while True:
            await page.wait_for(PAGE_IDLE, STEP_SECONDS)
            options = await open_list(page, placeholder, within)
            if options is not None:  # else redrawn as it opened: open it again
                break
        await page.press("Escape", "Escape", 27)
        await page.wait_for(f"!{OPENED} && {PAGE_IDLE}", STEP_SECONDS)
    return [str(text) for text in options]


def private_ids() -> str:
    """JavaScript: the ids of the private answers the page draws for its viewer."""
    return (
        f"[...document.querySelectorAll('{MESSAGES} .channel-message')]"
        ".filter(m => !!m.querySelector('.message-ephemeral-note')).map(m => m.dataset.messageId)"
    )


PANEL = (
    f"[...document.querySelectorAll('{MESSAGES} .channel-message')]"
    ".filter(m => !!m.querySelector('.message-ephemeral-note')).pop()"
)
"""JavaScript: the newest private answer drawn (a hand, a panel, a refusal)."""


NEWEST = f"[...document.querySelectorAll('{MESSAGES} .channel-message')].pop()"
"""JavaScript: the newest message the page draws."""


def newest_shown(text: str) -> str:
    """JavaScript: whether the newest message drawn holds `text` and is in view: its top
    within the channel's timeline as scrolled, and within the window (a turn with its
    images is taller than the screen: its start is shown, as Discord shows a new
    message)."""
    top = "m.getBoundingClientRect().top"
    within = (f"(t => {top} + 2 >= t.getBoundingClientRect().top"
              f" && {top} < Math.min(t.getBoundingClientRect().bottom, window.innerHeight))")
    return (f"(m => !!m && m.innerText.includes({text!r})"
            f" && {within}(document.querySelector('#channel-timeline')))({NEWEST})")


def newest_private() -> str:
    """JavaScript: the text of the newest private answer drawn."""
    return f"({PANEL}?.innerText ?? '')"


def in_panel(text: str) -> str:
    """JavaScript: the enabled button of the newest private answer whose label holds
    `text` (older panels keep theirs)."""
    return (
        f"[...({PANEL}?.querySelectorAll('.message-components button:not(.select-trigger)')"
        f" ?? [])].filter(b => !b.disabled && b.innerText.includes({text!r}))[0]"
    )


# -- The coach and a finished game's buttons (tests/test_local_coach.py) -----------------

HINT_SECONDS_AT_MOST = 5.0
"""From the click on 💡 Hint to the hint drawn in the panel (issue 36)."""
HINT = "💡 Hint:"


async def hint_in_panel(page: Page) -> str:
    """Click 💡 Hint in the newest private panel; the hint, drawn there within
    `HINT_SECONDS_AT_MOST`, and for the viewer only (Bob, not seated, sees no hint)."""
    started = time.monotonic()
    await click(page, in_panel("Hint"))
    await page.wait_for(f"{newest_private()}.includes({HINT!r})", HINT_SECONDS_AT_MOST)
    elapsed = time.monotonic() - started
    assert elapsed < HINT_SECONDS_AT_MOST, elapsed
    panel = str(await page.evaluate(newest_private()))
    hint = panel[panel.index(HINT):]
    await view_as(page, "Bob")
    seen_by_bob = await page.evaluate(page_text())
    assert HINT not in seen_by_bob and PRIVATE not in seen_by_bob
    await view_as(page, "Alice")
    return hint


async def finished_game_buttons(page: Page) -> None:
    """A finished game's buttons, clicked by Alice: 🔎 Review (her costliest moves, for
    her only), Export (the record and the replay, with the step-through message, whose
    ▶ and ◀ redraw it a step on and back: from the title card to the start and back),
    Rematch (a new lobby)."""
    await click(page, button("Review"))
    await page.wait_for(f"{newest_private()}.includes('🔎')", STEP_SECONDS)
    reviewed = await page.evaluate(private_ids())
    await view_as(page, "Bob")
    assert not set(await page.evaluate(private_ids())) & set(reviewed)
    await view_as(page, "Alice")

    await click(page, button("Export"))
    await page.wait_for(f"{page_text()}.includes('The record of table #1')", STEP_SECONDS)
    title, start = "Replay of table #1, a game of", "Replay of table #1: the start"
    await page.wait_for(f"{page_text()}.includes({title!r})", STEP_SECONDS)
    await click(page, button("Next ▶"))
    await page.wait_for(f"{page_text()}.includes({start!r})", STEP_SECONDS)
    await click(page, button("◀ Back"))
    await page.wait_for(f"{page_text()}.split({start!r}).length === 1", STEP_SECONDS)

    await click(page, button("Rematch"))
    await page.wait_for(f"{page_text()}.includes('Rematch of table #1')", STEP_SECONDS)
