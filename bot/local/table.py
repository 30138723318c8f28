"""The local table: the real bot on a simulated Discord server, played in a browser page.

``make run`` without a token, or ``python -m bot local``, starts it. Everything the
bot runs on Discord runs here too (`bot.app.create_bot`: the plugins, the service,
SQLite storage, the render workers, the computer players); only Discord itself is
simcord's in-memory one, and its preview page (``pip install 'mine-table[local]'``)
shows the channel as a Discord client would, with the composer, slash commands,
buttons, selects and images.

The server is small and always the same: one channel, ``#mine``, and four members
(`SEATS`) the page switches between ("Viewing as"), so that one person can play a
seat after another (hot seat) or sit alone against the computers. Simcord numbers
every user and channel from its own clock, which starts at the same instant in
every run: the server is built in the same order before the bot connects, so its
ids are the same from one run to the next and the tables stored in the SQLite file
are found again after a restart. Only the messages are gone then: the channel's
table in play is posted again (the reminder message: its images and buttons) or,
with none, the welcome (`bot.local.welcome`: a game against the computer in one
click; only the local table posts it). The welcome comes again at the bottom whenever a
table of the channel ends (`offer_again`).

Private answers (a hand, a view, a turn panel, a refusal: ephemeral responses and
follow-ups, and their edits) are drawn by simcord's page for the member they are
for only, under "Only you can see this": switching "Viewing as" to another member
hides them (a hot seat does not show one player's hand to the next).
The bot may not open threads in the channel (a thread would not exist after a
restart), so its tables play in the channel itself, one at a time.

Nothing listens on another interface than the loopback one: the page's server is
simcord's, bound to 127.0.0.1, and its address carries a secret drawn anew at each
start (whoever holds the address can play). Ctrl-C or SIGTERM (or "End preview
session" on the page) stops it: the page's server, the bot, its render and
computer workers and the database are closed before the process exits.

What the page needs of simcord beyond its public interface (publishing the page
again when the bot acted by itself) is in `bot.local.simcord_page`, checked at start.

Two things differ from Discord, both from simcord: the page shows what the bot
posted once the action that caused it is over (the computers' moves after yours
appear together: their pause, `COMPUTER_PAUSE_SECONDS`, is 0 here), and time moves
only when the bot waits on a timer (`show_todays_date`): a message is dated by the
page's clock, and a turn that began while the page stood still began "now".
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import signal
import sys
import time
import webbrowser
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, runtime_checkable

import discord
import simcord
from simcord.preview import Preview

from bot.app import TableBot, check_storage, configure_logging, create_bot
from bot.i18n import DEFAULT_LANGUAGE, t
from bot.local.simcord_page import (
    after_each_publication,
    check_simcord,
    follow_newest,
    is_busy,
    publish_again,
)
from bot.local.welcome import WelcomeButton, post_welcome
from bot.service import Table
from bot.startup.config import Settings
from bot.workers.process_starts import no_process_starts

log = logging.getLogger(__name__)

DEFAULT_DATABASE = Path("data/local-table.sqlite3")
"""The local table's own file: its made-up server never mixes with a real one's tables."""
SERVER_ID = 1_000_000_000_000_000_001
"""The simulated server's id (pinned: the tables stored in the file name it)."""
CHANNEL = "mine"
SEATS = ("Alice", "Bob", "Chloé", "David")
"""The members of the simulated server, in the page's "Viewing as" list."""
SETTLE_SECONDS = 600.0
"""How long one action on the page may keep the bot busy (computers playing after it)."""
REFRESH_SECONDS = 0.5
"""How often the page's view is compared with the channel, and published again if it
changed (the page does not follow what the bot posts by itself)."""
RECENT_MESSAGES = 10
"""How many of the channel's latest messages `channel_fingerprint` compares (the bot
edits the lobby or the turn's message a few messages back)."""
BOT_NAME = "Mine table"
READY_LINE = "Local table: open "
"""How the line with the page's address starts (a test reads it)."""


@dataclass(frozen=True)
class LocalOptions:
    """What ``python -m bot local`` takes on its command line."""

    locale: str = DEFAULT_LANGUAGE
    """A language with catalogs (`bot.i18n.languages`): the server's language and the
    page's client language."""
    port: int = 0
    """The page's port on 127.0.0.1; 0 takes a free one."""
    database: Path = DEFAULT_DATABASE
    open_browser: bool = True
    """Open the page in the desktop's browser, where there is a desktop."""


def local_settings(settings: Settings, database: Path) -> Settings:
    """`settings` (from ``.env``: computer budgets, render workers, log level...) for
    the local table: no token, its own SQLite file, one shard, computers without pause,
    tables in the channel (no word of a thread's permissions), a redrawn panel's menus
    with values of their own (simcord's page keeps a menu's last choice by its place),
    tournaments without deadlines (the clock stands still between actions)."""
    return dataclasses.replace(
        settings, token=None, database_path=database, database_url=None, dev_guild_id=None,
        shard_count=1, shard_ids=None, computer_pause_seconds=0.0, tables_in_channel=True,
        new_menu_values=True, standing_clock=True,
    )


@dataclass
class LocalServer:
    """The simulated server: its channel and the members the page can be."""

    channel: simcord.ChannelHandle
    members: list[simcord.MemberActor]


def discord_locale(language: str) -> str:
    """The Discord locale a client of `language` has: the language's own code where
    Discord has it (``fr``, ``de``), else its first regional one (``en-US``)."""
    codes = [locale.value for locale in discord.Locale]
    return language if language in codes else next(
        code for code in codes if code.startswith(f"{language}-"))


def build_server(env: simcord.Env, locale: str) -> LocalServer:
    """The server, its channel and its members, created before the bot connects (so
    with the same ids at every start, see the module docstring)."""
    env.backend.bot_user.name = BOT_NAME  # simcord's default is "TestBot"
    guild = env.create_guild(
        t(locale, "local.server_name"), id=SERVER_ID, preferred_locale=discord_locale(locale)
    )
    members = [guild.add_member(env.create_user(name, global_name=name)) for name in SEATS]
    # Tables play in the channel itself: a thread would be gone after a restart.
    no_threads = discord.PermissionOverwrite(create_public_threads=False)
    channel = guild.create_text_channel(
        CHANNEL, overwrites={guild.roles["@everyone"]: no_threads}
    )
    return LocalServer(channel, members)


def show_todays_date(env: simcord.Env) -> None:
    """Move simcord's clock from its fixed start (2026-01-01, where `build_server` took
    the server's ids from it) to now, before anything runs on it.

    The bot's clock is simcord's, as the page's is: the time a turn began and the
    "since" of a reminder read the same on both. Simcord's clock moves only when the
    bot waits on a timer; between two actions it stands still."""
    env.backend.advance_clock(max(0.0, time.time() - env.now().timestamp()))


@runtime_checkable
class PostsReminders(Protocol):
    """What `post_table_in_play` needs of the reminders' cog (`cogs.reminders`). Not
    that class itself: discord.py loads an extension as a module object of its own, so
    the cog the bot holds is not an instance of the class an import here would give."""

    async def post_reminder(self, table: Table) -> bool: ...


async def post_table_in_play(bot: TableBot, server: LocalServer) -> bool:
    """After a restart the channel is empty: post its table in play again, with the
    turn's images and buttons (the reminder message). Whether it posted one."""
    table = await bot.service.tables.active_table(server.channel.id)
    cog = bot.get_cog("ReminderCog")
    if table is None or table.state is None or not isinstance(cog, PostsReminders):
        return False
    return await cog.post_reminder(table)


def offer_again(bot: TableBot, server: LocalServer, locale: str) -> None:
    """When a table of the channel ends (finished, abandoned, its lobby closed:
    `cogs.ended.closing` dispatches ``table_closed``), the welcome is posted again at
    the bottom: the next step, one click away, where the page shows the newest message."""

    async def on_table_closed(table: Table) -> None:
        if table.channel_id != server.channel.id:
            return
        channel = bot.get_channel(server.channel.id)
        if isinstance(channel, discord.TextChannel):
            await post_welcome(channel, discord_locale(locale), again=True)

    bot.add_listener(on_table_closed, "on_table_closed")


async def greet(bot: TableBot, server: LocalServer, locale: str) -> None:
    """Post the channel's table in play again or, with none, the welcome
    (`bot.local.welcome`): at start the channel is always empty."""
    if await post_table_in_play(bot, server):
        return
    channel = bot.get_channel(server.channel.id)
    assert isinstance(channel, discord.TextChannel), channel
    await post_welcome(channel, discord_locale(locale))


def newest_post(env: simcord.Env, channel: simcord.ChannelHandle) -> int:
    """The id of the bot's newest public message in `channel` (0: none)."""
    messages = env.backend.messages.get(channel.id, {}).values()
    bot_id = env.backend.bot_user.id
    return max((m.id for m in messages if m.author_id == bot_id and m.visible_to(None)),
               default=0)


def channel_fingerprint(env: simcord.Env, channel: simcord.ChannelHandle) -> tuple[object, ...]:
    """What changes when the bot posts or edits a message in `channel`: the count, and
    what the latest messages hold (simcord's clock stands still between two actions, so
    an edit's time alone does not tell one; an edit may change only an embed or a button)."""
    messages = env.backend.messages.get(channel.id, {})
    latest = (messages[i] for i in sorted(messages)[-RECENT_MESSAGES:])
    held = tuple(
        repr((m.id, m.content, m.embeds, m.components, m.attachments, m.reactions))
        for m in latest
    )
    return (len(messages), *held)


async def keep_page_current(
    env: simcord.Env, page: Preview, channel: simcord.ChannelHandle
) -> None:
    """Publish the channel to the page again when the bot changed it by itself (a
    table posted again, a computer's move that came after the page's action ended).

    Simcord publishes after each of the page's own actions; publishing once more
    then would be worse than useless: an action of the page is bound to the last
    publication it saw, so one made meanwhile (an autocomplete being typed, a click)
    would be refused as stale. So every publication, simcord's too, notes what it
    showed, and nothing is published during an action or when it would show the same.

    A new public message of the bot (a game begun, a computer's move, the welcome
    offered again) brings every page to the newest message (`follow_newest`): a page
    otherwise keeps the message last clicked in view, and what came after below it.
    """
    shown = [channel_fingerprint(env, channel)]
    followed = [newest_post(env, channel)]

    def note() -> None:
        shown[0] = channel_fingerprint(env, channel)

    after_each_publication(page, note)
    while True:
        await asyncio.sleep(REFRESH_SECONDS)
        if is_busy(page):
            continue
        if newest_post(env, channel) != followed[0]:
            followed[0] = newest_post(env, channel)
            follow_newest(page)
        elif channel_fingerprint(env, channel) != shown[0]:
            publish_again(page)


def announce(url: str, options: LocalOptions) -> None:
    """The two lines a person reads: where to play, and what this is."""
    print(f"{READY_LINE}{url}", flush=True)
    print(
        "This is a local table (a simulated Discord server on this computer, Ctrl-C stops "
        "it); to play on your Discord server, see \"Connect it to your Discord server\" in "
        "README.md.",
        flush=True,
    )
    if options.open_browser and has_desktop():
        webbrowser.open(url)


def has_desktop() -> bool:
    """Whether a graphical browser can open (else `webbrowser` may start a text one in
    this terminal)."""
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def stop_on_signals(stop: asyncio.Event) -> None:
    """Ctrl-C and SIGTERM end the table cleanly (the `finally` of `serve` closes all)."""
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)


async def serve(settings: Settings, options: LocalOptions) -> None:
    """Run the local table until a signal, or the page's "End preview session"."""
    check_simcord()
    bot = create_bot(settings)  # its clock is simcord's (`bot.app.discord_clock`)
    bot.add_dynamic_items(WelcomeButton)  # the welcome's buttons, even after a restart
    stop = asyncio.Event()
    stop_on_signals(stop)
    env = simcord.Env(bot, settle_timeout=SETTLE_SECONDS, check_errors=False)
    try:
        # Process pools start before simcord runs: it drives the clock their start waits
        # on; inside the run, a start is refused rather than frozen.
        await bot.start_workers()
        server = build_server(env, options.locale)
        offer_again(bot, server, options.locale)
        show_todays_date(env)
        await env.start()
        with env.time_context(), no_process_starts("while simcord runs the local table"):
            try:
                await greet(bot, server, options.locale)
                await env.settle()
                async with env.preview(
                    server.channel, viewers=server.members, layout="channel",
                    locale=discord_locale(options.locale), port=options.port,
                ) as page:
                    announce(page.url, options)
                    waits = [
                        asyncio.ensure_future(page.wait_closed()),
                        asyncio.ensure_future(stop.wait()),
                        asyncio.ensure_future(keep_page_current(env, page, server.channel)),
                    ]
                    await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
                    for wait in waits:
                        wait.cancel()
                    await asyncio.gather(*waits, return_exceptions=True)
            finally:
                await env.shutdown()
    finally:
        await bot.close()
        print("Local table stopped.", flush=True)


def run_local(settings: Settings, options: LocalOptions) -> int:
    """Run the local table; returns the exit code. Raises `StartupError` if the
    database cannot serve (checked before anything starts)."""
    settings = local_settings(settings, options.database)
    if "LOG_LEVEL" not in os.environ:  # the two lines of `announce`, and what goes wrong
        settings = dataclasses.replace(settings, log_level="WARNING")
    asyncio.run(check_storage(settings))
    configure_logging(settings)
    log.info("local table with %r", settings)
    asyncio.run(serve(settings, options))
    return 0
