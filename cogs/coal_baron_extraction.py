"""The extraction panel: a whole extraction built move by move, committed at the end.

The acting player opens it ephemerally from a mining space (nothing is placed
yet) or from a pending extraction. Each press tries the move on a copy of the
state with the engine's rules (`cogs.coal_baron_turn.trial`): a refused move is
answered with the engine's reason and the panel stays as it was. The moves so
far are written in the panel's footer, as the line ``/coal play m8 c3 +g ...``
that "Finish" sends to the service in one action (with the version the panel
was opened at). Keeping them in the message means no memory on the bot side: a
panel survives a restart, and an old panel is refused as soon as the table moves on.

Custom ids: ``cb:x:<table>:<version>:<move>`` for the buttons (``c0``..``c4``,
``+y``.., ``undo``, ``finish``), ``cb:xs:<table>:<version>:<n>`` for the two
selects whose option values are moves.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence

import discord

from bot.errors import IllegalAction
from bot.games.base import Seat
from bot.games.coal_baron.actions import Action, Load, Stow
from bot.games.coal_baron.components import COLOUR_LETTERS, COLOUR_NAMES, LEVELS, SURFACE
from bot.games.coal_baron.extraction import Extraction
from bot.games.coal_baron.state import CoalBaronState
from bot.i18n import LocaleLike, language_of, t
from bot.render_pool import render_png
from bot.service import Table
from cogs.coal_baron_labels import View, colour_name, slots_text
from cogs.coal_baron_turn import (
    acting_seat,
    action_options,
    close_panel,
    coal_state,
    commit,
    footer_of,
    panel_tokens,
    trial,
)
from cogs.components import CUSTOM_ID_LIMIT, Button, Interaction, Item, Select, select_menu
from cogs.replies import defer_edit, defer_private, guarded, send_private
from renderer.coal_baron.labels import numbered_names
from renderer.coal_baron.mine import render_mine

MINE_FILE = "mine.png"



def extraction_running(state: CoalBaronState) -> bool:
    """Whether an extraction is under way in `state` (the engine waits for moves)."""
    return isinstance(state.pending, Extraction)


def mining_space(table: Table, steps: list[str]) -> str:
    """The mining space of the extraction: already placed, or the panel's first step."""
    pending = coal_state(table).pending
    return pending.space if isinstance(pending, Extraction) else steps[0]


def moves_left(view: View) -> int:
    pending = view["pending"]
    return int(pending["moves_left"]) if pending and pending["kind"] == "extraction" else 0


def status_lines(locale: LocaleLike, view: View, seat: Seat, space: str) -> list[str]:
    """Moves left, cage level and cubes, stock and orders, in words."""
    player = view["players"][seat]
    cage = player["cage"]
    level = cage["level"]
    where = t(locale, "coal.panel.surface") if level == SURFACE else str(level)
    cubes = ", ".join(colour_name(locale, c) for c in cage["cubes"]) or "—"
    stock = ", ".join(
        f"{count} {colour_name(locale, colour)}"
        for colour, count in player["stock"].items()
        if count
    )
    lines = [
        t(locale, "coal.panel.moves", space=space, left=moves_left(view)),
        t(locale, "coal.panel.cage", level=where, cubes=cubes, count=len(cage["cubes"])),
        t(locale, "coal.panel.stock", stock=stock or "—"),
    ]
    lines.extend(f"**{order['name']}** {slots_text(locale, order)}" for order in player["orders"])
    return lines


async def panel_message(
    locale: LocaleLike, table: Table, seat: Seat, steps: list[str]
) -> tuple[discord.Embed, discord.File, discord.ui.View]:
    """The panel for `steps` (already checked): an embed with the mine, and the controls."""
    state = trial(coal_state(table), seat, steps)
    view = state.view(seat)
    space = mining_space(table, steps)
    embed = discord.Embed(
        title=t(locale, "coal.panel.title", space=space),
        description="\n".join(status_lines(locale, view, seat, space)),
    )
    embed.set_image(url=f"attachment://{MINE_FILE}")
    embed.set_footer(text=footer_of(steps))
    lang = language_of(locale)
    names = numbered_names(len(table.seats), lang)
    png = await render_png(render_mine, view, seat, names, lang)
    file = discord.File(io.BytesIO(png), filename=MINE_FILE)
    return embed, file, panel_controls(locale, table, seat, state, view)


def pair_value(load: Load) -> tuple[int, int]:
    """Two-cube loads, most worthwhile first: the cheapest cubes (yellow is colour 0),
    then the dearest slot. Only the first 25 fit in the select; /coal play takes any."""
    return sum(cube.colour for cube in load.cubes), -load.slot


def panel_controls(
    locale: LocaleLike, table: Table, seat: Seat, state: CoalBaronState, view: View
) -> discord.ui.View:
    controls = discord.ui.View(timeout=None)
    level = view["players"][seat]["cage"]["level"]
    for target in (SURFACE, *LEVELS):
        label = t(locale, "coal.panel.surface") if target == SURFACE else t(
            locale, "coal.panel.level", level=target
        )
        style = discord.ButtonStyle.success if target == level else discord.ButtonStyle.secondary
        controls.add_item(ExtractionButton(table.id, table.version, f"c{target}", label, style, 0))
    for letter, name in zip(COLOUR_LETTERS, COLOUR_NAMES, strict=True):
        label = t(locale, "coal.panel.take", colour=colour_name(locale, name))
        controls.add_item(
            ExtractionButton(
                table.id, table.version, f"+{letter}", label, discord.ButtonStyle.primary, 1
            )
        )
    legal = state.legal_actions(seat)
    pairs = sorted(
        (a for a in legal if isinstance(a, Load) and len(a.cubes) == 2), key=pair_value
    )
    singles: list[Action] = [a for a in legal if isinstance(a, Load | Stow) and a not in pairs]
    groups: list[tuple[Sequence[Action], str]] = [
        (singles, "coal.panel.load_one"),
        (pairs, "coal.panel.load_two"),
    ]
    for index, (moves, key) in enumerate(groups):
        options = action_options(locale, state, seat, moves)
        if options:
            select = ExtractionSelect(table.id, table.version, index, options, t(locale, key))
            controls.add_item(select)
    undo = t(locale, "coal.panel.undo")
    finish = t(locale, "coal.panel.finish")
    controls.add_item(
        ExtractionButton(table.id, table.version, "undo", undo, discord.ButtonStyle.secondary, 4)
    )
    controls.add_item(
        ExtractionButton(table.id, table.version, "finish", finish, discord.ButtonStyle.success, 4)
    )
    return controls


async def open_extraction_panel(
    interaction: Interaction, table: Table, seat: Seat, steps: list[str]
) -> None:
    """Show the panel ephemerally to the acting player, starting from `steps`."""
    await defer_private(interaction)
    embed, file, controls = await panel_message(interaction.locale, table, seat, steps)
    await send_private(interaction, "", embed=embed, file=file, view=controls)


async def press(interaction: Interaction, table_id: int, version: int, move: str) -> None:
    """One press on the panel: a move, undo or finish."""
    await defer_edit(interaction)  # acknowledged before any database or image work
    table, seat = await acting_seat(interaction, table_id, version)
    steps = panel_tokens(interaction)
    state = coal_state(table)
    if move == "finish":
        await finish(interaction, table, seat, steps)
        return
    if move == "undo":
        first_move = 0 if extraction_running(state) else 1
        if len(steps) <= first_move:
            raise IllegalAction("nothing to undo", reason_key="coal.nothing-to-undo")
        steps = steps[:-1]
    else:
        steps = [*steps, move]
        trial(state, seat, steps)  # raises the engine's reason if the move is refused
    embed, file, controls = await panel_message(interaction.locale, table, seat, steps)
    await interaction.edit_original_response(embed=embed, attachments=[file], view=controls)


async def finish(interaction: Interaction, table: Table, seat: Seat, steps: list[str]) -> None:
    """Send the whole extraction as one action, post the turn, close the panel."""
    after = trial(coal_state(table), seat, steps)
    line = [*steps, "end"] if extraction_running(after) else steps
    result = await commit(interaction, table, " ".join(line))
    await close_panel(interaction, result)


class ExtractionButton(
    discord.ui.DynamicItem[Button], template=r"cb:x:(?P<table>\d+):(?P<version>\d+):(?P<move>\S+)"
):
    """A move of the panel (cage level, take a colour), undo or finish."""

    def __init__(
        self,
        table_id: int,
        version: int,
        move: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ) -> None:
        custom_id = f"cb:x:{table_id}:{version}:{move}"
        assert len(custom_id) <= CUSTOM_ID_LIMIT
        super().__init__(
            discord.ui.Button(label=label or move, style=style, custom_id=custom_id, row=row)
        )
        self.table_id = table_id
        self.version = version
        self.move = move

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item, match: re.Match[str], /
    ) -> ExtractionButton:
        return cls(int(match["table"]), int(match["version"]), match["move"])

    async def callback(self, interaction: Interaction) -> None:
        await guarded(interaction, press(interaction, self.table_id, self.version, self.move))


class ExtractionSelect(
    discord.ui.DynamicItem[Select], template=r"cb:xs:(?P<table>\d+):(?P<version>\d+):(?P<index>\d)"
):
    """Loading moves (one cube or cage to stock; two cubes for one slot)."""

    def __init__(
        self,
        table_id: int,
        version: int,
        index: int,
        options: list[discord.SelectOption],
        placeholder: str = "",
    ) -> None:
        custom_id = f"cb:xs:{table_id}:{version}:{index}"
        super().__init__(select_menu(custom_id, options, placeholder, row=2 + index))
        self.table_id = table_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item, match: re.Match[str], /
    ) -> ExtractionSelect:
        return cls(int(match["table"]), int(match["version"]), int(match["index"]), [])

    async def callback(self, interaction: Interaction) -> None:
        move = self.item.values[0]
        await guarded(interaction, press(interaction, self.table_id, self.version, move))


EXTRACTION_ITEMS = (ExtractionButton, ExtractionSelect)
