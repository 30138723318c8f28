"""A tournament as the service reads it (`Tournament`, decoded from its row's JSON) and
the errors its users read. Pure: `bot.service.tournaments` stores it and opens its tables.

A tournament's entrants are numbered from 0 in sign-up order; each holds a user id
(a person, or a computer's negative id, `bot.service.computers`), which a replacement
changes while the entrant keeps their points. Each round holds its tables (`Slot`):
the entrants seated, and once opened the table's id and channel, then where each
finished.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any

from bot.games.registry import get_game
from bot.service.errors import UserError
from bot.storage.records import TournamentRow, TournamentStatus
from bot.tournaments import Format, Played, RoundRecord, Rules, Standing, standings

MAX_ENTRANTS = 64
"""Entrants a tournament takes at most (its card lists them all)."""


# -- errors --------------------------------------------------------------------------


class TournamentError(UserError):
    """Raised by the service about a tournament."""


class TournamentNotFound(TournamentError):
    key = "tournament_not_found"

    def __init__(self, tournament_id: int) -> None:
        super().__init__(f"no tournament {tournament_id}", tournament=tournament_id)


class NoTournamentHere(TournamentError):
    key = "no_tournament_here"


class NotOrganizer(TournamentError):
    key = "not_organizer"


class SignUpClosed(TournamentError):
    key = "signup_closed"


class AlreadyEntered(TournamentError):
    key = "already_entered"


class TakerEntered(TournamentError):
    """The member meant to take an entrant's place is entered already."""

    key = "taker_entered"


class NotEntered(TournamentError):
    key = "not_entered"


class TournamentFull(TournamentError):
    key = "tournament_full"

    def __init__(self) -> None:
        super().__init__("tournament full", max=MAX_ENTRANTS)


class TooFewEntrants(TournamentError):
    key = "too_few_entrants"

    def __init__(self, needed: int) -> None:
        super().__init__("too few entrants", min=needed)


class NameOneEntrant(TournamentError):
    """Drop and replace name a member or a computer entrant's number: one of them."""

    key = "name_one_entrant"


class CardMoved(TournamentError):
    """A button of a tournament's former card: the card was posted again (`link`)."""

    key = "card_moved"

    def __init__(self, link: str) -> None:
        super().__init__("the card moved", link=link)


class TournamentNotRunning(TournamentError):
    key = "tournament_not_running"


class TournamentNotPaused(TournamentError):
    key = "tournament_not_paused"


class TableSizesOutOfRange(TournamentError):
    """The players per table chosen do not fit the game (or the minimum is above them)."""

    key = "tournament_sizes"

    def __init__(self, smallest: int, largest: int) -> None:
        super().__init__("table sizes out of range", min=smallest, max=largest)


# -- the record ----------------------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    """What `/tournament new` chose (docs/tournaments.md, "Settings")."""

    game: str
    format: Format
    rounds: int
    min_size: int
    max_size: int
    round_minutes: int
    options: dict[str, Any] = field(default_factory=dict)
    signup_deadline: float | None = None
    top_points: float = 6.0
    bye_points: float = 3.0
    advance: int = 1

    @property
    def rules(self) -> Rules:
        return Rules(self.format, self.rounds, self.min_size, self.max_size,
                     self.top_points, self.bye_points, self.advance,
                     least=get_game(self.game).min_players)


@dataclass(frozen=True)
class Entrant:
    user: int
    active: bool = True
    """False once withdrawn or dropped: no longer seated in new rounds."""
    former: tuple[int, ...] = ()
    """The users this entrant's place was replaced from, oldest first."""


@dataclass(frozen=True)
class Slot:
    """One table of a round."""

    seats: tuple[int, ...]
    """Entrants, best ranked first."""
    table_id: int | None = None
    channel_id: int | None = None
    claimed_at: float | None = None
    """When a process began opening it, or last said it still works at it (another may
    try again past a lease)."""
    claimed_by: str | None = None
    """The claim's token: only its holder renews it, keeps a place for it, opens it."""
    called: bool = False
    """Its players were called (the table's first message); a call Discord refused is
    made again by the minute's loop."""
    delayed: bool = False
    """The organizer was told the table is delayed (told once)."""
    places: tuple[int, ...] | None = None
    abandoned: bool = False
    by_computer: tuple[int, ...] = ()
    """Entrants whose seat a computer played when the table ended with a result (the
    deadline, a withdrawal, a drop...): set with the places."""
    forfeits: tuple[int, ...] = ()
    """Entrants who forfeited the table (`/game abandon` by a player): placed last."""

    @property
    def done(self) -> bool:
        return self.places is not None or self.abandoned


@dataclass(frozen=True)
class Round:
    number: int
    slots: tuple[Slot, ...]
    byes: tuple[int, ...]
    opened_at: float
    deadline: float
    overtime: bool = False
    """The deadline passed: computers play the seats still idle."""
    announced: bool = False
    """Its opening was posted in the tournament's channel (else the next pass posts it)."""
    announcement: int | None = None
    """The id of the round's announcement in the tournament's channel (its tables,
    edited with their threads' links once they are open)."""

    @property
    def done(self) -> bool:
        return all(slot.done for slot in self.slots)


@dataclass(frozen=True)
class Notice:
    """What the organizer must read privately at their next tournament command (it was
    said in the tournament's channel too): `kind` ``threads`` (the round plays in the
    channel, one table at a time: the bot lacks `permissions`) or ``delayed`` (the
    round's `tables`, numbered from 1, are not opened or posted yet: Discord limits
    the bot)."""

    kind: str
    round: int
    permissions: tuple[str, ...] = ()
    tables: tuple[int, ...] = ()


@dataclass(frozen=True)
class Tournament:
    id: int
    guild_id: int | None
    channel_id: int
    status: TournamentStatus
    version: int
    created_at: float
    updated_at: float
    organizer: int
    settings: Settings
    entrants: tuple[Entrant, ...] = ()
    rounds: tuple[Round, ...] = ()
    card: int | None = None
    """The id of its card's message in its channel."""
    paused_at: float | None = None
    notices: tuple[Notice, ...] = ()
    """For the organizer, at their next command (oldest first)."""

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    def entrant_of(self, user: int) -> int | None:
        """The number of `user`'s entrant (None if they are not one)."""
        return next((i for i, e in enumerate(self.entrants) if e.user == user), None)

    def records(self) -> list[RoundRecord]:
        return [
            RoundRecord(tuple(Played(s.seats, s.places, s.abandoned, s.forfeits)
                              for s in r.slots), r.byes)
            for r in self.rounds
        ]

    def standings(self) -> list[Standing]:
        return standings(len(self.entrants), self.records(), self.settings.rules)

    def by_computer(self) -> dict[int, int]:
        """Entrant -> games a computer finished for them."""
        counts: dict[int, int] = {}
        for played in self.rounds:
            for slot in played.slots:
                for entrant in slot.by_computer:
                    counts[entrant] = counts.get(entrant, 0) + 1
        return counts

    def due_at(self) -> float | None:
        """When the bot must act unasked: the sign-up deadline, the round's deadline."""
        if self.status == TournamentStatus.SIGNUP:
            return self.settings.signup_deadline
        current = self.current
        if self.status == TournamentStatus.RUNNING and current and not current.overtime:
            return current.deadline
        return None

    def to_row(self) -> TournamentRow:
        data = {
            "organizer": self.organizer,
            "settings": asdict(self.settings),
            "entrants": [asdict(e) for e in self.entrants],
            "rounds": [asdict(r) for r in self.rounds],
            "card": self.card,
            "paused_at": self.paused_at,
            "notices": [asdict(n) for n in self.notices],
        }
        return TournamentRow(self.id, self.guild_id, self.channel_id, self.status, self.version,
                             self.due_at(), self.created_at, self.updated_at, data)


def from_row(row: TournamentRow) -> Tournament:
    data = row.data
    chosen = dict(data["settings"])
    chosen["format"] = Format(chosen["format"])
    return Tournament(
        id=row.id, guild_id=row.guild_id, channel_id=row.channel_id, status=row.status,
        version=row.version, created_at=row.created_at, updated_at=row.updated_at,
        organizer=data["organizer"], settings=Settings(**chosen),
        entrants=tuple(Entrant(e["user"], e["active"], tuple(e["former"]))
                       for e in data["entrants"]),
        rounds=tuple(_round(r) for r in data["rounds"]),
        card=data.get("card"), paused_at=data.get("paused_at"),
        notices=tuple(Notice(n["kind"], n["round"], tuple(n["permissions"]), tuple(n["tables"]))
                      for n in data.get("notices", ())),
    )


def _round(data: dict[str, Any]) -> Round:
    """A round as stored; one stored before its call and announcement were kept was
    called and announced when it opened."""
    slots = tuple(
        Slot(tuple(s["seats"]), s["table_id"], s["channel_id"], s["claimed_at"],
             claimed_by=s.get("claimed_by"), called=s.get("called", True),
             delayed=s.get("delayed", False),
             places=None if s["places"] is None else tuple(s["places"]),
             abandoned=s["abandoned"], by_computer=tuple(s["by_computer"]),
             forfeits=tuple(s.get("forfeits", ())))
        for s in data["slots"]
    )
    return Round(data["number"], slots, tuple(data["byes"]), data["opened_at"],
                 data["deadline"], data["overtime"], data.get("announced", True),
                 data.get("announcement"))


def with_slot(tournament: Tournament, index: int, **changes: Any) -> Tournament:
    """`tournament` with slot `index` of its current round changed."""
    current = tournament.current
    assert current is not None
    slots = list(current.slots)
    slots[index] = replace(slots[index], **changes)
    return with_round(tournament, replace(current, slots=tuple(slots)))


def with_round(tournament: Tournament, changed: Round) -> Tournament:
    """`tournament` with its current round replaced by `changed`."""
    return replace(tournament, rounds=(*tournament.rounds[:-1], changed))
