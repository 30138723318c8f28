"""The Saboteur game state: three rounds of turns, then gold sharing after each.

A round (rulebook "Préparation du jeu", "Déroulement du jeu"): roles are dealt
with one set aside unseen, the goals are shuffled face down, path and action
cards are dealt; each turn a seat plays or discards one card, then draws if it
can. The round ends when the gold goal is reached or every hand is empty; then
roles are revealed and gold is shared ("Partage du trésor"). Every shuffle is
derived from the seed, the purpose and the round, so a game replays from its
seed and actions.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections import Counter
from collections.abc import Iterator, Mapping
from enum import StrEnum
from typing import Self

from bot.games.base import JSON, Event, GameState, Match, Outcome, Seat
from bot.games.errors import GameOver, NotYourTurn
from bot.games.saboteur import rules
from bot.games.saboteur.actions import (
    Action,
    BreakTool,
    CardPlay,
    Discard,
    Peek,
    PlacePath,
    RepairTool,
    Rockfall,
    TakeGold,
    format_action,
    parse,
)
from bot.games.saboteur.cards import (
    GOAL_GOLD,
    GOALS,
    GOLD_CARDS,
    ROUNDS,
    Role,
    Tool,
    break_card,
    gold_cards_drawn,
    hand_cards,
    hand_size,
    role_deck,
    saboteur_payout,
    shape_of,
)
from bot.games.saboteur.cells import cell_name
from bot.games.saboteur.maze import GOAL_NAMES, START_POS, GoalName, Maze, Placed, Pos
from bot.games.saboteur.view import build_view


class Phase(StrEnum):
    """The part of a round being played (stored as its string)."""

    PLAY = "play"
    GOLD = "gold"
    OVER = "over"


@dataclasses.dataclass
class SaboteurState(GameState[Action]):
    """Everything about a Saboteur game, secrets included."""

    game_id = "saboteur"
    min_players = 3
    max_players = 10

    seed: int
    players: int
    round: int
    phase: Phase
    turn: Seat
    """The seat to play (phase play) or to take gold (phase gold)."""
    last_player: Seat
    """Who played the last card: their left neighbour starts the next round."""
    roles: list[Role]
    aside: Role
    deck: list[str]
    hands: list[list[str]]
    discard: list[str]
    maze: Maze
    broken: list[list[Tool]]
    peeks: list[dict[GoalName, str]]
    """Per seat: goal name -> goal card, for the goals it looked at this round."""
    gold_deck: list[int]
    gold: list[list[int]]
    gold_pool: list[int]
    history: list[dict[str, JSON]]
    """One entry per finished round: round, winner, finder, roles, the final maze
    with every goal face up (``[x, y, card, rotated]`` per card) and its last move."""
    last_move: dict[str, JSON] | None = None
    """What the last card played this round changed, in public terms only (`_last_move`):
    the images mark it. None before the first card of a round (and in games stored
    before it was kept)."""

    # -- creation and persistence -----------------------------------------------------

    @classmethod
    def new(cls, players: int, seed: int, options: Mapping[str, JSON] | None = None) -> Self:
        if not cls.min_players <= players <= cls.max_players:
            raise ValueError(f"Saboteur is for 3 to 10 players, not {players}")
        gold_deck = sorted(GOLD_CARDS.elements())
        random.Random(f"{seed}:gold:0").shuffle(gold_deck)
        state = cls(
            seed=seed,
            players=players,
            round=0,
            phase=Phase.PLAY,
            turn=0,
            last_player=0,
            roles=[],
            aside="digger",
            deck=[],
            hands=[[] for _ in range(players)],
            discard=[],
            maze=Maze(),
            broken=[[] for _ in range(players)],
            peeks=[{} for _ in range(players)],
            gold_deck=gold_deck,
            gold=[[] for _ in range(players)],
            gold_pool=[],
            history=[],
        )
        state._start_round(first=0)
        return state

    @classmethod
    def from_json(cls, data: JSON) -> Self:
        data = copy.deepcopy(data)
        return cls(**{**data, "phase": Phase(data["phase"]), "maze": Maze.from_json(data["maze"])})

    def to_json(self) -> JSON:
        fields = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        return copy.deepcopy({**fields, "maze": self.maze.to_json()})

    def copy(self) -> Self:
        """An independent copy without going through JSON (a search makes many)."""
        return dataclasses.replace(
            self,
            roles=list(self.roles),
            deck=list(self.deck),
            hands=[list(hand) for hand in self.hands],
            discard=list(self.discard),
            maze=Maze(dict(self.maze.cards), dict(self.maze.hidden_goals)),
            broken=[list(tools) for tools in self.broken],
            peeks=[dict(seen) for seen in self.peeks],
            gold_deck=list(self.gold_deck),
            gold=[list(cards) for cards in self.gold],
            gold_pool=list(self.gold_pool),
            history=list(self.history),
        )

    # -- turn structure -----------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.players

    def to_act(self) -> tuple[Seat, ...]:
        return () if self.phase == Phase.OVER else (self.turn,)

    def outcome(self) -> Outcome | None:
        if self.phase != Phase.OVER:
            return None
        scores = self.scores()
        best = max(scores)
        return Outcome(scores, tuple(s for s, score in enumerate(scores) if score == best))

    def scores(self) -> tuple[int, ...]:
        """Nuggets per seat. Secret until the end: views show them only when over."""
        return tuple(sum(cards) for cards in self.gold)

    def public_scores(self) -> tuple[int, ...] | None:
        """Gold stays secret until the end of the game."""
        return self.scores() if self.is_over() else None

    def matches(self) -> list[Match]:
        """One match per round: the gold-diggers against the saboteurs, the winning side
        first. A round without saboteurs is not rated (one side only)."""
        matches = []
        for entry in self.history:
            roles = entry["roles"]
            diggers = tuple(s for s, role in enumerate(roles) if role == "digger")
            saboteurs = tuple(s for s, role in enumerate(roles) if role == "saboteur")
            if diggers and saboteurs:
                ranks = (0, 1) if entry["winner"] == "diggers" else (1, 0)
                matches.append(Match((diggers, saboteurs), ranks))
        return matches

    # -- actions --------------------------------------------------------------------------

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self.phase == Phase.GOLD:
            return [TakeGold(value) for value in sorted(set(self.gold_pool), reverse=True)]
        return list(rules.card_plays(self.maze, self.broken, self.hands[seat], seat))

    def apply(self, seat: Seat, action: Action) -> list[Event]:
        self._check(seat, action)
        if isinstance(action, TakeGold):
            return self._take_gold(seat, action.value)
        return self._play_card(seat, action)

    def reveals(self, seat: Seat, action: Action) -> bool:
        """A card play reveals when the seat then draws (the deck is not empty), when
        it looks at a goal (map), turns a goal over, or ends the round (roles shown,
        gold drawn, a new deal or the final scores); taking gold reveals when the
        sharing then ends the round. A card played face up or discarded face down
        with the deck empty, or gold taken while others remain to choose, reveals
        nothing the actor did not know."""
        if isinstance(action, Peek) or (not isinstance(action, TakeGold) and self.deck):
            return True
        after = self.copy()
        after.apply(seat, action)
        before = (self.round, self.phase, len(self.maze.hidden_goals))
        return (after.round, after.phase, len(after.maze.hidden_goals)) != before

    def parse_action(self, seat: Seat, text: str) -> Action:
        return parse(text)

    def format_action(self, action: Action) -> str:
        return format_action(action)

    def default_action(self, seat: Seat) -> Action:
        """Gold sharing: the richest card. Play: discard the card that helps least.

        "Helps least" ranks the hand by `rules.usefulness` (first the cards with
        no legal use now, then dead ends, map, rockfall, broken tools, repairs,
        then path cards by openings); it never depends on the seat's role.
        """
        if seat not in self.to_act():
            raise NotYourTurn("not your turn")
        if self.phase == Phase.GOLD:
            return TakeGold(max(self.gold_pool))
        hand = sorted(set(self.hands[seat]))
        plays = rules.card_plays(self.maze, self.broken, hand, seat)
        usable = {play.card for play in plays if not isinstance(play, Discard)}
        return Discard(min(hand, key=lambda card: (card in usable, rules.usefulness(card), card)))

    # -- information ---------------------------------------------------------------------

    def view(self, seat: Seat | None) -> JSON:
        return build_view(self, seat)

    def shuffle_secrets(self, seat: Seat | None, rng: random.Random) -> SaboteurState:
        from bot.games.saboteur.secrets import shuffle_secrets  # it builds on this module

        return shuffle_secrets(self, seat, rng)

    def check_invariants(self) -> None:
        in_play = Counter(self.deck) + Counter(self.maze.path_cards()) + Counter(self.discard)
        for hand in self.hands:
            in_play.update(hand)
        for tools in self.broken:
            in_play.update(break_card(tool) for tool in tools)
            assert len(set(tools)) == len(tools), "two broken tools of the same kind"
        assert in_play == hand_cards(), "path and action cards lost or duplicated"
        goals = [p.code for p in self.maze.cards.values() if p.code in {g.code for g in GOALS}]
        assert sorted(goals + list(self.maze.hidden_goals.values())) == sorted(
            g.code for g in GOALS
        ), "goal cards lost or duplicated"
        assert self.maze.cards[START_POS].code == "start", "start card moved"
        gold = Counter(self.gold_deck) + Counter(self.gold_pool)
        for cards in self.gold:
            gold.update(cards)
        assert gold == GOLD_CARDS, "gold cards lost or duplicated"
        assert sorted([*self.roles, self.aside]) == sorted(role_deck(self.players)), "roles"
        assert all(len(hand) <= hand_size(self.players) for hand in self.hands), "hand too big"
        rules.check_edges(self.maze)
        if self.phase == Phase.PLAY:
            assert self.hands[self.turn], "the seat to play has no card"
        if self.phase == Phase.GOLD:
            assert self.gold_pool and self.roles[self.turn] == "digger", "gold sharing"

    # -- playing a card ---------------------------------------------------------------------

    def _check(self, seat: Seat, action: Action) -> None:
        """Raise the error `apply` must raise, before anything changes."""
        if self.phase == Phase.OVER:
            raise GameOver("the game is over")
        if seat != self.turn:
            raise NotYourTurn("not your turn")
        if isinstance(action, TakeGold):
            if self.phase != Phase.GOLD:
                raise rules.illegal("no_gold_sharing")
            if action.value not in self.gold_pool:
                raise rules.illegal("no_such_gold", value=action.value)
            return
        if self.phase == Phase.GOLD:
            raise rules.illegal("take_gold_first")
        rules.check_card_play(self.maze, self.broken, self.hands[seat], seat, action)

    def _play_card(self, seat: Seat, action: CardPlay) -> list[Event]:
        self.hands[seat].remove(action.card)
        self.last_player = seat
        self.last_move = _last_move(seat, action)
        events = self._effect(seat, action)
        if self.deck:
            card = self.deck.pop()
            self.hands[seat].append(card)
            events.append(Event("card_drawn", {"card": card}, seat=seat))
        gold_found = any(self.maze.is_gold(pos) for pos in GOAL_NAMES)
        if gold_found:
            return events + self._end_round(seat)
        return events + self._advance_turn()

    def _effect(self, seat: Seat, action: CardPlay) -> list[Event]:
        match action:
            case PlacePath(card, x, y, rotated):
                self.maze.place(card, rotated, (x, y))
                played = {"player": seat, "card": card, "shape": shape_of(card, rotated)}
                events = [Event("path_played", {**played, "x": x, "y": y, "cell": cell_name(x, y)})]
                return events + self._reveal(seat, laid=(x, y))
            case BreakTool(tool, target):
                self.broken[target].append(tool)
                return [Event("tool_broken", {"player": seat, "target": target, "tool": tool})]
            case RepairTool(card, tool, target):
                self.broken[target].remove(tool)
                self.discard += [break_card(tool), card]
                data = {"player": seat, "target": target, "tool": tool, "card": card}
                return [Event("tool_repaired", data)]
            case Rockfall(x, y):
                removed = self.maze.remove((x, y))
                self.discard += [action.card, removed]
                data = {"player": seat, "x": x, "y": y, "cell": cell_name(x, y), "card": removed}
                return [Event("rockfall", data)]
            case Peek(goal):
                card = self.maze.hidden_goals[action.pos]
                self.peeks[seat][goal] = card
                self.discard.append(action.card)
                seen = "peeked_gold" if card == GOAL_GOLD.code else "peeked_stone"
                return [
                    Event("map_played", {"player": seat, "goal": goal}),
                    Event(seen, {"goal": goal, "card": card}, seat=seat),
                ]
            case Discard(card):
                self.discard.append(card)
                return [Event("discarded", {"player": seat})]

    def _reveal(self, seat: Seat, laid: Pos) -> list[Event]:
        """Turn over every goal an uninterrupted path now reaches, once a card is `laid`.

        A revealed stone joins the maze and may lead on to another goal, which
        it then joins as the last card laid; this repeats until no new goal is
        reached.
        """
        events: list[Event] = []
        while touched := self.maze.reached_goals():
            for pos, edges in sorted(touched.items()):
                placed = self.maze.reveal(pos, edges, laid)
                kind = "gold_found" if placed.code == GOAL_GOLD.code else "stone_found"
                events.append(Event(kind, {"player": seat, "goal": GOAL_NAMES[pos]}))
            laid = max(touched)  # the last goal turned over, now the last card laid
        return events

    def _advance_turn(self) -> list[Event]:
        """Pass the turn clockwise, skipping empty hands; end the round if all are empty.

        Rulebook "Passer son tour": a player without cards passes; the engine
        passes for them instead of asking.
        """
        seats = [(self.turn + offset) % self.players for offset in range(1, self.players + 1)]
        holding = [seat for seat in seats if self.hands[seat]]
        if not holding:
            return self._end_round(finder=None)
        skipped = seats[: seats.index(holding[0])]
        self.turn = holding[0]
        return [Event("turn_skipped", {"player": seat}) for seat in skipped]

    # -- end of a round ------------------------------------------------------------------------

    def _end_round(self, finder: Seat | None) -> list[Event]:
        """Reveal the roles and share the gold (rulebook "Partage du trésor")."""
        saboteurs = [s for s, role in enumerate(self.roles) if role == "saboteur"]
        winner = "diggers" if finder is not None else "saboteurs" if saboteurs else "nobody"
        self.history.append(
            {
                "round": self.round,
                "winner": winner,
                "finder": finder,
                "roles": list(self.roles),
                "maze": self._final_maze(),
                "last": self.last_move,
            }
        )
        events = [
            Event(f"{winner}_won", {"round": self.round, "finder": finder}),
            Event("roles_revealed", {"roles": list(self.roles), "saboteurs": saboteurs}),
        ]
        if finder is not None:
            drawn = gold_cards_drawn(self.players)
            self.gold_pool = [self.gold_deck.pop() for _ in range(min(drawn, len(self.gold_deck)))]
            # The first gold-digger takes the cards and looks at them; the others only
            # see how many. The finder may be a saboteur, who takes nothing.
            self.phase = Phase.GOLD
            self.turn = next(self._diggers_counter_clockwise(finder))
            data = {"count": len(self.gold_pool), "first": self.turn}
            events.append(Event("gold_revealed", data))
            return events + self._share_forced_gold()
        for seat in saboteurs:
            events += self._pay(seat, saboteur_payout(len(saboteurs)))
        return events + self._next_round()

    def _final_maze(self) -> list[JSON]:
        """The maze as the round ends, the goals still face down turned face up (upright)."""
        cards = dict(self.maze.cards)
        cards.update((pos, Placed(code)) for pos, code in self.maze.hidden_goals.items())
        return [[x, y, placed.code, placed.rotated] for (x, y), placed in sorted(cards.items())]

    def _diggers_counter_clockwise(self, first: Seat) -> Iterator[Seat]:
        """Gold-diggers from `first` on, counter-clockwise (decreasing seats), forever.

        A saboteur who completed the path to the gold is skipped like any saboteur.
        """
        seat = first
        while True:
            if self.roles[seat] == "digger":
                yield seat
            seat = (seat - 1) % self.players

    def _take_gold(self, seat: Seat, value: int) -> list[Event]:
        return self._give_gold(seat, value) + self._share_forced_gold()

    def _give_gold(self, seat: Seat, value: int) -> list[Event]:
        """Move one gold card from the table to `seat`, then to the next gold-digger."""
        self.gold_pool.remove(value)
        self.gold[seat].append(value)
        self.turn = next(self._diggers_counter_clockwise((seat - 1) % self.players))
        # Gold is kept secret until the end: only the taker learns the value.
        return [
            Event("gold_taken", {"player": seat}),
            Event("gold_received", {"value": value}, seat=seat),
        ]

    def _share_forced_gold(self) -> list[Event]:
        """Hand out the last gold card without asking, then go on to the next round.

        Whether to ask depends only on how many cards are left (public), never on
        their values: handing out cards of one value without asking would tell
        everyone they were equal. A single card leaves no choice, so it goes at once.
        """
        events: list[Event] = []
        if len(self.gold_pool) == 1:
            events += self._give_gold(self.turn, self.gold_pool[0])
        if self.gold_pool:
            return events
        return events + self._next_round()

    def _pay(self, seat: Seat, nuggets: int) -> list[Event]:
        """Give `seat` gold cards worth `nuggets`, largest cards first (what the stock allows)."""
        paid: list[int] = []
        for value in sorted(set(self.gold_deck), reverse=True):
            while value <= nuggets - sum(paid) and value in self.gold_deck:
                self.gold_deck.remove(value)
                paid.append(value)
        self.gold[seat] += paid
        return [Event("gold_paid", {"player": seat, "value": sum(paid)})]

    def _next_round(self) -> list[Event]:
        if self.round == ROUNDS:
            self.phase = Phase.OVER
            outcome = self.outcome()
            assert outcome is not None
            data = {"scores": list(outcome.scores), "winners": list(outcome.winners)}
            return [Event("game_over", data)]
        return self._start_round(first=(self.last_player + 1) % self.players)

    def _start_round(self, first: Seat) -> list[Event]:
        """Deal a new round, which `first` starts.

        Rulebook: the youngest player starts the game (seat 0 here, the Discord
        layer seats players in the order they joined); later rounds start with
        the left (clockwise) neighbour of whoever played the last card.
        """
        self.round += 1
        n = self.players
        rolled = role_deck(n)
        self._shuffle(rolled, "roles")
        self.roles, self.aside = rolled[:n], rolled[n]
        goals = [goal.code for goal in GOALS]
        self._shuffle(goals, "goals")
        self.maze = Maze.new(goals)
        self.deck = sorted(hand_cards().elements())
        self._shuffle(self.deck, "deck")
        size = hand_size(n)
        self.hands = [[self.deck.pop() for _ in range(size)] for _ in range(n)]
        self.discard, self.gold_pool = [], []
        self.broken = [[] for _ in range(n)]
        self.peeks = [{} for _ in range(n)]
        self.last_move = None
        self.phase = Phase.PLAY
        self.turn = first
        events = [Event("round_started", {"round": self.round, "first": self.turn})]
        return events + [Event(f"dealt_{role}", {}, seat=s) for s, role in enumerate(self.roles)]

    def _shuffle(self, cards: list[str] | list[Role], purpose: str) -> None:
        random.Random(f"{self.seed}:{purpose}:{self.round}").shuffle(cards)



def _last_move(seat: Seat, action: CardPlay) -> dict[str, JSON]:
    """The public trace of a card play: its kind, who played it and where or on whom,
    never the card a discard hid nor what a map showed."""
    move: dict[str, JSON] = {"seat": seat}
    match action:
        case PlacePath(_, x, y, _):
            move.update(kind="path", x=x, y=y)
        case Rockfall(x, y):
            move.update(kind="rockfall", x=x, y=y)
        case BreakTool(tool, target):
            move.update(kind="break", tool=tool, target=target)
        case RepairTool(_, tool, target):
            move.update(kind="repair", tool=tool, target=target)
        case Peek(goal):
            move.update(kind="map", goal=goal)
        case Discard():
            move.update(kind="discard")
    return move
