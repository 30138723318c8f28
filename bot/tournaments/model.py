"""What a tournament's rules and past rounds are, as the pairing and standings read them."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum


class Format(StrEnum):
    """How tables are formed each round (docs/tournaments.md, "Formats")."""

    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"
    KNOCKOUT = "knockout"


@dataclass(frozen=True)
class Rules:
    """A tournament's settings that pairing and standings need."""

    format: Format
    rounds: int
    """Swiss: how many rounds; round robin: at most this many (0: the whole schedule);
    knockout: ignored (rounds go on until one entrant is left)."""
    min_size: int
    max_size: int
    top_points: float = 6.0
    """The winner of a table scores this, the last 0, the others in between evenly."""
    bye_points: float = 3.0
    """An entrant who sits out a round (a bye) scores this."""
    advance: int = 1
    """Knockout: how many of each table go on."""
    least: int = 0
    """The game's fewest players (0: `min_size`): a knockout's last rounds shrink their
    tables down to it rather than leave survivors unseated."""

    def __post_init__(self) -> None:
        if not 2 <= self.min_size <= self.max_size:
            raise ValueError(f"table sizes {self.min_size}-{self.max_size}")
        if self.least > self.min_size:
            raise ValueError(f"the game's least {self.least} above {self.min_size}")
        if self.advance < 1 or self.advance >= self.min_size:
            raise ValueError(f"{self.advance} advance from tables of {self.min_size}")


def knockout_rules(rules: Rules, count: int) -> Rules | None:
    """The table sizes of a knockout round of `count` survivors: the rules' own while
    they need more than one table; else one final table of everyone, even below the
    rules' smallest (down to the game's least). None: too few to seat a table."""
    if count < max(2, rules.least or rules.min_size, rules.advance + 1):
        return None
    if count <= rules.max_size:
        return replace(rules, min_size=count, max_size=count, least=0)
    return rules


@dataclass(frozen=True)
class Played:
    """One table of a round: its entrants, and where each finished."""

    seats: tuple[int, ...]
    places: tuple[int, ...] | None = None
    """Per seat, 0 for the first; tied seats share the best of their places. None: no
    result (the table is still playing, or was abandoned)."""
    abandoned: bool = False
    """The table closed without a result: its entrants score as skipped (0)."""
    forfeits: tuple[int, ...] = ()
    """Entrants who forfeited the table (`/game abandon` by a player): placed last."""


@dataclass(frozen=True)
class RoundRecord:
    """One round: its tables and who sat out (a bye)."""

    tables: tuple[Played, ...]
    byes: tuple[int, ...] = ()
