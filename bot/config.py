"""Settings, read from the environment or a `.env` file (never from code or logs)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv

DEFAULT_DATABASE_PATH = Path("data") / "mine-table.sqlite3"
DEFAULT_REMINDER_MINUTES = 12 * 60
DEFAULT_RENDER_TIMEOUT = 15.0


@dataclass(frozen=True)
class Settings:
    """Everything the process needs to start.

    `token` is secret: it is excluded from `repr` so it never reaches a log.
    """

    token: str | None = None
    database_path: Path = DEFAULT_DATABASE_PATH
    log_level: str = "INFO"
    dev_guild_id: int | None = None
    reminder_minutes: int = DEFAULT_REMINDER_MINUTES
    render_workers: int | None = None
    """Processes drawing images: None for one per core, 0 to draw in threads instead."""
    render_timeout: float = DEFAULT_RENDER_TIMEOUT
    """Seconds an image may take before the turn goes out without it."""

    def __repr__(self) -> str:
        token = "set" if self.token else "missing"
        return (
            f"Settings(token=<{token}>, database_path={str(self.database_path)!r}, "
            f"log_level={self.log_level!r}, dev_guild_id={self.dev_guild_id!r}, "
            f"reminder_minutes={self.reminder_minutes!r}, "
            f"render_workers={self.render_workers!r}, render_timeout={self.render_timeout!r})"
        )

    @classmethod
    def from_env(cls, env_file: str | Path | None = ".env") -> Settings:
        """Read `DISCORD_TOKEN`, `DATABASE_PATH`, `LOG_LEVEL`, `DEV_GUILD_ID`,
        `REMINDER_MINUTES`, `RENDER_WORKERS`, `RENDER_TIMEOUT` from the environment, after
        loading `env_file` if it exists.
        Variables already set in the environment win over the file."""
        if env_file is not None and Path(env_file).is_file():
            load_dotenv(env_file, override=False)
        database = os.environ.get("DATABASE_PATH", "").strip()
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
            database_path=Path(database) if database else DEFAULT_DATABASE_PATH,
            log_level=os.environ.get("LOG_LEVEL", "").strip().upper() or "INFO",
            dev_guild_id=_optional_int("DEV_GUILD_ID"),
            reminder_minutes=_optional_int("REMINDER_MINUTES") or DEFAULT_REMINDER_MINUTES,
            render_workers=_optional_int("RENDER_WORKERS"),
            render_timeout=_optional_int("RENDER_TIMEOUT") or DEFAULT_RENDER_TIMEOUT,
        )


def _optional_int(name: str) -> int | None:
    """The integer in variable `name`, None if unset; a clear error if it is not a number."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return None
    try:
        return int(raw)
    except ValueError:
        raise ValueError(f"{name} must be a whole number, not {raw!r} (see .env.example)") from None
