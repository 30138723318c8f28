"""Starting the bot: a missing token is explained, and the token never reaches a log."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.app import RedactSecret, run
from bot.config import Settings

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


def test_make_run_without_a_token_ends_with_the_explanation_alone(tmp_path: Path) -> None:
    """Not followed by make's "Error 2" (run in a folder without .env, with this Python)."""
    bin_dir = Path(sys.executable).parent
    env = {name: value for name, value in os.environ.items() if name != "DISCORD_TOKEN"}
    done = subprocess.run(
        ["make", "--no-print-directory", "-f", str(ROOT / "Makefile"), "-o",
         f"{bin_dir}/.installed", f"BIN={bin_dir}", "run"],
        cwd=tmp_path, env={**env, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
        timeout=60, check=False,
    )
    assert done.returncode == 0
    assert "No Discord bot token" in done.stderr
    assert "Error" not in done.stderr and "make:" not in done.stderr
