"""Saboteur images: render time and PNG size of the public maze at 10 players late in a round.

Targets (issue 5): median under 150 ms, PNG under 500 KB. The first render of a
process also draws the tiles it caches; it is reported apart.
"""

from __future__ import annotations

import statistics
import time

from renderer.saboteur.board import render_board
from renderer.saboteur.hand import render_hand
from tests.saboteur_positions import late_in_round

PLAYERS = 10
SEEDS = range(1, 11)
REPEATS = 5


def main() -> None:
    states = [late_in_round(PLAYERS, seed) for seed in SEEDS]
    views = [state.view(None) for state in states]
    started = time.perf_counter()
    render_board(views[0], "en")
    cold = time.perf_counter() - started
    board_times, sizes = [], []
    for view in views * REPEATS:
        started = time.perf_counter()
        png = render_board(view, "fr")
        board_times.append(time.perf_counter() - started)
        sizes.append(len(png))
    hand_times = []
    for state in states:
        started = time.perf_counter()
        render_hand(state.view(state.to_act()[0]), "fr")
        hand_times.append(time.perf_counter() - started)
    cells = max(len(view["maze"]) for view in views)
    print(f"board, {PLAYERS} players late in a round, {len(views)} positions, up to {cells} cards:")
    print(f"  first render (cold tile cache): {cold * 1000:.1f} ms")
    print(f"  median {_ms(statistics.median(board_times))}, p95 {_ms(_p95(board_times))}")
    print(f"  PNG median {statistics.median(sizes) / 1024:.0f} KB, max {max(sizes) / 1024:.0f} KB")
    print(f"hand: median {_ms(statistics.median(hand_times))}, p95 {_ms(_p95(hand_times))}")


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


if __name__ == "__main__":
    main()
