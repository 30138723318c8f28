"""`python -m bot selfplay --players LEVELS` and `python -m bot arena`."""

from __future__ import annotations

import pytest

from bot.__main__ import main
from bot.ai.arena import percentile, play_one, wilson


def test_the_wilson_interval_matches_known_values() -> None:
    low, high = wilson(81, 100)
    assert (round(low, 4), round(high, 4)) == (0.7222, 0.8749)
    assert wilson(0, 10)[0] == pytest.approx(0.0)
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_the_percentile_is_the_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 0.5) == 50.0
    assert percentile(values, 0.95) == 95.0


def test_the_level_seat_goes_round_the_table() -> None:
    result = play_one("saboteur", 3, "easy", "random", seed=4)
    assert len(result.level_seconds) > 0
    assert {role for role, _ in result.rounds} <= {"digger", "saboteur"}
    assert len(result.rounds) == 3


def test_selfplay_checks_the_engine_under_computer_play(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "saboteur", "--players", "easy,random,random", "--games", "1"]) == 0
    assert "3 players (easy, random, random)" in capsys.readouterr().out


def test_selfplay_refuses_an_unknown_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "coal-baron", "--players", "easy,genius"]) == 2
    assert "unknown level 'genius'" in capsys.readouterr().err


def test_the_arena_prints_one_row_per_pairing(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["arena", "coal-baron", "--players", "2", "--games", "2",
                 "--pairings", "easy:random"])
    assert code == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].startswith("| game | players | pairing")
    assert rows[2].startswith("| coal-baron | 2 | easy vs random | 2 |")
