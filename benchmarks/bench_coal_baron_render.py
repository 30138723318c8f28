"""Coal Baron images: render time and PNG size of the board, of a mine and of every mine in
one image, 4 players mid-game.

Targets (issue 4): each image under 150 ms median and under 500 KB. The first render
of a process also draws the cached frame layers; it is reported apart.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable

from benchmarks.timing import median_p95, ms, timed
from bot.games.coal_baron.shapes import CoalView
from renderer.coal_baron.board import render_board
from renderer.coal_baron.mine import render_mine
from renderer.coal_baron.mines import mine_groups, render_mines
from tests.coal_baron_positions import mid_game

PLAYERS = 4
SEEDS = range(1, 11)
REPEATS = 5
NAMES = ("Alice", "Bérénice", "Zoë 🎲", "Dmitri")


def all_mines(view: CoalView, _: int) -> bytes:
    """Every mine as a turn posts them: one image per group of `mine_groups` (sizes add)."""
    return b"".join(render_mines(view, NAMES, "fr", seats) for seats in mine_groups(view))


def main() -> None:
    views = [mid_game(PLAYERS, seed).view(None) for seed in SEEDS]
    cases: list[tuple[str, Callable[[CoalView, int], bytes]]] = [
        ("board", lambda view, _: render_board(view, NAMES, "fr")),
        ("mine", lambda view, seat: render_mine(view, seat, NAMES, "fr")),
        ("all mines (the images of a turn)", all_mines),
    ]
    print(f"{PLAYERS} players in shift 2, {len(views)} positions x {REPEATS}:")
    for name, render in cases:
        _, cold = timed(render, views[0], 0)
        times, sizes = [], []
        for repeat in range(REPEATS):
            for view in views:
                png, seconds = timed(render, view, repeat % PLAYERS)
                times.append(seconds)
                sizes.append(len(png))
        print(f"{name}: first render (cold caches) {ms(cold)}")
        print(f"  {median_p95(times)}")
        median_kb, max_kb = statistics.median(sizes) / 1024, max(sizes) / 1024
        print(f"  PNG median {median_kb:.0f} KB, max {max_kb:.0f} KB")


if __name__ == "__main__":
    main()
