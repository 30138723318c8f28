"""A full Saboteur state that one seat cannot tell from the real one.

A seat knows its own role and hand, the maze, the broken tools, the goals it
looked at or that were turned over, the cards it saw discarded face up, and
its own gold. Everything else (other roles, hands, the deck, face-down
discards, the other goals, other players' gold, the gold still to come, and
the later rounds' shuffles) is drawn again. Roles and the gold's place may be
drawn from a belief (odds per seat, per goal) rather than uniformly.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence

from bot.games.base import Seat
from bot.games.saboteur.cards import GOAL_GOLD, Role, role_deck
from bot.games.saboteur.maze import GOAL_NAMES, GoalName
from bot.games.saboteur.state import SaboteurState


def determinize(
    state: SaboteurState,
    seat: Seat,
    rng: random.Random,
    *,
    saboteur_odds: Sequence[float] | None = None,
    gold_odds: Mapping[GoalName, float] | None = None,
    public_discards: Counter[str] | None = None,
) -> SaboteurState:
    """A copy of `state` with what `seat` does not know drawn again from `rng`.

    `saboteur_odds[s]` multiplies the chance that seat `s` is a saboteur (1:
    no opinion); `gold_odds[goal]` the chance that the gold lies under a goal
    `seat` has not seen; `public_discards` are discarded cards everyone saw
    (repairs with their broken tool, rockfalls with the card removed, maps).
    Unknown cards are pooled, sorted and shuffled, so the result depends on
    what `seat` sees and on `rng` only.
    """
    sample = state.copy()
    sample.seed = rng.getrandbits(63)
    if sample.phase == "play":
        sample.roles = _sample_roles(state, seat, rng, saboteur_odds)
        dealt = Counter(sample.roles)
        (sample.aside,) = (Counter(role_deck(state.players)) - dealt).elements()
    _sample_goals(sample, seat, rng, gold_odds or {})
    _sample_cards(sample, seat, rng, public_discards or Counter())
    _sample_gold(sample, seat, rng)
    return sample


def saboteur_sets(players: int, seat: Seat, role: Role) -> list[tuple[Seat, ...]]:
    """Every set of saboteurs among the other seats that the role deck allows.

    One role card is set aside unseen, so the others hold all the saboteur
    cards left or all but one. Every deal being equally likely, so is each set.
    """
    left = role_deck(players)
    left.remove(role)
    saboteurs = left.count("saboteur")
    others = [s for s in range(players) if s != seat]
    return [
        chosen
        for size in (saboteurs, saboteurs - 1)
        if 0 <= size <= len(others) and len(others) - size <= left.count("digger")
        for chosen in itertools.combinations(others, size)
    ]


def _sample_roles(
    state: SaboteurState, seat: Seat, rng: random.Random, odds: Sequence[float] | None
) -> list[Role]:
    """Roles of the others, each set of saboteurs weighted by the product of their odds."""
    mine = state.roles[seat]
    choices = saboteur_sets(state.players, seat, mine)
    weights = [math.prod(odds[s] for s in chosen) if odds else 1.0 for chosen in choices]
    (saboteurs,) = rng.choices(choices, weights)
    return [
        mine if s == seat else "saboteur" if s in saboteurs else "digger"
        for s in range(state.players)
    ]


def _sample_goals(
    sample: SaboteurState, seat: Seat, rng: random.Random, odds: Mapping[GoalName, float]
) -> None:
    hidden = sample.maze.hidden_goals
    seen = sample.peeks[seat]
    unknown = sorted(pos for pos in hidden if GOAL_NAMES[pos] not in seen)
    codes = sorted(hidden[pos] for pos in unknown)
    rng.shuffle(codes)
    if GOAL_GOLD.code in codes:
        weights = [odds.get(GOAL_NAMES[pos], 1.0) for pos in unknown]
        (gold_at,) = rng.choices(range(len(unknown)), weights)
        codes.remove(GOAL_GOLD.code)
        codes.insert(gold_at, GOAL_GOLD.code)
    hidden.update(zip(unknown, codes, strict=True))
    for other, peeked in enumerate(sample.peeks):
        if other != seat:
            positions = {name: pos for pos, name in GOAL_NAMES.items()}
            for name in peeked:
                if positions[name] in hidden:
                    peeked[name] = hidden[positions[name]]


def _sample_cards(
    sample: SaboteurState, seat: Seat, rng: random.Random, public: Counter[str]
) -> None:
    """Deal other hands, the deck and the face-down discards again, sizes unchanged."""
    face_up = Counter(sample.discard) & public
    face_down = list((Counter(sample.discard) - face_up).elements())
    others = [hand for s, hand in enumerate(sample.hands) if s != seat]
    places = [*others, sample.deck, face_down]
    pool = sorted(card for place in places for card in place)
    rng.shuffle(pool)
    for place in places:
        place[:], pool = pool[: len(place)], pool[len(place) :]
    sample.discard = sorted(face_up.elements()) + face_down


def _sample_gold(sample: SaboteurState, seat: Seat, rng: random.Random) -> None:
    """Other players' gold, the gold deck and a pool this seat does not hold, dealt again."""
    places = [cards for s, cards in enumerate(sample.gold) if s != seat]
    places.append(sample.gold_deck)
    if sample.to_act() != (seat,):
        places.append(sample.gold_pool)
    pool = sorted(value for place in places for value in place)
    rng.shuffle(pool)
    for place in places:
        place[:], pool = pool[: len(place)], pool[len(place) :]
