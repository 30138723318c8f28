"""Points and standings.

A table of k entrants gives its winner `Rules.top_points`, its last 0 and the places
between evenly spaced: +6/+4/+2/0 at four, +6/+3/0 at three, +6/0 at two. Tied
entrants share the mean of the places they cover (two tied first at four: 5 each).
A bye scores `Rules.bye_points`; a table abandoned without a result scores 0.

The order: points, then opponents' points (the sum of the current points of every
opponent met, once per game), then opponents' average (that sum over the number of
opponents met), then sign-up order. In a knockout, how far an entrant played comes
first (a round sat out counts for nothing).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.tournaments.model import Format, RoundRecord, Rules


def placement_points(places: Sequence[int], top: float) -> list[float]:
    """Each seat's points from its place (0 first; tied seats share one place)."""
    size = len(places)
    if size < 2:
        return [top] * size
    ladder = [top * (size - 1 - index) / (size - 1) for index in range(size)]
    points = []
    for place in places:
        tied = sum(other == place for other in places)
        points.append(round(sum(ladder[place:place + tied]) / tied, 2))
    return points


def forfeit_places(places: Sequence[int], forfeited: Sequence[int]) -> tuple[int, ...]:
    """A table's places (0 first, per seat) once the seats `forfeited` are put last:
    they share the last places, the others keep their order (FIDE: a forfeit is a loss
    for the one who forfeits; BGA: the others keep their places)."""
    keys = [(seat in forfeited, 0 if seat in forfeited else place)
            for seat, place in enumerate(places)]
    return tuple(sum(other < mine for other in keys) for mine in keys)


def advancing(record: RoundRecord, advance: int) -> list[int]:
    """Knockout: who goes on from `record`: who sat out, and the `advance` best of each
    table with a result (tied at the cut, a victory the game's rules share: the one
    ranked higher when the round was formed, the table's seats being in that order)."""
    going = list(record.byes)
    for table in record.tables:
        places = table.places
        if places is not None:
            order = sorted(range(len(table.seats)), key=lambda seat: (places[seat], seat))
            going.extend(table.seats[seat] for seat in order[:advance])
    return going


@dataclass
class Standing:
    """One entrant's line of the standings."""

    entrant: int
    points: float = 0.0
    played: int = 0
    byes: int = 0
    skipped: int = 0
    """Games without a result of theirs: a table abandoned."""
    forfeits: int = 0
    """Tables the entrant forfeited (placed last there)."""
    opponents: list[int] = field(default_factory=list)
    opponents_points: float = 0.0
    opponents_average: float = 0.0
    last_round: int = 0
    """Knockout: the last round the entrant played at a table with a result (a round sat
    out counts for nothing: who sat out never ranks above one who played further)."""
    last_place: int = 0
    """Knockout: their place at that table (0 first): the final's places are the podium's."""

    def key(self, knockout: bool) -> tuple[float, ...]:
        head = (-self.last_round, self.last_place) if knockout else ()
        return (*head, -self.points, -self.opponents_points, -self.opponents_average,
                self.entrant)


def standings(
    entrants: int, rounds: Sequence[RoundRecord], rules: Rules
) -> list[Standing]:
    """The standings of entrants 0..`entrants`-1 after `rounds` (tables without a
    result yet count for nothing), best first."""
    lines = [Standing(entrant) for entrant in range(entrants)]
    for number, record in enumerate(rounds, start=1):
        for entrant in record.byes:
            lines[entrant].byes += 1
            lines[entrant].points += rules.bye_points
        for table in record.tables:
            for entrant, place in zip(table.seats, table.places or (), strict=False):
                lines[entrant].last_round, lines[entrant].last_place = number, place
            for entrant in table.forfeits:
                lines[entrant].forfeits += 1
            if table.abandoned:
                for entrant in table.seats:
                    lines[entrant].skipped += 1
            if table.places is None or table.abandoned:
                continue
            points = placement_points(table.places, rules.top_points)
            for seat, entrant in enumerate(table.seats):
                line = lines[entrant]
                line.played += 1
                line.points += points[seat]
                line.opponents.extend(other for other in table.seats if other != entrant)
    for line in lines:
        line.points = round(line.points, 2)
    for line in lines:
        met = [lines[other].points for other in line.opponents]
        line.opponents_points = round(sum(met), 2)
        line.opponents_average = round(sum(met) / len(met), 2) if met else 0.0
    knockout = rules.format == Format.KNOCKOUT
    return sorted(lines, key=lambda line: line.key(knockout))
