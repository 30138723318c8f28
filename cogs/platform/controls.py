"""The components of a table's messages: a turn's action buttons or selects, "My view",
Rematch and Export, "Take back", "Draw the images again".

Called "controls" here and in the platform (a `discord.ui.View` of components), so
that "view" keeps one meaning: what the engine shows a seat (`state.view(seat)`).
Each component is a `HandledButton` or `HandledSelect` whose custom_id a registered
`TableItem` class answers (`cogs.platform.table_items`, `private`, `lobby`, `summary`):
building them here lets the turn poster (`cogs.platform.posting`) sit below the
classes whose clicks post a turn.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.ai.appraisers import coaches
from bot.i18n import LocaleLike, t
from bot.service import Table, TableStatus
from cogs.platform.items import (
    ACT,
    EXPORT,
    IMAGES,
    LABEL_LIMIT,
    OPTION_LABEL_LIMIT,
    OPTIONS_PER_SELECT,
    PICK,
    PRIVATE_VIEW,
    READ,
    REMATCH,
    REVIEW,
    UNDO,
    HandledButton,
    HandledSelect,
    Item,
    handled_button,
    handled_select,
    id_fits,
)
from cogs.platform.plugins import plugin_for
from cogs.platform.presenter import ActionChoice
from cogs.platform.seen import TableFacts

BUTTONS_PER_ROW = 5
ACTION_ROWS = 4
"""Rows for actions; the last of Discord's 5 rows holds "My view"."""


def action_button(
    table: Table | TableFacts,
    notation: str,
    label: str,
    style: discord.ButtonStyle = discord.ButtonStyle.primary,
) -> HandledButton:
    """A button playing `notation` at the table's version (`table_items.ActionButton`)."""
    return handled_button(ACT, table.id, table.version, notation, label, style)


def action_select(
    table: Table | TableFacts, index: int, choices: list[ActionChoice], placeholder: str
) -> HandledSelect:
    """A select of `choices` (at most 25) playing the chosen notation
    (`table_items.ActionSelect`); `placeholder` says in words what it chooses (never
    Discord's "Select an option")."""
    options = [
        discord.SelectOption(label=c.label[:OPTION_LABEL_LIMIT], value=c.notation)
        for c in choices
    ]
    return handled_select(PICK, table.id, table.version, str(index), options, placeholder)


def turn_controls(
    table: Table,
    actions: list[ActionChoice],
    locale: LocaleLike,
    *,
    items: Sequence[Item] = (),
    with_private: bool = True,
    retry_images: bool = False,
) -> discord.ui.View:
    """Buttons for a few short actions, else selects; then the game's own `items`;
    then the private view button while in play, or at the end the rematch, export and
    (for a game the coach knows) review buttons; and
    with `retry_images` a button to draw the images that could not be drawn."""
    controls = discord.ui.View(timeout=None)
    fits = all(
        id_fits(ACT, table.id, table.version, a.notation) and len(a.label) <= LABEL_LIMIT
        for a in actions
    )
    if len(actions) <= BUTTONS_PER_ROW and fits:
        for action in actions:
            controls.add_item(action_button(table, action.notation, action.label))
    else:
        for index in range(min(ACTION_ROWS, -(-len(actions) // OPTIONS_PER_SELECT))):
            chunk = actions[index * OPTIONS_PER_SELECT : (index + 1) * OPTIONS_PER_SELECT]
            placeholder = t(locale, "turn.choose_placeholder")
            controls.add_item(action_select(table, index, chunk, placeholder))
    for item in items:
        controls.add_item(item)
    if with_private and table.status == TableStatus.PLAYING:
        label = t(locale, plugin_for(table.game).presenter.private_button_key)
        controls.add_item(handled_button(PRIVATE_VIEW, table.id, None, "", label))
        if plugin_for(table.game).words is not None:  # the table in words, privately
            read = t(locale, "read.button")
            controls.add_item(handled_button(READ, table.id, None, "", read))
    if with_private and table.status == TableStatus.FINISHED:
        for key, prefix, style in (
            ("button.rematch", REMATCH, discord.ButtonStyle.success),
            ("button.export", EXPORT, discord.ButtonStyle.secondary),
        ):
            controls.add_item(handled_button(prefix, table.id, None, "", t(locale, key), style))
        if coaches(table.game):  # the coach's review (`cogs.platform.coach.ReviewButton`)
            label = t(locale, "coach.button.review")
            controls.add_item(handled_button(REVIEW, table.id, None, "", label))
    if retry_images:
        label = t(locale, "button.retry_images")
        controls.add_item(handled_button(IMAGES, table.id, table.version, "", label))
    return controls


def undo_controls(table: Table, locale: LocaleLike) -> discord.ui.View:
    """The "Take back" button of the actor's private confirmation."""
    controls = discord.ui.View(timeout=None)
    controls.add_item(handled_button(UNDO, table.id, table.version, "", t(locale, "button.undo")))
    return controls
