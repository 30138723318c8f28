"""What a game gives the platform to tell its table in words (`GamePlugin.words`).

The game's reading (`read`): the whole table as one reader may see it, one short
line per fact, emoji at the ends of lines, in the reader's language; or one part of
it (``read.<game>.part.<part>`` names each part for ``/game read``). The 📖 Read
button and ``/game read`` send it (`cogs.platform.reading`); the images' alt texts
take their state sentences from it (`cogs.platform.alt_text`). It is written from a
`Seen` (the reader's view), never from the state.
"""

from __future__ import annotations

from typing import Protocol

from bot.games.base import Seat
from bot.i18n import LocaleLike
from cogs.platform.seen import Seen


class TableWords(Protocol):
    parts: tuple[str, ...]
    """The parts a reader may ask for (``/game read part:``)."""
    whole: tuple[str, ...]
    """The parts the whole reading gives, in order (the 📖 Read button)."""

    def where(self, seen: Seen, locale: LocaleLike) -> str:
        """Where the game is, for a description's first sentence ("shift 2 of 3")."""
        ...

    def last(self, seen: Seen, locale: LocaleLike) -> str | None:
        """The last move in words, when the view keeps it (None: the caller tells it from
        the action just played, if it has one)."""
        ...

    def read(self, seen: Seen, locale: LocaleLike, part: str, seat: Seat | None) -> list[str]:
        """The lines of `part` (one of `parts`); a part about one player is about `seat`,
        or the reader when it is None (every player for a spectator)."""
        ...
