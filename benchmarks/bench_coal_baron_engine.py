"""Coal Baron engine speed: one full random 4-player game, no checks.

Each game lists the legal actions of the seat to act, picks one at random and
applies it, from set-up to the end of shift 3: the loop a computer opponent's
search runs. Target: at least 20 games per second on one core.
"""

from __future__ import annotations

import random
import statistics

from benchmarks.timing import ms, timed
from bot.games.coal_baron import CoalBaronState

GAMES = 200
PLAYERS = 4


def random_game(seed: int) -> int:
    """Play one random game; returns how many actions it took."""
    rng = random.Random(seed)
    state = CoalBaronState.new(PLAYERS, seed)
    actions = 0
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        actions += 1
    return actions


def main() -> None:
    games = [timed(random_game, seed) for seed in range(GAMES)]
    actions = sum(count for count, _ in games)
    durations = [seconds for _, seconds in games]
    median = statistics.median(durations)
    print(
        f"coal-baron engine: {GAMES} random {PLAYERS}-player games, "
        f"{actions / GAMES:.0f} actions each"
    )
    print(f"median game: {ms(median, 2)}; {1 / median:.0f} games per second (one core)")
    print(f"per action: {sum(durations) / actions * 1e6:.1f} us (legal actions + apply)")


if __name__ == "__main__":
    main()
