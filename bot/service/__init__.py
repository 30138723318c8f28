"""The game service: every change to a table goes through here.

`GameService` holds its pieces, one per concern, built over one storage and one
clock and sharing one lock per table and one transaction helper
(`bot.service.store`, which says how a change is made safe). Each piece writes
its own rows of the storage and no other's (tests/test_service_ownership.py
keeps it so); any piece may read through the store.

- `tables` (`bot.service.tables`): opening tables and lobbies, joining, the creator
  adding and removing computer seats (`bot.service.computers` says who they are),
  starting, abandoning, a rematch; finding tables.
- `moves` (`bot.service.moves`): actions, computers' moves, skips, take-backs.
- `seats` (`bot.service.seats`): idle and away seats: the skip delay (`skip_delay`),
  pause votes, a computer taking over or voted in to stand in, handing the seat back.
- `results` (`bot.service.results`): a game's end (`Results.finish`, under its
  server's ratings lock), its summary and rating; the servers' summaries and
  ratings; game records.
- `preferences` (`bot.service.preferences`): a player's away date, reminders by
  direct message, ping mode per table.
- `seen_names` (`bot.service.seen_names`): the name each player was last seen with
  on each server.
- `reminders` (`bot.service.reminders`): the reminders' claims and the reminder pass.
- `drafts` (`bot.service.drafts`): the turn-builder panels' drafts.
- `history` (`bot.service.history`): the actions since a seat's last one, for the
  "since your last turn" digest.
- `invitations` (`bot.service.invitations`): the invitation cards of lobbies posted
  in other channels, edited at each change of the lobby.
- `life` (`bot.service.life`): a table's life told to who listens: a table ended, a
  seat handed to a computer, a player who left the server, each with its cause,
  published once the change that caused it is stored.
- `messages` (`bot.service.messages`): the public messages each table left (lobby
  posts, turn messages, reminders), closed when it ends.
- `posts` (`bot.service.posts`): the tables waiting to be posted, whose post Discord
  refused or failed after their change was stored.
- `tournaments` (`bot.service.tournaments`): tournaments' rows, lock and clock, the
  sign-up and the organizer's decisions; `tournament_rounds`
  (`bot.service.tournament_rounds`): their rounds, whose tables `tables` opens.

Every check of who may act is `check_turn` (`bot.service.checks`); the service's
clock is `GameService.now`.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from bot.service.checks import check_game, check_turn
from bot.service.coaching import Coaching
from bot.service.drafts import Drafts
from bot.service.history import History, ReplayedAction, Since
from bot.service.invitations import Invitations
from bot.service.messages import Messages
from bot.service.moves import ActResult, Moves, TakenBack
from bot.service.posts import Posts
from bot.service.preferences import Preferences
from bot.service.reminders import Reminders
from bot.service.results import Results
from bot.service.seats import Seats, skip_delay
from bot.service.seen_names import SeenNames
from bot.service.store import TableStore
from bot.service.tables import OPEN_STATUSES, Tables
from bot.service.tournament_rounds import TournamentRounds
from bot.service.tournaments import Tournaments
from bot.storage import Storage, Table, TableStatus

__all__ = [
    "OPEN_STATUSES",
    "ActResult",
    "Drafts",
    "GameService",
    "History",
    "Invitations",
    "Messages",
    "Moves",
    "Posts",
    "Preferences",
    "Reminders",
    "ReplayedAction",
    "Results",
    "Seats",
    "SeenNames",
    "Since",
    "Table",
    "TableStatus",
    "Tables",
    "TakenBack",
    "TournamentRounds",
    "Tournaments",
    "check_game",
    "check_turn",
    "skip_delay",
]


class GameService:
    """The service's pieces over the tables stored in `storage`; `clock` gives unix seconds."""

    def __init__(self, storage: Storage, clock: Callable[[], float] = time.time) -> None:
        self._store = store = TableStore(storage, clock)
        self.preferences = Preferences(store)
        self.tables = Tables(store, self.preferences)
        self.seats = Seats(store, self.preferences)
        self.results = Results(store)
        self.moves = Moves(store, self.seats, self.results)
        self.reminders = Reminders(store)
        self.drafts = Drafts(store)
        self.seen_names = SeenNames(store)
        self.history = History(store)
        self.invitations = Invitations(store)
        self.posts = Posts(store)
        self.messages = Messages(store)
        self.coaching = Coaching(store, self.results)
        self.tournaments = Tournaments(store)
        self.tournament_rounds = TournamentRounds(self.tournaments, store, self.tables)
        self.life = store.life

    def now(self) -> float:
        """The service's clock (unix seconds), which dates the tables."""
        return self._store.clock()
