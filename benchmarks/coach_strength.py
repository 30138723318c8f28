"""Issue 33's measures of the coach (docs/ai.md), on seeds no test uses (from 5000):

- strength: a seat that plays every hint (the best move of `bot.ai.coach.judge`'s
  verdict, `SAMPLES` worlds) against random, next to the easy level against random, in Coal
  Baron 2p and Mine Out 2p; seats alternate from game to game;
- latency: a hint as the table waits for it (through `CoachRunner`'s worker
  process: the record sent, replayed, the verdict), p50 and p95 per game, at
  moments of games of easy players.

Slow (whole games with a search on every move): ``python -m benchmarks.coach_strength
[games]``; ``--latency`` times the hints only.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import time
from typing import Any

from benchmarks.timing import median_p95
from bot.ai.coach import judge
from bot.ai.coach_worker import CoachRequest, CoachRunner
from bot.ai.knowledge import knowledge_for
from bot.ai.match import play_match
from bot.ai.observation import Observation
from bot.ai.players import ComputerPlayer, make_player
from bot.games.record import initial_state, parse_entry
from bot.games.registry import get_game

FIRST_SEED = 5000
GAMES = ("coal-baron", "mine-out", "saboteur")
LATENCY_MOMENTS = 8
"""Moments per game record at which a hint is timed."""


class HintFollower(ComputerPlayer):
    """Plays the coach's hint every time."""

    level = "hints"

    def choose(self, observation: Observation[Any], rng: random.Random) -> Any:
        if len(observation.legal) == 1:
            return observation.legal[0]
        return judge(observation, rng.randrange(2**31)).best.action


def win_rate(game: str, level: str, games: int) -> tuple[float, list[dict[str, Any]]]:
    wins, records = 0.0, []
    for number in range(games):
        seed = FIRST_SEED + number
        player = HintFollower() if level == "hints" else make_player(level)
        seats = [player, make_player("random")]
        if number % 2:
            seats.reverse()
        match = play_match(get_game(game), [p.level for p in seats], seed, players=seats)
        outcome = match.state.outcome()
        assert outcome is not None
        mine = seats.index(player)
        wins += (mine in outcome.winners) / len(outcome.winners)
        records.append(match.record)
    return wins / games, records


def hint_requests(records: list[dict[str, Any]]) -> list[CoachRequest]:
    """Hints asked at `LATENCY_MOMENTS` moments of each record where the search thinks
    (a real choice: more than three legal moves, none the game leaves to its heuristic)."""
    requests = []
    for record in records:
        entries = record["actions"]
        knowledge = knowledge_for(record["game"])
        state = initial_state(record)
        chosen = []
        for moment, entry in enumerate(entries):
            seat = state.to_act()[0]
            if len(state.legal_actions(seat)) > 3 and knowledge.forced(state, seat) is None:
                chosen.append((moment, seat))
            who, notation = parse_entry(state, entry)
            state.apply(who, state.parse_action(who, notation))
        for moment, seat in chosen[:: max(1, len(chosen) // LATENCY_MOMENTS)][:LATENCY_MOMENTS]:
            requests.append(CoachRequest("hint", {**record, "actions": entries[:moment]}, seat,
                                         moment, seed=moment))
    return requests


async def through_the_worker(requests: list[CoachRequest]) -> list[float]:
    """Each request's time as the table waits for it: through `CoachRunner`'s worker
    process (started by a first request, not timed)."""
    runner = CoachRunner()
    try:
        await runner.ask(requests[0])
        times = []
        for request in requests:
            started = time.perf_counter()
            await runner.ask(request)
            times.append(time.perf_counter() - started)
        return times
    finally:
        runner.close()


def main(names: list[str] | None = None, games: int = 20, strength: bool = True) -> None:
    print(f"load average at start: {os.getloadavg()[0]:.2f}", flush=True)
    for game in names or GAMES:
        if strength and game != "saboteur":
            hints, _ = win_rate(game, "hints", games)
            easy, _ = win_rate(game, "easy", games)
            print(f"{game} 2p vs random over {games} games: hints {hints:.0%}, easy {easy:.0%}",
                  flush=True)
        players = 4 if game == "saboteur" else 2
        records = [play_match(get_game(game), ["easy"] * players, FIRST_SEED + n).record
                   for n in range(3)]
        times = asyncio.run(through_the_worker(hint_requests(records)))
        print(f"{game} {players}p hint latency over {len(times)} moments: "
              f"{median_p95(times, 0)}; load average {os.getloadavg()[0]:.2f}", flush=True)


if __name__ == "__main__":
    strength = "--latency" not in sys.argv
    main([name for name in sys.argv[1:] if not name.startswith("--")] or None,
         strength=strength)
