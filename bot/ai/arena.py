"""Measured strength: computer levels against each other, seats rotated, seeds fixed.

``python -m bot arena`` plays, for each pairing "level vs opponent", games
where one seat is `level` and every other seat `opponent`, the `level` seat
moving round the table from game to game. It prints the win share of
`level` (ties shared), its 95 % Wilson interval and the 1/n baseline; for a
game of hidden roles (Saboteur) the share of rounds its side won, by role
(`GameKnowledge.rounds_by_role`); and each level's time
per decision (median, 95th percentile).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from bot.ai.knowledge import knowledge_for
from bot.ai.match import play_match
from bot.games.registry import get_game

DEFAULT_PAIRINGS: tuple[tuple[str, str], ...] = (
    ("easy", "random"),
    ("normal", "random"),
    ("normal", "easy"),
    ("strong", "random"),
    ("strong", "normal"),
)


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % with the default z)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    denominator = 1 + z * z / trials
    return (centre - spread) / denominator, (centre + spread) / denominator


def percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile of `values` (0 when empty)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


@dataclass
class GameResult:
    """One arena game seen from the `level` seat."""

    share: float
    rounds: list[tuple[str, bool]]
    """Per round, the seat's role and whether its side won (hidden roles only)."""
    level_seconds: list[float]
    opponent_seconds: list[float]


@dataclass
class PairingResult:
    game: str
    players: int
    level: str
    opponent: str
    games: int = 0
    wins: float = 0.0
    rounds: dict[str, list[int]] = field(default_factory=dict)
    """Role -> [rounds won, rounds played]."""
    level_seconds: list[float] = field(default_factory=list)
    opponent_seconds: list[float] = field(default_factory=list)

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.wins += result.share
        for role, won in result.rounds:
            tally = self.rounds.setdefault(role, [0, 0])
            tally[0] += won
            tally[1] += 1
        self.level_seconds += result.level_seconds
        self.opponent_seconds += result.opponent_seconds

    def line(self) -> str:
        """A Markdown table row (see `HEADER`)."""
        low, high = wilson(self.wins, self.games)
        share = self.wins / self.games if self.games else 0.0
        roles = ", ".join(
            f"{role} {won / played:.0%} of {played}"
            for role, (won, played) in sorted(self.rounds.items())
        )
        times = (
            f"{percentile(self.level_seconds, 0.5) * 1000:.0f} / "
            f"{percentile(self.level_seconds, 0.95) * 1000:.0f}"
        )
        return (
            f"| {self.game} | {self.players} | {self.level} vs {self.opponent} | {self.games} "
            f"| {share:.1%} | {low:.1%} – {high:.1%} | {1 / self.players:.1%} "
            f"| {roles or '–'} | {times} |"
        )


HEADER = (
    "| game | players | pairing | games | win share | 95 % interval | 1/n "
    "| rounds won by role | ms per move (median / p95) |\n"
    "|---|---|---|---|---|---|---|---|---|"
)


def play_one(game_id: str, players: int, level: str, opponent: str, seed: int) -> GameResult:
    """Game `seed` of a pairing: the `level` seat is ``seed % players``."""
    seat = seed % players
    levels = [opponent] * players
    levels[seat] = level
    match = play_match(get_game(game_id), levels, seed)
    outcome = match.state.outcome()
    assert outcome is not None
    share = 1 / len(outcome.winners) if seat in outcome.winners else 0.0
    rounds = knowledge_for(game_id).rounds_by_role(match.state, seat)
    others = [t for s, times in enumerate(match.move_seconds) if s != seat for t in times]
    return GameResult(share, rounds, match.move_seconds[seat], others)


def run_pairing(
    game_id: str,
    players: int,
    level: str,
    opponent: str,
    games: int,
    seed: int = 0,
    jobs: int = 1,
) -> PairingResult:
    """Play `games` games of the pairing with seeds `seed`, `seed + 1`..."""
    result = PairingResult(game_id, players, level, opponent)
    for game in _results(game_id, players, level, opponent, range(seed, seed + games), jobs):
        result.add(game)
    return result


def _results(
    game_id: str, players: int, level: str, opponent: str, seeds: range, jobs: int
) -> Iterator[GameResult]:
    if jobs <= 1:
        for seed in seeds:
            yield play_one(game_id, players, level, opponent, seed)
        return
    with ProcessPoolExecutor(jobs) as pool:
        count = len(seeds)
        yield from pool.map(
            play_one, [game_id] * count, [players] * count, [level] * count,
            [opponent] * count, seeds,
        )


def parse_pairings(text: str) -> list[tuple[str, str]]:
    """``easy:random,strong:normal`` -> [("easy", "random"), ("strong", "normal")]."""
    pairs: list[tuple[str, str]] = []
    for item in text.split(","):
        level, _, opponent = item.partition(":")
        if not opponent:
            raise ValueError(f"a pairing is LEVEL:OPPONENT, not {item!r}")
        pairs.append((level.strip(), opponent.strip()))
    return pairs


def arena_lines(
    game_id: str,
    players: Sequence[int],
    pairings: Sequence[tuple[str, str]],
    games: int,
    seed: int,
    jobs: int,
) -> Iterator[str]:
    """The table's rows, one pairing at a time (printed as they come)."""
    for count in players:
        for level, opponent in pairings:
            yield run_pairing(game_id, count, level, opponent, games, seed, jobs).line()


