"""Many checked random games of Mine Out in every mode (2, 3, 4 players and teams).

Each game runs `bot.games.selfplay.play_random_game` with every check after every
action (invariants, JSON round trip, notation round trip); the tests play one
game per mode, this plays many. ``python -m benchmarks.mine_out_selfplay [--games N]``.
"""

from __future__ import annotations

import argparse
import time

from bot.games.mine_out import MineOutState
from bot.games.selfplay import play_random_game

MODES: tuple[tuple[str, int, dict[str, object]], ...] = (
    ("2 players", 2, {}),
    ("3 players", 3, {}),
    ("4 players", 4, {}),
    ("4, teams", 4, {"variant": "teams"}),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50, help="games per mode")
    arguments = parser.parse_args()
    for name, players, options in MODES:
        start = time.perf_counter()
        actions = 0
        for seed in range(arguments.games):
            _, record = play_random_game(MineOutState, players, seed, options=options)
            actions += len(record["actions"])
        seconds = time.perf_counter() - start
        print(f"{name}: {arguments.games} checked games, {actions} actions, {seconds:.1f} s")


if __name__ == "__main__":
    main()
