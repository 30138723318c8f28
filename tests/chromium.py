"""A headless Chromium (Debian's ``chromium``) driven through its DevTools protocol.

`headless_chromium` starts one on a free port with a throwaway profile and yields a
`Page` to navigate, evaluate JavaScript in, type into and screenshot; the browser is
killed on exit. Used by the local table's test and the phone previews.
"""

from __future__ import annotations

import asyncio
import base64
import json
import shutil
import socket
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import aiohttp

START_SECONDS = 30.0
"""How long Chromium may take to open its DevTools port."""
CALL_SECONDS = 30.0
"""How long one DevTools command may take."""


def chromium_path() -> str | None:
    """Chromium's program, or None where it is not installed."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Page:
    """One tab, driven by DevTools commands; `console_errors` collects the page's
    errors (console errors and uncaught exceptions)."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self._socket = socket
        self._calls = 0
        self._answers: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.console_errors: list[str] = []
        self._reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        async for message in self._socket:
            data = json.loads(message.data)
            if "id" in data:
                future = self._answers.pop(data["id"], None)
                if future is not None and not future.done():
                    future.set_result(data)
            elif data.get("method") == "Runtime.exceptionThrown":
                details = data["params"]["exceptionDetails"]
                self.console_errors.append(str(details.get("exception", details)))
            elif data.get("method") == "Runtime.consoleAPICalled":
                if data["params"]["type"] == "error":
                    args = data["params"]["args"]
                    self.console_errors.append(" ".join(str(a.get("value", a)) for a in args))
            elif data.get("method") == "Log.entryAdded":
                entry = data["params"]["entry"]
                if entry["level"] == "error":
                    self.console_errors.append(f"{entry.get('url', '')}: {entry['text']}")

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        """Send one DevTools command; its result (raises on a protocol error)."""
        self._calls += 1
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._answers[self._calls] = future
        await self._socket.send_json({"id": self._calls, "method": method, "params": params})
        async with asyncio.timeout(CALL_SECONDS):
            answer = await future
        if "error" in answer:
            raise RuntimeError(f"{method}: {answer['error']}")
        return dict(answer.get("result", {}))

    async def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (awaited if a promise)."""
        found = await self.call(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in found:
            raise RuntimeError(f"{expression}: {found['exceptionDetails']}")
        return found["result"].get("value")

    async def wait_for(self, expression: str, seconds: float = 30.0) -> Any:
        """Evaluate `expression` until it is truthy; its value. TimeoutError after `seconds`."""
        async with asyncio.timeout(seconds):
            while True:
                value = await self.evaluate(expression)
                if value:
                    return value
                await asyncio.sleep(0.2)

    async def type_text(self, text: str) -> None:
        """Type `text` into the focused element, as a keyboard would."""
        await self.call("Input.insertText", text=text)

    async def press(self, key: str, code: str, key_code: int) -> None:
        """Press and release one key (Enter: ``"Enter", "Enter", 13``)."""
        for kind in ("keyDown", "keyUp"):
            await self.call(
                "Input.dispatchKeyEvent", type=kind, key=key, code=code,
                windowsVirtualKeyCode=key_code, nativeVirtualKeyCode=key_code,
            )

    async def screenshot(self) -> bytes:
        shot = await self.call("Page.captureScreenshot", format="png")
        return base64.b64decode(str(shot["data"]))

    async def close(self) -> None:
        self._reader.cancel()
        await asyncio.gather(self._reader, return_exceptions=True)


@asynccontextmanager
async def headless_chromium(width: int, height: int, mobile: bool = False) -> AsyncIterator[Page]:
    """A headless Chromium showing a blank tab `width` x `height` CSS pixels."""
    chromium = chromium_path()
    if chromium is None:
        raise RuntimeError("no Chromium (apt-get install chromium)")
    port = free_port()
    # Chromium's helper processes may still write the profile as it is killed.
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        process = await asyncio.create_subprocess_exec(
            chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            f"--user-data-dir={profile}", f"--window-size={width},{height}",
            f"--remote-debugging-port={port}", "--remote-debugging-address=127.0.0.1",
            "about:blank",
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
        )
        try:
            async with aiohttp.ClientSession() as http:
                pages = await _pages(http, port)
                (target,) = [p for p in pages if p["type"] == "page"]
                async with http.ws_connect(
                    target["webSocketDebuggerUrl"], max_msg_size=0
                ) as connection:
                    page = Page(connection)
                    try:
                        for domain in ("Page", "Runtime", "Log"):
                            await page.call(f"{domain}.enable")
                        await page.call(
                            "Emulation.setDeviceMetricsOverride", width=width, height=height,
                            deviceScaleFactor=1, mobile=mobile,
                        )
                        yield page
                    finally:
                        await page.close()
        finally:
            process.kill()
            await process.wait()


async def _pages(http: aiohttp.ClientSession, port: int) -> list[dict[str, Any]]:
    async with asyncio.timeout(START_SECONDS):
        while True:
            try:
                async with http.get(f"http://127.0.0.1:{port}/json/list") as answer:
                    return list(await answer.json())
            except aiohttp.ClientError:
                await asyncio.sleep(0.2)


PAGE_IDLE = (
    "(s => !!s && s.ready && !s.pendingAction && s.awaitingRevision === null)"
    "(window.simcordPreview)"
)
"""simcord's page (its ``window.simcordPreview`` status) has no action under way and
waits for no publication. While one is under way (its own viewport report after a
redraw, a refresh...) the page drops a click without sending it, as it would a
person's: a click made right after another action is lost."""


async def click_until(page: Page, target: str, done: str, seconds: float = 30.0) -> None:
    """Click the element the JavaScript expression `target` finds until `done` holds;
    on simcord's preview page, each click waits for the page to be idle (`PAGE_IDLE`).
    A click is tried again after a second if `done` does not hold once the page is
    idle again: the page may redraw the element between finding and clicking it, or
    drop the click."""
    async with asyncio.timeout(seconds):
        while True:
            await page.wait_for(f"!window.simcordPreview || {PAGE_IDLE}", seconds)
            if await page.evaluate(done):  # the last click took, slower than the wait below
                return
            await page.evaluate(f"(() => {{ const e = {target}; if (e) e.click(); }})()")
            for _ in range(10):
                if await page.evaluate(done):
                    return
                await asyncio.sleep(0.1)
