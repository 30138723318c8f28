"""Game records, replay, random self-play and the command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Self

import pytest

import bot.app
from bot.__main__ import main
from bot.games.base import JSON
from bot.games.record import ReplayError, make_record, replay
from bot.games.registry import GAMES
from bot.games.selfplay import SelfPlayError, play_random_game
from bot.startup.config import Settings
from tests.tinygame import TinyGame

TINY = ["--module", "tests.tinygame"]


def test_a_self_played_record_replays_to_the_same_state() -> None:
    for seed in range(10):
        state, record = play_random_game(TinyGame, 3, seed)
        assert json.loads(json.dumps(record)) == record
        assert replay(record).to_json() == state.to_json()


def test_entries_name_the_seat_only_when_several_may_act() -> None:
    record = make_record("tiny", 2, 1, {"target": 5}, [(1, "swap"), (0, "keep"), (0, "add 3")])
    assert record == {
        "game": "tiny", "players": 2, "seed": 1, "options": {"target": 5},
        "actions": ["@1 swap", "keep", "add 3"],
    }


def test_a_record_may_start_from_a_full_state() -> None:
    start = replay({"game": "tiny", "players": 2, "seed": 4, "actions": ["@0 keep", "@1 keep"]})
    record = {"game": "tiny", "state": start.to_json(), "actions": ["add 2", "add 3"]}
    assert replay(record).total == 5  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("actions", "index", "reason"),
    [
        (["@0 keep", "@1 keep", "add 9"], 2, "add 1 to 3"),
        (["@0 keep", "@1 keep", "dance"], 2, "expected 'keep'"),
        (["keep"], 0, "write '@<seat> keep'"),
        (["@0 keep", "@0 keep"], 1, "seat 0 is not to act"),
        (["@x keep"], 0, "expected '@<seat> <notation>'"),
        (["@0 keep", 3], 1, "expected a string"),
    ],
)
def test_replay_names_the_failing_action_and_why(
    actions: list[JSON], index: int, reason: str
) -> None:
    with pytest.raises(ReplayError) as error:
        replay({"game": "tiny", "players": 2, "seed": 1, "actions": actions})
    assert error.value.index == index
    assert reason in error.value.reason


@pytest.mark.parametrize(
    "record",
    [
        {"game": "chess", "players": 2, "seed": 1, "actions": []},
        {"game": "tiny", "seed": 1, "actions": []},
        {"game": "tiny", "players": 9, "seed": 1, "actions": []},
        {"game": "tiny", "players": 2, "seed": 1, "actions": "keep"},
    ],
)
def test_replay_rejects_a_malformed_header(record: dict[str, JSON]) -> None:
    with pytest.raises(ReplayError) as error:
        replay(record)
    assert error.value.index is None


# -- self-play catches broken engines --------------------------------------------------


class EndlessTiny(TinyGame):
    """Claims to be over while seats are still to act."""

    game_id = "tiny-endless"

    def is_over(self) -> bool:
        return self.total > 3


class ForgetfulTiny(TinyGame):
    """Forgets the running total when loaded from JSON."""

    game_id = "tiny-forgetful"

    @classmethod
    def from_json(cls, data: JSON) -> Self:
        return super().from_json({**data, "total": 0})


def test_selfplay_catches_a_game_over_with_seats_to_act() -> None:
    with pytest.raises(SelfPlayError, match="is_over"):
        for seed in range(20):
            play_random_game(EndlessTiny, 2, seed)


def test_selfplay_catches_a_lossy_json_round_trip() -> None:
    with pytest.raises(SelfPlayError, match="from_json") as error:
        for seed in range(20):
            play_random_game(ForgetfulTiny, 2, seed)
    assert error.value.record["game"] == "tiny-forgetful"


def test_selfplay_unchecked_skips_the_checks() -> None:
    state, _ = play_random_game(ForgetfulTiny, 2, seed=0, check=False)
    assert state.is_over()


# -- command line ------------------------------------------------------------------------


def write(path: Path, record: dict[str, JSON]) -> Path:
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def test_replay_command_prints_the_status(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = {"game": "tiny", "players": 2, "seed": 1, "options": {"target": 5},
              "actions": ["@0 keep", "@1 swap", "add 3"]}
    assert main(["replay", str(write(tmp_path / "r.json", record)), *TINY]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "game": "tiny", "status": "playing", "to_act": [1], "scores": [0, 0], "winners": [],
        "legal_actions": {"1": ["add 1", "add 2"]},
    }


def test_replay_command_reports_the_illegal_action(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = {"game": "tiny", "players": 2, "seed": 1, "actions": ["@0 keep", "@1 keep", "add 7"]}
    assert main(["replay", str(write(tmp_path / "r.json", record)), *TINY]) == 1
    error = capsys.readouterr().err
    assert "action 2" in error and "'add 7'" in error and "add 1 to 3" in error


def test_replay_command_refuses_an_unreadable_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "r.json").write_text("{not json", encoding="utf-8")
    assert main(["replay", str(tmp_path / "r.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_selfplay_command_writes_replayable_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "records"
    args = ["selfplay", "tiny", "--players", "3", "--games", "5", "--seed", "10"]
    assert main([*args, "--records", str(folder), *TINY]) == 0
    assert "games per second" in capsys.readouterr().out
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == [f"tiny-{seed}.json" for seed in range(10, 15)]
    for file in files:
        assert replay(json.loads(file.read_text())).is_over()


def test_selfplay_command_fails_on_a_broken_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(GAMES, ForgetfulTiny.game_id, ForgetfulTiny)
    args = ["selfplay", "tiny-forgetful", "--players", "2", "--games", "20"]
    assert main([*args, "--records", str(tmp_path)]) == 1
    assert "from_json(to_json()) differs" in capsys.readouterr().err
    assert any(f.name.endswith("-failed.json") for f in tmp_path.iterdir())


def test_selfplay_command_names_unknown_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "chess", "--players", "2"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err


def test_no_command_runs_the_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[Settings] = []

    def fake_run(settings: Settings) -> int:
        calls.append(settings)
        return 7

    monkeypatch.setattr(bot.app, "run", fake_run)
    assert main([]) == 7
    assert len(calls) == 1


def test_python_dash_m_bot_replay_runs(tmp_path: Path) -> None:
    record = {"game": "tiny", "players": 2, "seed": 3, "actions": ["@1 keep"]}
    done = subprocess.run(
        [sys.executable, "-m", "bot", "replay", str(write(tmp_path / "r.json", record)), *TINY],
        capture_output=True, text=True, check=False,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)},
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["to_act"] == [0]
