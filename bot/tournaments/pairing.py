"""A round's tables, for each format (docs/tournaments.md, "Pairing").

- Swiss: the entrants in standings order, leaders together. Who sits out (when the
  sizes leave some over) is taken among those with the fewest byes, the lowest ranked
  first, so nobody gets a second bye before everyone had one. At tables of two, the
  pairs are searched (depth first, the best-ranked entrant first with the nearest in
  rank) so that nobody meets an opponent again while a pairing without a repeat exists
  (the search gives up after `SEARCH_BUDGET` steps, then repeats as little as it can);
  at larger tables, entrants are swapped between neighbouring tables while that
  lowers the meetings repeated.
- Round robin: at tables of two, the circle method (everyone meets everyone once, in
  n - 1 rounds, n with an odd count, one sitting out each round); at larger tables, a
  schedule that spreads the meetings (each round the sign-up order turned, then the
  swaps above).
- Knockout: the entrants still in, in standings order; the `Rules.advance` best of
  each table and those sitting out go on, until one is left (or a final table has
  been played); a round is never opened that its survivors cannot fill: the last
  rounds' tables shrink down to the game's least (`model.knockout_rules`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.tournaments.model import Format, RoundRecord, Rules, knockout_rules
from bot.tournaments.sizes import seating
from bot.tournaments.standings import advancing, standings

SEARCH_BUDGET = 100_000
"""Steps the search of a pairing without repeated opponents may take."""
SWAP_REACH = 2
"""Larger tables: an entrant may be swapped with one this many tables further at most."""

Pairs = Counter[frozenset[int]]
"""How many times each two entrants met."""


@dataclass(frozen=True)
class Plan:
    """A round to open: its tables (entrants, best ranked first) and who sits out; or
    `over`: the tournament has no round left."""

    tables: tuple[tuple[int, ...], ...] = ()
    byes: tuple[int, ...] = ()
    over: bool = False


def plan_round(
    rules: Rules, entrants: int, active: Iterable[int], rounds: Sequence[RoundRecord]
) -> Plan:
    """The next round of a tournament of `entrants` entrants (numbered in sign-up order)
    of whom `active` still play, after `rounds`."""
    number = len(rounds) + 1
    playing = set(active)
    ranked = [line.entrant for line in standings(entrants, rounds, rules)]
    if rules.format == Format.SWISS:
        if number > rules.rounds:
            return Plan(over=True)
        return seat(rules, [e for e in ranked if e in playing], rounds, spread=True)
    if rules.format == Format.ROUND_ROBIN:
        return _round_robin(rules, entrants, playing, rounds)
    alive = _still_in(entrants, rounds, rules) & playing
    last = rounds[-1] if rounds else None
    final = last is not None and len(last.tables) == 1 and not last.byes
    sized = knockout_rules(rules, len(alive))
    if sized is None or final:
        return Plan(over=True)
    return seat(sized, [e for e in ranked if e in alive], rounds, spread=True)


def met_pairs(rounds: Sequence[RoundRecord]) -> Pairs:
    """How many times each two entrants sat at one table."""
    met: Pairs = Counter()
    for record in rounds:
        for table in record.tables:
            for index, one in enumerate(table.seats):
                for other in table.seats[index + 1:]:
                    met[frozenset((one, other))] += 1
    return met


def seat(rules: Rules, order: list[int], rounds: Sequence[RoundRecord], *, spread: bool) -> Plan:
    """Tables for `order` (best first) within the rules' sizes; those left over sit
    out, chosen to spread the byes (`spread`) or from the end of `order`."""
    sizes, out = seating(len(order), rules.min_size, rules.max_size)
    if not sizes:
        return Plan(over=True)
    met = met_pairs(rounds)
    byes_had = Counter(entrant for record in rounds for entrant in record.byes)
    rank = {entrant: index for index, entrant in enumerate(order)}
    candidates = sorted(order, key=lambda e: (byes_had[e] if spread else 0, -rank[e]))
    if out == 1 and rules.max_size == 2:
        fewest = byes_had[candidates[0]] if spread else 0
        for sitting_out in candidates:
            if byes_had[sitting_out] > fewest and spread:
                break
            pairs = pair_without_repeats([e for e in order if e != sitting_out], met)
            if pairs is not None:
                return Plan(tuple(pairs), (sitting_out,))
    byes = tuple(sorted(candidates[:out], key=rank.__getitem__))
    rest = [entrant for entrant in order if entrant not in byes]
    return Plan(tuple(group(rest, sizes, met)), byes)


def group(order: list[int], sizes: list[int], met: Pairs) -> list[tuple[int, ...]]:
    """`order` (best first) at tables of `sizes`, leaders together, with as few meetings
    repeated as the search or the swaps find."""
    if set(sizes) == {2}:
        pairs = pair_without_repeats(order, met)
        return pairs if pairs is not None else _pairs_repeating_least(order, met)
    tables: list[list[int]] = []
    start = 0
    for size in sizes:
        tables.append(order[start:start + size])
        start += size
    _swap_apart(tables, met)
    rank = {entrant: index for index, entrant in enumerate(order)}
    return [tuple(sorted(table, key=rank.__getitem__)) for table in tables]


class _Exhausted(Exception):
    """The search of a pairing went over its budget."""


def pair_without_repeats(order: list[int], met: Pairs) -> list[tuple[int, ...]] | None:
    """Pairs of `order` (even, best first) of entrants who never met, the best ranked
    with the nearest in rank that allows a whole pairing; None if there is none (or
    the search went over `SEARCH_BUDGET`)."""
    steps = [0]

    def search(remaining: list[int]) -> list[tuple[int, ...]] | None:
        if not remaining:
            return []
        steps[0] += 1
        if steps[0] > SEARCH_BUDGET:
            raise _Exhausted
        first, rest = remaining[0], remaining[1:]
        for index, other in enumerate(rest):
            if met[frozenset((first, other))]:
                continue
            tail = search(rest[:index] + rest[index + 1:])
            if tail is not None:
                return [(first, other), *tail]
        return None

    try:
        return search(order)
    except _Exhausted:
        return None


def _pairs_repeating_least(order: list[int], met: Pairs) -> list[tuple[int, ...]]:
    """Pairs of `order`, each the best ranked left with the one it met least (nearest in
    rank among those)."""
    left = list(order)
    pairs: list[tuple[int, ...]] = []
    while left:
        first = left.pop(0)
        other = min(left, key=lambda e: (met[frozenset((first, e))], left.index(e)))
        left.remove(other)
        pairs.append((first, other))
    return pairs


def _repeats(table: Sequence[int], met: Pairs) -> int:
    return sum(
        met[frozenset((one, other))] for i, one in enumerate(table) for other in table[i + 1:]
    )


def _swap_apart(tables: list[list[int]], met: Pairs) -> None:
    """Swap entrants between tables at most `SWAP_REACH` apart while a swap lowers the
    meetings repeated (a few passes at most)."""
    for _ in range(4):
        changed = False
        for i, table in enumerate(tables):
            for other in tables[i + 1:i + 1 + SWAP_REACH]:
                changed |= _best_swap(table, other, met)
        if not changed:
            return


def _best_swap(one: list[int], other: list[int], met: Pairs) -> bool:
    """Make the first swap between `one` and `other` that lowers their repeats."""
    before = _repeats(one, met) + _repeats(other, met)
    if before == 0:
        return False
    for a in range(len(one)):
        for b in range(len(other)):
            one[a], other[b] = other[b], one[a]
            if _repeats(one, met) + _repeats(other, met) < before:
                return True
            one[a], other[b] = other[b], one[a]
    return False


def _still_in(entrants: int, rounds: Sequence[RoundRecord], rules: Rules) -> set[int]:
    """Knockout: the entrants who went on from every round so far."""
    alive = set(range(entrants))
    for record in rounds:
        alive &= set(advancing(record, rules.advance))
    return alive


def round_robin_rounds(rules: Rules, entrants: int) -> int:
    """How many rounds a round robin of `entrants` has: everyone meets everyone once at
    tables of two; at larger tables, enough for as many meetings; `Rules.rounds` (if
    set) at most."""
    if rules.max_size == 2:
        full = entrants if entrants % 2 else entrants - 1
    else:
        full = -(-(entrants - 1) // (rules.max_size - 1))
    return min(full, rules.rounds) if rules.rounds else full


def circle(entrants: int, number: int) -> list[tuple[int | None, int | None]]:
    """Round `number` (from 1) of the circle method for `entrants`: its pairs, None
    standing for the sitting out of an odd count."""
    line: list[int | None] = [*range(entrants), *([None] if entrants % 2 else [])]
    size = len(line)
    turn = (number - 1) % (size - 1)
    rotating = line[1:]
    rotating = rotating[-turn:] + rotating[:-turn] if turn else rotating
    line = [line[0], *rotating]
    return [(line[i], line[size - 1 - i]) for i in range(size // 2)]


def _round_robin(
    rules: Rules, entrants: int, playing: set[int], rounds: Sequence[RoundRecord]
) -> Plan:
    number = len(rounds) + 1
    if number > round_robin_rounds(rules, entrants) or len(playing) < rules.min_size:
        return Plan(over=True)
    if rules.max_size > 2:
        turn = (number - 1) % max(1, entrants)
        order = [e for e in [*range(turn, entrants), *range(turn)] if e in playing]
        return seat(rules, order, rounds, spread=True)
    tables: list[tuple[int, ...]] = []
    byes: list[int] = []
    for one, other in circle(entrants, number):
        pair = [e for e in (one, other) if e is not None and e in playing]
        if len(pair) == 2:
            tables.append(tuple(pair))
        else:
            byes.extend(pair)
    return Plan(tuple(tables), tuple(sorted(byes)))
