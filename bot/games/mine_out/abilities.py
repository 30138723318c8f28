"""What the cards in play do: dig capacity, sale prices, the scoring phase.

An ability of a card in a player's own area helps that player; the same card
on a community space helps everyone. So each function takes the cards that
work for one player: their area plus the community.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from bot.games.mine_out.components import (
    BLACK_MINER_BONUS,
    CARDS,
    COLOURED_MINER_BONUS,
    INVESTOR,
    JEWEL,
    JEWELER,
    KIND_DATA,
    KIND_OF_FRAME,
    MAFIA,
    MINER,
    NEGOTIATOR,
    ORES,
    SLAVER,
    SMITH,
    worker_bonus,
)


def count_type(cards: Iterable[str], card_type: str) -> int:
    return sum(1 for card in cards if CARDS[card].type == card_type)


def miner_bonus(cards: Iterable[str], kind: int) -> int:
    """+1 per black Miner, +2 per Miner of the mined kind's colour (ruling 5)."""
    bonus = 0
    for card in cards:
        data = CARDS[card]
        if data.type != MINER:
            continue
        if data.frame == "black":
            bonus += BLACK_MINER_BONUS
        elif KIND_OF_FRAME.get(data.frame) == kind:
            bonus += COLOURED_MINER_BONUS
    return bonus


def dig_capacity(card: str, working: Iterable[str], kind: int, workers_discarded: int) -> int:
    """The dig card's printed capacity plus Miner bonuses plus the Worker bonus."""
    return CARDS[card].dig + miner_bonus(working, kind) + worker_bonus(workers_discarded)


def cubes_dug(capacity: int, kind: int) -> int:
    """Cubes a dig of `capacity` finds (before the mine runs short): rounded down."""
    return capacity // KIND_DATA[kind].difficulty


def negotiator_bonus(cards: Iterable[str], row: int) -> int:
    """The sale bonus of the Negotiators of `row`'s colour."""
    frame = KIND_DATA[row].frame
    count = sum(
        1 for card in cards if CARDS[card].type == NEGOTIATOR and CARDS[card].frame == frame
    )
    return count * (KIND_DATA[row].negotiator_bonus or 0)


def box_price(row: int, placed: int) -> int:
    """What the Market box pays for a cube placed after `placed` cubes of its row;
    beyond the last box, the last box's price."""
    prices = KIND_DATA[row].prices
    assert prices is not None
    return prices[min(placed, len(prices) - 1)]


def wildcards(cubes: Sequence[int], working: Iterable[str]) -> int:
    """Jewels held plus Jewelers working for the player: each counts as one ore
    of the player's choice in their scoring phase (ruling 9)."""
    return cubes[JEWEL] + count_type(working, JEWELER)


def phase_fame(cubes: Sequence[int], working: Sequence[str], ores: Sequence[int]) -> list[int]:
    """Fame per ore of a scoring phase: with `ores` the ore each wildcard counts as,
    an ore at or above its minimum scores one per cube, plus for each Smith of its
    colour one per card of that colour working for the player."""
    fame = []
    for ore in ORES:
        count = cubes[ore] + sum(1 for chosen in ores if chosen == ore)
        minimum = KIND_DATA[ore].minimum
        assert minimum is not None
        if count < minimum:
            fame.append(0)
            continue
        frame = KIND_DATA[ore].frame
        smiths = sum(1 for c in working if CARDS[c].type == SMITH and CARDS[c].frame == frame)
        framed = sum(1 for c in working if CARDS[c].frame == frame)
        fame.append(count + smiths * framed)
    return fame


def assignments(count: int) -> list[tuple[int, ...]]:
    """Every way to count `count` wildcards as ores, each sorted."""
    return list(itertools.combinations_with_replacement(ORES, count))


def best_assignment(cubes: Sequence[int], working: Sequence[str]) -> tuple[int, ...]:
    """The assignment that scores most (the first in `assignments` order on a tie)."""
    options = assignments(wildcards(cubes, working))
    return max(options, key=lambda ores: sum(phase_fame(cubes, working, ores)))


def investors(cards: Iterable[str]) -> int:
    return count_type(cards, INVESTOR)


def mafia(cards: Iterable[str]) -> int:
    return count_type(cards, MAFIA)


def slavers(cards: Iterable[str]) -> int:
    return count_type(cards, SLAVER)
