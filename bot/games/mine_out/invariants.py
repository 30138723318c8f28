"""Conservation rules a Mine Out state keeps after every action (used by self-play)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from bot.games.mine_out import rulings
from bot.games.mine_out.components import (
    ACTION_POINTS,
    COMMUNITY_SPACES,
    DISPLAY_SIZE,
    HAND_LIMIT,
    KINDS,
    ORES,
    WAITING_SIZE,
)

if TYPE_CHECKING:
    from bot.games.mine_out.state import MineOutState


def check_invariants(state: MineOutState) -> None:
    """Cubes, coins and cards are conserved; hands, spaces and action points in bounds."""
    for kind in KINDS:
        held = sum(position.cubes[kind] for position in state.positions)
        sold = sum(row.count(kind) for row in state.market)
        total = state.mines[kind] + held + sold
        assert total == state.total_cubes(kind), f"kind {kind}: {total} cubes"
        assert state.mines[kind] > 0, f"mine {kind} is empty"
    for row in ORES:
        assert all(cube in (row, KINDS[-1]) for cube in state.market[row]), "cube in a wrong row"
    money = state.bank + state.expenses + sum(p.money for p in state.positions)
    assert money == state.total_money(), f"{money} rupees in the game"
    assert state.bank > 0, "the bank is empty"
    assert all(p.money >= 0 for p in state.positions), "negative money"
    cards: Counter[str] = Counter(state.deck + state.discard + state.community)
    cards.update(card for card in state.display + state.waiting if card)
    for position in state.positions:
        cards.update(position.hand + position.area)
        assert len(position.hand) <= HAND_LIMIT, "hand above the limit"
    assert cards == Counter(state.card_set()), "cards lost or duplicated"
    assert len(state.community) <= COMMUNITY_SPACES
    assert len(state.display) == DISPLAY_SIZE and len(state.waiting) == WAITING_SIZE
    assert 0 <= state.turn.points <= ACTION_POINTS, f"{state.turn.points} action points"
    if rulings.APPRENTICE_FAME_PER_AWARD:
        assert all(p.fame == 0 for p in state.positions if p.apprentice), "apprentice's fame"
