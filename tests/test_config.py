"""Settings come from the environment or `.env`, and never show the token."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.startup.config import (
    DEFAULT_DATABASE_PATH,
    DEFAULT_REMINDER_MINUTES,
    Settings,
    SettingsError,
)

VARIABLES = (
    "DISCORD_TOKEN", "DATABASE_PATH", "DATABASE_URL", "LOG_LEVEL", "DEV_GUILD_ID",
    "REMINDER_MINUTES", "SHARD_COUNT", "SHARD_IDS", "RENDER_WORKERS", "RENDER_TIMEOUT",
    "MEMBER_EVENTS",
)


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No setting from outside; and none left behind by `load_dotenv` for later tests."""
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    yield
    for name in VARIABLES:
        os.environ.pop(name, None)


def test_settings_default_to_no_token_and_a_database_under_data(tmp_path: Path) -> None:
    settings = Settings.from_env(tmp_path / "missing.env")
    assert settings.token is None
    assert settings.database_path == DEFAULT_DATABASE_PATH
    assert settings.database_path.parts[0] == "data"
    assert settings.reminder_minutes == DEFAULT_REMINDER_MINUTES
    assert settings.dev_guild_id is None


def test_settings_are_read_from_the_env_file(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text(
        "DISCORD_TOKEN=abc.def\nDATABASE_PATH=/tmp/x.sqlite3\nLOG_LEVEL=debug\n"
        "DEV_GUILD_ID=123\nREMINDER_MINUTES=30\nRENDER_WORKERS=0\nRENDER_TIMEOUT=20\n"
    )
    settings = Settings.from_env(env)
    assert settings == Settings(
        token="abc.def",
        database_path=Path("/tmp/x.sqlite3"),
        log_level="DEBUG",
        dev_guild_id=123,
        reminder_minutes=30,
        render_workers=0,
        render_timeout=20,
    )


def test_the_environment_wins_over_the_env_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=from-file\n")
    monkeypatch.setenv("DISCORD_TOKEN", "from-environment")
    assert Settings.from_env(env).token == "from-environment"


def test_a_bad_number_names_the_setting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEV_GUILD_ID", "my-server")
    with pytest.raises(ValueError, match="DEV_GUILD_ID must be a whole number"):
        Settings.from_env(tmp_path / "missing.env")


def test_the_token_never_appears_in_the_settings_repr() -> None:
    text = repr(Settings(token="very-secret-token"))
    assert "very-secret-token" not in text and "token=<set>" in text


def test_a_postgresql_url_and_a_shard_range_are_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot:pw@db/tables")
    monkeypatch.setenv("SHARD_COUNT", "8")
    monkeypatch.setenv("SHARD_IDS", "0-2, 6")
    settings = Settings.from_env(tmp_path / "missing.env")
    assert settings.database == "postgresql://bot:pw@db/tables"
    assert (settings.shard_count, settings.shard_ids) == (8, (0, 1, 2, 6))
    assert "pw" not in repr(settings)


@pytest.mark.parametrize(
    ("variables", "message"),
    [
        ({"SHARD_COUNT": "4", "SHARD_IDS": "3-4"}, "from 0 to 3"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT=0 is out of range"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "a-b"}, "like 0-3 or 0,1,2"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0-1"}, "must share a PostgreSQL database"),
    ],
)
def test_shard_settings_are_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, variables: dict[str, str], message: str
) -> None:
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError, match=message):
        Settings.from_env(tmp_path / "missing.env")


@pytest.mark.parametrize(
    ("variables", "message"),
    [
        ({"RENDER_WORKERS": "-1"}, "RENDER_WORKERS=-1 is out of range"),
        ({"RENDER_WORKERS": "two"}, "RENDER_WORKERS must be a whole number"),
        ({"RENDER_TIMEOUT": "0"}, "RENDER_TIMEOUT=0 is out of range"),
        ({"RENDER_TIMEOUT": "1.5"}, "RENDER_TIMEOUT must be a whole number"),
    ],
)
def test_render_settings_are_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, variables: dict[str, str], message: str
) -> None:
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError, match=message):
        Settings.from_env(tmp_path / "missing.env")


@pytest.mark.parametrize(
    ("value", "on"),
    [("", False), ("0", False), ("off", False), ("1", True), ("true", True), ("YES", True)],
)
def test_member_events_are_off_unless_turned_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str, on: bool
) -> None:
    """The privileged Server Members intent only where the host turned it on."""
    from bot.app import intents

    monkeypatch.setenv("MEMBER_EVENTS", value)
    settings = Settings.from_env(tmp_path / "missing.env")
    assert settings.member_events is on
    assert intents(settings).members is on
    assert not intents(settings).presences and not intents(settings).message_content


def test_a_bad_switch_names_the_setting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMBER_EVENTS", "maybe")
    with pytest.raises(SettingsError, match="MEMBER_EVENTS=maybe is not on or off"):
        Settings.from_env(tmp_path / "missing.env")
