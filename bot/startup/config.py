"""Settings, read from the environment or a `.env` file (never from code or logs).

Every setting is checked here, so a wrong one stops the bot before it starts
with one line naming the setting, what is wrong and the accepted values
(`SettingsError`), instead of a failure later.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv

DEFAULT_DATABASE_PATH = Path("data") / "mine-table.sqlite3"
DEFAULT_REMINDER_MINUTES = 12 * 60
MAX_REMINDER_MINUTES = 7 * 24 * 60
"""A week, as for a table's own delay (`/game new reminder:`)."""
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
DEFAULT_COMPUTER_PAUSE = 1.5
"""Seconds between two computer moves in a row, so people can follow them."""
MAX_COMPUTER_PAUSE = 30.0
DEFAULT_COMPUTER_SECONDS = 1.0
"""Thinking budget of one computer move (the runner's hard limit is derived from it)."""
MAX_COMPUTER_SECONDS = 10.0
DEFAULT_RENDER_TIMEOUT = 15.0
MAX_RENDER_WORKERS = 64
MAX_RENDER_TIMEOUT = 300
"""Five minutes: a turn waiting longer for its images is better sent without them."""


class SettingsError(ValueError):
    """A setting the bot cannot start with; the message is the line the operator reads."""


@dataclass(frozen=True)
class Settings:
    """Everything the process needs to start.

    `token` is secret: it is excluded from `repr` so it never reaches a log, and
    so is the password of `database_url`.
    """

    token: str | None = None
    database_path: Path = DEFAULT_DATABASE_PATH
    database_url: str | None = None
    """A ``postgresql://`` URL: tables go to that server instead of `database_path`."""
    log_level: str = "INFO"
    dev_guild_id: int | None = None
    reminder_minutes: int = DEFAULT_REMINDER_MINUTES
    shard_count: int | None = None
    """Discord shards of the whole bot; None lets Discord recommend (one process)."""
    shard_ids: tuple[int, ...] | None = None
    """The shards this process holds; None for all of them."""
    computer_pause_seconds: float = DEFAULT_COMPUTER_PAUSE
    computer_seconds: float = DEFAULT_COMPUTER_SECONDS
    render_workers: int | None = None
    """Processes drawing images: None for one per core, 0 to draw in threads instead."""
    render_timeout: float = DEFAULT_RENDER_TIMEOUT
    """Seconds an image may take before the turn goes out without it."""
    member_events: bool = False
    """Listen to members leaving (the privileged Server Members intent, which the host
    must then turn on for the bot in Discord's developer portal); without it the bot
    learns that a player left when it looks them up (`cogs.membership`)."""
    tables_in_channel: bool = False
    """Tables play in the channel itself by design, not in a thread of their own (the
    local table, whose one channel denies threads): a table's creator is then not told
    which permission a thread would take (`cogs.permissions.thread_fallback_note`)."""
    new_menu_values: bool = False
    """A turn panel redrawn in place gives its menus' options values of their own (the
    local table: simcord's page keeps a menu's last choice by its message and place, so
    the same choice made again in a redrawn panel would not be sent;
    `cogs.platform.builder.add_menu`). Discord clients clear a menu when its message is
    edited: the bot on Discord keeps the notations as values."""
    standing_clock: bool = False
    """The bot's clock stands still between actions (the local table: simcord's clock
    moves only when the table starts, and the minute's loops run once then): a
    tournament's rounds and sign-up have no deadline, a round ends when its last game
    ends, and its words say so (`cogs.tournaments.messages.timed`)."""

    def __repr__(self) -> str:
        token = "set" if self.token else "missing"
        database = "<postgresql>" if self.database_url else repr(str(self.database_path))
        return (
            f"Settings(token=<{token}>, database={database}, "
            f"log_level={self.log_level!r}, dev_guild_id={self.dev_guild_id!r}, "
            f"reminder_minutes={self.reminder_minutes!r}, shard_count={self.shard_count!r}, "
            f"shard_ids={self.shard_ids!r}, "
            f"computer_pause_seconds={self.computer_pause_seconds!r}, "
            f"computer_seconds={self.computer_seconds!r}, "
            f"render_workers={self.render_workers!r}, render_timeout={self.render_timeout!r}, "
            f"member_events={self.member_events!r}, "
            f"tables_in_channel={self.tables_in_channel!r}, "
            f"new_menu_values={self.new_menu_values!r}, "
            f"standing_clock={self.standing_clock!r})"
        )

    @property
    def database(self) -> str:
        """Where the tables are: the PostgreSQL URL if set, else the SQLite file's path."""
        return self.database_url or str(self.database_path)

    @classmethod
    def from_env(cls, env_file: str | Path | None = ".env") -> Settings:
        """Read `DISCORD_TOKEN`, `DATABASE_PATH`, `DATABASE_URL`, `LOG_LEVEL`,
        `DEV_GUILD_ID`, `REMINDER_MINUTES`, `SHARD_COUNT`, `SHARD_IDS`, `COMPUTER_PAUSE_SECONDS`,
        `COMPUTER_SECONDS`, `RENDER_WORKERS`, `RENDER_TIMEOUT` and `MEMBER_EVENTS` from the
        environment, after
        loading `env_file` if it exists (variables already set in the environment win over the
        file). Raises `SettingsError` for a bad value."""
        if env_file is not None and Path(env_file).is_file():
            load_dotenv(env_file, override=False)
        database = _text("DATABASE_PATH")
        shard_count = _optional_int("SHARD_COUNT", minimum=1, maximum=100_000)
        settings = cls(
            token=_text("DISCORD_TOKEN") or None,
            database_path=Path(database) if database else DEFAULT_DATABASE_PATH,
            database_url=_database_url(),
            log_level=_log_level(),
            dev_guild_id=_optional_int("DEV_GUILD_ID", minimum=1),
            reminder_minutes=_optional_int("REMINDER_MINUTES", minimum=1,
                                           maximum=MAX_REMINDER_MINUTES)
            or DEFAULT_REMINDER_MINUTES,
            shard_count=shard_count,
            shard_ids=_shard_ids(shard_count),
            computer_pause_seconds=_seconds(
                "COMPUTER_PAUSE_SECONDS", DEFAULT_COMPUTER_PAUSE, minimum=0.0,
                maximum=MAX_COMPUTER_PAUSE,
            ),
            computer_seconds=_seconds(
                "COMPUTER_SECONDS", DEFAULT_COMPUTER_SECONDS, minimum=0.1,
                maximum=MAX_COMPUTER_SECONDS,
            ),
            render_workers=_optional_int("RENDER_WORKERS", minimum=0,
                                         maximum=MAX_RENDER_WORKERS),
            render_timeout=_optional_int("RENDER_TIMEOUT", minimum=1,
                                         maximum=MAX_RENDER_TIMEOUT)
            or DEFAULT_RENDER_TIMEOUT,
            member_events=_switch("MEMBER_EVENTS"),
        )
        if settings.shard_ids is not None and settings.database_url is None:
            raise SettingsError(
                "SHARD_IDS is set but DATABASE_URL is not: processes sharing the bot's shards "
                "must share a PostgreSQL database (see docs/deploy.md)"
            )
        return settings


def _text(name: str) -> str:
    return os.environ.get(name, "").strip()


SWITCH_VALUES = {"": False, "0": False, "false": False, "no": False, "off": False,
                 "1": True, "true": True, "yes": True, "on": True}


def _switch(name: str) -> bool:
    """An on/off setting: 1, true, yes, on; 0, false, no, off or empty."""
    value = _text(name).lower()
    if value not in SWITCH_VALUES:
        raise SettingsError(f"{name}={_text(name)} is not on or off: use 1 or 0 (true or false)")
    return SWITCH_VALUES[value]


def _log_level() -> str:
    level = _text("LOG_LEVEL").upper() or "INFO"
    if level not in LOG_LEVELS:
        raise SettingsError(
            f"LOG_LEVEL={_text('LOG_LEVEL')} is not a log level: use one of {', '.join(LOG_LEVELS)}"
        )
    return level


def _database_url() -> str | None:
    url = _text("DATABASE_URL")
    if not url:
        return None
    if not url.startswith(POSTGRES_SCHEMES):
        raise SettingsError(
            "DATABASE_URL must be a PostgreSQL URL (postgresql://user:password@host/database); "
            "leave it empty to use the SQLite file of DATABASE_PATH"
        )
    return url


def _optional_int(name: str, *, minimum: int, maximum: int | None = None) -> int | None:
    """The integer in variable `name`, None if unset; `SettingsError` if it is not a
    whole number between `minimum` and `maximum`."""
    raw = _text(name)
    if not raw:
        return None
    bounds = f"from {minimum} to {maximum}" if maximum is not None else f"{minimum} or more"
    try:
        value = int(raw)
    except ValueError:
        raise SettingsError(
            f"{name} must be a whole number ({bounds}), not {raw!r} (see .env.example)"
        ) from None
    if value < minimum or (maximum is not None and value > maximum):
        raise SettingsError(f"{name}={value} is out of range: use a whole number {bounds}")
    return value


def _seconds(name: str, default: float, *, minimum: float, maximum: float) -> float:
    """The number of seconds in variable `name` (`default` if unset); `SettingsError`
    if it is not a number from `minimum` to `maximum`."""
    raw = _text(name)
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise SettingsError(
            f"{name} must be a number of seconds ({minimum:g} to {maximum:g}), not {raw!r} "
            "(see .env.example)"
        ) from None
    if not minimum <= value <= maximum:
        raise SettingsError(f"{name}={raw} is out of range: use {minimum:g} to {maximum:g} seconds")
    return value


def _shard_ids(shard_count: int | None) -> tuple[int, ...] | None:
    """`SHARD_IDS` ("0-3", "4,5,6" or "0-1,5"), each below `shard_count`; None if unset."""
    raw = _text("SHARD_IDS")
    if not raw:
        return None
    if shard_count is None:
        raise SettingsError("SHARD_IDS is set without SHARD_COUNT: set both (see docs/deploy.md)")
    ids: set[int] = set()
    try:
        for part in raw.split(","):
            first, _, last = part.strip().partition("-")
            ids.update(range(int(first), int(last or first) + 1))
    except ValueError:
        raise SettingsError(
            f"SHARD_IDS={raw} is not a list of shards: write it like 0-3 or 0,1,2"
        ) from None
    if not ids or min(ids) < 0 or max(ids) >= shard_count:
        raise SettingsError(
            f"SHARD_IDS={raw} must name shards from 0 to {shard_count - 1} "
            f"(SHARD_COUNT={shard_count})"
        )
    return tuple(sorted(ids))
