"""What becomes of a post Discord refuses or fails once its change is stored.

The move (or the start, the computer's move, the reminder) is stored before its
public message goes: Discord refusing the message must not undo it, nor tell its
player to try again (a second try plays a second move, or is refused as stale).
Three kinds of failure leave the table waiting to be posted
(`bot.service.posts`, docs/platform.md "A post that fails"):

- refused (403: a permission missing, 50013, or no access, 50001; 400 50083: an
  archived or locked thread the bot may not reopen);
- a server error (5xx) or no answer in time (a timeout, a lost connection): first
  tried again `TRIES` times in all, `BACKOFF` seconds apart, then doubled;
- a rate limit (429) that outlasted discord.py's own waits and tries;
- anything else (a 404 Unknown Channel, a bad request) is not this module's.

`Failure` says it in words: the permissions missing, named as Discord's settings
name them, when the bot can know them (the interaction's `app_permissions`, else
its permissions in the channel), else the cause.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import discord

from bot.i18n import DEFAULT_LANGUAGE, LocaleLike, t
from cogs.permissions.check import TABLE_NEEDS, missing, needed, permission_names

log = logging.getLogger(__name__)

T = TypeVar("T")

TRIES = 3
"""Tries of a post failing with a server error or a timeout, the first included."""
BACKOFF = 0.5
"""Seconds before the second try; doubled before each next one."""

ARCHIVED_THREAD = 50083
"""Discord's code for an action in an archived (or locked) thread."""
RATE_LIMITED = 429
"""Discord's status for too many requests: discord.py waited and tried again already,
so a 429 that reaches the bot is a post lost for now (not tried again here)."""

def lost(error: BaseException) -> bool:
    """Whether `error`, raised by a post, leaves the table waiting to be posted."""
    if isinstance(error, discord.Forbidden):
        return True
    if isinstance(error, discord.HTTPException):
        return (error.status >= 500 or error.status == RATE_LIMITED
                or (error.status == 400 and error.code == ARCHIVED_THREAD))
    return isinstance(error, OSError)  # a timeout, a connection lost


def transient(error: BaseException) -> bool:
    """A failure that may not happen again a moment later: a server error, a timeout."""
    if isinstance(error, discord.HTTPException):
        return error.status >= 500
    return isinstance(error, OSError)


async def retried(call: Callable[[], Awaitable[T]]) -> T:
    """`call()`, tried again after a transient failure, `TRIES` times in all."""
    for attempt in range(TRIES - 1):
        try:
            return await call()
        except (discord.HTTPException, OSError) as error:
            if not transient(error):
                raise
            log.info("a post failed (%s); trying again", error)
            await asyncio.sleep(BACKOFF * 2**attempt)
    return await call()


def rewound(files: list[discord.File]) -> list[discord.File]:
    """`files` ready to be sent again (a failed try read them)."""
    for file in files:
        file.reset()
    return files


def missing_permissions(
    channel: Any, permissions: discord.Permissions | None = None
) -> tuple[str, ...]:
    """The permissions a turn's message needs that the bot lacks in `channel`: from
    `permissions` (an interaction's `app_permissions`) or else from the channel's
    overwrites and the bot's roles. Empty if they cannot be known."""
    if permissions is None:
        guild = getattr(channel, "guild", None)
        me = getattr(guild, "me", None)
        if me is None or not hasattr(channel, "permissions_for"):
            return ()
        permissions = channel.permissions_for(me)
    names = needed(TABLE_NEEDS, thread=isinstance(channel, discord.Thread), opens_thread=False)
    return tuple(missing(permissions, names))


def cannot_post(channel: Any) -> bool:
    """Whether the bot's own view of `channel` says a turn posted there now would be
    refused: a permission it needs is missing, or the thread is locked and the bot may
    not manage threads. Known without asking Discord (nothing drawn for nothing)."""
    if missing_permissions(channel):
        return True
    if isinstance(channel, discord.Thread) and channel.locked:
        return not channel.permissions_for(channel.guild.me).manage_threads
    return False


@dataclass(frozen=True)
class Failure:
    """A post that failed for good: the table waits to be posted."""

    channel_id: int
    kind: str
    """``missing`` (the permissions below), ``closed`` (an archived or locked thread),
    ``refused`` (a 403 whose cause the bot cannot see), ``server``, ``rate_limited``,
    ``timeout``, or
    ``unreachable`` (not tried: the bot is off the server or no longer sees the
    channel)."""
    missing: tuple[str, ...] = ()

    @classmethod
    def of(
        cls, error: BaseException, channel: Any, permissions: discord.Permissions | None = None
    ) -> Failure:
        """The failure `error` (one that is `lost`) of a post in `channel`; `permissions`:
        the bot's there, as an interaction tells them."""
        channel_id = getattr(channel, "id", 0)
        if isinstance(error, discord.HTTPException) and error.status >= 500:
            return cls(channel_id, "server")
        if isinstance(error, discord.HTTPException) and error.status == RATE_LIMITED:
            return cls(channel_id, "rate_limited")
        if not isinstance(error, discord.HTTPException):
            return cls(channel_id, "timeout")
        missing = missing_permissions(channel, permissions)
        if missing:
            return cls(channel_id, "missing", missing)
        closed = getattr(channel, "locked", False) or getattr(channel, "archived", False)
        if closed or error.code == ARCHIVED_THREAD:
            return cls(channel_id, "closed")
        return cls(channel_id, "refused")

    def cause(self, locale: LocaleLike) -> str:
        """Why the table could not be posted, in `locale`'s words."""
        place = f"<#{self.channel_id}>"
        if self.kind != "missing":
            return t(locale, f"delivery.cause.{self.kind}", channel=place)
        return t(locale, "delivery.cause.missing", count=len(self.missing), channel=place,
                 permissions=permission_names(self.missing, locale))

    def logged(self, table_id: int, channel: Any, *, again: bool = False) -> None:
        """The one warning of this failure: the table, the channel, the cause (`again`,
        a table already waiting failing once more: logged as information)."""
        where = getattr(channel, "name", None) or self.channel_id
        log.log(logging.INFO if again else logging.WARNING,
                "table %s: its message could not be posted in #%s (%s): %s; it waits to be"
                " posted", table_id, where, self.channel_id,
                self.cause(DEFAULT_LANGUAGE).replace(f"<#{self.channel_id}>", f"#{where}")
                .replace("**", ""))
