"""Coal Baron images: render time and PNG size of the board and of a mine, 4 players mid-game.

Targets (issue 4): each image under 150 ms median and under 500 KB. The first render
of a process also draws the cached frame layers; it is reported apart.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from renderer.coal_baron.board import render_board
from renderer.coal_baron.mine import render_mine
from tests.coal_baron_positions import mid_game

PLAYERS = 4
SEEDS = range(1, 11)
REPEATS = 5


def main() -> None:
    views = [mid_game(PLAYERS, seed).view(None) for seed in SEEDS]
    cases: list[tuple[str, Callable[[dict[str, Any], int], bytes]]] = [
        ("board", lambda view, _: render_board(view, "fr")),
        ("mine", lambda view, seat: render_mine(view, seat, "fr")),
    ]
    print(f"{PLAYERS} players in shift 2, {len(views)} positions x {REPEATS}:")
    for name, render in cases:
        started = time.perf_counter()
        render(views[0], 0)
        cold = time.perf_counter() - started
        times, sizes = [], []
        for repeat in range(REPEATS):
            for view in views:
                started = time.perf_counter()
                png = render(view, repeat % PLAYERS)
                times.append(time.perf_counter() - started)
                sizes.append(len(png))
        print(f"{name}: first render (cold caches) {_ms(cold)}")
        print(f"  median {_ms(statistics.median(times))}, p95 {_ms(_p95(times))}")
        median_kb, max_kb = statistics.median(sizes) / 1024, max(sizes) / 1024
        print(f"  PNG median {median_kb:.0f} KB, max {max_kb:.0f} KB")


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


if __name__ == "__main__":
    main()
