"""Table sizes: as many entrants seated as the bounds allow, in tables of balanced size.

`seating(10, 3, 4)` is ``[4, 3, 3]``: the fewest tables that seat everyone within the
largest size, their sizes differing by one at most. When no number of tables fits
every entrant (5 entrants at tables of 3-4), the fewest possible sit out: they get a
bye.
"""

from __future__ import annotations


def seated(count: int, min_size: int, max_size: int) -> int:
    """How many of `count` entrants can be seated at tables of `min_size`-`max_size`:
    the largest number s <= count with k * min_size <= s <= k * max_size for some k."""
    for total in range(count, -1, -1):
        tables = -(-total // max_size)
        if tables * min_size <= total:
            return total
    return 0


def seating(count: int, min_size: int, max_size: int) -> tuple[list[int], int]:
    """The table sizes for `count` entrants (largest first) and how many sit out."""
    total = seated(count, min_size, max_size)
    if total == 0:
        return [], count
    tables = -(-total // max_size)
    base, larger = divmod(total, tables)
    return [base + 1] * larger + [base] * (tables - larger), count - total
