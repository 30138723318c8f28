"""Starting the bot: a missing token is explained, and the token never reaches a log."""

from __future__ import annotations

import logging

import pytest

from bot.app import RedactSecret, run
from bot.config import Settings


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
