"""Positions for the Mine Out tests, built from a real set-up so every invariant holds.

`arrange` moves cards, cubes and coins between their places (never creating
or losing any), so a test can stage the rulebook's examples exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.mine_out import MineOutState
from bot.games.mine_out.actions import Action
from bot.games.mine_out.components import KIND_BY_CODE
from bot.games.mine_out.player import Turn


def playing(players: int = 4, seed: int = 0, **options: Any) -> MineOutState:
    """A new game; the first position's scoring phase is done (nobody holds jewels)."""
    return MineOutState.new(players, seed, options)


def take_card(state: MineOutState, card: str) -> None:
    """Remove `card` from wherever it is (a display slot it leaves is emptied)."""
    for pile in (state.deck, state.discard, state.community):
        if card in pile:
            pile.remove(card)
            return
    for row in (state.display, state.waiting):
        if card in row:
            row[row.index(card)] = None
            return
    for position in state.positions:
        for pile in (position.hand, position.area):
            if card in pile:
                pile.remove(card)
                return
    raise AssertionError(f"{card} is nowhere")


def place_cards(state: MineOutState, cards: Sequence[str], pile: list[str]) -> None:
    for card in cards:
        take_card(state, card)
        pile.append(card)


def arrange(
    state: MineOutState,
    index: int,
    *,
    node: str | None = None,
    hand: Sequence[str] | None = None,
    area: Sequence[str] = (),
    cubes: dict[str, int] | None = None,
    money: int | None = None,
    fame: int | None = None,
) -> MineOutState:
    """Give position `index` exactly `hand` (its old hand goes under the deck), add
    `area` to its area, set its cubes (from or to their mines), money (from or to the
    bank) and fame."""
    position = state.positions[index]
    if node is not None:
        position.node = node
    if hand is not None:
        state.deck.extend(position.hand)
        position.hand = []
        place_cards(state, hand, position.hand)
    place_cards(state, area, position.area)
    for code, count in (cubes or {}).items():
        kind = KIND_BY_CODE[code]
        state.mines[kind] -= count - position.cubes[kind]
        position.cubes[kind] = count
    if money is not None:
        state.bank -= money - position.money
        position.money = money
    if fame is not None:
        position.fame = fame
    state.check_invariants()
    return state


def community(state: MineOutState, *cards: str) -> MineOutState:
    place_cards(state, cards, state.community)
    return state


def display(state: MineOutState, *cards: str) -> MineOutState:
    """Put `cards` in the first display slots (the cards there go under the deck; a
    waiting slot emptied takes the top card of the deck)."""
    for slot, card in enumerate(cards):
        old = state.display[slot]
        take_card(state, card)
        if old is not None and old != card:
            state.deck.append(old)
        state.display[slot] = card
    state.waiting = [card or state.deck.pop(0) for card in state.waiting]
    return state


def fresh_turn(state: MineOutState, index: int | None = None) -> MineOutState:
    """Give the turn (5 points, nothing done) to position `index` (default: the current one)."""
    if index is not None:
        state.current = index
    state.turn = Turn(5)
    return state


def play(state: MineOutState, text: str) -> list[Any]:
    """Apply `text` for the seat to act; returns the events."""
    seat = state.to_act()[0]
    action: Action = state.parse_action(seat, text)
    return state.apply(seat, action)


def kinds(events: list[Any]) -> list[str]:
    return [event.kind for event in events]
