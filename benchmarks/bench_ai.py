"""Computer move times at the table: each level through the runner, 1 s budget.

Positions come from games of easy players (fixed seeds); every searched move
goes through `ComputerRunner` (a worker process, the clock budget, JSON both
ways), as at the table. Goal (issue 13): p95 within the budget + 20 %.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

from benchmarks.timing import median_p95, p95
from bot.ai.knowledge import has_computer_players, knowledge_for
from bot.ai.observation import observe
from bot.ai.players import make_player
from bot.ai.runner import DEFAULT_SECONDS, ComputerRunner
from bot.games.base import Event, GameState
from bot.games.registry import game_ids, get_game

PLAYERS = 4
"""Players at each measured table (at least the game's smallest table)."""
POSITIONS = 12
LEVELS = ("easy", "normal", "strong")


def positions(game: str, players: int) -> list[tuple[GameState[Any], list[Event]]]:
    """Positions where a seat has a real choice, along an easy players' game."""
    state = get_game(game).new(players, seed=1)
    knowledge, easy, rng = knowledge_for(game), make_player("easy"), random.Random(1)
    events: list[Event] = []
    found: list[tuple[GameState[Any], list[Event]]] = []
    step = 0
    while not state.is_over() and len(found) < POSITIONS:
        seat = state.to_act()[0]
        choice = len(state.legal_actions(seat)) > 3 and knowledge.forced(state, seat) is None
        if step % 7 == 0 and choice:
            found.append((state.copy(), list(events)))
        observation = observe(state, seat, events, knowledge.determinizer)
        events += state.apply(seat, easy.choose(observation, rng))
        step += 1
    return found


async def measure(game: str, players: int) -> None:
    runner = ComputerRunner(seconds=DEFAULT_SECONDS)
    try:
        found = positions(game, players)
        for level in LEVELS:
            times, fallbacks = [], 0
            for index, (state, events) in enumerate(found):
                seat = state.to_act()[0]
                move = await runner.move(state, seat, events, level, seed=index)
                times.append(move.seconds)
                fallbacks += move.fallback is not None
            verdict = "ok" if p95(times) <= DEFAULT_SECONDS * 1.2 else "OVER BUDGET"
            print(
                f"{game} {players}p {level}: {len(times)} moves, {median_p95(times, 0)} "
                f"({verdict}), {fallbacks} fallbacks"
            )
    finally:
        runner.close()


def main() -> None:
    print(f"budget {DEFAULT_SECONDS:.1f} s per move, goal p95 <= {DEFAULT_SECONDS * 1.2:.1f} s")
    for game in filter(has_computer_players, game_ids()):
        asyncio.run(measure(game, max(PLAYERS, get_game(game).min_players)))


if __name__ == "__main__":
    main()
