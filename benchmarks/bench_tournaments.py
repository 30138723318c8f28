"""Pairing a Swiss round of 256 entrants (bot/tournaments), the work the bot does when a
round ends, on one core: the standings, then the tables. Measured for round 1 (nobody
met yet) and for round 8 (after seven rounds of random results, so the search must
avoid every pair that met), at tables of two (the search) and of three to four (the
swaps). Target (issue 38): at most 100 ms each. The ratio printed is the target over
the median: above 1, within it.
"""

from __future__ import annotations

import random
import statistics

from benchmarks.timing import median_p95, ms, timed
from bot.tournaments import Format, Played, RoundRecord, Rules, plan_round

ENTRANTS = 256
TARGET_SECONDS = 0.100
REPEATS = 15


def rounds_played(rules: Rules, count: int, seed: int) -> list[RoundRecord]:
    """Seven rounds of random results."""
    rng = random.Random(seed)
    rounds: list[RoundRecord] = []
    for _ in range(7):
        plan = plan_round(rules, count, range(count), rounds)
        tables = tuple(Played(t, tuple(rng.sample(range(len(t)), len(t)))) for t in plan.tables)
        rounds.append(RoundRecord(tables, plan.byes))
    return rounds


def measure(label: str, rules: Rules, rounds: list[RoundRecord]) -> None:
    durations = [timed(plan_round, rules, ENTRANTS, range(ENTRANTS), rounds)[1]
                 for _ in range(REPEATS)]
    median = statistics.median(durations)
    print(f"  {label}: {median_p95(durations)}; target {ms(TARGET_SECONDS, 0)}, "
          f"ratio {TARGET_SECONDS / median:.1f}")


def main() -> None:
    print(f"pairing a Swiss round of {ENTRANTS} entrants ({REPEATS} runs each):")
    for low, high in ((2, 2), (3, 4)):
        rules = Rules(Format.SWISS, rounds=10, min_size=low, max_size=high)
        measure(f"tables of {low}-{high}, round 1", rules, [])
        measure(f"tables of {low}-{high}, round 8", rules, rounds_played(rules, ENTRANTS, 1))


if __name__ == "__main__":
    main()
