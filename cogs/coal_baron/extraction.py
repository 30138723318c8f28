"""The extraction, built move by move in the platform's turn builder.

The acting player opens the panel from a mining space (nothing is placed yet:
the placement is the line's first step, which Undo keeps) or from an extraction
under way. The panel offers only the moves the engine allows now: the cage's
legal levels and the colours it may take as buttons, the loads as two selects
(one cube or cage to stock; two cubes for one slot). Confirm plays the whole
line, ending the extraction; with moves left it asks first.
"""

from __future__ import annotations

from typing import Any

from bot.games.base import GameState, Seat
from bot.games.coal_baron.actions import Action, Cage, Load, Stow, Take
from bot.games.coal_baron.components import SPACE_INDEX, SURFACE
from bot.games.coal_baron.extraction import Extraction
from bot.games.coal_baron.shapes import as_view
from bot.games.coal_baron.state import CoalBaronState
from bot.i18n import LocaleLike, language_of, t
from bot.service import ActResult, Table
from bot.service.errors import StaleAction
from cogs.coal_baron.labels import (
    View,
    colour_name,
    order_short,
    slots_text,
    space_name,
    step_label,
)
from cogs.coal_baron.turn import coal_state
from cogs.platform.alt_text import description, player_name, seen_of
from cogs.platform.builder import open_builder
from cogs.platform.items import Interaction
from cogs.platform.names import known_names
from cogs.platform.presenter import image_file
from cogs.platform.steps import Menu, Picture, StepOption, TurnSteps
from renderer.coal_baron.mine import render_mine

MINE_FILE = "mine.png"


def extraction_running(state: CoalBaronState) -> bool:
    """Whether an extraction is under way in `state` (the engine waits for moves)."""
    return isinstance(state.pending, Extraction)


def mining_space(table: Table, steps: list[str]) -> str:
    """The mining space of the extraction: already placed, or the panel's first step.

    StaleAction when there is neither: a panel click (forged, or from a panel of
    another kind, whose first step is no space) at a moment no extraction is under way
    nor being placed."""
    pending = coal_state(table).pending
    if isinstance(pending, Extraction):
        return pending.space
    if not steps or steps[0] not in SPACE_INDEX:
        raise StaleAction()
    return steps[0]


def moves_left(view: View) -> int:
    pending = view["pending"]
    return int(pending["moves_left"]) if pending and pending["kind"] == "extraction" else 0


def status_lines(locale: LocaleLike, view: View, seat: Seat, space: str) -> list[str]:
    """Moves left, cage level and cubes, stock and orders, in words."""
    player = view["players"][seat]
    cage = player["cage"]
    level = cage["level"]
    where = cage_label(locale, level)
    cubes = ", ".join(colour_name(locale, c) for c in cage["cubes"]) or "—"
    stock = ", ".join(
        f"{count} × {colour_name(locale, colour)}"  # no plural to agree in either language
        for colour, count in player["stock"].items()
        if count
    )
    lines = [
        t(locale, "coal.panel.moves", space=space, left=moves_left(view)),
        t(locale, "coal.panel.cage", level=where, cubes=cubes, count=len(cage["cubes"])),
        t(locale, "coal.panel.stock", stock=stock or "—"),
    ]
    for order in player["orders"]:
        lines.append(f"**{order_short(locale, order)}** {slots_text(locale, order)}")
    return lines


def pair_value(load: Load) -> tuple[int, int]:
    """Two-cube loads, most worthwhile first: the cheapest cubes (yellow is colour 0),
    then the dearest slot. Only the first 25 fit in the select; /coal play takes any."""
    return sum(cube.colour for cube in load.cubes), -load.slot


def cage_label(locale: LocaleLike, level: int) -> str:
    if level == SURFACE:
        return t(locale, "coal.panel.surface")
    return t(locale, "coal.panel.level", level=level)


def take_label(locale: LocaleLike, colour: int) -> str:
    return t(locale, "coal.panel.take", colour=colour_name(locale, colour))


class ExtractionSteps(TurnSteps):
    kind = "extraction"

    def first_undoable(self, table: Table) -> int:
        return 0 if extraction_running(coal_state(table)) else 1

    def menus(
        self, table: Table, seat: Seat, steps: list[str], after: GameState[Any], locale: LocaleLike
    ) -> list[Menu]:
        assert isinstance(after, CoalBaronState)
        if not extraction_running(after) or seat not in after.to_act():
            return []
        view = as_view(after.view(seat))
        legal = after.legal_actions(seat)
        cages = [
            StepOption(after.format_action(a), cage_label(locale, a.level))
            for a in legal
            if isinstance(a, Cage)
        ]
        takes = [
            StepOption(after.format_action(a), take_label(locale, a.colour))
            for a in legal
            if isinstance(a, Take)
        ]
        pairs = sorted(
            (a for a in legal if isinstance(a, Load) and len(a.cubes) == 2), key=pair_value
        )
        singles: list[Action] = [a for a in legal if isinstance(a, Load | Stow) and a not in pairs]
        menus = [Menu(cages, buttons=True), Menu(takes, buttons=True)]
        for moves, key in ((singles, "coal.panel.load_one"), (pairs, "coal.panel.load_two")):
            loads = [
                StepOption(after.format_action(a), step_label(locale, view, seat, a)) for a in moves
            ]
            menus.append(Menu(loads, t(locale, key)))
        return [menu for menu in menus if menu.steps]

    def line(self, steps: list[str], after: GameState[Any], seat: Seat) -> str | None:
        assert isinstance(after, CoalBaronState)
        if not steps and not extraction_running(after):
            return None
        return " ".join([*steps, "end"] if extraction_running(after) else steps)

    def waste(self, after: GameState[Any], seat: Seat, locale: LocaleLike) -> str | None:
        left = moves_left(as_view(after.view(seat)))
        return t(locale, "coal.panel.waste", left=left) if left else None

    async def picture(
        self, table: Table, seat: Seat, steps: list[str], after: GameState[Any],
        locale: LocaleLike, played: ActResult | None,
    ) -> Picture:
        view = as_view(after.view(seat))
        space = mining_space(table, steps)
        lang = language_of(locale)
        names = known_names(table)
        shown = seen_of(table, after, seat, names, view)
        told = description(shown, locale, "mine", played, parts=("mine",),
                           player=player_name(shown, seat, locale))
        image = await image_file(MINE_FILE, render_mine, view, seat, names, lang, description=told)
        return Picture(
            t(locale, "coal.panel.title", space=space_name(locale, space)),
            status_lines(locale, view, seat, space),
            image,
        )


EXTRACTION = ExtractionSteps()


async def open_extraction_panel(
    interaction: Interaction, table: Table, seat: Seat, steps: list[str]
) -> None:
    """Show the panel ephemerally to the acting player, starting from `steps`."""
    await open_builder(interaction, table, seat, EXTRACTION.kind, steps)
