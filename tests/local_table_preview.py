"""The README's pictures of the local table: ``python -m bot local`` started on a new
file, its page in a headless Chromium at a phone's size (420 px, as docs/images'
other pictures), as a person who just ran ``make run`` uses it. docs/images/
local-table.png: a Coal Baron game against a computer opened with ``/game new`` and
its draft played by the page's own menus; local-table-saboteur.png: Saboteur started
by the welcome's button and Alice's hand opened (a private answer, "Only you can see
this"). A doc artefact, not a test:

    python -m tests.local_table_preview [DIR]     # default docs/images
"""

from __future__ import annotations

import argparse
import asyncio
import io
import signal
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

from PIL import Image

from tests.chromium import Page, chromium_path, click_until, headless_chromium
from tests.local_table_support import (
    PANEL,
    STEP_SECONDS,
    button,
    choose,
    click,
    images_loaded,
    local_table,
    message_ids,
    new_message_since,
    newest_private,
    page_text,
    slash,
)

WIDTH, HEIGHT = 420, 900
"""Every word of the picture readable where a phone shows it 400 px wide."""
NAME = "local-table.png"
SABOTEUR_NAME = "local-table-saboteur.png"


async def draft_pick(page: Page) -> None:
    """Alice's pick of the order draft (the computer picks in between): the first of
    the turn's menu, or of its buttons when the orders left are few."""
    if not await page.evaluate(f"!!{button('Draft ')}"):
        await choose(page, "")
        return
    before = await page.evaluate(message_ids())
    await click_until(page, button("Draft "), new_message_since(before), STEP_SECONDS)


async def coal_baron(page: Page) -> None:
    """A Coal Baron game opened with ``/game new``, a computer added, its draft played."""
    await slash(page, "/game new", "game", choose="coal-baron")
    await page.wait_for(f"{page_text()}.includes('Coal Baron: table #1')", STEP_SECONDS)
    await click_until(page, button("Add a computer (normal)"),
                      f"{page_text()}.includes('Computer 1 (normal)')", STEP_SECONDS)
    await click_until(page, button("Start"),
                      f"{page_text()}.includes('The game begins')", STEP_SECONDS)
    while not await page.evaluate(f"{page_text()}.includes('choose a space')"):
        await images_loaded(page)
        await draft_pick(page)
    await images_loaded(page)
    # The newest turn at the top of the channel: its lines, menus and board.
    await page.evaluate(
        "[...document.querySelectorAll('#channel-message-list > *')].pop().scrollIntoView()"
    )


async def saboteur_hand(page: Page) -> None:
    """Saboteur by the welcome's button, Alice's hand opened: her role, her cards and
    the goals she looked at, drawn for her only."""
    await page.wait_for(f"{page_text()}.includes('Welcome to the local table')", STEP_SECONDS)
    await click(page, button("Play Saboteur against the computer"))
    await click(page, button("My hand"))
    await page.wait_for(f"{newest_private()}.includes('Your hand')", STEP_SECONDS)
    await images_loaded(page)
    # The hand's bottom (its menus and buttons) at the bottom of the screen.
    await page.evaluate(f"{PANEL}.scrollIntoView({{block: 'end'}})")


async def screenshot(game: Callable[[Page], Awaitable[None]]) -> Image.Image:
    """The page once `game` played on a new file, at a phone's size."""
    with tempfile.TemporaryDirectory() as folder:
        database, log = Path(folder) / "local.sqlite3", Path(folder) / "table.log"
        phone = headless_chromium(WIDTH, HEIGHT, mobile=True)
        async with phone as page, local_table(database, log) as table:
            await page.call("Page.navigate", url=table.url)
            await game(page)
            await asyncio.sleep(0.5)
            png = await page.screenshot()
            await table.stop(signal.SIGINT)
    return Image.open(io.BytesIO(png)).convert("RGB")


def save(image: Image.Image, path: Path) -> None:
    buffer = io.BytesIO()
    image.quantize(128).save(buffer, "PNG", optimize=True)
    path.write_bytes(buffer.getvalue())
    print(f"{path}: {image.width} x {image.height}")


async def draw(out: Path) -> None:
    save(await screenshot(coal_baron), out / NAME)
    save(await screenshot(saboteur_hand), out / SABOTEUR_NAME)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", type=Path, default=Path("docs/images"))
    out = parser.parse_args().out
    if chromium_path() is None:
        raise SystemExit("local_table_preview needs Chromium (apt-get install chromium)")
    asyncio.run(draw(out))


if __name__ == "__main__":
    main()
