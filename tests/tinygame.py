"""A tiny game implementing the whole GameState interface, for platform tests.

Rules of "tiny" (2-4 players): each seat is dealt one secret card from a
shuffled deck of 1..9. First, all seats choose at the same time to ``keep``
their card or ``swap`` it for the next card of the deck. Then, in seat order,
players ``add 1``, ``add 2`` or ``add 3`` to a shared total, never beyond the
target (option ``target``, default 21). The seat that reaches the target
scores 10; at the end every seat also scores its card. A seat's card is secret
until the game is over.

Registered as game id "tiny" when this module is imported, with its catalogs
(``tests/tiny_i18n/``: its name and events, read by the platform).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Self

from bot.games.base import JSON, Event, GameState, Outcome, Seat
from bot.games.registry import register
from bot.service.errors import ActionSyntaxError, GameOver, IllegalAction, NotYourTurn

CARDS = tuple(range(1, 10))
TARGET_BONUS = 10
MAX_ADD = 3


@dataclass(frozen=True)
class TinyAction:
    verb: str
    """"keep", "swap" or "add"."""
    amount: int = 0


class TinyGame(GameState[TinyAction]):
    game_id = "tiny"
    min_players = 2
    max_players = 4

    def __init__(
        self,
        *,
        target: int,
        cards: list[int],
        deck: list[int],
        discards: list[int],
        decided: list[bool],
        total: int,
        current: Seat,
        reached_by: Seat | None,
    ) -> None:
        self.target = target
        self.cards = cards
        self.deck = deck
        self.discards = discards
        self.decided = decided
        self.total = total
        self.current = current
        self.reached_by = reached_by

    @classmethod
    def new(cls, players: int, seed: int, options: Mapping[str, JSON] | None = None) -> Self:
        if not cls.min_players <= players <= cls.max_players:
            raise ValueError(f"tiny is for {cls.min_players}-{cls.max_players} players")
        target = (options or {}).get("target", 21)
        if not isinstance(target, int) or not 5 <= target <= 50:
            raise ValueError("option 'target' must be an integer from 5 to 50")
        deck = list(CARDS)
        random.Random(seed).shuffle(deck)
        return cls(
            target=target,
            cards=deck[:players],
            deck=deck[players:],
            discards=[],
            decided=[False] * players,
            total=0,
            current=0,
            reached_by=None,
        )

    @classmethod
    def from_json(cls, data: JSON) -> Self:
        return cls(
            target=data["target"],
            cards=list(data["cards"]),
            deck=list(data["deck"]),
            discards=list(data["discards"]),
            decided=list(data["decided"]),
            total=data["total"],
            current=data["current"],
            reached_by=data["reached_by"],
        )

    def to_json(self) -> JSON:
        return {
            "target": self.target,
            "cards": list(self.cards),
            "deck": list(self.deck),
            "discards": list(self.discards),
            "decided": list(self.decided),
            "total": self.total,
            "current": self.current,
            "reached_by": self.reached_by,
        }

    @property
    def num_players(self) -> int:
        return len(self.cards)

    def _choosing(self) -> bool:
        return not all(self.decided)

    def to_act(self) -> tuple[Seat, ...]:
        if self._choosing():
            return tuple(seat for seat, done in enumerate(self.decided) if not done)
        if self.reached_by is not None:
            return ()
        return (self.current,)

    def outcome(self) -> Outcome | None:
        if self.reached_by is None:
            return None
        scores = self.scores()
        best = max(scores)
        return Outcome(scores, tuple(seat for seat, s in enumerate(scores) if s == best))

    def scores(self) -> tuple[int, ...]:
        if self.reached_by is None:
            return (0,) * self.num_players
        return tuple(
            card + (TARGET_BONUS if seat == self.reached_by else 0)
            for seat, card in enumerate(self.cards)
        )

    def legal_actions(self, seat: Seat) -> list[TinyAction]:
        if seat not in self.to_act():
            return []
        if self._choosing():
            return [TinyAction("keep"), TinyAction("swap")]
        top = min(MAX_ADD, self.target - self.total)
        return [TinyAction("add", amount) for amount in range(1, top + 1)]

    def apply(self, seat: Seat, action: TinyAction) -> list[Event]:
        if self.reached_by is not None:
            raise GameOver()
        if seat not in self.to_act():
            raise NotYourTurn()
        if action not in self.legal_actions(seat):
            phase = "choose keep or swap" if self._choosing() else "add 1 to 3, up to the target"
            raise IllegalAction(f"now you must {phase}", "tiny.wrong_phase")
        if action.verb == "keep":
            self.decided[seat] = True
            return [Event("kept", {"seat": seat})]
        if action.verb == "swap":
            self.discards.append(self.cards[seat])
            self.cards[seat] = self.deck.pop(0)
            self.decided[seat] = True
            drew = Event("drew", {"card": self.cards[seat]}, seat=seat)
            return [Event("swapped", {"seat": seat}), drew]
        self.total += action.amount
        events = [Event("added", {"seat": seat, "amount": action.amount, "total": self.total})]
        if self.total == self.target:
            self.reached_by = seat
            events.append(Event("reached", {"seat": seat, "cards": list(self.cards)}))
        else:
            self.current = (self.current + 1) % self.num_players
        return events

    def reveals(self, seat: Seat, action: TinyAction) -> bool:
        """A swap draws a card; the add that reaches the target ends the game and
        shows every card. Keeping, or adding short of the target, shows nothing."""
        if action.verb == "swap":
            return True
        return action.verb == "add" and self.total + action.amount == self.target

    def parse_action(self, seat: Seat, text: str) -> TinyAction:
        words = text.split()
        if words in (["keep"], ["swap"]):
            return TinyAction(words[0])
        if len(words) == 2 and words[0] == "add" and words[1].isdigit():
            return TinyAction("add", int(words[1]))
        raise ActionSyntaxError(f"expected 'keep', 'swap' or 'add <n>', got {text!r}")

    def format_action(self, action: TinyAction) -> str:
        return f"add {action.amount}" if action.verb == "add" else action.verb

    def default_action(self, seat: Seat) -> TinyAction:
        return TinyAction("keep") if self._choosing() else TinyAction("add", 1)

    def shuffle_secrets(self, seat: Seat | None, rng: random.Random) -> Self:
        """The cards of the other seats and the deck, until the end reveals them."""
        other = copy.deepcopy(self)
        if self.reached_by is not None:
            return other
        others = [s for s in range(self.num_players) if s != seat]
        pool = [other.cards[s] for s in others] + other.deck
        rng.shuffle(pool)
        for s in others:
            other.cards[s] = pool.pop()
        other.deck = pool
        return other

    def view(self, seat: Seat | None) -> JSON:
        over = self.reached_by is not None
        return {
            "target": self.target,
            "total": self.total,
            "to_act": list(self.to_act()),
            "decided": list(self.decided),
            "cards": [
                card if over or owner == seat else None
                for owner, card in enumerate(self.cards)
            ],
            "deck_size": len(self.deck),
        }

    def check_invariants(self) -> None:
        assert sorted(self.cards + self.deck + self.discards) == list(CARDS), "cards lost"
        assert 0 <= self.total <= self.target, "total out of range"
        assert len(self.decided) == self.num_players
        assert self.total == 0 or not self._choosing(), "added before everyone chose"
        assert (self.reached_by is not None) == (self.total == self.target)


register(TinyGame, catalogs=("tests.tiny_i18n",))
