"""The pure tournament rules (bot/tournaments): table sizes for every entrant count,
Swiss pairs without repeated opponents while a pairing without repeats exists, byes
spread, round robin schedules, knockouts, points and tie-breaks."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournaments import (
    Format,
    Played,
    RoundRecord,
    Rules,
    placement_points,
    plan_round,
    seating,
    standings,
)
from bot.tournaments.pairing import circle, met_pairs, round_robin_rounds

BOUNDS = [(2, 2), (2, 3), (2, 4), (3, 4), (3, 5), (4, 4), (4, 6)]


def feasible(count: int, low: int, high: int) -> bool:
    return count == 0 or any(k * low <= count <= k * high for k in range(1, count + 1))


@pytest.mark.parametrize(("low", "high"), BOUNDS)
def test_table_sizes_are_within_bounds_balanced_and_seat_the_most(low: int, high: int) -> None:
    for count in range(low, 65):
        sizes, out = seating(count, low, high)
        assert sum(sizes) + out == count
        assert all(low <= size <= high for size in sizes), (count, sizes)
        assert max(sizes) - min(sizes) <= 1, (count, sizes)
        assert len(sizes) == -(-sum(sizes) // high)  # the fewest tables
        # nobody sits out who could have been seated
        assert not any(feasible(count - fewer, low, high) for fewer in range(out)), (count, out)


def test_ten_players_at_three_to_four_sit_four_three_three() -> None:
    assert seating(10, 3, 4) == ([4, 3, 3], 0)
    assert seating(5, 3, 4) == ([4], 1)
    assert seating(9, 2, 2) == ([2, 2, 2, 2], 1)


def test_points_per_placement_are_scaled_to_the_table() -> None:
    assert placement_points([0, 1, 2, 3], 6) == [6, 4, 2, 0]
    assert placement_points([2, 0, 1], 6) == [0, 6, 3]
    assert placement_points([0, 1], 6) == [6, 0]
    assert placement_points([0, 0, 2, 3], 6) == [5, 5, 2, 0]  # tied first share 6 and 4


def repeat_free_exists(entrants: tuple[int, ...], met: frozenset[frozenset[int]]) -> bool:
    """An independent exhaustive check: a pairing of `entrants` with no pair in `met`."""

    @cache
    def match(left: tuple[int, ...]) -> bool:
        if not left:
            return True
        first = left[0]
        return any(
            frozenset((first, other)) not in met and match(left[1:i + 1] + left[i + 2:])
            for i, other in enumerate(left[1:])
        )

    return match(entrants)


def play(plan_tables: tuple[tuple[int, ...], ...], rng: random.Random) -> tuple[Played, ...]:
    return tuple(Played(seats, tuple(rng.sample(range(len(seats)), len(seats))))
                 for seats in plan_tables)


@pytest.mark.parametrize("count", range(2, 65))
def test_swiss_pairs_never_repeat_while_a_pairing_without_repeats_exists(count: int) -> None:
    rules = Rules(Format.SWISS, rounds=count, min_size=2, max_size=2)
    rng = random.Random(count)
    rounds: list[RoundRecord] = []
    for _ in range(min(count, 9 if count <= 12 else 5)):
        met = met_pairs(rounds)
        byes = Counter(e for r in rounds for e in r.byes)
        plan = plan_round(rules, count, range(count), rounds)
        repeated = any(met[frozenset(pair)] for pair in plan.tables)
        if count % 2:
            fewest = min(byes[e] for e in range(count))
            assert byes[plan.byes[0]] == fewest  # byes spread
            could = any(repeat_free_exists(tuple(e for e in range(count) if e != out),
                                           frozenset(met))
                        for out in range(count) if byes[out] == fewest) if count <= 12 else True
        else:
            could = repeat_free_exists(tuple(range(count)), frozenset(met)) if count <= 12 else True
        assert not (could and repeated), (count, len(rounds) + 1, plan)
        assert sorted([*plan.byes, *(e for t in plan.tables for e in t)]) == list(range(count))
        rounds.append(RoundRecord(play(plan.tables, rng), plan.byes))


@pytest.mark.parametrize(("low", "high"), [(2, 3), (3, 4), (4, 4), (3, 5)])
def test_byes_are_spread_at_any_table_size(low: int, high: int) -> None:
    for count in range(low, 41):
        rules = Rules(Format.SWISS, rounds=12, min_size=low, max_size=high)
        rng = random.Random(count * 7 + low)
        rounds: list[RoundRecord] = []
        for _ in range(12):
            plan = plan_round(rules, count, range(count), rounds)
            byes = Counter(e for r in rounds for e in r.byes)
            fewest = min(byes[e] for e in range(count))
            # a second bye only once everyone had one: the byes of a round come from
            # the fewest, then the next fewest once those are used up
            had = sorted(byes[e] for e in plan.byes)
            others = sorted(byes[e] for e in range(count) if e not in plan.byes)
            assert not had or not others or had[-1] <= others[0] or had[-1] == fewest
            sizes = [len(t) for t in plan.tables]
            assert all(low <= s <= high for s in sizes)
            rounds.append(RoundRecord(play(plan.tables, rng), plan.byes))


def test_swiss_puts_the_leaders_together_and_ends_after_its_rounds() -> None:
    rules = Rules(Format.SWISS, rounds=2, min_size=2, max_size=2)
    first = RoundRecord((Played((0, 1), (1, 0)), Played((2, 3), (0, 1))))
    plan = plan_round(rules, 4, range(4), [first])
    assert plan.tables == ((1, 2), (0, 3))  # the two winners, then the two others
    second = RoundRecord(play(plan.tables, random.Random(1)))
    assert plan_round(rules, 4, range(4), [first, second]).over


def test_larger_swiss_tables_avoid_meeting_again() -> None:
    rules = Rules(Format.SWISS, rounds=3, min_size=3, max_size=3)
    rounds: list[RoundRecord] = []
    rng = random.Random(3)
    for _ in range(2):
        plan = plan_round(rules, 9, range(9), rounds)
        rounds.append(RoundRecord(play(plan.tables, rng), plan.byes))
    met = met_pairs(rounds)
    assert max(met.values()) == 1


@pytest.mark.parametrize("count", range(2, 21))
def test_round_robin_at_two_meets_everyone_once(count: int) -> None:
    rules = Rules(Format.ROUND_ROBIN, rounds=0, min_size=2, max_size=2)
    rounds: list[RoundRecord] = []
    rng = random.Random(count)
    while not (plan := plan_round(rules, count, range(count), rounds)).over:
        rounds.append(RoundRecord(play(plan.tables, rng), plan.byes))
    met = met_pairs(rounds)
    assert len(rounds) == round_robin_rounds(rules, count)
    assert len(met) == count * (count - 1) // 2 and set(met.values()) == {1}
    byes = Counter(e for r in rounds for e in r.byes)
    assert set(byes.values()) <= {1}
    assert len(circle(count, 1)) == (count + 1) // 2


def test_round_robin_at_larger_tables_spreads_the_meetings() -> None:
    rules = Rules(Format.ROUND_ROBIN, rounds=0, min_size=3, max_size=4)
    rounds: list[RoundRecord] = []
    while not (plan := plan_round(rules, 8, range(8), rounds)).over:
        rounds.append(RoundRecord(play(plan.tables, random.Random(len(rounds))), plan.byes))
    assert len(rounds) == 3
    met = met_pairs(rounds)
    assert len(met) >= 20  # of the 28 pairs, most met (each round meets 12)


def test_a_knockout_goes_on_to_one_winner() -> None:
    rules = Rules(Format.KNOCKOUT, rounds=0, min_size=2, max_size=2)
    rounds: list[RoundRecord] = []
    while not (plan := plan_round(rules, 9, range(9), rounds)).over:
        # the lower number wins each table
        tables = tuple(Played(t, (0, 1) if t[0] < t[1] else (1, 0)) for t in plan.tables)
        rounds.append(RoundRecord(tables, plan.byes))
    assert len(rounds) == 4  # 9 -> 5 -> 3 -> 2 -> 1
    table = standings(9, rounds, rules)
    assert table[0].entrant == 0 and (table[0].last_round, table[0].last_place) == (4, 0)


def test_dropped_entrants_are_not_paired() -> None:
    rules = Rules(Format.SWISS, rounds=3, min_size=2, max_size=2)
    plan = plan_round(rules, 6, [0, 1, 2, 4, 5], [])
    assert 3 not in {e for t in plan.tables for e in t} and plan.byes == (5,)


def test_tie_breaks_are_opponents_points_then_their_average() -> None:
    rules = Rules(Format.SWISS, rounds=3, min_size=2, max_size=2)
    # 0 beats 1, 2 beats 3; then 0 beats 3 and 2 beats 1: 0 and 2 at 12 points
    rounds = [
        RoundRecord((Played((0, 1), (0, 1)), Played((2, 3), (0, 1)))),
        RoundRecord((Played((0, 3), (0, 1)), Played((2, 1), (0, 1)))),
        RoundRecord((Played((1, 3), (0, 1)),), byes=(0, 2)),
    ]
    lines = standings(4, rounds, rules)
    assert [line.points for line in lines][:2] == [15, 15]
    by = {line.entrant: line for line in lines}
    assert by[0].opponents_points == by[1].points + by[3].points
    # 1 beat 3 in the last round: 0 met 1 (6) and 3 (0), 2 met 3 (0) and 1 (6): equal
    assert by[0].opponents_points == by[2].opponents_points
    assert [line.entrant for line in lines][:2] == [0, 2]  # then sign-up order
    assert by[0].byes == 1 and by[3].played == 3


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(2, 40),
    bounds=st.sampled_from(BOUNDS),
    fmt=st.sampled_from(list(Format)),
    seed=st.integers(0, 1000),
    drops=st.lists(st.integers(0, 39), max_size=5),
)
def test_any_tournament_seats_each_active_entrant_once_a_round(
    count: int, bounds: tuple[int, int], fmt: Format, seed: int, drops: list[int]
) -> None:
    low, high = bounds
    advance = 1
    rules = Rules(fmt, rounds=6, min_size=low, max_size=high, advance=advance)
    rng = random.Random(seed)
    active = set(range(count))
    rounds: list[RoundRecord] = []
    for number in range(12):
        if drops and number < len(drops):
            active.discard(drops[number] % count)
        plan = plan_round(rules, count, sorted(active), rounds)
        if plan.over:
            break
        seated = [e for t in plan.tables for e in t]
        assert len(seated) == len(set(seated)) and not set(seated) & set(plan.byes)
        assert set(seated) | set(plan.byes) <= active
        assert all(low <= len(t) <= high for t in plan.tables)
        if fmt != Format.KNOCKOUT:
            assert set(seated) | set(plan.byes) == active or fmt == Format.ROUND_ROBIN
        rounds.append(RoundRecord(play(plan.tables, rng), plan.byes))
    else:
        pytest.fail(f"a {fmt} tournament of {count} did not end in 12 rounds")
