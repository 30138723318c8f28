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

import re
from collections.abc import Sequence

import discord

from bot.errors import IllegalAction
from bot.games.base import Seat
from bot.games.coal_baron.actions import Action, Buy, Draft, Place
from bot.games.coal_baron.components import SPACE_INDEX, SPACES
from bot.games.coal_baron.draw import DrawFive
from bot.games.coal_baron.extraction import Extraction
from bot.i18n import LocaleLike, t
from bot.presenters import ActionChoice
from bot.service import Table
from cogs.coal_baron_draw import open_draw_panel
from cogs.coal_baron_extraction import open_extraction_panel
from cogs.coal_baron_labels import space_label, step_label, workers_text
from cogs.coal_baron_turn import (
    acting_seat,
    action_options,
    close_panel,
    coal_state,
    commit,
    trial,
)
from cogs.components import (
    ActionButton,
    ActionSelect,
    Button,
    Interaction,
    Item,
    Select,
    select_menu,
)
from cogs.replies import defer_edit, guarded, send_private

SPACE_GROUPS = (
    ("factory", ("factory", "factory-draw")),
    ("mine", ("mining", "money")),
    ("orders", ("delivery", "order", "order-draw")),
)
"""The selects of a turn, by space kind (the bank is a button)."""
DRAW_KINDS = ("factory-draw", "order-draw")



def turn_items(table: Table, locale: LocaleLike) -> list[Item]:
    """The components of the public turn message of a table in play."""
    state = coal_state(table)
    if table.status != "playing" or not state.to_act():
        return []
    seat = state.to_act()[0]
    view = state.view(None)
    legal = state.legal_actions(seat)
    if isinstance(state.pending, Extraction | DrawFive):
        key = "coal.open.extraction" if isinstance(state.pending, Extraction) else "coal.open.draw"
        return [OpenPanelButton(table.id, table.version, t(locale, key))]
    if all(isinstance(action, Draft) for action in legal):
        choices = [
            ActionChoice(state.format_action(a), step_label(locale, view, seat, a)) for a in legal
        ]
        return [ActionSelect(table.id, table.version, 0, choices)]
    spaces = list(dict.fromkeys(a.space for a in legal if isinstance(a, Place | Buy)))
    items: list[Item] = []
    for index, (group, kinds) in enumerate(SPACE_GROUPS):
        options = [
            discord.SelectOption(
                label=space_label(locale, view, seat, space)[:100],
                description=workers_text(locale, view, seat, space)[:100],
                value=space,
            )
            for space in spaces
            if SPACES[SPACE_INDEX[space]].kind in kinds
        ]
        if options:
            placeholder = t(locale, f"coal.group.{group}")
            items.append(SpaceSelect(table.id, table.version, index, options, placeholder))
    if "bank" in spaces:
        bank = ActionChoice("bank", space_label(locale, view, seat, "bank"))
        items.append(ActionButton(table.id, table.version, bank))
    return items


async def choose_space(interaction: Interaction, table_id: int, version: int, space: str) -> None:
    """The acting player chose `space` in a space select."""
    await defer_edit(interaction)  # acknowledged before any database or image work
    table, seat = await acting_seat(interaction, table_id, version)
    state = coal_state(table)
    legal = [
        a for a in state.legal_actions(seat) if isinstance(a, Place | Buy) and a.space == space
    ]
    if not legal:
        trial(state, seat, [space])  # raises the engine's reason
        raise IllegalAction(f"{space} can't be played now")
    kind = SPACES[SPACE_INDEX[space]].kind
    if kind == "mining":
        await open_extraction_panel(interaction, table, seat, [space])
    elif len(legal) > 1:
        await ask_fill(interaction, table, seat, legal)
    else:
        result = await commit(interaction, table, space)
        if kind in DRAW_KINDS:
            await open_draw_panel(interaction, result.table, seat)


async def ask_fill(
    interaction: Interaction, table: Table, seat: Seat, legal: Sequence[Action]
) -> None:
    """A cube shortage: the buyer picks the colour(s) for the carts the supply can't fill."""
    locale = interaction.locale
    options = action_options(locale, coal_state(table), seat, legal)
    choice = discord.ui.View(timeout=None)
    choice.add_item(FillSelect(table.id, table.version, options, t(locale, "coal.fill.choose")))
    await send_private(interaction, t(locale, "coal.fill.shortage"), view=choice)


async def fill_chosen(interaction: Interaction, table_id: int, version: int, line: str) -> None:
    await defer_edit(interaction)  # acknowledged before any database or image work
    table, _ = await acting_seat(interaction, table_id, version)
    result = await commit(interaction, table, line)
    await close_panel(interaction, result)


async def open_panel(interaction: Interaction, table_id: int, version: int) -> None:
    """Open the panel of the decision in progress, for the acting player."""
    await defer_edit(interaction)  # acknowledged before any database or image work
    table, seat = await acting_seat(interaction, table_id, version)
    if isinstance(coal_state(table).pending, DrawFive):
        await open_draw_panel(interaction, table, seat)
    else:
        await open_extraction_panel(interaction, table, seat, [])


class SpaceSelect(
    discord.ui.DynamicItem[Select], template=r"cb:sp:(?P<table>\d+):(?P<version>\d+):(?P<index>\d)"
):
    """A group of worker spaces; each option's value is a space id."""

    def __init__(
        self,
        table_id: int,
        version: int,
        index: int,
        options: list[discord.SelectOption],
        placeholder: str = "",
    ) -> None:
        super().__init__(select_menu(f"cb:sp:{table_id}:{version}:{index}", options, placeholder))
        self.table_id = table_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item, match: re.Match[str], /
    ) -> SpaceSelect:
        return cls(int(match["table"]), int(match["version"]), int(match["index"]), [])

    async def callback(self, interaction: Interaction) -> None:
        space = self.item.values[0]
        await guarded(interaction, choose_space(interaction, self.table_id, self.version, space))


class FillSelect(
    discord.ui.DynamicItem[Select], template=r"cb:fill:(?P<table>\d+):(?P<version>\d+)"
):
    """The colour choice of a cube shortage; each option's value is the whole notation."""

    def __init__(
        self,
        table_id: int,
        version: int,
        options: list[discord.SelectOption],
        placeholder: str = "",
    ) -> None:
        super().__init__(select_menu(f"cb:fill:{table_id}:{version}", options, placeholder))
        self.table_id = table_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item, match: re.Match[str], /
    ) -> FillSelect:
        return cls(int(match["table"]), int(match["version"]), [])

    async def callback(self, interaction: Interaction) -> None:
        line = self.item.values[0]
        await guarded(interaction, fill_chosen(interaction, self.table_id, self.version, line))


class OpenPanelButton(
    discord.ui.DynamicItem[Button], template=r"cb:open:(?P<table>\d+):(?P<version>\d+)"
):
    """Opens the extraction or draw-5 panel of the decision in progress."""

    def __init__(self, table_id: int, version: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "…",
                style=discord.ButtonStyle.primary,
                custom_id=f"cb:open:{table_id}:{version}",
            )
        )
        self.table_id = table_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item, match: re.Match[str], /
    ) -> OpenPanelButton:
        return cls(int(match["table"]), int(match["version"]))

    async def callback(self, interaction: Interaction) -> None:
        await guarded(interaction, open_panel(interaction, self.table_id, self.version))


TURN_ITEMS = (SpaceSelect, FillSelect, OpenPanelButton)
