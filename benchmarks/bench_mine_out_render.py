"""Mine Out images: render time and PNG size of the town (the map and its cards: the
two images of a turn's message) and a player's holdings.

Positions: greedy 4-player games stopped part-way (`tests.test_mine_out_render.midgame`
plays them), ten seeds. No target is set by the issue; the figures sit next to
the other games'.
"""

from __future__ import annotations

import statistics

from benchmarks.timing import median_p95, timed
from renderer.mine_out.hiring import render_hiring
from renderer.mine_out.holdings import render_holdings
from renderer.mine_out.town import render_town
from tests.test_mine_out_render import NAMES, midgame

PLAYERS = 4
SEEDS = range(1, 11)
REPEATS = 3


def main() -> None:
    states = [midgame(PLAYERS, seed, 80) for seed in SEEDS]
    names = NAMES
    town_times, town_sizes, own_times, own_sizes = [], [], [], []
    cards_times, cards_sizes = [], []
    for state in states * REPEATS:
        png, seconds = timed(render_town, state.view(None), names, "fr")
        town_times.append(seconds)
        town_sizes.append(len(png))
        png, seconds = timed(render_hiring, state.view(None), "fr")
        cards_times.append(seconds)
        cards_sizes.append(len(png))
        seat = state.to_act()[0] if state.to_act() else 0
        png, seconds = timed(render_holdings, state.view(seat), state.current, names, "fr")
        own_times.append(seconds)
        own_sizes.append(len(png))
    print(f"town, {PLAYERS} players mid-game, {len(states)} positions:")
    print(f"  {median_p95(town_times)}")
    print(f"  PNG median {statistics.median(town_sizes) / 1024:.0f} KB, "
          f"max {max(town_sizes) / 1024:.0f} KB")
    print("the town's cards (for hire, waiting, community):")
    print(f"  {median_p95(cards_times)}")
    print(f"  PNG median {statistics.median(cards_sizes) / 1024:.0f} KB")
    both = [town + cards for town, cards in zip(town_times, cards_times, strict=True)]
    print(f"a turn's two images: {median_p95(both)}")
    print("holdings (with the owner's hand):")
    print(f"  {median_p95(own_times)}")
    print(f"  PNG median {statistics.median(own_sizes) / 1024:.0f} KB, "
          f"max {max(own_sizes) / 1024:.0f} KB")


if __name__ == "__main__":
    main()
