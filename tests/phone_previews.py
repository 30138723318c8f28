"""Screenshots of tables as a player sees them on a phone, for the docs (docs/images/).

The real bot under simcord plays a 4-player Coal Baron game and a 3-player Saboteur
game a few turns in; simcord's preview (``pip install 'simcord[preview]'``) serves
the channel as a Discord client shows it, and a headless Chromium (Debian's
``chromium``) takes each screenshot at phone width. A doc artefact, not a test:

    python -m tests.phone_previews [DIR] [--only NAME]     # default docs/images, every shot
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import io
import random
import shutil
import tempfile
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

import aiohttp
import pytest
import simcord
from PIL import Image

from bot.app import create_bot
from bot.games.saboteur.actions import PlacePath
from bot.startup.config import Settings
from tests.coal_baron_discord_support import SEED, Driver, coal_world
from tests.discord_support import build_turn, choose_step
from tests.saboteur_discord_support import hand_panel, sab_world
from tests.saboteur_support import digger_play

PHONE_WIDTH = 420
"""CSS pixels of the page: a phone held upright."""
SHOT_HEIGHT = 1400
DEVTOOLS_PORT = 9333
CHROMIUM_SECONDS = 90
SAVED_WIDTH = 420
"""Width of the saved PNGs (kept small: they live in the repository)."""
COAL_MOVES = 14
"""Coal Baron moves before the screenshot: the draft (12 picks for 4 players), then
a couple of placements."""
SABOTEUR_SEED = 11
SABOTEUR_TURNS = 6
DIGEST_SEED = 5
DIGEST_TURNS = 7
"""Saboteur turns before the digest's screenshot: two rounds of the table and one more."""


async def screenshot(url: str, path: Path, height: int = SHOT_HEIGHT, images: int = 2) -> None:
    """A headless Chromium's screenshot of `url` at phone width, once the page shows
    the bot's messages, saved `SAVED_WIDTH` wide (through the DevTools protocol: the
    preview page keeps a connection open, so Chromium's own --screenshot never sees
    it finished); `images`: how many images the page shows once drawn."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        raise SystemExit("phone_previews needs Chromium (apt-get install chromium)")
    # Chromium's helper processes may still write the profile as it is killed.
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        process = await asyncio.create_subprocess_exec(
            chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            f"--user-data-dir={profile}", f"--window-size={PHONE_WIDTH},{height}",
            f"--remote-debugging-port={DEVTOOLS_PORT}", "about:blank",
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
        )
        try:
            png = await asyncio.wait_for(_capture(url, images), CHROMIUM_SECONDS)
        finally:
            process.kill()
            await process.wait()
    image = Image.open(io.BytesIO(png)).convert("RGB")
    size = (SAVED_WIDTH, image.height * SAVED_WIDTH // image.width)
    small = image.resize(size, Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    small.quantize(128).save(buffer, "PNG", optimize=True)
    path.write_bytes(buffer.getvalue())
    print(f"{path}: {small.width}x{small.height}, {len(buffer.getvalue()) / 1e3:.0f} kB")


async def _capture(url: str, images: int) -> bytes:
    """Open `url` in the running Chromium, wait until its `images` images (at least) are
    drawn, and take the screenshot."""
    async with aiohttp.ClientSession() as http:
        while True:
            try:
                async with http.get(f"http://127.0.0.1:{DEVTOOLS_PORT}/json/list") as answer:
                    pages = await answer.json()
                break
            except aiohttp.ClientError:
                await asyncio.sleep(0.2)
        (page,) = [p for p in pages if p["type"] == "page"]
        async with http.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0) as socket:
            calls = 0

            async def call(method: str, **params: object) -> dict[str, object]:
                nonlocal calls
                calls += 1
                await socket.send_json({"id": calls, "method": method, "params": params})
                while True:
                    answer = await socket.receive_json()
                    if answer.get("id") == calls:
                        return dict(answer.get("result", {}))

            await call("Emulation.setDeviceMetricsOverride", width=PHONE_WIDTH,
                       height=SHOT_HEIGHT, deviceScaleFactor=1, mobile=True)
            await call("Page.navigate", url=url)
            # Every image of the page drawn (the preview fetches the attachments after
            # the messages), and at least those of the message shown.
            ready = ("[...document.images].every(i => i.complete && i.naturalWidth > 0)"
                     f" && document.images.length >= {images}")
            while True:
                await asyncio.sleep(1)
                found = await call("Runtime.evaluate", expression=ready)
                if dict(found["result"]).get("value") is True:  # type: ignore[call-overload]
                    break
            await asyncio.sleep(1)
            shot = await call("Page.captureScreenshot", format="png")
            return base64.b64decode(str(shot["data"]))


async def coal_baron_turn(env: simcord.Env, out: Path) -> None:
    """A 4-player turn message: the board and every player's mine."""
    world = await coal_world(env)
    await world.start(4)
    driver = Driver(world, SEED)
    for _ in range(COAL_MOVES):
        await driver.move()
    viewer = world.players[0]
    async with env.preview(world.channel, viewers=[viewer], layout="channel") as preview:
        await preview.show(world.last())
        await screenshot(preview.url, out / "phone-coal-baron-turn.png")


async def saboteur_placement(env: simcord.Env, out: Path) -> None:
    """A path card chosen in the hand view: the maze with each legal spot lettered;
    then the public turn after the placement."""
    w = await sab_world(env)
    await w.start(SABOTEUR_SEED)
    rng = random.Random(SABOTEUR_SEED)
    turns = 0
    while True:  # typed plays, as in the complete-game driver, until a path is placed
        state = await w.state()
        (seat,) = state.to_act()
        paths = [a for a in state.legal_actions(seat) if isinstance(a, PlacePath)]
        if turns >= SABOTEUR_TURNS and paths:
            break
        action = state.format_action(digger_play(rng, state.legal_actions(seat)))
        await w.players[seat].slash(w.channel, "game play", action=action)
        turns += 1
    actor = w.players[seat]
    hand = await hand_panel(w, actor)
    place = rng.choice(paths)
    await choose_step(actor, hand, f"card:{place.card}")
    async with env.preview(w.channel, viewers=[actor], layout="channel") as preview:
        await preview.show(hand)
        await screenshot(preview.url, out / "phone-saboteur-placement.png")
        await build_turn(actor, hand, [state.format_action(place)])
        await preview.show(w.last())
        await screenshot(preview.url, out / "phone-saboteur-turn.png")


async def saboteur_digest(env: simcord.Env, out: Path) -> None:
    """A player's hand view when their turn comes back: "since your last turn" on top."""
    w = await sab_world(env)
    await w.start(DIGEST_SEED)
    rng = random.Random(DIGEST_SEED)
    for _ in range(DIGEST_TURNS):  # typed plays, as in the complete-game driver
        state = await w.state()
        (seat,) = state.to_act()
        action = state.format_action(digger_play(rng, state.legal_actions(seat)))
        await w.players[seat].slash(w.channel, "game play", action=action)
    (seat,) = (await w.state()).to_act()
    actor = w.players[seat]
    hand = await hand_panel(w, actor)
    async with env.preview(w.channel, viewers=[actor], layout="channel") as preview:
        await preview.show(hand)
        await screenshot(preview.url, out / "phone-digest.png")


Shots = Callable[[simcord.Env, Path], Awaitable[None]]
"""Plays a scene on a fresh bot and takes its screenshots into the folder."""
SHOTS: dict[str, Shots] = {
    make.__name__: make for make in (coal_baron_turn, saboteur_placement, saboteur_digest)
}


async def main(out: Path, scenes: Sequence[Shots] = tuple(SHOTS.values())) -> None:
    """Each of `scenes` on a bot of its own, every table with the drivers' seed."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as patch:
        # Every table gets the drivers' seed (the service draws one with `secrets`).
        patch.setattr("bot.service.tables.secrets.randbits", lambda bits: SEED)
        for make in scenes:
            settings = Settings(
                token=None, database_path=Path(folder) / f"{make.__name__}.sqlite3",
                render_workers=0, computer_pause_seconds=0.0, shard_count=1,
            )
            table_bot = create_bot(settings)
            async with simcord.run(table_bot) as env:
                env.settle_timeout = 60.0
                await make(env, out)
            await table_bot.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", type=Path, default=Path("docs/images"))
    parser.add_argument("--only", action="append", choices=sorted(SHOTS), default=[],
                        help="take only this screenshot (repeatable)")
    arguments = parser.parse_args()
    chosen = [SHOTS[name] for name in arguments.only]
    asyncio.run(main(arguments.out, chosen or list(SHOTS.values())))
