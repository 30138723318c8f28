"""The interface every game engine implements.

Modelled on OpenSpiel's state objects and python-chess's moves: a state owns
its seeded randomness, lists legal actions per seat, applies one action at a
time, and turns into JSON and back without loss. Actions are small hashable
values with a text notation both ways. Engines import nothing from discord,
PIL or SQL.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Self, TypeVar

Seat = int
"""A seat number, 0-based, in clockwise order of play."""

JSON = Any
"""A value made of dicts, lists, str, int, float, bool and None only."""

A = TypeVar("A")


@dataclass(frozen=True)
class Event:
    """Something that happened, for the Discord layer to announce.

    `kind` names a translation key (``event.<game>.<kind>``); `data` holds
    the JSON values the message is formatted with. An event is public unless
    `seat` is set, in which case only that seat may be told.
    """

    kind: str
    data: dict[str, JSON] = field(default_factory=dict)
    seat: Seat | None = None


@dataclass(frozen=True)
class Outcome:
    """The end of a game: final scores per seat and the winning seats (ties share).

    The winners are the rules' (a tie on points broken by the rules' own tie-break);
    `tiebreaks`, when the rules have one that orders every seat (Coal Baron's Francs
    left), splits equal scores below the winners too. `places` reads both."""

    scores: tuple[int, ...]
    winners: tuple[Seat, ...]
    tiebreaks: tuple[int, ...] = ()
    """Per seat, the rules' second key (higher is better); empty: none."""


@dataclass(frozen=True)
class Match:
    """One result to rate: teams of seats and their ranks (0 = best; ties share a rank).

    A free-for-all game is one match of one-seat teams (`GameState.matches`);
    Saboteur is one match per round, diggers against saboteurs.
    """

    teams: tuple[tuple[Seat, ...], ...]
    ranks: tuple[int, ...]

    def to_json(self) -> JSON:
        return {"teams": [list(team) for team in self.teams], "ranks": list(self.ranks)}

    @classmethod
    def from_json(cls, data: JSON) -> Match:
        return cls(tuple(tuple(team) for team in data["teams"]), tuple(data["ranks"]))


def places(outcome: Outcome) -> tuple[int, ...]:
    """Each seat's place at the end (0 first): the one ranking of a finished game that
    tournaments, the table's end post, the presenters and the ratings read. The rules'
    winners first (sharing place 0), then the others by score, then by the rules'
    tie-break (`Outcome.tiebreaks`); seats still equal share a place, and the next
    place counts every seat ahead (1, 1, 3: "standard competition ranking")."""
    def key(seat: Seat) -> tuple[bool, int, int]:
        if seat in outcome.winners:
            return (True, 0, 0)
        tiebreak = outcome.tiebreaks[seat] if outcome.tiebreaks else 0
        return (False, outcome.scores[seat], tiebreak)

    keys = [key(seat) for seat in range(len(outcome.scores))]
    return tuple(sum(other > mine for other in keys) for mine in keys)


def ranked_seats(outcome: Outcome) -> list[tuple[Seat, int]]:
    """(seat, place) from first to last (`places`; seats sharing a place in seat order)."""
    placed = places(outcome)
    return sorted(enumerate(placed), key=lambda pair: (pair[1], pair[0]))


def team_match(teams: Sequence[Sequence[Seat]], outcome: Outcome) -> Match:
    """Fixed teams (Mine Out's 2-vs-2): a team holding a winner ranks first, the others
    by their best score."""
    best = [max(outcome.scores[seat] for seat in team) for team in teams]
    won = [any(seat in outcome.winners for seat in team) for team in teams]
    ranks = tuple(
        0 if won[i] else 1 + sum(not won[j] and best[j] > best[i] for j in range(len(teams)))
        for i in range(len(teams))
    )
    return Match(tuple(tuple(team) for team in teams), ranks)


class GameState(ABC, Generic[A]):
    """One game in progress. Subclasses are registered in `bot.games.registry`."""

    game_id: ClassVar[str]
    """Registry key, also used in notation files and commands: ``coal-baron``."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    # -- creation and persistence -------------------------------------------------

    @classmethod
    @abstractmethod
    def new(cls, players: int, seed: int, options: Mapping[str, JSON] | None = None) -> Self:
        """Set up a game for `players` seats; all randomness derives from `seed`."""

    @classmethod
    @abstractmethod
    def from_json(cls, data: JSON) -> Self:
        """Rebuild a state from `to_json()`; ``from_json(s.to_json()).to_json() == s.to_json()``."""

    @abstractmethod
    def to_json(self) -> JSON:
        """The full state, secrets included, as JSON values."""

    def copy(self) -> Self:
        """An independent copy to try actions on (a turn builder, a search).

        The default goes through JSON; an engine may override it with a faster copy.
        """
        return type(self).from_json(self.to_json())

    # -- turn structure ----------------------------------------------------------

    @property
    @abstractmethod
    def num_players(self) -> int:
        """How many seats the game has."""

    @abstractmethod
    def to_act(self) -> tuple[Seat, ...]:
        """Seats that may act now (several for simultaneous choices); empty when over."""

    def is_over(self) -> bool:
        return self.outcome() is not None

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The final result, or None while the game goes on."""

    @abstractmethod
    def scores(self) -> tuple[int, ...]:
        """Scores so far, one per seat (victory points, nuggets...), secrets included."""

    def public_scores(self) -> tuple[int, ...] | None:
        """The scores everyone may see now; None for a game that keeps them secret
        until its end (Saboteur's gold). Anything shown in a channel uses this."""
        return self.scores()

    def matches(self) -> list[Match]:
        """Who beat whom in the finished game, for the ratings (`bot.outcomes.ratings`). The
        default: every seat for itself, ranked by the outcome."""
        outcome = self.outcome()
        assert outcome is not None, "the game is not over"
        return [Match(tuple((seat,) for seat in range(self.num_players)), places(outcome))]

    # -- actions -------------------------------------------------------------------

    @abstractmethod
    def legal_actions(self, seat: Seat) -> list[A]:
        """Every action `seat` may take now, in a stable order; empty if none."""

    @abstractmethod
    def apply(self, seat: Seat, action: A) -> list[Event]:
        """Play `action` for `seat`.

        Raises `NotYourTurn`, `IllegalAction` (with the reason) or `GameOver`
        *before* changing anything: a refused action leaves the state as it was.
        """

    def reveals(self, seat: Seat, action: A) -> bool:
        """Whether playing the legal `action` now would show anything hidden.

        Hidden means what some seat, the actor included, does not know yet: a
        card drawn or turned over, a goal looked at, a pile shuffled, a random
        draw, secret scores shown at the end. An action that reveals nothing
        may be taken back (`bot.games.undo`) until another seat acts: what the
        actor saw stays what it already knew. The actor's own secrets shown by
        the action (a card played face up) do not count: the actor chose to
        show them. The default, every action reveals, keeps any game without
        an answer of its own free of take-backs; an engine that overrides it is
        tested by `tests/test_undo.py`, which shuffles every secret the actor
        does not know and checks the actor's and the public views after the
        action do not change.
        """
        return True

    @abstractmethod
    def parse_action(self, seat: Seat, text: str) -> A:
        """Read the notation; raises `ActionSyntaxError` saying what was expected.

        Parsing does not check legality (that is `apply`'s job) but may use the
        state to resolve short forms.
        """

    @abstractmethod
    def format_action(self, action: A) -> str:
        """The canonical notation; ``parse_action(seat, format_action(a)) == a``."""

    @abstractmethod
    def default_action(self, seat: Seat) -> A:
        """The documented action played for an idle seat by ``/game skip``."""

    # -- information ---------------------------------------------------------------

    @abstractmethod
    def view(self, seat: Seat | None) -> JSON:
        """What `seat` may see (None: a spectator). Never contains another seat's secrets."""

    @abstractmethod
    def shuffle_secrets(self, seat: Seat | None, rng: random.Random) -> Self:
        """A copy in which what `seat` (None: a spectator) does not know is drawn again
        from `rng`, the rest kept: the seat cannot tell it from this state.

        Its `view(seat)` and `legal_actions(seat)` are this state's, and so is what
        the public history told the seat. Computer players decide from such copies
        (`bot.ai`, which adds a game's belief), and the generic tests compare what
        a viewer is shown of both, so anything that differs leaked a secret
        (tests/test_game_contract.py).
        """

    def check_invariants(self) -> None:
        """Raise `AssertionError` if the state breaks a rule of conservation."""
