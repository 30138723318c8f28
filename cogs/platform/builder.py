"""The turn builder: one ephemeral panel for a turn made of several steps.

A game's plugin supplies, per kind of multi-step decision, a `TurnSteps`
(`cogs.platform.steps`): which steps are legal after those chosen so far (tried
on a copy of the state), the line that Confirm plays, what Confirm would waste,
and the picture. The
platform supplies the panel: only legal steps are offered (as buttons or
selects; an illegal choice is never on screen), the result is shown as an
image, and Undo, Cancel and Confirm are always there. Confirm asks again when
the game says something would be wasted (moves left). Nothing is played before
Confirm, which sends the whole line as one action at the version the panel was
opened at (`bot.service.moves.Moves.act`).

The panel shows the line so far in words only (its picture); the steps
themselves are the bot's memory: a draft stored per table and seat
(`bot.storage.Draft`), so a panel survives a restart. Each panel a seat opens
gets the next token of that seat's draft, carried by its custom ids: a click on
an older panel of the same seat is refused (`PanelReplaced`, "this panel was
replaced") rather than mixing two lines, and a panel made at an older version
of the table is refused as soon as the table moves on (`StaleAction`).

Custom ids (`TableItem`s, the kind naming the plugin's `TurnSteps`):

    mt:step:<table>:<version>:<kind>:<token>:<step>   a step button
    mt:steps:<table>:<version>:<kind>:<token>:<n>     the n-th step select; option values are steps
    mt:turn:<table>:<version>:<kind>:<token>:<op>     undo, cancel, confirm, sure (confirm anyway)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

import discord

from bot.games.base import Seat
from bot.i18n import LocaleLike, t
from bot.service import ActResult, Table
from bot.service.errors import IllegalAction, NotPlaying, StaleAction
from cogs.platform.alt_text import logged_move
from cogs.platform.coach import add_hint_button
from cogs.platform.digest import headed
from cogs.platform.host import host_of, service_of
from cogs.platform.items import (
    OPTION_LABEL_LIMIT,
    OPTIONS_PER_SELECT,
    Button,
    Interaction,
    Select,
    TableItem,
)
from cogs.platform.plugins import plugin_for
from cogs.platform.posting import post_turn
from cogs.platform.replies import defer_private, send_private
from cogs.platform.steps import MENU_ROWS, Menu, TurnSteps

BUTTONS_PER_ROW = 5
DRAWING_MARK = "~"
"""Between a drawing's number and the notation, in a menu's value (`PanelDraft.new_values`)."""
DRAWINGS = 1_000_000
"""Drawings numbered before their numbers come round again."""
_drawings = itertools.count()
"""Numbers each panel menu drawn with new values, in this process."""


def builder_of(table: Table, kind: str) -> TurnSteps:
    """The game's steps of `kind`; a kind the table's game does not have (a custom_id
    forged for another game's table) is answered as a table not being played."""
    found = plugin_for(table.game).builders.get(kind)
    if found is None:
        raise NotPlaying()
    return found


@dataclass(frozen=True)
class PanelDraft:
    """The panel being built: whose (its table and seat), of which kind, which of the
    seat's panels (`token`), and its steps so far."""

    table: Table
    seat: Seat
    builder: TurnSteps
    token: int
    steps: list[str]
    played: ActResult | None = None
    """The table's last action, told in the image's description."""
    new_values: bool = False
    """Its menus' option values are new at each drawing (`Settings.new_menu_values`)."""

    def arg(self, last: str) -> str:
        """The argument of one of the panel's custom ids, `last` its own part."""
        return f"{self.builder.kind}:{self.token}:{last}"


async def panel(
    draft: PanelDraft, locale: LocaleLike, question: str | None = None
) -> tuple[str, discord.Embed, list[discord.File], discord.ui.View]:
    """The panel for the draft's steps (tried on a copy), and with `question` the
    confirmation: its text (the title), its embed (lines and image), its controls."""
    table, seat, builder, steps = draft.table, draft.seat, draft.builder, draft.steps
    assert table.state is not None
    after = builder.trial(table.state, seat, steps)
    shown = await builder.picture(table, seat, steps, after, locale, draft.played)
    lines = [*shown.lines, f"**{question}**"] if question else shown.lines
    embed = discord.Embed(description="\n".join(lines)[:4000])
    files = []
    if shown.image is not None:
        embed.set_image(url=f"attachment://{shown.image.filename}")
        files.append(shown.image)
    controls = discord.ui.View(timeout=None)
    if seat not in table.state.to_act():
        return shown.title, embed, files, controls  # one's own hand while others play
    menus = [] if question else builder.menus(table, seat, steps, after, locale)
    for row, menu in enumerate(menus[:MENU_ROWS]):
        add_menu(controls, draft, row, menu, locale)
    complete = builder.line(steps, after, seat) is not None
    can_undo = len(steps) > builder.first_undoable(table)
    for op, style, enabled in (
        ("undo", discord.ButtonStyle.secondary, can_undo and not question),
        ("cancel", discord.ButtonStyle.secondary, True),
        ("sure" if question else "confirm", discord.ButtonStyle.success, complete),
    ):
        label = t(locale, f"builder.{op}")
        button = TurnButton.as_button(
            table.id, table.version, draft.arg(op), label, style, row=4, disabled=not enabled
        )
        controls.add_item(button)
    add_hint_button(controls, table, seat, locale, f"{builder.kind}:{draft.token}", row=4)
    return shown.title, embed, files, controls


def add_menu(
    controls: discord.ui.View, draft: PanelDraft, row: int, menu: Menu, locale: LocaleLike
) -> None:
    """One row of the panel: buttons when the menu asks and they fit, else a select,
    whose placeholder says in words what it chooses (never "Select an option")."""
    table = draft.table
    fits = all(StepButton.fits(table.id, table.version, draft.arg(s.notation)) for s in menu.steps)
    if menu.buttons and fits and len(menu.steps) <= BUTTONS_PER_ROW:
        for step in menu.steps:
            style = (
                discord.ButtonStyle.success
                if step.notation == menu.current
                else discord.ButtonStyle.primary
            )
            arg = draft.arg(step.notation)
            controls.add_item(
                StepButton.as_button(table.id, table.version, arg, step.label, style, row=row)
            )
        return
    drawing = f"{next(_drawings) % DRAWINGS}{DRAWING_MARK}" if draft.new_values else ""
    options = [
        discord.SelectOption(
            label=step.label[:OPTION_LABEL_LIMIT],
            value=drawing + step.notation,
            description=step.description[:OPTION_LABEL_LIMIT] or None,
        )
        for step in menu.steps[:OPTIONS_PER_SELECT]
    ]
    arg = draft.arg(str(row))
    placeholder = menu.placeholder or t(locale, "builder.choose_placeholder")
    controls.add_item(
        StepSelect.as_select(table.id, table.version, arg, options, placeholder, row=row)
    )


async def open_builder(
    interaction: Interaction, table: Table, seat: Seat, kind: str, steps: list[str],
    intro: str = "",
) -> None:
    """Show the panel of `kind` ephemerally to the acting player, from `steps`, under
    `intro` (the "since your last turn" digest) if any."""
    await defer_private(interaction)
    builder = builder_of(table, kind)
    token = await service_of(interaction).drafts.new_draft(table, seat, steps)
    played = await logged_move(service_of(interaction), table)
    new_values = host_of(interaction.client).settings.new_menu_values
    draft = PanelDraft(table, seat, builder, token, steps, played, new_values)
    text, embed, files, controls = await panel(draft, interaction.locale)
    await send_private(interaction, headed(intro, text), embed=embed, files=files, view=controls)


async def press(
    interaction: Interaction, item: TableItem[Any], op: str, step: str = ""
) -> None:
    """One press on a panel (`item`, whose argument starts with the panel's kind and
    token): a step, or undo, cancel, confirm, sure (acknowledged on click by `TableItem`)."""
    service = service_of(interaction)
    table, seat = await service.moves.authorize(item.table_id, interaction.user.id, item.version)
    kind, token, _ = item.arg.split(":", 2)
    builder = builder_of(table, kind)
    assert table.state is not None
    if not builder.under_way(table.state):
        raise StaleAction()
    steps = await service.drafts.draft(table, seat, int(token))
    locale = interaction.locale
    if op == "cancel":
        text = t(locale, "builder.cancelled")
        await interaction.edit_original_response(
            content=text, embed=None, attachments=[], view=None
        )
        return
    after = builder.trial(table.state, seat, steps)
    line = builder.line(steps, after, seat)
    question = None
    if op in ("confirm", "sure"):
        if line is None:
            raise IllegalAction("the turn is not complete", reason_key="builder.incomplete")
        question = builder.waste(after, seat, locale) if op == "confirm" else None
        if question is None:
            await commit(interaction, table, line)
            return
    elif op == "undo":
        if len(steps) <= builder.first_undoable(table):
            raise IllegalAction("nothing to undo", reason_key="builder.nothing-to-undo")
        steps = steps[:-1]
    else:
        steps = [*steps, step]
        builder.trial(table.state, seat, steps)  # the engine's reason if the panel is outdated
    if op in ("undo", "step"):
        await service.drafts.set_draft(table, seat, int(token), steps)
    new_values = host_of(interaction.client).settings.new_menu_values
    played = await logged_move(service, table)
    draft = PanelDraft(table, seat, builder, int(token), steps, played, new_values)
    text, embed, files, controls = await panel(draft, locale, question)
    await interaction.edit_original_response(
        content=text, embed=embed, attachments=files, view=controls
    )


async def play_line(interaction: Interaction, table: Table, line: str) -> ActResult:
    """Play `line` for the clicker at the version `table` was read at; post the turn."""
    result = await service_of(interaction).moves.act(
        table.id, interaction.user.id, line, expected_version=table.version
    )
    await post_turn(interaction, result.table, result)
    return result


async def close_panel(interaction: Interaction) -> None:
    """Replace the ephemeral panel (or choice) that was used: played, as the channel shows."""
    await interaction.edit_original_response(
        content=t(interaction.locale, "builder.done"),
        embed=None,
        attachments=[],
        view=None,
    )


async def commit(interaction: Interaction, table: Table, line: str) -> None:
    """Play the whole line at the panel's version, post the turn, close the panel."""
    await play_line(interaction, table, line)
    await close_panel(interaction)


KIND = r"[a-z]+"


class StepButton(TableItem[Button], prefix="mt:step", arg=rf"{KIND}:\d+:.+"):
    """Adds its step to the line."""

    async def run(self, interaction: Interaction) -> None:
        await press(interaction, self, "step", self.arg.split(":", 2)[2])


class StepSelect(TableItem[Select], prefix="mt:steps", arg=rf"{KIND}:\d+:\d"):
    """Adds the chosen step to the line."""

    async def run(self, interaction: Interaction) -> None:
        await press(interaction, self, "step", step_chosen(self.value))


def step_chosen(value: str) -> str:
    """The notation of a panel menu's chosen `value` (without its drawing's number, where
    `PanelDraft.new_values` gave it one)."""
    drawing, mark, notation = value.partition(DRAWING_MARK)
    return notation if mark and drawing.isdigit() else value


class TurnButton(
    TableItem[Button], prefix="mt:turn", arg=rf"{KIND}:\d+:(undo|cancel|confirm|sure)"
):
    """Undo, Cancel, Confirm, and Confirm anyway."""

    async def run(self, interaction: Interaction) -> None:
        await press(interaction, self, self.arg.split(":", 2)[2])


BUILDER_ITEMS = (StepButton, StepSelect, TurnButton)
