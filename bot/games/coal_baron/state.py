"""The Coal Baron game state: set-up, draft, turns, shifts and the end of the game."""

from __future__ import annotations

import random
from collections.abc import Mapping
from enum import StrEnum
from typing import ClassVar, Self

from bot.games.base import JSON, Event, GameState, Outcome, Seat, ranked_seats
from bot.games.coal_baron import actions as notation
from bot.games.coal_baron.actions import (
    Action,
    Buy,
    Compound,
    Draft,
    End,
    Keep,
    Place,
    Return,
    Step,
)
from bot.games.coal_baron.components import (
    BANK,
    BANK_INDEX,
    COLOURS,
    CUBES_PER_COLOUR,
    DELIVERY,
    DRAFT_ORDERS_EACH,
    DRAW_SIZE,
    FACTORY,
    FACTORY_DRAW,
    MINING,
    MONEY,
    ORDER,
    ORDER_DRAW,
    ORDERS,
    SETUP,
    SHIFTS,
    SPACE_INDEX,
    SPACES,
    TILES,
    VEHICLE_NAMES,
)
from bot.games.coal_baron.draw import (
    ORDERS_KIND,
    TILES_KIND,
    DrawFive,
    keep,
    legal_draw_steps,
    put_back,
)
from bot.games.coal_baron.extraction import Extraction, apply_step, legal_steps
from bot.games.coal_baron.invariants import check_invariants
from bot.games.coal_baron.player import OrderInProgress, Player
from bot.games.coal_baron.scoring import (
    final_conversion,
    next_first_player,
    shift_scoring,
    winners,
)
from bot.games.coal_baron.supply import fill_options, gain_tile, tile_cubes, unaffordable
from bot.games.coal_baron.view import state_view
from bot.games.errors import GameOver, IllegalAction, NotYourTurn
from bot.games.lines import StepPlayed, apply_line


class Phase(StrEnum):
    """The part of the game being played (stored as its string)."""

    DRAFT = "draft"
    PLAY = "play"
    OVER = "over"


DRAFT, PLAY, OVER = Phase.DRAFT, Phase.PLAY, Phase.OVER
FACTORY_KINDS = (FACTORY, FACTORY_DRAW)


class CoalBaronState(GameState[Action]):
    """A game of Coal Baron for 2 to 4 players.

    Randomness happens only at set-up (three shuffles derived from the seed);
    afterwards the game is fully determined by the actions.
    """

    game_id: ClassVar[str] = "coal-baron"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4

    def __init__(
        self, seed: int, players: int, first_player: Seat, put_back_one_side: bool = False
    ) -> None:
        setup = SETUP[players]
        self.seed = seed
        self.put_back_one_side = put_back_one_side
        """Table option ``put_back: "one-side"``: draw-5 cards all go back on one side."""
        self.players = [Player.new(setup.money, setup.workers) for _ in range(players)]
        self.phase = DRAFT
        self.shift = 1
        self.first_player = first_player
        self.current = first_player
        self.tile_pile: list[int] = []
        """Face-down tiles, index 0 on top."""
        self.order_pile: list[int] = []
        self.draft_cards: list[int] = []
        self.draft_picks = 0
        self.space_workers = [[0] * players for _ in SPACES]
        self.space_cards = [-1] * len(SPACES)
        """The tile (factory spaces) or order card (order spaces) on each space, -1: none."""
        self.canteen = [0] * players
        self.supply = [CUBES_PER_COLOUR - players] * len(COLOURS)
        self.pending: DrawFive | Extraction | None = None
        self.shift_scores: list[JSON] = []
        self.final: JSON = None

    # -- creation and persistence ------------------------------------------------------

    @classmethod
    def new(cls, players: int, seed: int, options: Mapping[str, JSON] | None = None) -> Self:
        """Set up: locks, tiles on the open factory spaces, mines, money, workers,
        first player (option ``first_player``, else drawn from the seed), and the
        order cards revealed for the draft. Option ``put_back``: ``"mixed"`` (the
        default: each draw-5 card goes back on the side its player picks) or
        ``"one-side"`` (all on the side of the first one)."""
        if players not in SETUP:
            raise ValueError(f"Coal Baron is for 2 to 4 players, not {players}")
        options = options or {}
        first = options.get("first_player")
        if first is None:
            first = random.Random(f"{seed}:first-player").randrange(players)
        put_back_rule = options.get("put_back", "mixed")
        if put_back_rule not in ("mixed", "one-side"):
            raise ValueError(f'option put_back is "mixed" or "one-side", not {put_back_rule!r}')
        state = cls(seed, players, int(first), put_back_rule == "one-side")
        state.tile_pile = list(range(len(TILES)))
        random.Random(f"{seed}:tiles").shuffle(state.tile_pile)
        state.order_pile = list(range(len(ORDERS)))
        random.Random(f"{seed}:orders").shuffle(state.order_pile)
        for index, space in enumerate(SPACES):
            if space.kind == FACTORY and not state.locked(index):
                state.space_cards[index] = state.tile_pile.pop(0)
        reveal = SETUP[players].draft_cards
        state.draft_cards = state.order_pile[:reveal]
        del state.order_pile[:reveal]
        return state

    def to_json(self) -> JSON:
        pending: JSON = None
        if isinstance(self.pending, DrawFive):
            pending = {"draw": self.pending.to_json()}
        elif isinstance(self.pending, Extraction):
            pending = {"extraction": self.pending.to_json()}
        return {
            "seed": self.seed,
            "put_back_one_side": self.put_back_one_side,
            "players": [player.to_json() for player in self.players],
            "phase": self.phase,
            "shift": self.shift,
            "first_player": self.first_player,
            "current": self.current,
            "tile_pile": list(self.tile_pile),
            "order_pile": list(self.order_pile),
            "draft_cards": list(self.draft_cards),
            "draft_picks": self.draft_picks,
            "space_workers": [list(w) for w in self.space_workers],
            "space_cards": list(self.space_cards),
            "canteen": list(self.canteen),
            "supply": list(self.supply),
            "pending": pending,
            "shift_scores": self.shift_scores,
            "final": self.final,
        }

    @classmethod
    def from_json(cls, data: JSON) -> Self:
        one_side = data.get("put_back_one_side", False)  # absent from older records
        state = cls(data["seed"], len(data["players"]), data["first_player"], one_side)
        state.players = [Player.from_json(player) for player in data["players"]]
        state.phase = Phase(data["phase"])
        state.shift = data["shift"]
        state.current = data["current"]
        state.tile_pile = list(data["tile_pile"])
        state.order_pile = list(data["order_pile"])
        state.draft_cards = list(data["draft_cards"])
        state.draft_picks = data["draft_picks"]
        state.space_workers = [list(w) for w in data["space_workers"]]
        state.space_cards = list(data["space_cards"])
        state.canteen = list(data["canteen"])
        state.supply = list(data["supply"])
        pending = data["pending"]
        if pending is None:
            state.pending = None
        elif "draw" in pending:
            state.pending = DrawFive.from_json(pending["draw"])
        else:
            state.pending = Extraction.from_json(pending["extraction"])
        state.shift_scores = data["shift_scores"]
        state.final = data["final"]
        return state

    def copy(self) -> Self:
        """An independent copy (cheap: no JSON), e.g. to try a step before committing it."""
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.players = [player.copy() for player in self.players]
        other.tile_pile = list(self.tile_pile)
        other.order_pile = list(self.order_pile)
        other.draft_cards = list(self.draft_cards)
        other.space_workers = [list(w) for w in self.space_workers]
        other.space_cards = list(self.space_cards)
        other.canteen = list(self.canteen)
        other.supply = list(self.supply)
        other.pending = self.pending.copy() if self.pending is not None else None
        other.shift_scores = list(self.shift_scores)
        return other

    # -- turn structure ----------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return len(self.players)

    @property
    def workers_per_player(self) -> int:
        return SETUP[self.num_players].workers

    def draft_order(self) -> list[Seat]:
        """Draft picks start right of the first player and go counter-clockwise."""
        n = self.num_players
        return [(self.first_player - 1 - i) % n for i in range(n)]

    def to_act(self) -> tuple[Seat, ...]:
        if self.phase == DRAFT:
            return (self.draft_order()[self.draft_picks % self.num_players],)
        if self.phase == PLAY:
            return (self.current,)
        return ()

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        money = [player.money for player in self.players]
        return Outcome(self.scores(), winners(self.scores(), money), tuple(money))

    def scores(self) -> tuple[int, ...]:
        return tuple(player.vp for player in self.players)

    def locked(self, index: int) -> bool:
        """Whether space `index` is covered by a lock at this player count."""
        return SPACES[index].min_players > self.num_players

    # -- legal actions -----------------------------------------------------------------

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self.phase == DRAFT:
            return [Draft(card) for card in self.draft_cards]
        pending = self.pending
        if isinstance(pending, Extraction):
            return list(legal_steps(self.players[seat], pending))
        if isinstance(pending, DrawFive):
            return list(legal_draw_steps(pending, self.players[seat], self.supply))
        legal: list[Action] = []
        for index, space in enumerate(SPACES):
            if self._space_problem(seat, index) is not None:
                continue
            if space.kind == FACTORY:
                tile = TILES[self.space_cards[index]]
                fills = fill_options(self.supply, tile.colour, tile.carts)
                legal.extend(Buy(space.id, fill) for fill in fills)
            else:
                legal.append(Place(space.id))
        return legal

    def _space_problem(self, seat: Seat, index: int) -> IllegalAction | None:
        """Why `seat` may not place on space `index` now, or None if it may."""
        space = SPACES[index]
        if self.locked(index):
            return IllegalAction(
                f"space {space.id} is locked with {self.num_players} players",
                reason_key="coal-baron.space-locked",
                space=space.id,
            )
        needed = 1 if index == BANK_INDEX else sum(self.space_workers[index]) + 1
        player = self.players[seat]
        if player.workers < needed:
            return IllegalAction(
                f"space {space.id} needs {needed} workers and you have {player.workers}",
                reason_key="coal-baron.not-enough-workers",
                space=space.id,
                needed=needed,
                workers=player.workers,
            )
        card = self.space_cards[index]
        kind = space.kind
        if kind in (FACTORY, ORDER) and card < 0:
            return IllegalAction(
                f"space {space.id} is empty", reason_key="coal-baron.space-empty", space=space.id
            )
        if kind == FACTORY:
            return unaffordable(player, card)
        if (kind == FACTORY_DRAW and not self.tile_pile) or (
            kind == ORDER_DRAW and not self.order_pile
        ):
            return IllegalAction(
                "that pile is empty", reason_key="coal-baron.pile-empty", space=space.id
            )
        if kind == DELIVERY and not any(
            ORDERS[order.card].vehicle == space.param and order.complete()
            for order in player.orders
        ):
            vehicle = VEHICLE_NAMES[space.param]
            return IllegalAction(
                f"you have no complete {vehicle} order to deliver",
                reason_key="coal-baron.nothing-to-deliver",
                vehicle=vehicle,
            )
        return None

    # -- applying actions ----------------------------------------------------------------

    def apply(self, seat: Seat, action: Action) -> list[Event]:
        if self.phase == OVER:
            raise GameOver("the game is over")
        if seat not in self.to_act():
            raise NotYourTurn(f"it is not seat {seat}'s turn")
        if not isinstance(action, Compound):
            return self._apply_step(seat, action)
        return self._apply_compound(seat, action.steps)

    def reveals(self, seat: Seat, action: Action) -> bool:
        """Only the piles are hidden, so an action reveals when it takes from one:
        the last draft pick (order spaces filled from the deck), a tile bought or an
        order taken while its pile still has cards (the space is refilled), and a
        placement on a draw-5 space. Keeping, putting back, extracting and every
        other placement only use what everyone (or the actor) already sees."""
        steps = action.steps if isinstance(action, Compound) else (action,)
        return any(self._step_reveals(step) for step in steps)

    def _step_reveals(self, step: Action) -> bool:
        if isinstance(step, Draft):
            last_pick = self.draft_picks + 1 == DRAFT_ORDERS_EACH * self.num_players
            return last_pick and bool(self.order_pile)
        if not isinstance(step, Place | Buy) or step.space not in SPACE_INDEX:
            return False
        kind = SPACES[SPACE_INDEX[step.space]].kind
        if kind in FACTORY_KINDS:
            return bool(self.tile_pile)
        if kind in (ORDER, ORDER_DRAW):
            return bool(self.order_pile)
        return False

    def _apply_compound(self, seat: Seat, steps: tuple[Action, ...]) -> list[Event]:
        """Steps of one turn on one line, all or nothing (`bot.games.lines.apply_line`);
        an ``end`` is let through just after an extraction whose moves ran out."""

        def play(trial: CoalBaronState, step: Action) -> StepPlayed:
            assert not isinstance(step, Compound)  # refused by apply_line
            extracting = isinstance(trial.pending, Extraction)
            events = trial._apply_step(seat, step)
            over = trial.pending is None
            return StepPlayed(events, over, over and extracting and not isinstance(step, End))

        return apply_line(
            self, steps, play, game="coal-baron", end=End, compound=Compound,
            text=notation.format_action,
        )

    def _apply_step(self, seat: Seat, step: Step) -> list[Event]:
        """One step for the seat to act (checked before anything changes)."""
        if self.phase == DRAFT:
            if not isinstance(step, Draft):
                raise IllegalAction(
                    "the order draft is on: take one of the revealed orders (draft ORDER)",
                    reason_key="coal-baron.expected-draft",
                )
            return self._draft(seat, step.order)
        pending = self.pending
        if isinstance(pending, Extraction):
            return self._extract(seat, pending, step)
        if isinstance(pending, DrawFive):
            return self._draw_step(seat, pending, step)
        if isinstance(step, Place | Buy):
            return self._place(seat, step)
        raise IllegalAction(
            "place workers on a space (e.g. bank, $4, m8, f3)",
            reason_key="coal-baron.expected-placement",
        )

    def _draft(self, seat: Seat, card: int) -> list[Event]:
        if card not in self.draft_cards:
            raise IllegalAction(
                f"{ORDERS[card].name} is not among the revealed orders",
                reason_key="coal-baron.not-revealed",
                order=ORDERS[card].name,
            )
        self.draft_cards.remove(card)
        self.players[seat].orders.append(OrderInProgress.new(card))
        self.draft_picks += 1
        events = [Event("drafted", {"seat": seat, "order": ORDERS[card].name})]
        if self.draft_picks < DRAFT_ORDERS_EACH * self.num_players:
            return events
        # The card left goes on the leftmost open order space; the others come from the deck.
        leftover = self.draft_cards.pop()
        first, *others = [
            i for i, space in enumerate(SPACES) if space.kind == ORDER and not self.locked(i)
        ]
        self.space_cards[first] = leftover
        for index in others:
            self._refill(index)
        self.phase = PLAY
        self.current = self.first_player
        events.append(
            Event("draft-end", {"order": ORDERS[leftover].name, "space": SPACES[first].id})
        )
        events.append(Event("shift-start", {"shift": 1, "first_player": self.first_player}))
        return events

    def _place(self, seat: Seat, step: Place | Buy) -> list[Event]:
        index = SPACE_INDEX.get(step.space)
        if index is None:
            raise IllegalAction(
                f"there is no space {step.space!r}",
                reason_key="coal-baron.no-such-space",
                space=step.space,
            )
        space = SPACES[index]
        if (space.kind == FACTORY) != isinstance(step, Buy):
            if isinstance(step, Buy):
                raise IllegalAction(
                    f"{step.space} is not a tile space of the factory",
                    reason_key="coal-baron.not-a-tile-space",
                    space=step.space,
                )
            raise IllegalAction(
                f"{step.space} is a factory tile space: buy its tile",
                reason_key="coal-baron.buy-the-tile",
                space=step.space,
            )
        problem = self._space_problem(seat, index)
        if problem is not None:
            raise problem
        cubes: list[int] = []
        if isinstance(step, Buy):
            design = TILES[self.space_cards[index]]
            cubes = tile_cubes(self.supply, design.colour, design.carts, step.fill)
        events = [self._place_workers(seat, index)]
        player = self.players[seat]
        kind = space.kind
        if kind in (MONEY, BANK):
            player.money += space.param
            events.append(
                Event("money", {"seat": seat, "amount": space.param, "total": player.money})
            )
        elif kind == FACTORY:
            events.append(
                gain_tile(player, self.supply, self.space_cards[index], cubes, seat, space.id)
            )
            self.space_cards[index] = -1
            self._refill(index)
        elif kind == ORDER:
            card = self.space_cards[index]
            player.orders.append(OrderInProgress.new(card))
            events.append(
                Event("order-taken", {"seat": seat, "space": space.id, "order": ORDERS[card].name})
            )
            self._refill(index)
        elif kind == DELIVERY:
            events.append(self._deliver(seat, space.param))
        elif kind == MINING:
            self.pending = Extraction(space.id, space.param, space.param)
        else:
            events.extend(self._draw(seat, space.id, kind))
        if self.pending is None:
            events.extend(self._end_turn())
        return events

    def _place_workers(self, seat: Seat, index: int) -> Event:
        """Workers onto the space; those already there go to the canteen."""
        player = self.players[seat]
        space = SPACES[index]
        displaced = [0] * self.num_players
        if index == BANK_INDEX:
            count = 1
        else:
            displaced = self.space_workers[index]
            for other, number in enumerate(displaced):
                self.canteen[other] += number
            count = sum(displaced) + 1
            self.space_workers[index] = [0] * self.num_players
        self.space_workers[index][seat] += count
        player.workers -= count
        return Event(
            "placed",
            {"seat": seat, "space": space.id, "workers": count, "displaced": displaced},
        )

    def _deliver(self, seat: Seat, vehicle: int) -> Event:
        player = self.players[seat]
        done = [o for o in player.orders if ORDERS[o.card].vehicle == vehicle and o.complete()]
        vp = sum(ORDERS[order.card].vp for order in done)
        for order in done:
            for cube in order.cubes():
                self.supply[cube] += 1
            player.orders.remove(order)
            player.delivered.append(order.card)
        player.vp += vp
        return Event(
            "delivery",
            {
                "seat": seat,
                "vehicle": VEHICLE_NAMES[vehicle],
                "orders": [ORDERS[o.card].name for o in done],
                "vp": vp,
                "total": player.vp,
            },
        )

    def _refill(self, index: int) -> None:
        """An emptied factory or order space takes the top of its pile (if any)."""
        pile = self.tile_pile if SPACES[index].kind == FACTORY else self.order_pile
        self.space_cards[index] = pile.pop(0) if pile else -1

    # -- draw-5 spaces ---------------------------------------------------------------------

    def _draw(self, seat: Seat, space: str, kind: str) -> list[Event]:
        pile = self.tile_pile if kind == FACTORY_DRAW else self.order_pile
        cards = pile[:DRAW_SIZE]
        del pile[:DRAW_SIZE]
        draw = DrawFive(
            TILES_KIND if kind == FACTORY_DRAW else ORDERS_KIND,
            space,
            cards,
            one_side=self.put_back_one_side,
        )
        self.pending = draw
        return [
            Event("drew", {"seat": seat, "kind": draw.kind, "count": len(cards)}),
            Event("seen", {"kind": draw.kind, "cards": [draw.name(c) for c in cards]}, seat),
        ]

    def _draw_step(self, seat: Seat, draw: DrawFive, step: Step) -> list[Event]:
        events = []
        if not draw.kept:
            if not isinstance(step, Keep):
                raise IllegalAction(
                    "first keep one of the drawn cards or none (keep CARD | keep none)",
                    reason_key="coal-baron.expected-keep",
                )
            events.append(keep(draw, seat, self.players[seat], self.supply, step))
        else:
            if not isinstance(step, Return):
                raise IllegalAction(
                    "put the other cards back: top CARD or bottom CARD",
                    reason_key="coal-baron.expected-return",
                )
            put_back(draw, self.tile_pile if draw.kind == TILES_KIND else self.order_pile, step)
        if draw.cards:
            return events
        events.append(
            Event(
                "returned",
                {"seat": seat, "kind": draw.kind, "top": draw.on_top, "bottom": draw.on_bottom},
            )
        )
        self.pending = None
        return events + self._end_turn()

    # -- extraction ------------------------------------------------------------------------

    def _extract(self, seat: Seat, extraction: Extraction, step: Step) -> list[Event]:
        if not apply_step(self.players[seat], extraction, step):
            return []
        self.pending = None
        summary = Event(
            "extraction",
            {
                "seat": seat,
                "space": extraction.space,
                "moves": extraction.moves,
                "used": extraction.moves - extraction.left,
                "taken": extraction.taken,
                "loaded": extraction.loaded,
                "stowed": extraction.stowed,
            },
        )
        return [summary, *self._end_turn()]

    # -- turns and shifts ------------------------------------------------------------------

    def _end_turn(self) -> list[Event]:
        """Pass the turn clockwise to the next seat with workers, or end the shift."""
        events = []
        if self.players[self.current].workers == 0:
            events.append(Event("out-of-workers", {"seat": self.current}))
        n = self.num_players
        for step in range(1, n + 1):
            seat = (self.current + step) % n
            if self.players[seat].workers > 0:
                self.current = seat
                return events
        return events + self._end_shift()

    def _end_shift(self) -> list[Event]:
        scores = shift_scoring(self.players, self.shift)
        for element in scores:
            for player, vp in zip(self.players, element.awarded, strict=True):
                player.vp += vp
        breakdown = [element.to_json() for element in scores]
        self.shift_scores.append(breakdown)
        events = [
            Event(
                "shift-end",
                {"shift": self.shift, "elements": breakdown, "scores": list(self.scores())},
            )
        ]
        if self.shift == SHIFTS:
            return events + self._end_game()
        factory = [0] * self.num_players
        for index, space in enumerate(SPACES):
            if space.kind in FACTORY_KINDS:
                for seat, count in enumerate(self.space_workers[index]):
                    factory[seat] += count
        previous = self.first_player
        self.first_player = next_first_player(factory, previous)
        events.append(
            Event(
                "first-player",
                {"seat": self.first_player, "previous": previous, "factory_workers": factory},
            )
        )
        for player in self.players:
            player.workers = self.workers_per_player
        self.space_workers = [[0] * self.num_players for _ in SPACES]
        self.canteen = [0] * self.num_players
        self.shift += 1
        self.current = self.first_player
        events.append(Event("shift-start", {"shift": self.shift, "first_player": self.current}))
        return events

    def _end_game(self) -> list[Event]:
        conversions = [final_conversion(player) for player in self.players]
        for player, conversion in zip(self.players, conversions, strict=True):
            player.vp += conversion.total
            player.money = conversion.money_left
        self.phase = OVER
        outcome = self.outcome()
        assert outcome is not None
        self.final = {
            "conversions": [c.to_json() for c in conversions],
            "scores": list(outcome.scores),
            "money": [player.money for player in self.players],
            "winners": list(outcome.winners),
            "standings": [seat for seat, _ in ranked_seats(outcome)],
        }
        return [Event("game-end", dict(self.final))]

    # -- notation ------------------------------------------------------------------------

    def parse_action(self, seat: Seat, text: str) -> Action:
        orders = [order.card for order in self.players[seat].orders]
        return notation.parse_action(text, orders)

    def format_action(self, action: Action) -> str:
        return notation.format_action(action)

    def default_action(self, seat: Seat) -> Action:
        """Draft: the first revealed order; draw-5: keep none, then the cards back in
        drawn order, on top (under the pile if only that side was used so far, which
        the "one-side" option then requires); extraction: end; otherwise a worker on
        the bank."""
        if seat not in self.to_act():
            raise NotYourTurn(f"it is not seat {seat}'s turn")
        if self.phase == DRAFT:
            return Draft(self.draft_cards[0])
        pending = self.pending
        if isinstance(pending, Extraction):
            return End()
        if isinstance(pending, DrawFive):
            if not pending.kept:
                return Keep(None)
            bottom = pending.on_bottom > 0 and pending.on_top == 0
            return Return(pending.name(pending.cards[0]), bottom=bottom)
        return Place("bank")

    # -- information ---------------------------------------------------------------------

    def view(self, seat: Seat | None) -> JSON:
        return state_view(self, seat)

    def shuffle_secrets(self, seat: Seat | None, rng: random.Random) -> CoalBaronState:
        from bot.games.coal_baron.determinize import determinize  # it builds on this module

        return determinize(self, seat, rng)

    def check_invariants(self) -> None:
        check_invariants(self)
