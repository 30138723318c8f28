"""Statistics: games, wins, average score and time per turn, per player and per game."""

from __future__ import annotations

from datetime import timedelta

import pytest

import tests.tinygame  # noqa: F401  (registers the "tiny" game)
from bot.games.base import Match
from bot.outcomes.stats import Totals, game_totals, player_totals, totals_by_player
from bot.outcomes.summaries import FinishedTable, Player, summarize
from tests.results_support import PEOPLE, START, season

ALICE, BOB, CAROL = PEOPLE[:3]


def at(seconds: int) -> timedelta:
    return timedelta(seconds=seconds)


def tiny_game(table_id: int = 1) -> FinishedTable:
    """Tiny to 5: both decide (alice after 10 s, bob after 30 s), then alice adds 3
    (70 s later) and bob reaches 5 (60 s later)."""
    record = {
        "game": "tiny",
        "players": 2,
        "seed": 4,
        "options": {"target": 5},
        "actions": ["@0 keep", "@1 swap", "add 3", "add 2"],
    }
    times = tuple(START + at(s) for s in (10, 30, 100, 160))
    return FinishedTable(table_id, "tiny", (ALICE, BOB), record, START, times)


def test_a_turn_lasts_while_the_seat_is_to_act() -> None:
    summary = summarize(tiny_game())
    assert summary.turn_seconds == ((10.0, 70.0), (30.0, 60.0))
    assert summary.winners == (1,)
    assert summary.ended_at == START + at(160)
    assert summary.matches == (Match(((0,), (1,)), (1, 0)),)


def test_player_totals_count_games_wins_scores_and_turns() -> None:
    summary = summarize(tiny_game())
    alice = player_totals([summary], ALICE)
    assert (alice.games, alice.wins, alice.turns) == (1, 0, 2)
    assert alice.average_score == summary.scores[0]
    assert alice.average_turn_seconds == 40.0
    bob = player_totals([summary, summarize(tiny_game(2))], BOB, game="tiny")
    assert (bob.games, bob.wins, bob.average_turn_seconds) == (2, 2, 45.0)
    assert bob.average_score == summary.scores[1]


def test_no_games_gives_no_averages() -> None:
    nobody = player_totals([summarize(tiny_game())], CAROL)
    assert nobody == Totals()
    assert nobody.average_score is None and nobody.average_turn_seconds is None
    assert player_totals([summarize(tiny_game())], ALICE, game="coal-baron") == Totals()


def test_per_player_and_per_game_totals_agree_over_a_season() -> None:
    summaries = [summarize(game) for game in season(12)]
    for game in ("coal-baron", "saboteur"):
        by_player = totals_by_player(summaries, game)
        overall = game_totals(summaries, game)
        tables = [s for s in summaries if s.game == game]
        assert overall.tables == len(tables)
        assert overall.players == len(by_player)
        assert overall.seats.games == sum(t.games for t in by_player.values())
        assert overall.seats.wins == sum(len(s.winners) for s in tables)
        assert overall.seats.score_sum == sum(sum(s.scores) for s in tables)
        assert overall.seats.turns == sum(t.turns for t in by_player.values())
        for player, totals in by_player.items():
            assert totals == player_totals(summaries, player, game)


def test_a_summary_needs_a_finished_game() -> None:
    unfinished = tiny_game()
    record = {**unfinished.record, "actions": unfinished.record["actions"][:3]}
    with pytest.raises(ValueError, match="not over"):
        summarize(
            FinishedTable(1, "tiny", (ALICE, BOB), record, START, unfinished.action_times[:3])
        )
    with pytest.raises(ValueError, match="action times"):
        summarize(FinishedTable(1, "tiny", (ALICE, BOB), unfinished.record, START, ()))


def test_player_keys_mark_computer_players() -> None:
    assert Player.from_key(ALICE.key) == ALICE
    assert Player.from_key("computer:easy") == Player("easy", computer=True)
    with pytest.raises(ValueError):
        Player.from_key("robot")
