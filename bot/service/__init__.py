"""The game service: every change to a table goes through here.

`GameService` holds its pieces, one per concern, built over one storage and one
clock and sharing one lock per table and one transaction helper
(`bot.service.store`, which says how a change is made safe):

- `tables` (`bot.service.tables`): opening tables and lobbies, joining, starting,
  abandoning, a rematch; finding tables; the reminders' claims.
- `play` (`bot.service.play`): actions, computers' moves, skips, take-backs,
  the turn builder's drafts.
- `seats` (`bot.service.seats`): idle and away seats: the skip delay, pause votes,
  a computer taking over or voted in to stand in, handing the seat back.
- `results` (`bot.service.results`): a game's end, its summary and rating; the
  servers' summaries and ratings; game records.
- `preferences` (`bot.service.preferences`): a player's away date, reminders by
  direct message, ping mode per table.
- `history` (`bot.service.history`): the actions since a seat's last one, for the
  "since your last turn" digest.
- `invitations` (`bot.service.invitations`): the invitation cards of lobbies posted
  in other channels, edited at each change of the lobby.

Every check of who may act is `check_turn` (`bot.service.checks`).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from bot.service.checks import check_game, check_turn
from bot.service.history import History, Since, Step
from bot.service.invitations import Invitations
from bot.service.play import ActResult, Play, TakenBack
from bot.service.preferences import Preferences
from bot.service.results import Results
from bot.service.seats import SKIP_AFTER_REMINDERS, Seats
from bot.service.store import TableStore
from bot.service.tables import OPEN_STATUSES, Tables
from bot.storage import Storage, Table, TableStatus

__all__ = [
    "OPEN_STATUSES",
    "SKIP_AFTER_REMINDERS",
    "ActResult",
    "GameService",
    "History",
    "Invitations",
    "Play",
    "Preferences",
    "Results",
    "Seats",
    "Since",
    "Step",
    "Table",
    "TableStatus",
    "Tables",
    "TakenBack",
    "check_game",
    "check_turn",
]


class GameService:
    """The service's pieces over the tables stored in `storage`; `clock` gives unix seconds."""

    def __init__(self, storage: Storage, clock: Callable[[], float] = time.time) -> None:
        store = TableStore(storage, clock)
        self.tables = Tables(store)
        self.preferences = Preferences(store)
        self.seats = Seats(store, self.preferences)
        self.results = Results(store)
        self.play = Play(store, self.seats, self.results)
        self.history = History(store)
        self.invitations = Invitations(store)
