"""Mid-game positions for the computer players' tests, and their secrets shuffled."""

from __future__ import annotations

import random
from typing import Any, TypeVar

from bot.games.base import Event, GameState, Seat
from bot.games.coal_baron.draw import DrawFive
from bot.games.coal_baron.state import CoalBaronState
from bot.games.saboteur.maze import GOAL_NAMES, GOAL_POSITIONS
from bot.games.saboteur.state import SaboteurState

S = TypeVar("S", bound=GameState[Any])


def midgame(game_cls: type[S], players: int, seed: int, actions: int) -> tuple[S, list[Event]]:
    """A game after `actions` random legal actions, and every event so far."""
    rng = random.Random(seed)
    state = game_cls.new(players, seed)
    events: list[Event] = []
    for _ in range(actions):
        if state.is_over():
            break
        seat = state.to_act()[0]
        events += state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state, events


def shuffle_coal_baron_secrets(state: CoalBaronState, seat: Seat, seed: int) -> CoalBaronState:
    """The same game for `seat`, with both piles (and another seat's draw-5 hand) reshuffled."""
    other = state.copy()
    rng = random.Random(seed)
    pending = other.pending
    for kind, pile in (("tiles", other.tile_pile), ("orders", other.order_pile)):
        hand = pending.cards if isinstance(pending, DrawFive) and pending.kind == kind else []
        if hand and other.to_act() == (seat,):
            continue
        cards = hand + pile
        rng.shuffle(cards)
        hand[:], pile[:] = cards[: len(hand)], cards[len(hand):]
    return other


def shuffle_saboteur_secrets(state: SaboteurState, seat: Seat, seed: int) -> SaboteurState:
    """The same game for `seat`: other roles, hands, deck, unseen goals and gold reshuffled.

    Face-down discards are left alone (the seat may have seen some of them
    played face up, and the determinizer is told which).
    """
    other = state.copy()
    rng = random.Random(seed)
    if other.phase == "play":
        others = [s for s in range(other.players) if s != seat]
        roles = [other.roles[s] for s in others] + [other.aside]
        rng.shuffle(roles)
        for s, role in zip(others, roles, strict=False):
            other.roles[s] = role
        other.aside = roles[-1]
    hands = [other.hands[s] for s in range(other.players) if s != seat]
    cards = [card for hand in hands for card in hand] + other.deck
    rng.shuffle(cards)
    for place in [*hands, other.deck]:
        place[:], cards = cards[: len(place)], cards[len(place):]
    hidden = other.maze.hidden_goals
    unseen = [pos for pos in sorted(hidden) if GOAL_NAMES[pos] not in other.peeks[seat]]
    codes = [hidden[pos] for pos in unseen]
    rng.shuffle(codes)
    hidden.update(zip(unseen, codes, strict=True))
    for s, peeked in enumerate(other.peeks):
        for name in peeked if s != seat else ():
            if GOAL_POSITIONS[name] in hidden:
                peeked[name] = hidden[GOAL_POSITIONS[name]]
    rng.shuffle(other.gold_deck)
    return other
