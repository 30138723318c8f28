"""Build and run the Discord bot.

`create_bot` assembles the bot without connecting: the render processes
(`bot.workers.render_pool`), storage and service are started in `setup_hook` (so tests
can build a bot, run it against simcord and close it) and stopped in `close`;
the cogs are loaded as extensions, and the persistent buttons are
registered there too. `run` is what ``python -m bot`` calls: it checks the
database first, so a database the bot cannot use stops it before it connects.

The bot is an `AutoShardedBot`: one process holds every shard by default, or
the range `SHARD_IDS` of `SHARD_COUNT` when several processes share the bot
(and a PostgreSQL database, see docs/deploy.md).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
from collections.abc import Callable
from typing import Any

import discord
from discord.ext import commands

from bot.ai.runner import ComputerRunner
from bot.ai.table_turns import ComputerTurns
from bot.i18n import languages
from bot.service import GameService
from bot.service.life import SeatHandedOver
from bot.startup.config import Settings
from bot.startup.invite import invite_url
from bot.storage import ShardSet, Storage
from bot.workers.render_pool import RenderPool, core_count, install, uninstall
from cogs.platform.coach import TableCoach
from cogs.platform.computers import ComputerTable
from cogs.platform.plugins import all_plugins
from cogs.platform.replies import ReplyingTree
from cogs.platform.translator import CatalogTranslator

log = logging.getLogger(__name__)

EXTENSIONS = (
    "cogs.game", "cogs.reminders", "cogs.places.gone", "cogs.tournaments", "cogs.membership.events"
)
"""Cogs loaded by every bot, in order; `cogs.game` loads every game's plugin."""

MISSING_TOKEN_HELP = """\
No Discord bot token: the bot cannot connect.

To get one:
  1. Open https://discord.com/developers/applications and click "New Application".
  2. In the "Bot" tab, click "Reset Token" and copy the token (it is shown once).
  3. Put it in a file named .env at the root of this project:
         DISCORD_TOKEN=paste-the-token-here
     (copy .env.example to .env for every other setting), or export DISCORD_TOKEN.
  4. Invite the bot to your server with the URL given in README.md, then run `make run` again.

To play without Discord first: `make run` (without a token) or `python -m bot local` opens
the local table, a simulated server in your browser.
"""


def shard_options(settings: Settings) -> dict[str, Any]:
    """`AutoShardedBot` arguments: none lets Discord recommend a count, for one process."""
    options: dict[str, Any] = {}
    if settings.shard_count is not None:
        options["shard_count"] = settings.shard_count
    if settings.shard_ids is not None:
        options["shard_ids"] = list(settings.shard_ids)
    return options


def intents(settings: Settings) -> discord.Intents:
    """Discord's default intents, none privileged; the Server Members intent only where the
    host turned it on (`MEMBER_EVENTS`: members leaving are then heard at once)."""
    chosen = discord.Intents.default()
    chosen.members = settings.member_events
    return chosen


def discord_clock() -> float:
    """Unix seconds from discord.py's clock (simulated time under simcord, real time otherwise)."""
    return discord.utils.utcnow().timestamp()


class TableBot(commands.AutoShardedBot):
    """The bot: an `AutoShardedBot` that owns the game service.

    `service` exists once `setup_hook` has run (that is, after login).
    """

    def __init__(self, settings: Settings, clock: Callable[[], float]) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(settings),
            help_command=None,
            tree_cls=ReplyingTree,
            allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False),
            **shard_options(settings),
        )
        self.settings = settings
        self.clock = clock
        self._storage: Storage | None = None
        self._service: GameService | None = None
        self._runner: ComputerRunner | None = None
        self._computers: ComputerTable | None = None
        self.coach = TableCoach()
        """On Discord the coach's worker starts at the first hint or note only."""
        self._resumed = False
        workers = core_count() if settings.render_workers is None else settings.render_workers
        self.render_pool = RenderPool(workers, settings.render_timeout)

    @property
    def service(self) -> GameService:
        if self._service is None:
            raise RuntimeError("the bot is not set up yet (setup_hook has not run)")
        return self._service

    @property
    def computers(self) -> ComputerTable:
        """Plays the computer players' turns in the background (after `setup_hook`)."""
        if self._computers is None:
            raise RuntimeError("the bot is not set up yet (setup_hook has not run)")
        return self._computers

    @property
    def shard_set(self) -> ShardSet:
        """The shards this process holds (all of them unless `SHARD_IDS` says otherwise)."""
        count = self.shard_count or 1
        return ShardSet(count, frozenset(self.shard_ids or range(count)))

    async def start_render_pool(self) -> None:
        """Start the render workers, warmed up, and draw with them (`setup_hook` does,
        or the local table before simcord runs, see `bot.local.table`)."""
        await self.render_pool.start([p.warm_up for p in all_plugins() if p.warm_up], languages())
        install(self.render_pool)

    async def start_workers(self) -> None:
        """Start every worker now: the render workers, the computer players' and the
        coach's (the local table does, before simcord runs: a process started inside
        that run would freeze the bot, see `bot.workers.process_starts`)."""
        await self.start_render_pool()
        await self._computer_runner().start()
        await self.coach.runner.start()

    def _computer_runner(self) -> ComputerRunner:
        if self._runner is None:
            self._runner = ComputerRunner(seconds=self.settings.computer_seconds)
        return self._runner

    async def setup_hook(self) -> None:
        await self.start_render_pool()
        # `run` (or the local table) checked the database before connecting: not read twice.
        self._storage = await Storage.open(self.settings.database, scan=False)
        self._service = GameService(self._storage, clock=self.clock)
        turns = ComputerTurns(
            self._service, self._computer_runner(), self.settings.computer_pause_seconds
        )
        self._computers = ComputerTable(self, turns)
        self._service.life.listen(SeatHandedOver, self._seat_handed_over)
        await self.tree.set_translator(CatalogTranslator())
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await self.sync_commands()

    async def _seat_handed_over(self, event: SeatHandedOver) -> None:
        """A computer now plays a person's seat: it plays if that seat is due."""
        self.computers.schedule(event.table)

    async def on_ready(self) -> None:
        """Say the invite link, and play the computer turns left waiting when the bot
        stopped (once per start)."""
        if self._resumed:
            return
        self._resumed = True
        if self.application_id is not None:
            log.info("invite the bot with %s", invite_url(self.application_id))
        for table in await self.service.tables.playing_tables(self.shard_set):
            self.computers.schedule(table)

    async def sync_commands(self) -> None:
        """Publish the slash commands: to the dev guild at once if set, else globally
        (global commands can take a while to appear in every server)."""
        guild_id = self.settings.dev_guild_id
        if guild_id is None:
            await self.tree.sync()
            return
        guild = discord.Object(id=guild_id)
        self.tree.copy_global_to(guild=guild)
        await self.tree.sync(guild=guild)

    async def close(self) -> None:
        if self._computers is not None:
            await self._computers.close()
        await self.coach.close()
        await super().close()
        if self._runner is not None:
            self._runner.close()
            self._runner = None
        uninstall(self.render_pool)
        await self.render_pool.close()
        if self._storage is not None:
            await self._storage.close()
            self._storage = None
            self._service = None


def create_bot(settings: Settings, *, clock: Callable[[], float] | None = None) -> TableBot:
    """Build the bot without starting it. `clock` (unix seconds) drives turn times."""
    return TableBot(settings, clock or discord_clock)


class RedactSecret(logging.Filter):
    """Replaces a secret by ``<redacted>`` in every record, whatever logged it."""

    def __init__(self, secret: str) -> None:
        super().__init__()
        self.secret = secret

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if self.secret in message:
            record.msg = message.replace(self.secret, "<redacted>")
            record.args = None
        return True


def configure_logging(settings: Settings) -> None:
    """Log to stderr at the configured level; the token is never written out."""
    handler = logging.StreamHandler()
    if settings.token:
        handler.addFilter(RedactSecret(settings.token))
    level = logging.getLevelNamesMapping().get(settings.log_level, logging.INFO)
    discord.utils.setup_logging(handler=handler, level=level)


async def check_storage(settings: Settings) -> None:
    """Open (creating or migrating it) and close the database: `StartupError` if unusable."""
    storage = await Storage.open(settings.database)
    await storage.close()


def freeze_start_up_objects() -> None:
    """Leave every object alive now (modules, catalogs, game data: most of the bot's
    objects, and all of them long-lived) out of the garbage collector's passes.

    A full pass walks every tracked object while holding the event loop: about
    100 ms over a loaded bot's start-up objects (docs/performance.md, "One process
    under load"). Collected once first, so that no garbage is kept.
    """
    gc.collect()
    gc.freeze()


def run(settings: Settings) -> int:
    """Run the bot until it is stopped; returns the process exit code.

    Raises `StartupError` (before connecting to Discord) if the database cannot serve.
    """
    if not settings.token:
        print(MISSING_TOKEN_HELP, file=sys.stderr)
        return 2
    asyncio.run(check_storage(settings))
    configure_logging(settings)
    log.info("starting with %r", settings)
    bot = create_bot(settings)
    freeze_start_up_objects()
    try:
        bot.run(settings.token, log_handler=None)
    except discord.LoginFailure:
        log.error("Discord refused the token: check DISCORD_TOKEN in .env (see README.md)")
        return 1
    return 0
