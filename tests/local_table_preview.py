"""The README's picture of the local table (docs/images/local-table.png): ``python -m
bot local`` started on a new file, its page in a headless Chromium at a phone's
size (420 px, as docs/images' other pictures), a Coal Baron game against a computer
opened and its draft played by the page's own menus, as a person who just ran
``make run`` does. A doc artefact, not a test:

    python -m tests.local_table_preview [DIR]     # default docs/images
"""

from __future__ import annotations

import argparse
import asyncio
import io
import signal
import tempfile
from pathlib import Path

from PIL import Image

from tests.chromium import Page, chromium_path, click_until, headless_chromium
from tests.local_table_support import (
    STEP_SECONDS,
    button,
    images_loaded,
    local_table,
    message_ids,
    new_message_since,
    page_text,
    pick_in_menu,
    slash,
)

WIDTH, HEIGHT = 420, 900
"""Every word of the picture readable where a phone shows it 400 px wide."""
NAME = "local-table.png"


async def draft_pick(page: Page) -> None:
    """Alice's pick of the order draft (the computer picks in between): the first of
    the turn's menu, or of its buttons when the orders left are few."""
    if not await page.evaluate(f"!!{button('Draft ')}"):
        await pick_in_menu(page)
        return
    before = await page.evaluate(message_ids())
    await click_until(page, button("Draft "), new_message_since(before), STEP_SECONDS)


async def draw(out: Path) -> None:
    with tempfile.TemporaryDirectory() as folder:
        database, log = Path(folder) / "local.sqlite3", Path(folder) / "table.log"
        phone = headless_chromium(WIDTH, HEIGHT, mobile=True)
        async with phone as page, local_table(database, log) as table:
            await page.call("Page.navigate", url=table.url)
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
                "[...document.querySelectorAll('#channel-message-list > *')].pop()"
                ".scrollIntoView()"
            )
            await asyncio.sleep(0.5)
            png = await page.screenshot()
            await table.stop(signal.SIGINT)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    buffer = io.BytesIO()
    image.quantize(128).save(buffer, "PNG", optimize=True)
    (out / NAME).write_bytes(buffer.getvalue())
    print(f"{out / NAME}: {image.width} x {image.height}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", type=Path, default=Path("docs/images"))
    out = parser.parse_args().out
    if chromium_path() is None:
        raise SystemExit("local_table_preview needs Chromium (apt-get install chromium)")
    asyncio.run(draw(out))


if __name__ == "__main__":
    main()
