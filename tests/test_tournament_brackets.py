"""Knockout brackets that end well (issue 42), pure (bot/tournaments/): for every entrant
count from 2 to 64 and every table-size bound (largest 2 to 10, smallest 2 to the
largest, the game's least 2 or 3), a knockout whose tables end in random places never
opens a round it cannot fill, ends with one champion, and never ranks an entrant
above one who played further (a round sat out counts for nothing)."""

from __future__ import annotations

import random

import pytest

from bot.tournaments import Format, Played, RoundRecord, Rules, plan_round, standings


def last_played(rounds: list[RoundRecord], entrant: int) -> int:
    """The last round `entrant` played at a table with a result (0: none), read from the
    records themselves."""
    return max((number for number, record in enumerate(rounds, start=1)
                for table in record.tables
                if table.places is not None and entrant in table.seats), default=0)


def play_knockout(rules: Rules, count: int, rng: random.Random) -> list[RoundRecord]:
    rounds: list[RoundRecord] = []
    alive = set(range(count))
    least = max(2, rules.least)
    while not (plan := plan_round(rules, count, range(count), rounds)).over:
        assert plan.tables, "a round opened without a table"
        sizes = [len(table) for table in plan.tables]
        assert all(least <= size <= rules.max_size for size in sizes), (sizes, rules)
        seated = [entrant for table in plan.tables for entrant in table]
        assert sorted(seated + list(plan.byes)) == sorted(alive)  # nobody left out
        tables = []
        for table in plan.tables:
            places = list(range(len(table)))
            rng.shuffle(places)
            tables.append(Played(table, tuple(places)))
            alive -= {entrant for entrant, place in zip(table, places, strict=True) if place}
        rounds.append(RoundRecord(tuple(tables), plan.byes))
        assert len(rounds) <= 64
    return rounds


@pytest.mark.parametrize("high", range(2, 11))
def test_every_knockout_ends_with_one_champion_and_a_well_ordered_podium(high: int) -> None:
    rng = random.Random(high)
    for low in range(2, high + 1):
        for least in sorted({2, min(3, low)}):
            rules = Rules(Format.KNOCKOUT, 0, low, high, least=least)
            for count in range(least, 65):  # fewer cannot start
                rounds = play_knockout(rules, count, rng)
                assert rounds, (count, rules)
                order = [line.entrant for line in standings(count, rounds, rules)]
                last = rounds[-1]
                if len(last.tables) == 1 and not last.byes:  # a final: its winner
                    final = last.tables[0]
                    assert final.places is not None
                    assert order[0] == final.seats[final.places.index(0)]
                    if len(final.seats) >= 2:  # its runner-up second
                        assert order[1] == final.seats[final.places.index(1)]
                played = [last_played(rounds, entrant) for entrant in order]
                assert played == sorted(played, reverse=True), (count, rules)
                if count >= 3:  # a third place, who played
                    assert played[2] >= 1


def test_five_at_tables_of_three_to_four_play_a_final_of_two_or_rank_the_bye_last() -> None:
    """The issue's case: one table of 4 and a bye, then two survivors. A game of two
    players or more (Mine Out) shrinks the final to a table of two; at Saboteur (three
    at least) there is no final, and the bye, who never played, ranks below those who
    played (the table's winner champion)."""
    for least, expected in ((2, [[4], [2]]), (3, [[4]])):
        rules = Rules(Format.KNOCKOUT, 0, 3, 4, least=least)
        rounds = play_knockout(rules, 5, random.Random(1))
        assert [[len(t.seats) for t in r.tables] for r in rounds] == expected
        (bye,) = rounds[0].byes
        order = [line.entrant for line in standings(5, rounds, rules)]
        first = rounds[0].tables[0]
        assert first.places is not None
        if least == 3:
            assert order[0] == first.seats[first.places.index(0)] and order[-1] == bye
        else:
            final = rounds[1].tables[0]
            assert final.places is not None and bye in final.seats
            assert order[:2] == [final.seats[final.places.index(p)] for p in (0, 1)]
            assert order[2] in first.seats  # the third place played round 1
