"""Coal Baron for the computer players.

- `position_value`: a seat's final VP as estimated now (VP, Francs, orders by
  progress, cubes, workers left, the clock's majorities counted as they stand).
- `extraction_step`: a greedy extraction (bring up the cubes the orders miss,
  load them, stow the rest), used by every level: the search does not branch
  on single moves of the cage.
- easy: every legal action tried on a determinization, the seat's turn
  finished greedily, the best `position_value` kept.
- playouts: a rule of thumb per space, with a little randomness.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from bot.ai.appraisers import Appraiser
from bot.ai.knowledge import GameKnowledge, relative_rewards
from bot.ai.observation import Determinizer, Observation
from bot.games.base import GameState, Seat
from bot.games.coal_baron.actions import (
    Action,
    Buy,
    Cage,
    Compound,
    Cube,
    Draft,
    End,
    Keep,
    Load,
    Place,
    Return,
    Stow,
    Take,
)
from bot.games.coal_baron.components import (
    BANK_INDEX,
    CAGE_PLACES,
    DELIVERY,
    IMBALANCE_VP_PER_TILE,
    MINING,
    ORDER,
    ORDERS,
    SHIFTS,
    SPACE_INDEX,
    SPACES,
    SURFACE,
    TILES,
    colour_level,
)
from bot.games.coal_baron.determinize import determinize
from bot.games.coal_baron.draw import DrawFive
from bot.games.coal_baron.extraction import Extraction
from bot.games.coal_baron.player import Player
from bot.games.coal_baron.scoring import shift_scoring
from bot.games.coal_baron.state import CoalBaronState

WORKER_VP = 0.6
"""A worker left this shift: roughly what one more placement is worth."""
ROOT_CANDIDATES = 5
"""The search compares the heuristic's best few placements."""
MAJORITY_WEIGHT = 0.6
"""The clock's majorities are counted as they stand, discounted: they may change."""


# -- value of a position -----------------------------------------------------------------


def missing_colours(player: Player) -> Counter[int]:
    """Colours the free slots of the player's orders ask for."""
    need: Counter[int] = Counter()
    for order in player.orders:
        printed = ORDERS[order.card].slots
        need.update(printed[i] for i, cubes in enumerate(order.slots) if not cubes)
    return need


def _order_value(player: Player, shift: int) -> float:
    value = 0.0
    for order in player.orders:
        vp = ORDERS[order.card].vp
        if order.complete():
            value += vp * (0.85 if shift < SHIFTS else 0.6)
        else:
            filled = sum(1 for cubes in order.slots if cubes) / len(order.slots)
            value += -1 + (vp + 1) * (0.25 + 0.6 * filled)
    return value


def _cube_value(player: Player) -> float:
    need = missing_colours(player)
    loose: Counter[int] = Counter(player.cage)
    loose.update({colour: count for colour, count in enumerate(player.stock)})
    value = 0.0
    for colour, count in loose.items():
        useful = min(count, need[colour])
        value += useful * (0.5 + 0.15 * colour_level(colour)) + (count - useful) * 0.34
    for cart in player.carts:
        if cart.cube >= 0:
            value += 0.25 + 0.1 * colour_level(cart.cube)
    return value


VALUE_TERMS = ("vp", "money", "orders", "cubes", "workers", "balance", "majorities")
"""The parts of a seat's estimated final VP (`value_terms`), in the order they are added."""


def value_terms(state: CoalBaronState) -> list[dict[str, float]]:
    """Every seat's estimated final VP, part by part (`VALUE_TERMS`): what the coach
    names as a move's gain (`bot.ai.coach`)."""
    awarded = [0.0] * state.num_players
    if state.phase != "over":
        for shift in range(state.shift, SHIFTS + 1):
            for element in shift_scoring(state.players, shift):
                for seat, vp in enumerate(element.awarded):
                    awarded[seat] += MAJORITY_WEIGHT * vp
    terms = []
    for seat, player in enumerate(state.players):
        lit, dark = player.lit_and_dark_tiles()
        parts = (
            player.vp,
            player.money / 5,
            _order_value(player, state.shift),
            _cube_value(player),
            WORKER_VP * player.workers,
            IMBALANCE_VP_PER_TILE * abs(lit - dark),
            awarded[seat],
        )
        terms.append(dict(zip(VALUE_TERMS, parts, strict=True)))
    return terms


def position_values(state: CoalBaronState) -> list[float]:
    """Every seat's estimated final VP."""
    values = []
    for parts in value_terms(state):
        total = 0.0
        for part in parts.values():
            total += part
        values.append(total)
    return values


# -- extraction ----------------------------------------------------------------------------


def extraction_step(player: Player, extraction: Extraction) -> Action:
    """The next move of a greedy extraction.

    At the surface: load a cube an order asks for (cage first, then stock),
    stow what is left in the cage, or send the cage to the level whose cubes
    the orders miss most. Down a level: take its cubes while the orders still
    miss them and the moves left allow bringing them up and loading them.
    """
    left = extraction.left
    if player.cage_level == SURFACE:
        load = _best_load(player)
        if load is not None:
            return load
        if player.cage:
            return Stow(player.cage[0])
        target = _target_level(player, left)
        return Cage(target) if target is not None else End()
    colour = player.cage_level - 1
    still_missing = _still_missing(player)
    in_cage = len(player.cage)
    if (
        in_cage < CAGE_PLACES
        and still_missing[colour] > 0
        and any(c.cube == colour and c.level == player.cage_level for c in player.carts)
        and left >= 2 + in_cage + 1
    ):
        return Take(colour)
    target = _target_level(player, left - in_cage)
    if target is not None and target != player.cage_level and not player.cage:
        return Cage(target)
    return Cage(SURFACE)


def _still_missing(player: Player) -> Counter[int]:
    have: Counter[int] = Counter(player.cage)
    have.update({colour: count for colour, count in enumerate(player.stock)})
    return missing_colours(player) - have


def _target_level(player: Player, left: int) -> int | None:
    """The level worth a trip (go, take, come up, load: 4 moves for one cube)."""
    if left < 4:
        return None
    missing = _still_missing(player)
    best, best_gain = None, 0.0
    for colour, count in missing.items():
        level = colour_level(colour)
        there = sum(1 for c in player.carts if c.level == level and c.cube == colour)
        cubes = min(count, there, (left - 2) // 2, CAGE_PLACES)
        gain = cubes * (1 + 0.2 * level)
        if gain > best_gain:
            best, best_gain = level, gain
    return best


def _best_load(player: Player) -> Load | None:
    """At the surface: a one-cube load (cage first, then stock) onto the order it
    brings closest to completion, the richest first."""
    best, best_key = None, (0.0, 0)
    for order in player.orders:
        empty = sum(1 for cubes in order.slots if not cubes)
        key = (ORDERS[order.card].vp / max(empty, 1), -empty)
        for colour in order.free_colours():
            if colour in player.cage:
                cube = Cube(colour)
            elif player.stock[colour]:
                cube = Cube(colour, from_stock=True)
            else:
                continue
            if best is None or key > best_key:
                best, best_key = Load((cube,), order.card, colour), key
    return best


# -- choices ---------------------------------------------------------------------------------


def finish_turn(state: CoalBaronState, seat: Seat) -> list[Action]:
    """Play `seat`'s pending steps (extraction, draw-5) greedily to the end of its turn;
    the steps played."""
    steps = []
    while state.pending is not None and state.to_act() == (seat,):
        steps.append(_pending_step(state, seat))
        state.apply(seat, steps[-1])
    return steps


def _pending_step(state: CoalBaronState, seat: Seat) -> Action:
    pending = state.pending
    if isinstance(pending, Extraction):
        return extraction_step(state.players[seat], pending)
    assert isinstance(pending, DrawFive)
    if pending.kept:
        return Return(pending.names()[0], bottom=False)
    return best_by_lookahead(state, seat, state.legal_actions(seat))


def ranked_by_lookahead(state: CoalBaronState, seat: Seat, actions: list[Action]) -> list[Action]:
    """`actions` best first by their outcome's value, the seat's turn finished greedily."""
    values = []
    for action in actions:
        trial = state.copy()
        trial.apply(seat, action)
        finish_turn(trial, seat)
        values.append(position_values(trial)[seat])
    order = sorted(range(len(actions)), key=lambda i: -values[i])
    return [actions[i] for i in order]


def best_by_lookahead(state: CoalBaronState, seat: Seat, actions: list[Action]) -> Action:
    return ranked_by_lookahead(state, seat, actions)[0]


def quick_action(state: CoalBaronState, seat: Seat, rng: random.Random) -> Action:
    """A rule of thumb per space, for playouts: cheap, with 15 % random choices."""
    legal = state.legal_actions(seat)
    if rng.random() < 0.15:
        return rng.choice(legal)
    if state.pending is not None:
        pending = state.pending
        if isinstance(pending, DrawFive) and not pending.kept:
            return Keep(None) if pending.kind == "tiles" else max(legal, key=_keep_order_key)
        return _pending_step(state, seat)
    player = state.players[seat]
    if state.phase == "draft":
        return max(legal, key=lambda a: ORDERS[a.order].vp if isinstance(a, Draft) else 0)
    return max(legal, key=lambda action: _placement_score(state, player, action))


def _keep_order_key(action: Action) -> int:
    if isinstance(action, Keep) and action.card is not None:
        return max(order.vp for order in ORDERS if order.name == action.card)
    return 0


def _placement_score(state: CoalBaronState, player: Player, action: Action) -> float:
    assert isinstance(action, Place | Buy)
    index = SPACE_INDEX[action.space]
    space = SPACES[index]
    workers = 1 if index == BANK_INDEX else sum(state.space_workers[index]) + 1
    cost = (workers - 1) * 0.8
    if space.kind == DELIVERY:
        vp = sum(
            ORDERS[o.card].vp
            for o in player.orders
            if o.complete() and ORDERS[o.card].vehicle == space.param
        )
        return 3 + vp - cost
    if space.kind == MINING:
        missing = _still_missing(player)
        there = sum(
            min(count, sum(1 for c in player.carts if c.cube == colour))
            for colour, count in missing.items()
        )
        return min(there, space.param // 2) * 1.2 - cost
    if isinstance(action, Buy):
        tile = TILES[state.space_cards[index]]
        return 0.6 * tile.carts - 0.1 * tile.cost + (0.4 if player.money > 8 else 0) - cost
    if space.kind == ORDER:
        return (1.5 if len(player.orders) < 3 else 0.1) - cost
    if space.kind in ("money", "bank"):
        return (1.2 if player.money < 6 else 0.3) * space.param / 4 - cost
    return 0.3 - cost


# -- the coach's measure and the knowledge ----------------------------------------------------


class CoalBaronAppraiser(Appraiser, unit="vp", margin=2.0):
    """A seat's estimated final VP, by the parts of `value_terms`."""

    def terms(self, state: GameState[Any], seat: Seat) -> dict[str, float]:
        assert isinstance(state, CoalBaronState)
        return value_terms(state)[seat]

    def settle(self, state: GameState[Any], seat: Seat) -> list[Any]:
        """The extraction and the draw-5 a placement starts, played greedily."""
        assert isinstance(state, CoalBaronState)
        return finish_turn(state, seat)



class CoalBaronKnowledge(GameKnowledge[Action]):
    game_id = "coal-baron"
    reads_history = False
    appraiser = CoalBaronAppraiser()

    @property
    def determinizer(self) -> Determinizer:
        return determinize

    def easy_action(self, observation: Observation[Action], rng: random.Random) -> Action:
        state = observation.sample(rng)
        assert isinstance(state, CoalBaronState)
        forced = self.forced(state, observation.seat)
        if forced is not None:
            return forced
        return best_by_lookahead(state, observation.seat, list(observation.legal))

    def root_candidates(
        self, observation: Observation[Action], rng: random.Random
    ) -> list[Action]:
        state = observation.sample(rng)
        assert isinstance(state, CoalBaronState)
        ranked = ranked_by_lookahead(state, observation.seat, list(observation.legal))
        return ranked[:ROOT_CANDIDATES]

    def playout_action(self, state: GameState[Action], seat: Seat, rng: random.Random) -> Action:
        assert isinstance(state, CoalBaronState)
        return quick_action(state, seat, rng)

    def forced(self, state: GameState[Action], seat: Seat) -> Action | None:
        assert isinstance(state, CoalBaronState)
        pending = state.pending
        if isinstance(pending, Extraction):
            return extraction_step(state.players[seat], pending)
        if isinstance(pending, DrawFive) and pending.kept:
            return Return(pending.names()[0], bottom=False)
        return None

    def steps_of(self, action: Action) -> tuple[Action, ...]:
        return action.steps if isinstance(action, Compound) else (action,)

    def evaluate(self, state: GameState[Action]) -> list[float]:
        assert isinstance(state, CoalBaronState)
        return relative_rewards(position_values(state), scale=4.0)

    def stage(self, state: GameState[Action]) -> int:
        assert isinstance(state, CoalBaronState)
        return state.shift


KNOWLEDGE: GameKnowledge[Any] = CoalBaronKnowledge()
