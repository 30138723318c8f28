"""Mine Out balance table: games of greedy players at 2, 3 and 4 players (and teams).

Prints, per player count, the game length in rounds, the Mine Outs and Bank
Outs per game and the win rate by seat: the figures of docs/mine-out.md.
Run ``python -m benchmarks.mine_out_balance [--games N]`` (not part of
``make bench``: a few minutes on one core).
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter

from bot.games.mine_out import MineOutState
from bot.games.mine_out.greedy import choose
from bot.games.mine_out.state import MINE_OUT_EVENTS

MODES: tuple[tuple[str, int, dict[str, object]], ...] = (
    ("2 players", 2, {}),
    ("3 players", 3, {}),
    ("4 players", 4, {}),
    ("4, teams", 4, {"variant": "teams"}),
)


def greedy_game(
    players: int, seed: int, options: dict[str, object]
) -> tuple[int, Counter[str], int]:
    """One game of greedy players: its rounds, its event counts and the winning seat."""
    rng = random.Random(f"greedy:{seed}")
    state = MineOutState.new(players, seed, options)
    events: Counter[str] = Counter()
    while not state.is_over():
        seat = state.to_act()[0]
        events.update(event.kind for event in state.apply(seat, choose(state, seat, rng)))
    assert state.final is not None
    return state.round, events, state.final["winner"]


def table(games: int, players: int | None = None) -> list[str]:
    """The balance table over `games` seeds per mode (only `players`' modes if given)."""
    lines = [
        "| mode | games | rounds: median (min–max) | Mine Outs / game | Bank Outs / game "
        "| wins by seat (%) |",
        "|---|---|---|---|---|---|",
    ]
    for name, count, options in MODES:
        if players not in (None, count):
            continue
        rounds, mine_outs, bank_outs = [], [], []
        wins: Counter[int] = Counter()
        for seed in range(games):
            length, events, winner = greedy_game(count, seed, options)
            rounds.append(length)
            mine_outs.append(sum(events[kind] for kind in MINE_OUT_EVENTS))
            bank_outs.append(events["bank-out"])
            wins[winner] += 1
        rates = " / ".join(f"{100 * wins[seat] / games:.0f}" for seat in range(count))
        lines.append(
            f"| {name} | {games} | {statistics.median(rounds):g} ({min(rounds)}–{max(rounds)}) "
            f"| {statistics.mean(mine_outs):.1f} | {statistics.mean(bank_outs):.1f} | {rates} |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per mode")
    parser.add_argument("--players", type=int, help="only the modes of this player count")
    arguments = parser.parse_args()
    print("\n".join(table(arguments.games, arguments.players)))


if __name__ == "__main__":
    main()
