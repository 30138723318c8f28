"""The rulings this engine takes where the French rules are unclear.

Numbers refer to the "Rulings" section of the component reference
(docs/mine-out.md lists each with the test that pins it). A ruling that the
table may change is a table option (`Options`); the others are the named
constants below (the engine reads them when it applies a rule, so a test can
set the other reading), and the ones whose value is a number live in the data
file (second-action costs, the +2 coloured Miner, the start cards' Pub).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.games.base import JSON

MORE_THAN_50 = "more-than-50"
FIFTY_OR_MORE = "50-or-more"
END_CONDITIONS = (MORE_THAN_50, FIFTY_OR_MORE)
"""Ruling 1 (and 22): the game ends when the active player has strictly more than
the threshold at the start of their turn; the option ``50-or-more`` includes it."""

REFILL_DURING_TURN = False
"""Ruling 2: a card hired leaves its display slot empty until the next turn starts."""

ZERO_CUBE_DIG_ALLOWED = True
"""Ruling 4: a dig whose capacity is below the mine's difficulty is legal and yields
nothing (the card is discarded for nothing)."""

CHANGE_COUNTS_AS_SALE = False
"""Ruling 6: the second-action cost counts per action type: a "change the cards"
before a sale does not make that first sale cost 2."""

JEWEL_SALE_GETS_NEGOTIATOR = True
"""Ruling 7: a jewel sold as an ore takes a box of that ore's row and earns that ore's
Negotiator bonus."""

RESHUFFLE_DURING_CHANGE = True
"""Ruling 8: when "change the cards" empties the deck, the discard pile (with the
display just discarded) is reshuffled at once, as for any draw."""

JEWELS_COUNT_AT_MINE_OUT = False
"""Ruling 9: at a Mine Out of an ore only that ore's real cubes count (jewels are
neither scored nor returned)."""

CLOSURE_BONUS_ACTIVE_PLAYER_ONLY = True
"""Ruling 10: at a Mine (or Bank) Out, only the player whose turn it is scores Mafia
and draws for Slave Traders (their area and the community), after the Mine Out fame."""

BANK_OUT_TRIGGERS_MAFIA_AND_SLAVERS = True
"""Ruling 11: a Bank Out is a "Mine Out" for the Mafia (Investor example 2) and for
the Slave Traders ("identique à la procédure de Mine Épuisée")."""

INVESTOR_PAYS_ON_OWN_AREA_PLAY = False
"""Ruling 13: an Investor pays only on community plays, so playing one to your own
area pays nothing; a replaced community Investor is gone before the play pays."""

REPLACEMENT_PAYS_HIGHER_SALARY = True
"""Ruling 14: replacing a community card pays the higher salary of the two cards."""

APPRENTICE_FAME_PER_AWARD = True
"""Ruling 20: an apprentice's master gets half of each separate gain, rounded down
(a whole scoring phase is one gain); False: half of the apprentice's running total."""

FIRST_ROUND_MASTERS = (0, 2)
"""Ruling 20: in round 1 of a 2-player game only the masters play, Blue (position 0)
then Red (position 2); from round 2 every position plays in order."""


@dataclass(frozen=True)
class Options:
    """The table options: ``end`` (`END_CONDITIONS`) and ``variant: teams`` (2 vs 2)."""

    end: str = MORE_THAN_50
    teams: bool = False

    @classmethod
    def read(cls, options: Mapping[str, JSON] | None, players: int) -> Options:
        """Options from the table's settings; raises ValueError on an unknown value."""
        options = dict(options or {})
        end = options.pop("end", MORE_THAN_50)
        if end not in END_CONDITIONS:
            raise ValueError(f"end must be one of {', '.join(END_CONDITIONS)}, not {end!r}")
        variant = options.pop("variant", None)
        if variant not in (None, "teams"):
            raise ValueError(f"the only variant is 'teams', not {variant!r}")
        teams = variant == "teams"
        if teams and players != 4:
            raise ValueError("the team variant is for 4 players")
        if options:
            raise ValueError(f"unknown Mine Out options: {', '.join(sorted(options))}")
        return cls(end, teams)

    def to_json(self) -> JSON:
        return {"end": self.end, "teams": self.teams}

    def ended(self, fame: int, threshold: int) -> bool:
        """Whether `fame` at the start of a turn ends the game."""
        return fame >= threshold if self.end == FIFTY_OR_MORE else fame > threshold
