"""Statistics of finished games: games played, won, average score, average time per turn.

Pure functions over `GameSummary`s (`bot.outcomes.summaries`): the caller picks the games
(a server's finished tables; abandoned ones never have a summary). A win is
being among the winners (ties share the win); the score is the game's own
(victory points, nuggets); a turn is a stretch of time a seat was to act
(`bot.outcomes.summaries.turn_durations`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.outcomes.ratings import Ratings
from bot.outcomes.summaries import GameSummary, Player


@dataclass(frozen=True)
class Totals:
    """Sums over a set of seats in finished games; averages are None without data."""

    games: int = 0
    wins: int = 0
    score_sum: int = 0
    turns: int = 0
    turn_seconds: float = 0.0

    @property
    def average_score(self) -> float | None:
        return self.score_sum / self.games if self.games else None

    @property
    def average_turn_seconds(self) -> float | None:
        return self.turn_seconds / self.turns if self.turns else None

    def add_seat(self, summary: GameSummary, seat: int) -> Totals:
        turns = summary.turn_seconds[seat]
        return Totals(
            self.games + 1,
            self.wins + (seat in summary.winners),
            self.score_sum + summary.scores[seat],
            self.turns + len(turns),
            self.turn_seconds + sum(turns),
        )


def player_totals(
    summaries: Iterable[GameSummary], player: Player, game: str | None = None
) -> Totals:
    """`player`'s totals, over every game or only `game` (by id). A player at two seats
    of one table counts each seat."""
    totals = Totals()
    for summary in summaries:
        if game is None or summary.game == game:
            for seat, seated in enumerate(summary.players):
                if seated == player:
                    totals = totals.add_seat(summary, seat)
    return totals


def totals_by_player(
    summaries: Iterable[GameSummary], game: str | None = None
) -> dict[Player, Totals]:
    """Every player's totals, over every game or only `game`."""
    by_player: dict[Player, Totals] = {}
    for summary in summaries:
        if game is None or summary.game == game:
            for seat, player in enumerate(summary.players):
                by_player[player] = by_player.get(player, Totals()).add_seat(summary, seat)
    return by_player


@dataclass(frozen=True)
class GameTotals:
    """One game's figures over all its tables."""

    tables: int
    players: int
    """Distinct players who played it."""
    seats: Totals
    """Every seat of every table: its average score and time per turn are the game's."""


def game_totals(summaries: Iterable[GameSummary], game: str) -> GameTotals:
    tables = 0
    players: set[Player] = set()
    seats = Totals()
    for summary in summaries:
        if summary.game != game:
            continue
        tables += 1
        players.update(summary.players)
        for seat in range(len(summary.players)):
            seats = seats.add_seat(summary, seat)
    return GameTotals(tables, len(players), seats)


@dataclass(frozen=True)
class LeaderboardRow:
    rank: int
    player: Player
    rating: float
    """The rating's ordinal (mu - 3 sigma)."""
    games: int
    wins: int


def leaderboard(
    summaries: Iterable[GameSummary], ratings: Ratings, game: str, limit: int = 10
) -> list[LeaderboardRow]:
    """The `limit` best-rated players of `game`, with their games and wins; equal
    ratings share a rank."""
    totals = totals_by_player(summaries, game)
    rated = sorted(ratings.players(game).items(), key=lambda item: (-item[1].ordinal, item[0]))
    rows: list[LeaderboardRow] = []
    for position, (player, rating) in enumerate(rated[:limit]):
        tied = bool(rows) and rows[-1].rating == rating.ordinal
        rank = rows[-1].rank if tied else position + 1
        played = totals.get(player, Totals())
        rows.append(LeaderboardRow(rank, player, rating.ordinal, played.games, played.wins))
    return rows
