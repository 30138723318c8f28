"""Skill ratings per game, with openskill's Plackett-Luce model (Weng & Lin 2011).

Each player has, per game, a skill estimate `mu` and its uncertainty `sigma`
(25 and 25/3 before any game: openskill's defaults). After a finished game
every `Match` of its summary (`bot.outcomes.summaries`) updates the players in it, in
order: the ranks of teams or players, several of them, ties included. A team's
skill is the sum of its players' (the library's team model). The leaderboard
shows the `ordinal`, mu - 3 sigma: a rating one can be fairly sure the player
has earned, 0 at the start, rising as games confirm it.

Computer players are rated like anyone (`Player.computer` marks them): they
give the humans' ratings a fixed point of comparison. The same player at two
seats of one match (two computer players of one level) is rated from its
first seat; its other seats play with the same rating, their updates dropped.

Ratings depend only on the finished games and their order, so
`recompute(summaries)` gives exactly the values `update` stored game after
game (tested); the storage keeps `Ratings.to_json()`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

from bot.games.base import JSON, Match
from bot.outcomes.summaries import GameSummary, Player

MODEL = PlackettLuce()
"""openskill's defaults: mu 25, sigma 25/3, beta 25/6 (the spread of one game's
performance), tau 25/300 (added to sigma before each match, so ratings keep
moving as players improve)."""


@dataclass(frozen=True)
class Rating:
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    matches: int = 0
    """How many matches (Saboteur: rounds) rated it."""

    @property
    def ordinal(self) -> float:
        """What the leaderboard shows: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


@dataclass
class Ratings:
    """Game id -> player -> rating; players never rated have the default `Rating()`."""

    by_game: dict[str, dict[Player, Rating]] = field(default_factory=dict)

    def get(self, game: str, player: Player) -> Rating:
        return self.by_game.get(game, {}).get(player, Rating())

    def players(self, game: str) -> dict[Player, Rating]:
        return dict(self.by_game.get(game, {}))

    def to_json(self) -> JSON:
        return {
            game: {
                player.key: [rating.mu, rating.sigma, rating.matches]
                for player, rating in sorted(players.items())
            }
            for game, players in sorted(self.by_game.items())
        }

    @classmethod
    def from_json(cls, data: JSON) -> Ratings:
        return cls(
            {
                game: {
                    Player.from_key(key): Rating(mu, sigma, matches)
                    for key, (mu, sigma, matches) in players.items()
                }
                for game, players in data.items()
            }
        )


def _rate(ratings: Ratings, game: str, players: tuple[Player, ...], match: Match) -> None:
    """Update `ratings` in place with one match."""
    table = ratings.by_game.setdefault(game, {})
    first_seat: dict[Player, tuple[int, int]] = {}
    """Where each player is rated from: (team index, index in the team)."""
    teams = []
    for team_index, team in enumerate(match.teams):
        members = []
        for index, seat in enumerate(team):
            player = players[seat]
            first_seat.setdefault(player, (team_index, index))
            current = table.get(player, Rating())
            members.append(MODEL.rating(mu=current.mu, sigma=current.sigma))
        teams.append(members)
    rated = MODEL.rate(teams, ranks=[float(rank) for rank in match.ranks])
    for player, (team_index, index) in first_seat.items():
        new = rated[team_index][index]
        table[player] = Rating(new.mu, new.sigma, table.get(player, Rating()).matches + 1)


def update(ratings: Ratings, summary: GameSummary) -> None:
    """Rate the matches of one more finished game, in place."""
    for match in summary.matches:
        if len(match.teams) > 1:
            _rate(ratings, summary.game, summary.players, match)


def recompute(summaries: Iterable[GameSummary]) -> Ratings:
    """Every rating from scratch, the games taken in the order they ended."""
    ratings = Ratings()
    for summary in sorted(summaries, key=lambda s: (s.ended_at, s.table_id)):
        update(ratings, summary)
    return ratings
