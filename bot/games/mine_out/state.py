"""The Mine Out game state: set-up, turns, actions, Mine Out and Bank Out, the end."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar, Self

from bot.games.base import JSON, Event, GameState, Outcome, Seat
from bot.games.errors import ActionSyntaxError, GameOver, NotYourTurn
from bot.games.lines import StepPlayed, apply_line
from bot.games.mine_out import abilities, legality, rulings
from bot.games.mine_out import actions as notation
from bot.games.mine_out.actions import (
    Action,
    Change,
    Compound,
    Dig,
    End,
    Hire,
    Move,
    Play,
    Score,
    Sell,
    Step,
)
from bot.games.mine_out.components import (
    ACTION_POINTS,
    CARDS,
    DISPLAY_SIZE,
    DISTANCES,
    END_THRESHOLD,
    FIVE_COINS,
    HAND_LIMIT,
    INVESTOR,
    INVESTOR_PAYOUT,
    JEWEL,
    KIND_BY_ID,
    KIND_DATA,
    KINDS,
    MARKET_NODE,
    MINER,
    MODES,
    MONEY_AFTER_BANK_OUT,
    ONE_COINS,
    ORES,
    START_NODE,
    STARTING_FAME,
    STARTING_MONEY,
    WAITING_SIZE,
    WORKER,
    Mode,
    mafia_fame,
)
from bot.games.mine_out.invariants import check_invariants
from bot.games.mine_out.player import Position, Trail, Turn
from bot.games.mine_out.rulings import Options
from bot.games.mine_out.view import state_view


def _code(kind: int) -> str:
    return KIND_DATA[kind].code


MINE_OUT_EVENTS = tuple(f"mine-out-{kind.id}" for kind in KIND_DATA)
"""The event kind of a Mine Out of each kind (``mine-out-copper``...)."""


def mode_key(players: int, teams: bool) -> str:
    """The set-up row of the data file: "2", "3", "4" or "teams"."""
    return "teams" if teams else str(players)


class MineOutState(GameState[Action]):
    """A game of Mine Out for 2 to 4 players (2 vs 2 with the ``variant: teams`` option).

    Randomness: the deck is shuffled at set-up, and the discard pile each time a
    draw finds the deck empty, each from the seed and a counter.
    """

    game_id: ClassVar[str] = "mine-out"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4

    def __init__(self, seed: int, players: int, options: Options) -> None:
        self.seed = seed
        self.players = players
        self.options = options
        self.positions: list[Position] = []
        self.current = 0
        """The position playing now."""
        self.round = 1
        self.turn = Turn(ACTION_POINTS)
        self.deck: list[str] = []
        """Face down, index 0 on top."""
        self.discard: list[str] = []
        self.display: list[str | None] = [None] * DISPLAY_SIZE
        self.waiting: list[str | None] = [None] * WAITING_SIZE
        self.community: list[str] = []
        self.mines = [0] * len(KINDS)
        self.market: list[list[int]] = [[] for _ in ORES]
        """Per ore row, the kinds of the cubes sold into it, left to right."""
        self.bank = 0
        self.expenses = 0
        self.reshuffles = 0
        self.final: JSON = None
        self.trail = Trail(0, [])
        """What the turn in progress changed so far (public)."""
        self.last: Trail | None = None
        """What the last ended turn changed: the images mark it."""

    # -- set-up and persistence --------------------------------------------------------

    @property
    def mode(self) -> Mode:
        return MODES[mode_key(self.players, self.options.teams)]

    @property
    def two_player(self) -> bool:
        return self.players == 2

    def total_cubes(self, kind: int) -> int:
        return KIND_DATA[kind].cubes - self.mode.removed_cubes[kind]

    def total_money(self) -> int:
        return 5 * (FIVE_COINS - self.mode.removed_five_coins) + ONE_COINS

    def card_set(self) -> list[str]:
        """The cards in this game: all, less the start cards this player count removes."""
        removed: list[str] = []
        for card_type, count in ((MINER, self.mode.removed_start_miners),
                                 (WORKER, self.mode.removed_start_workers)):
            starts = [c for c, data in CARDS.items() if data.start and data.type == card_type]
            removed.extend(starts[len(starts) - count:] if count else [])
        return [card for card in CARDS if card not in removed]

    @classmethod
    def new(cls, players: int, seed: int, options: Mapping[str, JSON] | None = None) -> Self:
        """Set up: cubes in the mines, a start Miner and Worker, 5 rupees and a pawn on
        the Market per position, starting fame in turn order, the shuffled deck, the
        display of 5 and the 3 waiting cards. Options: ``end`` (``more-than-50`` or
        ``50-or-more``) and ``variant: teams`` (4 players)."""
        if not cls.min_players <= players <= cls.max_players:
            raise ValueError(f"Mine Out is for 2 to 4 players, not {players}")
        state = cls(seed, players, Options.read(options, players))
        state.mines = [state.total_cubes(kind) for kind in KINDS]
        count = 4 if players == 2 else players
        cards = state.card_set()
        miners = [c for c in cards if CARDS[c].start and CARDS[c].type == MINER]
        workers = [c for c in cards if CARDS[c].start and CARDS[c].type == WORKER]
        for index in range(count):
            apprentice = players == 2 and index % 2 == 1
            seat = index // 2 if players == 2 else index
            fame = 0 if players == 2 else STARTING_FAME[index]
            position = Position(seat, apprentice, START_NODE, STARTING_MONEY, fame)
            position.hand = [miners[index], workers[index]]
            state.positions.append(position)
        state.deck = [c for c in cards if not CARDS[c].start]
        random.Random(f"{seed}:deck").shuffle(state.deck)
        state.bank = state.total_money() - STARTING_MONEY * count
        state.display = [state._draw() for _ in range(DISPLAY_SIZE)]
        state.waiting = [state._draw() for _ in range(WAITING_SIZE)]
        state._start_turn()
        return state

    def to_json(self) -> JSON:
        return {
            "seed": self.seed,
            "players": self.players,
            "options": self.options.to_json(),
            "positions": [position.to_json() for position in self.positions],
            "current": self.current,
            "round": self.round,
            "turn": self.turn.to_json(),
            "deck": list(self.deck),
            "discard": list(self.discard),
            "display": list(self.display),
            "waiting": list(self.waiting),
            "community": list(self.community),
            "mines": list(self.mines),
            "market": [list(row) for row in self.market],
            "bank": self.bank,
            "expenses": self.expenses,
            "reshuffles": self.reshuffles,
            "final": self.final,
            "trail": self.trail.to_json(),
            "last": None if self.last is None else self.last.to_json(),
        }

    @classmethod
    def from_json(cls, data: JSON) -> Self:
        options = Options(data["options"]["end"], data["options"]["teams"])
        state = cls(data["seed"], data["players"], options)
        state.positions = [Position.from_json(p) for p in data["positions"]]
        state.current = data["current"]
        state.round = data["round"]
        state.turn = Turn.from_json(data["turn"])
        state.deck = list(data["deck"])
        state.discard = list(data["discard"])
        state.display = list(data["display"])
        state.waiting = list(data["waiting"])
        state.community = list(data["community"])
        state.mines = list(data["mines"])
        state.market = [list(row) for row in data["market"]]
        state.bank = data["bank"]
        state.expenses = data["expenses"]
        state.reshuffles = data["reshuffles"]
        state.final = data["final"]
        # States saved before trails were kept start with an empty one.
        trail = data.get("trail")
        state.trail = (Trail.from_json(trail) if trail is not None
                       else Trail(state.current, [state.positions[state.current].node]))
        last = data.get("last")
        state.last = None if last is None else Trail.from_json(last)
        return state

    def copy(self) -> Self:
        """An independent copy (no JSON), e.g. for a turn builder trying a step."""
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.positions = [position.copy() for position in self.positions]
        other.turn = self.turn.copy()
        other.deck = list(self.deck)
        other.discard = list(self.discard)
        other.display = list(self.display)
        other.waiting = list(self.waiting)
        other.community = list(self.community)
        other.mines = list(self.mines)
        other.market = [list(row) for row in self.market]
        other.trail = self.trail.copy()
        return other

    # -- turn structure ----------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.players

    def to_act(self) -> tuple[Seat, ...]:
        if self.final is not None:
            return ()
        return (self.positions[self.current].seat,)

    def seat_positions(self, seat: Seat) -> list[int]:
        """The positions `seat` plays (two with 2 players: master, then apprentice)."""
        return [i for i, position in enumerate(self.positions) if position.seat == seat]

    def scores(self) -> tuple[int, ...]:
        """Fame per seat (a master's, with 2 players: apprentices have none)."""
        return tuple(
            p.fame for p in self.positions if not p.apprentice
        )

    def outcome(self) -> Outcome | None:
        if self.final is None:
            return None
        return Outcome(self.scores(), tuple(self.final["winners"]))

    def working(self, index: int) -> list[str]:
        """The cards whose abilities work for position `index`: its area and the community."""
        return self.positions[index].area + self.community

    def team_of(self, seat: Seat) -> tuple[Seat, ...]:
        """The seats that win with `seat`: its team in the team variant (A1 A2, B1 B2)."""
        if self.options.teams:
            return tuple(sorted((seat, (seat + 2) % 4)))
        return (seat,)

    # -- legality (bot/games/mine_out/legality.py) -----------------------------------------

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.to_act():
            return []
        return list(legality.legal_steps(self))

    # -- applying actions ----------------------------------------------------------------

    def apply(self, seat: Seat, action: Action) -> list[Event]:
        if self.final is not None:
            raise GameOver("the game is over")
        if seat not in self.to_act():
            raise NotYourTurn(f"it is not seat {seat}'s turn")
        if isinstance(action, Compound):
            return self._apply_compound(action.steps)
        return self._apply_step(action)

    def _apply_compound(self, steps: tuple[Step, ...]) -> list[Event]:
        """Steps of one turn on one line, all or nothing (`bot.games.lines.apply_line`);
        an ``end`` is let through just after the action points ran out (which ended the
        turn by itself)."""

        def play(trial: MineOutState, step: Step) -> StepPlayed:
            turn_before = (trial.round, trial.current)
            events = trial._apply_step(step)
            over = trial.final is not None or (trial.round, trial.current) != turn_before
            return StepPlayed(events, over, over and not isinstance(step, End))

        return apply_line(
            self, steps, play, game="mine-out", end=End, compound=Compound,
            text=notation.format_action,
        )

    def _apply_step(self, step: Step) -> list[Event]:
        """One step of the position to act (checked before anything changes)."""
        if self.turn.scoring and not isinstance(step, Score):
            # The best scoring first, on a copy: a refused step changes nothing.
            trial = self.copy()
            scored = trial._score(None) + trial._apply_step(step)
            self.__dict__.update(trial.__dict__)
            return scored
        events: list[Event] = []
        problem = legality.problem(self, step)
        if problem is not None:
            raise problem
        if isinstance(step, Score):
            return events + self._score(step.ores)
        if isinstance(step, End):
            return events + self._end_turn()
        self.turn.points -= legality.cost(self, step)
        if not isinstance(step, Move):
            self.turn.acted = True
        match step:
            case Move(node):
                self.positions[self.current].node = node
                self.trail.path.append(node)
                events.append(self._event(f"moved-{node}", node=node))
            case Hire(card):
                events.extend(self._hire(card))
            case Dig(card, workers):
                events.extend(self._dig(card, workers))
            case Sell(kind, row):
                events.extend(self._sell(kind, row))
            case Change():
                events.extend(self._change())
            case Play(card, community, replace):
                events.extend(self._play(card, community, replace))
        if self.turn.points == 0 and self.final is None:
            events.extend(self._end_turn())
        return events

    def _event(self, kind: str, index: int | None = None, **data: JSON) -> Event:
        """A public event about position `index` (default: the one playing)."""
        index = self.current if index is None else index
        position = self.positions[index]
        return Event(
            kind,
            {"seat": position.seat, "position": index, "apprentice": position.apprentice, **data},
        )

    def _award(self, index: int, fame: int) -> int:
        """Give position `index` `fame`; an apprentice's master gets half, rounded down
        (ruling 20). Returns the fame the seat's score gained."""
        position = self.positions[index]
        if position.apprentice:
            if rulings.APPRENTICE_FAME_PER_AWARD:
                fame //= 2
            else:
                position.fame += fame
                fame = position.fame // 2 - (position.fame - fame) // 2
            position = self.positions[index - 1]
        position.fame += fame
        return fame

    # -- the turn's phases -----------------------------------------------------------------

    def _start_turn(self) -> list[Event]:
        """End check (masters only), display refill, action points, scoring phase."""
        position = self.positions[self.current]
        if not position.apprentice and self.options.ended(position.fame, END_THRESHOLD):
            return self._end_game()
        events = self._refill()
        self.turn = Turn(ACTION_POINTS)
        self.trail = Trail(self.current, [position.node])
        kind = "apprentice-turn" if position.apprentice else "turn"
        events.append(self._event(kind, round=self.round))
        working = self.working(self.current)
        options = abilities.assignments(abilities.wildcards(position.cubes, working))
        totals = {sum(abilities.phase_fame(position.cubes, working, ores)) for ores in options}
        if len(totals) > 1:
            self.turn.scoring = True
            return events
        return events + self._score(options[0])

    def _score(self, ores: tuple[int, ...] | None) -> list[Event]:
        position = self.positions[self.current]
        working = self.working(self.current)
        if ores is None:
            ores = abilities.best_assignment(position.cubes, working)
        fame = abilities.phase_fame(position.cubes, working, ores)
        self.turn.scoring = False
        if not any(fame):
            return []
        gained = self._award(self.current, sum(fame))
        return [
            self._event(
                "scored",
                copper=fame[0],
                silver=fame[1],
                gold=fame[2],
                jewels_as=[_code(ore) for ore in ores],
                fame=gained,
            )
        ]

    def _end_turn(self) -> list[Event]:
        events = [self._event("turn-end")]
        self.last = self.trail
        if self.two_player and self.round == 1:
            order = rulings.FIRST_ROUND_MASTERS
            following = order.index(self.current) + 1
            if following < len(order):
                self.current = order[following]
            else:
                self.current, self.round = 0, 2
        else:
            self.current = (self.current + 1) % len(self.positions)
            if self.current == 0:
                self.round += 1
        return events + self._start_turn()

    def _end_game(self) -> list[Event]:
        """The active seat has passed the threshold: the highest fame wins, ties to the
        tied seat nearest the active seat clockwise (the active seat first)."""
        scores = self.scores()
        active = self.positions[self.current].seat
        best = max(scores)
        winner = min(
            (seat for seat in range(self.players) if scores[seat] == best),
            key=lambda seat: (seat - active) % self.players,
        )
        self.final = {
            "scores": list(scores),
            "winner": winner,
            "winners": list(self.team_of(winner)),
            "round": self.round,
        }
        return [Event("game-end", {**self.final, "seat": winner})]

    # -- cards ---------------------------------------------------------------------------

    def _draw(self, reshuffle: bool = True) -> str | None:
        """The top card of the deck; an empty deck takes the shuffled discard pile
        first (if `reshuffle`); with both empty, None (the draw is skipped, ruling 12)."""
        if not self.deck and self.discard and reshuffle:
            self.deck = self.discard
            self.discard = []
            self.reshuffles += 1
            random.Random(f"{self.seed}:reshuffle:{self.reshuffles}").shuffle(self.deck)
        return self.deck.pop(0) if self.deck else None

    def _refill(self) -> list[Event]:
        """Empty display slots take waiting cards, leftmost first; the waiting cards
        shift left and new ones are drawn to 3."""
        reshuffles = self.reshuffles
        queue: list[str | None] = [card for card in self.waiting if card]
        for slot, card in enumerate(self.display):
            if card is None and queue:
                self.display[slot] = queue.pop(0)
        queue.extend(self._draw() for _ in range(WAITING_SIZE - len(queue)))
        self.waiting = queue
        return [Event("reshuffled", {})] if self.reshuffles != reshuffles else []

    def _hire(self, card: str) -> list[Event]:
        position = self.positions[self.current]
        self.display[self.display.index(card)] = None
        position.hand.append(card)
        self.turn.hires.append(position.node)
        self.trail.hired.append(card)
        events = [self._event("hired", card=card, node=position.node)]
        if rulings.REFILL_DURING_TURN:
            events.extend(self._refill())
        return events

    def _change(self) -> list[Event]:
        reshuffles = self.reshuffles
        self.discard.extend(card for card in self.display if card)
        display: list[str | None] = [card for card in self.waiting if card]
        reshuffle = rulings.RESHUFFLE_DURING_CHANGE
        display.extend(self._draw(reshuffle) for _ in range(DISPLAY_SIZE - len(display)))
        self.display = display
        self.waiting = [self._draw(reshuffle) for _ in range(WAITING_SIZE)]
        self.turn.changes += 1
        self.trail.changed = True
        events = [self._event("changed")]
        return events + ([Event("reshuffled", {})] if self.reshuffles != reshuffles else [])

    def _play(self, card: str, community: bool, replace: str | None) -> list[Event]:
        position = self.positions[self.current]
        salary = legality.salary(card, replace)
        if replace is not None:
            self.community.remove(replace)
            self.discard.append(replace)
        position.money -= salary
        self.expenses += salary
        position.hand.remove(card)
        if not community:
            position.area.append(card)
            self.trail.played.append(card)
            fame = 0
            if CARDS[card].type == WORKER:
                workers = sum(1 for c in position.area if CARDS[c].type == WORKER)
                fame = self._award(self.current, workers)
            events = [self._event("played", card=card, salary=salary, fame=fame)]
            if rulings.INVESTOR_PAYS_ON_OWN_AREA_PLAY and CARDS[card].type == INVESTOR:
                events.extend(self._pay(INVESTOR_PAYOUT, investors=1))
            return events
        self.community.append(card)
        self.trail.community.append(card)
        fame = self._award(self.current, CARDS[card].fame)
        events = [
            self._event(
                "played-community", card=card, salary=salary, fame=fame, replaced=replace
            )
        ]
        investors = abilities.investors(self.working(self.current))
        if investors:
            events.extend(self._pay(INVESTOR_PAYOUT * investors, investors))
        return events

    # -- mines, Market and bank ------------------------------------------------------------

    def _dig(self, card: str, workers: tuple[str, ...]) -> list[Event]:
        position = self.positions[self.current]
        kind = KIND_BY_ID[position.node]
        capacity = abilities.dig_capacity(card, self.working(self.current), kind, len(workers))
        position.hand.remove(card)
        self.discard.append(card)
        for worker in workers:
            position.area.remove(worker)
            self.discard.append(worker)
        taken = min(abilities.cubes_dug(capacity, kind), self.mines[kind])
        self.mines[kind] -= taken
        position.cubes[kind] += taken
        self.turn.digs.append(position.node)
        self.trail.dug.append(position.node)
        events = [
            self._event(
                f"dug-{KIND_DATA[kind].id}",
                card=card,
                workers=list(workers),
                capacity=capacity,
                ore=_code(kind),
                cubes=taken,
                left=self.mines[kind],
            )
        ]
        if taken and self.mines[kind] == 0:
            events.extend(self._mine_out(kind))
        return events

    def _sell(self, kind: int, row: int) -> list[Event]:
        position = self.positions[self.current]
        price = abilities.box_price(row, len(self.market[row]))
        if kind != JEWEL or rulings.JEWEL_SALE_GETS_NEGOTIATOR:
            price += abilities.negotiator_bonus(self.working(self.current), row)
        position.cubes[kind] -= 1
        self.market[row].append(kind)
        self.turn.sales += 1
        self.trail.sold.append(KIND_DATA[row].id)
        name = KIND_DATA[row].id
        sold = self._event(
            f"sold-{name}" if kind == row else f"sold-jewel-as-{name}",
            ore=_code(kind),
            row=_code(row),
            price=price,
        )
        return [sold, *self._pay(price)]

    def _pay(self, amount: int, investors: int = 0) -> list[Event]:
        """The bank pays the position playing `amount` (for a sale, or `investors`
        Investors' payout), or what it has left; paying its last coin is a Bank Out."""
        paid = min(amount, self.bank)
        self.bank -= paid
        self.positions[self.current].money += paid
        events = []
        if investors:
            events.append(self._event("investors-paid", count=investors, amount=paid))
        if paid < amount:
            events.append(self._event("bank-short", amount=paid, asked=amount))
        if self.bank == 0:
            events.extend(self._bank_out())
        return events

    @staticmethod
    def _majority_fame(holdings: list[int]) -> list[int]:
        """One per unit held, except the single largest holder; when the largest is tied,
        none of the tied: either way whoever holds the most scores nothing."""
        top = max(holdings)
        return [0 if amount == top else amount for amount in holdings]

    def _mine_out(self, kind: int) -> list[Event]:
        """Every holder of `kind` scores one per cube but the largest; the cubes go
        back to the mine, the Market's included (jewels stay and shift left)."""
        holdings = [position.cubes[kind] for position in self.positions]
        if rulings.JEWELS_COUNT_AT_MINE_OUT and kind != JEWEL:
            holdings = [held + p.cubes[JEWEL] for held, p in zip(holdings, self.positions,
                                                                  strict=True)]
        fame = [
            self._award(index, gain)
            for index, gain in enumerate(self._majority_fame(holdings))
        ]
        events = [
            self._event(MINE_OUT_EVENTS[kind], ore=_code(kind), holdings=holdings, fame=fame)
        ]
        events.extend(
            self._event("mine-out-scored", index, ore=_code(kind), cubes=held, fame=gain)
            for index, (held, gain) in enumerate(zip(holdings, fame, strict=True))
            if held
        )
        for position in self.positions:
            position.cubes[kind] = 0
        for row in self.market:
            row[:] = [cube for cube in row if cube != kind]
        self.mines[kind] = self.total_cubes(kind)
        return events + self._mafia_and_slavers()

    def _bank_out(self) -> list[Event]:
        """Every player scores half their money but the richest; all coins go back to
        the bank, the expense box's included, and each position gets 5."""
        money = [position.money for position in self.positions]
        halves = self._majority_fame(money)
        fame = [self._award(index, half // 2) for index, half in enumerate(halves)]
        events = [self._event("bank-out", money=money, fame=fame)]
        events.extend(
            self._event("bank-out-scored", index, money=held, fame=gain)
            for index, (held, gain) in enumerate(zip(money, fame, strict=True))
            if held
        )
        self.bank = self.total_money() - MONEY_AFTER_BANK_OUT * len(self.positions)
        self.expenses = 0
        for position in self.positions:
            position.money = MONEY_AFTER_BANK_OUT
        if rulings.BANK_OUT_TRIGGERS_MAFIA_AND_SLAVERS:
            events.extend(self._mafia_and_slavers())
        return events

    def _mafia_and_slavers(self) -> list[Event]:
        """After a Mine or Bank Out in a turn: the position playing scores its Mafia
        and draws a card per Slave Trader (never above the hand limit); ruling 10."""
        if rulings.CLOSURE_BONUS_ACTIVE_PLAYER_ONLY:
            return self._closure_bonus(self.current)
        events = []
        for index in range(len(self.positions)):
            events.extend(self._closure_bonus(index))
        return events

    def _closure_bonus(self, index: int) -> list[Event]:
        """Mafia fame and Slave Trader draws for position `index`."""
        working = self.working(index)
        events = []
        count = abilities.mafia(working)
        if count:
            fame = self._award(index, mafia_fame(count))
            events.append(self._event("mafia", index, count=count, fame=fame))
        position = self.positions[index]
        drawn = []
        for _ in range(abilities.slavers(working)):
            if len(position.hand) >= HAND_LIMIT:
                break
            card = self._draw()
            if card is None:
                break
            position.hand.append(card)
            drawn.append(card)
        if drawn:
            events.append(self._event("slavers-drew", index, count=len(drawn)))
            events.append(Event("drew", {"cards": drawn}, seat=position.seat))
        return events

    # -- notation ------------------------------------------------------------------------

    def parse_action(self, seat: Seat, text: str) -> Action:
        return notation.parse_action(text, lambda count: self._first_workers(seat, count))

    def _first_workers(self, seat: Seat, count: int) -> tuple[str, ...]:
        """The first `count` Workers played to the area of the position `seat` plays now."""
        index = self.current if seat in self.to_act() else self.seat_positions(seat)[0]
        workers = [c for c in self.positions[index].area if CARDS[c].type == WORKER]
        if count > len(workers):
            raise ActionSyntaxError(
                f"+{count} Workers: your area has {len(workers)}",
                expected_key="mine-out.worker-count",
                count=len(workers),
            )
        return tuple(workers[:count])

    def format_action(self, action: Action) -> str:
        return notation.format_action(action)

    def default_action(self, seat: Seat) -> Action:
        """The rest of the idle position's turn, as one line: in the scoring phase the best
        ores for the jewels; then, unless a non-move action is done already, the cheapest
        legal non-move action where the pawn stands (the first listed on a tie), moving
        toward the Market (where "change the cards" is always open) while there is none;
        then the end of the turn."""
        if not self.legal_actions(seat):
            raise NotYourTurn(f"it is not seat {seat}'s turn")
        trial = self.copy()
        turn = (trial.round, trial.current)
        steps: list[Step] = []
        while (trial.round, trial.current) == turn and trial.final is None:
            step = trial._default_step(seat)
            steps.append(step)
            trial._apply_step(step)
        return steps[0] if len(steps) == 1 else Compound(tuple(steps))

    def _default_step(self, seat: Seat) -> Step:
        """One step of `default_action`."""
        legal = self.legal_actions(seat)
        if self.turn.scoring:
            position = self.positions[self.current]
            return Score(abilities.best_assignment(position.cubes, self.working(self.current)))
        if self.turn.acted:
            return End()
        here = [step for step in legal if isinstance(step, Hire | Dig | Sell | Change | Play)]
        if here:
            return min(here, key=lambda step: legality.cost(self, step))
        moves = [step for step in legal if isinstance(step, Move)]
        return min(moves, key=lambda move: DISTANCES[move.node][MARKET_NODE])

    # -- information ---------------------------------------------------------------------

    def view(self, seat: Seat | None) -> JSON:
        return state_view(self, seat)

    def shuffle_secrets(self, seat: Seat | None, rng: random.Random) -> MineOutState:
        from bot.games.mine_out.determinize import determinize  # it builds on this module

        return determinize(self, seat, rng)

    def check_invariants(self) -> None:
        check_invariants(self)
