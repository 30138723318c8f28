"""Tournaments, pure: who sits with whom each round, points and standings.

Standard library only (an import-linter contract keeps it so, as for the engines):
the service (`bot.service.tournaments`) stores a tournament and opens its tables;
this package only computes. Entrants are numbered from 0 in sign-up order.

- `sizes`: how many tables of which sizes, within [min, max] and balanced, and how
  many entrants sit out (a bye).
- `pairing`: a round's tables for each format: Swiss, round robin, knockout.
- `standings`: points per placement, byes, tie-breaks (opponents' points, then
  their average), the order of the entrants.

docs/tournaments.md says the rules in words.
"""

from bot.tournaments.model import Format, Played, RoundRecord, Rules
from bot.tournaments.pairing import Plan, plan_round
from bot.tournaments.sizes import seating
from bot.tournaments.standings import Standing, forfeit_places, placement_points, standings

__all__ = [
    "Format", "Plan", "Played", "RoundRecord", "Rules", "Standing", "forfeit_places",
    "placement_points",
    "plan_round", "seating", "standings",
]
