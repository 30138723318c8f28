"""Engine speed of every registered game: full random 4-player games, no checks.

Each game lists the legal actions of the seat to act, picks one at random and
applies it (one step at a time, as a turn builder does), from set-up to the
end: the loop a computer opponent's search runs. Printed per game: games per
second on one core, and the time per action. Target (Coal Baron): at least 20
games per second on one core.
"""

from __future__ import annotations

import random
import statistics
from typing import Any

from benchmarks.timing import ms, timed
from bot.games.base import GameState
from bot.games.registry import game_ids, get_game

SECONDS = 4.0
"""Each engine plays games until this much time has passed (the longer a game, the fewer)."""
MIN_GAMES = 20
PLAYERS = 4


def random_game(engine: type[GameState[Any]], seed: int) -> int:
    """Play one random game; returns how many actions it took."""
    rng = random.Random(seed)
    state = engine.new(PLAYERS, seed)
    actions = 0
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        actions += 1
    return actions


def measure(game: str) -> None:
    engine = get_game(game)
    games: list[tuple[int, float]] = []
    while len(games) < MIN_GAMES or sum(seconds for _, seconds in games) < SECONDS:
        games.append(timed(random_game, engine, len(games)))
    count = len(games)
    actions = sum(actions for actions, _ in games)
    durations = [seconds for _, seconds in games]
    median = statistics.median(durations)
    print(f"{game} engine: {count} random {PLAYERS}-player games, "
          f"{actions / count:.0f} actions each")
    print(f"  median game: {ms(median, 2)}; {1 / median:.0f} games per second (one core)")
    print(f"  per action: {sum(durations) / actions * 1e6:.1f} us (legal actions + apply)")


def main() -> None:
    for game in game_ids():
        measure(game)


if __name__ == "__main__":
    main()
