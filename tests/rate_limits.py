"""Discord's rate limits (429) as discord.py meets them, modelled on simcord's clock.

simcord does NOT model them: it replaces discord.py's HTTP client, and with it the loop
in which discord.py handles a 429, so that ``env.inject_error(..., status=429)`` raises
at the first 429, which discord.py never does. discord.py
(`discord.http.HTTPClient.request`) answers a 429 by sleeping its ``retry_after`` and
trying again, 5 tries in all; only a 429 on the fifth try escapes the call, as an
`discord.HTTPException` of status 429 (after that last wait too).

`RateLimits` puts that loop back in front of simcord's routes, on the bot's HTTP
client and on the webhook adapter of interaction follow-ups: a request that one of
its `Limit`s refuses waits its ``retry_after`` on simcord's clock (a sleep declared
to simcord as an external wait, so only ``env.advance_time`` ends it, and the rest
of the bot runs meanwhile: its minute's loops, other tables) and tries again, up to
`TRIES` times, then raises as discord.py does. Requests no limit refuses go to
simcord unchanged.
"""

from __future__ import annotations

import asyncio
import fnmatch
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

import discord
import simcord

TRIES = 5
"""discord.py's tries of a request answered 429 (`discord.http.HTTPClient.request`)."""
EPSILON = 1e-6


class Limit:
    """Which requests Discord answers 429, and how long it asks to wait."""

    def matches(self, method: str, path: str) -> bool:
        raise NotImplementedError

    def retry_after(self, now: float) -> float | None:
        """Seconds to wait before trying again; None: the request goes through now."""
        raise NotImplementedError


@dataclass
class Bucket(Limit):
    """`free` requests at once, then one every `every` seconds (as Discord limits thread
    creation in a channel): an earlier one is told to wait until its turn."""

    method: str
    path: str
    free: int
    every: float
    passed: list[float] = field(default_factory=list)

    def matches(self, method: str, path: str) -> bool:
        return method == self.method and fnmatch.fnmatch(path, self.path)

    def retry_after(self, now: float) -> float | None:
        if len(self.passed) >= self.free:
            turn = self.passed[-1] + self.every
            if now < turn - EPSILON:
                return turn - now
        self.passed.append(now)
        return None


@dataclass
class Window(Limit):
    """Every request `matching` is answered 429 (wait `wait` seconds) until `until`
    (simcord's clock, seconds since its start)."""

    matching: Callable[[str, str], bool]
    until: float
    wait: float
    refused: int = 0

    def matches(self, method: str, path: str) -> bool:
        return self.matching(method, path)

    def retry_after(self, now: float) -> float | None:
        if now >= self.until:
            return None
        self.refused += 1
        return self.wait


class TooManyRequests:
    """Just enough of an aiohttp response for `discord.HTTPException`."""

    status = 429
    reason = "Too Many Requests"
    headers: ClassVar[dict[str, str]] = {}


def path_of(route: Any) -> str:
    """``/channels/12/threads``: a route's URL without the API's prefix."""
    path = str(route.url).split("?", 1)[0]
    index = path.find("/api/v")
    if index != -1:
        path = path[index + len("/api/v"):]
        path = path[path.find("/"):]
    return path


class RateLimits:
    """The `Limit`s in force on the bot simcord runs (see the module)."""

    def __init__(self, env: simcord.Env) -> None:
        self.env = env
        self.limits: list[Limit] = []
        self.waits: list[tuple[str, float]] = []
        """Each wait a request made: its path and its seconds."""
        http = env.bot.http
        http.request = self._looped(http.request)  # type: ignore[method-assign,assignment]
        # Interaction follow-ups go through discord.py's webhook adapter, which has the
        # same loop (`discord.webhook.async_.AsyncWebhookAdapter.request`); simcord's
        # stand-in for it is not public.
        adapter = env._webhook_adapter
        adapter.request = self._looped(adapter.request)

    def _looped(self, send: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        """`send` (a request to simcord's routes) behind discord.py's loop of 429s."""
        async def request(route: Any, *args: Any, **kwargs: Any) -> Any:
            path = path_of(route)
            for _ in range(TRIES):
                wait = self._refusal(route.method, path)
                if wait is None:
                    return await send(route, *args, **kwargs)
                self.waits.append((path, wait))
                await self.env.external_wait(asyncio.sleep(wait),
                                             reason="discord.py waits out a 429's retry_after")
            raise discord.HTTPException(
                TooManyRequests(),
                {"message": "You are being rate limited.", "retry_after": wait,
                 "global": False, "code": 0})

        return request

    def now(self) -> float:
        """simcord's clock: seconds since its start."""
        return self.env.backend.clock.elapsed

    def _refusal(self, method: str, path: str) -> float | None:
        for limit in self.limits:
            if limit.matches(method, path):
                wait = limit.retry_after(self.now())
                if wait is not None:
                    return wait
        return None

    def add(self, limit: Limit) -> Limit:
        self.limits.append(limit)
        return limit
