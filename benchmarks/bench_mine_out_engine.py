"""Mine Out engine speed: full random 4-player games, no checks.

Each game lists the legal actions of the seat to act, picks one at random and
applies it (one step at a time, as a turn builder does), from set-up to the
end: the loop a computer opponent's search runs. Printed: games per second on
one core, and the time per action.
"""

from __future__ import annotations

import random
import statistics

from benchmarks.timing import ms, timed
from bot.games.mine_out import MineOutState

GAMES = 100
PLAYERS = 4


def random_game(seed: int) -> int:
    """Play one random game; returns how many actions it took."""
    rng = random.Random(seed)
    state = MineOutState.new(PLAYERS, seed)
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
        f"mine-out engine: {GAMES} random {PLAYERS}-player games, "
        f"{actions / GAMES:.0f} actions each"
    )
    print(f"median game: {ms(median, 2)}; {1 / median:.0f} games per second (one core)")
    print(f"per action: {sum(durations) / actions * 1e6:.1f} us (legal actions + apply)")


if __name__ == "__main__":
    main()
