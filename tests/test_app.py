"""Starting the bot: a missing token is explained, and the token never reaches a log."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
from pathlib import Path

import discord
import pytest

from bot.app import RedactSecret, create_bot, run
from bot.i18n import t
from bot.local.table import READY_LINE
from bot.startup.config import Settings
from bot.startup.invite import PERMISSIONS, invite_url
from bot.storage import ShardSet
from cogs.permissions.check import PERMISSION_NAMES

ROOT = Path(__file__).parent.parent


def test_run_without_a_token_says_how_to_get_one_and_stops(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run(Settings(token=None)) == 2
    help_text = capsys.readouterr().err
    assert "https://discord.com/developers/applications" in help_text
    assert "DISCORD_TOKEN=" in help_text and ".env" in help_text


def test_the_token_is_redacted_from_log_records() -> None:
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "token is %s", ("s3cret",), None)
    RedactSecret("s3cret").filter(record)
    assert record.getMessage() == "token is <redacted>"


def test_make_run_without_a_token_starts_the_local_table_and_ctrl_c_stops_it(
    tmp_path: Path,
) -> None:
    """`make run` (in a folder without .env, with this Python) prints the local table's
    address; Ctrl-C (SIGINT to the whole process group, as a terminal sends it) stops
    it cleanly, without a traceback, its games kept in the folder's data/."""
    bin_dir = Path(sys.executable).parent
    env = {
        name: value for name, value in os.environ.items()
        if name not in ("DISCORD_TOKEN", "DISPLAY", "WAYLAND_DISPLAY")
    }
    env.update(PYTHONPATH=str(ROOT), RENDER_WORKERS="1", LOG_LEVEL="WARNING")
    make = subprocess.Popen(
        ["make", "--no-print-directory", "-f", str(ROOT / "Makefile"), "-o",
         f"{bin_dir}/.installed", f"BIN={bin_dir}", "run"],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True,
    )
    try:
        assert make.stdout is not None
        first = make.stdout.readline()
        assert first.startswith(READY_LINE) and "http://127.0.0.1:" in first, first
        os.killpg(make.pid, signal.SIGINT)
        out, err = make.communicate(timeout=60)
    finally:
        if make.poll() is None:
            os.killpg(make.pid, signal.SIGKILL)
            make.wait()
    assert "Local table stopped." in out
    assert "Traceback" not in err, err
    assert (tmp_path / "data" / "local-table.sqlite3").is_file()


@pytest.mark.parametrize(
    ("shard_count", "shard_ids", "expected"),
    [(None, None, ShardSet(1, frozenset({0}))), (4, (1, 3), ShardSet(4, frozenset({1, 3}))),
     (4, None, ShardSet(4, frozenset({0, 1, 2, 3})))],
)
def test_the_bot_is_sharded_as_the_settings_say(
    shard_count: int | None, shard_ids: tuple[int, ...] | None, expected: ShardSet
) -> None:
    """Its reminders then go to the servers of these shards only (`cogs/reminders.py`)."""
    bot = create_bot(Settings(shard_count=shard_count, shard_ids=shard_ids))
    assert isinstance(bot, discord.AutoShardedClient)
    assert bot.shard_set == expected


def test_deploy_md_lists_the_permissions_of_the_invite_link_each_with_why() -> None:
    """docs/deploy.md's table of permissions: exactly those of the invite link, each with
    its value, under the name the bot gives it when it is missing, and with a reason."""
    doc = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
    section = doc.split("## Permissions the bot needs", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[1:-1] for line in section.splitlines()
            if line.startswith("| ") and not line.startswith("| permission |")]
    listed = {name.strip(): (int(value), why.strip()) for name, value, why in rows}
    named = {f"{t('en', f'permission.{key}')} ({t('fr', f'permission.{key}')})": key
             for key in PERMISSION_NAMES}
    assert set(listed) == set(named)
    for name, (value, why) in listed.items():
        assert value == discord.Permissions(**{named[name]: True}).value, name
        assert len(why) > 20, name
    assert sum(value for value, _ in listed.values()) == PERMISSIONS.value
    assert discord.Permissions(**dict.fromkeys(PERMISSION_NAMES, True)) == PERMISSIONS
    assert f"`permissions={PERMISSIONS.value}`" in section


def test_the_readme_invite_link_has_the_permissions_the_bot_needs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert invite_url("APPLICATION_ID") in readme
    needed = discord.Permissions(create_public_threads=True, send_messages_in_threads=True)
    assert needed <= PERMISSIONS  # a table's thread
    assert f"`{PERMISSIONS.value}` is the sum" in readme
