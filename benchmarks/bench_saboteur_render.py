"""Saboteur images: render time and PNG size of the public maze at 10 players late in a round.

Targets (issue 5): median under 150 ms, PNG under 500 KB. The first render of a
process also draws the tiles it caches; it is reported apart.
"""

from __future__ import annotations

import statistics

from benchmarks.timing import median_p95, ms, timed
from renderer.saboteur.board import render_board
from renderer.saboteur.hand import render_hand
from tests.saboteur_positions import late_in_round

PLAYERS = 10
SEEDS = range(1, 11)
REPEATS = 5
NAMES = tuple(f"Player {seat}" for seat in range(1, PLAYERS + 1))


def main() -> None:
    states = [late_in_round(PLAYERS, seed) for seed in SEEDS]
    views = [state.view(None) for state in states]
    _, cold = timed(render_board, views[0], NAMES, "en")
    board_times, sizes = [], []
    for view in views * REPEATS:
        png, seconds = timed(render_board, view, NAMES, "fr")
        board_times.append(seconds)
        sizes.append(len(png))
    hand_views = [state.view(state.to_act()[0]) for state in states]
    hand_times = [timed(render_hand, view, NAMES, "fr")[1] for view in hand_views]
    cells = max(len(view["maze"]) for view in views)
    print(f"board, {PLAYERS} players late in a round, {len(views)} positions, up to {cells} cards:")
    print(f"  first render (cold tile cache): {ms(cold)}")
    print(f"  {median_p95(board_times)}")
    print(f"  PNG median {statistics.median(sizes) / 1024:.0f} KB, max {max(sizes) / 1024:.0f} KB")
    print(f"hand: {median_p95(hand_times)}")


if __name__ == "__main__":
    main()
