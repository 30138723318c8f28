"""What a game supplies for a turn made of several steps (`TurnSteps`), which the
turn builder (`cogs.platform.builder`) shows as one panel: the legal next steps
(`StepOption`s, grouped in `Menu`s), the line Confirm plays, and the picture of the line
so far (`Picture`). A game's plugin names its `TurnSteps` by kind
(`cogs.platform.plugins.GamePlugin.builders`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.games.base import GameState, Seat
from bot.i18n import LocaleLike
from bot.service import ActResult, Table

MENU_ROWS = 4
"""Menus a panel shows at most: Discord's fifth row holds Undo, Cancel and Confirm."""


@dataclass(frozen=True)
class StepOption:
    """One legal next step offered on a panel (a button, or an option of a select): the
    notation appended to the line, and its label. Not an action: the engines call their
    actions' parts `Step` (`bot.games.mine_out.actions.Step`)."""

    notation: str
    label: str
    description: str = ""


@dataclass(frozen=True)
class Menu:
    """A group of steps shown together: a row of buttons (at most 5) or a select."""

    steps: list[StepOption]
    placeholder: str = ""
    buttons: bool = False
    current: str | None = None
    """The notation of a button shown as the current choice (a cage's level)."""


@dataclass
class Picture:
    """What the panel shows of the line so far: a title (the message's text), lines
    of text and an image (its embed)."""

    title: str
    lines: list[str] = field(default_factory=list)
    image: discord.File | None = None


class TurnSteps(ABC):
    """What a game supplies for one kind of multi-step decision."""

    kind: str
    """Names this decision in custom ids (lower-case letters)."""

    def under_way(self, state: GameState[Any]) -> bool:
        """Whether the table waits for this kind of decision now: a press on a panel of
        another kind (forged, or left from another moment) is refused as stale."""
        return True

    def first_undoable(self, table: Table) -> int:
        """How many leading steps Undo keeps (a placement that opened the panel)."""
        return 0

    def trial(self, state: GameState[Any], seat: Seat, steps: list[str]) -> GameState[Any]:
        """A copy of `state` after `steps`, each applied by the engine (which raises
        its reason for a refused step)."""
        after = state.copy()
        for step in steps:
            after.apply(seat, after.parse_action(seat, step))
        return after

    def moves(self, steps: list[str]) -> list[str]:
        """Those of `steps` the engine plays, in notation (the coach's hint on a panel
        answers after them); default: every step."""
        return steps

    @abstractmethod
    def menus(
        self, table: Table, seat: Seat, steps: list[str], after: GameState[Any], locale: LocaleLike
    ) -> list[Menu]:
        """The legal next steps after `steps` (`after`: the state they lead to), at most
        `MENU_ROWS` menus; none when the seat is not to act."""

    @abstractmethod
    def line(self, steps: list[str], after: GameState[Any], seat: Seat) -> str | None:
        """The notation Confirm plays, or None while the line is not complete."""

    def waste(self, after: GameState[Any], seat: Seat, locale: LocaleLike) -> str | None:
        """A question when confirming now would waste something; None if nothing."""
        return None

    @abstractmethod
    async def picture(
        self, table: Table, seat: Seat, steps: list[str], after: GameState[Any],
        locale: LocaleLike, played: ActResult | None,
    ) -> Picture:
        """The title, text and image of the panel for the line so far; `played`, the
        table's last action (`cogs.platform.alt_text.logged_move`), for the image's
        description."""
