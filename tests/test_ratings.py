"""Ratings: incremental updates equal the recomputation from the records, teams, computers."""

from __future__ import annotations

import json
import random

from bot.games.base import Match, Outcome, team_match
from bot.outcomes.ratings import Rating, Ratings, recompute, update
from bot.outcomes.stats import leaderboard
from bot.outcomes.summaries import GameSummary, Player, summarize
from tests.results_support import COMPUTERS, PEOPLE, START, finished_game, season


def summary_of(
    players: tuple[Player, ...], ranks: tuple[int, ...], table_id: int = 1
) -> GameSummary:
    """A free-for-all result with these ranks."""
    match = Match(tuple((seat,) for seat in range(len(players))), ranks)
    scores = tuple(10 - rank for rank in ranks)
    winners = tuple(seat for seat, rank in enumerate(ranks) if rank == 0)
    turns = tuple(() for _ in players)
    return GameSummary(
        table_id, "coal-baron", players, scores, winners, (match,), turns, START, START
    )


def test_ratings_stored_game_after_game_equal_the_recomputation_from_the_records() -> None:
    games = season(24)
    stored = json.dumps(Ratings().to_json())
    for game in games:  # as the bot does at each game's end: load, update, store
        ratings = Ratings.from_json(json.loads(stored))
        update(ratings, summarize(game))
        stored = json.dumps(ratings.to_json())
    shuffled = games[:]
    random.Random(3).shuffle(shuffled)  # recompute sorts by end time itself
    recomputed = recompute(summarize(game) for game in shuffled)
    assert recomputed.to_json() == json.loads(stored)
    assert {"coal-baron", "saboteur"} <= set(recomputed.by_game)
    assert any(player.computer for player in recomputed.players("saboteur"))


def test_summaries_round_trip_through_json() -> None:
    for game in season(4):
        summary = summarize(game)
        assert GameSummary.from_json(json.loads(json.dumps(summary.to_json()))) == summary


def test_winner_rises_and_loser_falls() -> None:
    alice, bob, carol = PEOPLE[:3]
    ratings = Ratings()
    update(ratings, summary_of((alice, bob, carol), (0, 1, 2)))
    assert ratings.get("coal-baron", alice).mu > 25 > ratings.get("coal-baron", carol).mu
    assert all(ratings.get("coal-baron", p).sigma < Rating().sigma for p in (alice, bob, carol))
    assert ratings.get("coal-baron", alice).matches == 1
    assert ratings.get("saboteur", alice) == Rating()


def test_a_tie_moves_equal_players_equally() -> None:
    alice, bob = PEOPLE[:2]
    ratings = Ratings()
    update(ratings, summary_of((alice, bob), (0, 0)))
    assert ratings.get("coal-baron", alice) == ratings.get("coal-baron", bob)


def test_saboteur_is_rated_round_by_round_as_teams() -> None:
    game = finished_game(1, "saboteur", PEOPLE[:5], seed=11)
    summary = summarize(game)
    assert 1 <= len(summary.matches) <= 3
    ratings = Ratings()
    update(ratings, summary)
    for player in PEOPLE[:5]:
        rounds_played = sum(
            any(player == summary.players[s] for team in m.teams for s in team)
            for m in summary.matches
        )
        assert ratings.get("saboteur", player).matches == rounds_played
    first = summary.matches[0]
    winners = first.teams[first.ranks.index(0)]
    assert set(first.teams[0]) | set(first.teams[1]) == set(range(5))
    alone = Ratings()
    update(
        alone,
        GameSummary(
            1,
            "saboteur",
            summary.players,
            summary.scores,
            summary.winners,
            (first,),
            summary.turn_seconds,
            START,
            START,
        ),
    )
    assert all(alone.get("saboteur", summary.players[s]).mu > 25 for s in winners)


def test_team_match_ranks_the_team_of_the_winner_first() -> None:
    outcome = Outcome(scores=(10, 3, 7, 12), winners=(3,))
    assert team_match([(0, 2), (1, 3)], outcome) == Match(((0, 2), (1, 3)), (1, 0))
    three = Outcome(scores=(9, 4, 6), winners=(0,))
    assert team_match([(1,), (2,), (0,)], three).ranks == (2, 1, 0)


def test_computer_players_are_rated_and_marked_on_the_leaderboard() -> None:
    alice = PEOPLE[0]
    normal, strong = COMPUTERS
    ratings = Ratings()
    summaries = [summary_of((alice, normal, strong), (1, 2, 0), table_id=n) for n in range(1, 4)]
    for summary in summaries:
        update(ratings, summary)
    rows = leaderboard(summaries, ratings, "coal-baron")
    assert [row.player for row in rows] == [strong, alice, normal]
    assert [row.player.computer for row in rows] == [True, False, True]
    assert [(row.rank, row.games, row.wins) for row in rows] == [(1, 3, 3), (2, 3, 0), (3, 3, 0)]
    assert rows[0].rating == ratings.get("coal-baron", strong).ordinal


def test_a_player_at_two_seats_is_rated_once() -> None:
    alice = PEOPLE[0]
    normal = COMPUTERS[0]
    ratings = Ratings()
    update(ratings, summary_of((normal, alice, normal), (0, 1, 2)))
    assert ratings.get("coal-baron", normal).matches == 1
    assert ratings.get("coal-baron", normal).mu > 25
