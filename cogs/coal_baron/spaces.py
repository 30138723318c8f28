"""The components under a Coal Baron turn message.

- Set-up draft: the platform's action select, one option per revealed order.
- A normal turn: the legal worker spaces in three selects (factory; mining and
  money; deliveries and orders: at most 9 options each, Discord allows 25),
  each option saying what the space gives and how many workers it costs, and
  the bank as the platform's action button.
- A decision in progress (the cards of a draw-5, an extraction placed through
  ``/coal play m8``): a button that opens its panel for the acting player.

Choosing a space plays it at once, except: a mining space opens the extraction
panel (nothing is placed until the panel's Finish), a tile the supply can't fill
asks for the colour(s) first, and a draw-5 space plays the draw and then shows
the drawn cards. Custom ids: ``cb:sp:<table>:<version>:<group>`` (space
selects), ``cb:open:<table>:<version>`` (panel button), ``cb:fill:<table>:<version>``
(colour choice; option values are whole notations).
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.games.base import Seat
from bot.games.coal_baron.actions import Action, Buy, Draft, Place
from bot.games.coal_baron.actions import format_action as format_notation
from bot.games.coal_baron.actions import parse_action as parse_notation
from bot.games.coal_baron.components import SPACE_INDEX, SPACES
from bot.games.coal_baron.draw import DrawFive
from bot.games.coal_baron.extraction import Extraction
from bot.games.coal_baron.shapes import as_view
from bot.i18n import LocaleLike, t
from bot.service import Table
from bot.service.errors import IllegalAction, StaleAction
from cogs.coal_baron.draw import open_draw_panel
from cogs.coal_baron.extraction import open_extraction_panel
from cogs.coal_baron.labels import space_label, space_name, step_label, workers_text
from cogs.coal_baron.turn import acting_seat, coal_state
from cogs.platform.builder import close_panel, play_line
from cogs.platform.controls import action_button, action_select
from cogs.platform.items import OPTION_LABEL_LIMIT, Button, Interaction, Item, Select, TableItem
from cogs.platform.presenter import ActionChoice
from cogs.platform.replies import send_private
from cogs.platform.seen import Seen

SPACE_GROUPS = (
    ("factory", ("factory", "factory-draw")),
    ("mine", ("mining", "money")),
    ("orders", ("delivery", "order", "order-draw")),
)
"""The selects of a turn, by space kind (the bank is a button)."""
DRAW_KINDS = ("factory-draw", "order-draw")
PANEL_KINDS = ("extraction", "draw-tiles", "draw-orders")
"""Decisions in progress (the view's ``pending.kind``) made in a panel."""



def turn_items(seen: Seen, locale: LocaleLike) -> list[Item]:
    """The components of a turn message (or of the acting player's own view), from the
    view and the actions offered to the seat to act."""
    table = seen.table
    if not seen.playing or not seen.to_act:
        return []
    seat = seen.to_act[0]
    view = as_view(seen.view)
    pending = view["pending"]
    kind = pending["kind"] if pending is not None else None
    if kind in PANEL_KINDS:
        label = t(locale, "coal.open.extraction" if kind == "extraction" else "coal.open.draw")
        style = discord.ButtonStyle.primary
        return [OpenPanelButton.as_button(table.id, table.version, "", label, style)]
    legal = [parse_notation(notation) for notation in seen.choices.get(seat, ())]
    if legal and all(isinstance(action, Draft) for action in legal):
        choices = [
            ActionChoice(format_notation(a), step_label(locale, view, seat, a)) for a in legal
        ]
        return [action_select(table, 0, choices, t(locale, "coal.draft.placeholder"))]
    spaces = list(dict.fromkeys(a.space for a in legal if isinstance(a, Place | Buy)))
    items: list[Item] = []
    for index, (group, kinds) in enumerate(SPACE_GROUPS):
        options = [
            discord.SelectOption(
                label=space_label(locale, view, seat, space)[:OPTION_LABEL_LIMIT],
                description=workers_text(locale, view, space),
                value=space,
            )
            for space in spaces
            if SPACES[SPACE_INDEX[space]].kind in kinds
        ]
        if options:
            placeholder = t(locale, f"coal.group.{group}")
            items.append(
                SpaceSelect.as_select(table.id, table.version, str(index), options, placeholder)
            )
    if "bank" in spaces:
        label = space_label(locale, view, seat, "bank")
        style = discord.ButtonStyle.primary
        items.append(action_button(table, "bank", label, style))
    return items


async def choose_space(interaction: Interaction, table_id: int, version: int, space: str) -> None:
    """The acting player chose `space` in a space select."""
    table, seat = await acting_seat(interaction, table_id, version)
    state = coal_state(table)
    legal = [
        a for a in state.legal_actions(seat) if isinstance(a, Place | Buy) and a.space == space
    ]
    if not legal:
        try:  # the engine's reason, the space named as the select named it
            state.copy().apply(seat, state.parse_action(seat, space))
        except IllegalAction as refused:
            if refused.params.get("space") == space:
                refused.params["space"] = space_name(interaction.locale, space)
            raise
        raise IllegalAction(f"{space} can't be played now")
    kind = SPACES[SPACE_INDEX[space]].kind
    if kind == "mining":
        await open_extraction_panel(interaction, table, seat, [space])
    elif len(legal) > 1:
        await ask_fill(interaction, table, seat, legal)
    else:
        result = await play_line(interaction, table, space)
        if kind in DRAW_KINDS:
            await open_draw_panel(interaction, result.table, seat)


async def ask_fill(
    interaction: Interaction, table: Table, seat: Seat, legal: Sequence[Action]
) -> None:
    """A cube shortage: the buyer picks the colour(s) for the carts the supply can't fill."""
    locale = interaction.locale
    state = coal_state(table)
    view = as_view(state.view(seat))
    options = [
        discord.SelectOption(
            label=step_label(locale, view, seat, action)[:OPTION_LABEL_LIMIT],
            value=state.format_action(action),
        )
        for action in legal
    ]
    choice = discord.ui.View(timeout=None)
    placeholder = t(locale, "coal.fill.choose")
    choice.add_item(FillSelect.as_select(table.id, table.version, "", options, placeholder))
    await send_private(interaction, t(locale, "coal.fill.shortage"), view=choice)


async def fill_chosen(interaction: Interaction, table_id: int, version: int, line: str) -> None:
    table, _ = await acting_seat(interaction, table_id, version)
    await play_line(interaction, table, line)
    await close_panel(interaction)


async def open_panel(interaction: Interaction, table_id: int, version: int) -> None:
    """Open the panel of the decision in progress, for the acting player."""
    table, seat = await acting_seat(interaction, table_id, version)
    pending = coal_state(table).pending
    if isinstance(pending, DrawFive):
        await open_draw_panel(interaction, table, seat)
    elif isinstance(pending, Extraction):
        await open_extraction_panel(interaction, table, seat, [])
    else:  # a forged button: the message that had it would be out of date
        raise StaleAction()


class SpaceSelect(TableItem[Select], prefix="cb:sp", arg=r"\d"):
    """A group of worker spaces; each option's value is a space id."""

    async def run(self, interaction: Interaction) -> None:
        assert self.version is not None
        await choose_space(interaction, self.table_id, self.version, self.value)


class FillSelect(TableItem[Select], prefix="cb:fill", arg=None):
    """The colour choice of a cube shortage; each option's value is the whole notation."""

    async def run(self, interaction: Interaction) -> None:
        assert self.version is not None
        await fill_chosen(interaction, self.table_id, self.version, self.value)


class OpenPanelButton(TableItem[Button], prefix="cb:open", arg=None):
    """Opens the extraction or draw-5 panel of the decision in progress."""

    async def run(self, interaction: Interaction) -> None:
        assert self.version is not None
        await open_panel(interaction, self.table_id, self.version)


TURN_ITEMS = (SpaceSelect, FillSelect, OpenPanelButton)
