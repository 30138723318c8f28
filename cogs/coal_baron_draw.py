"""The draw-5 panel: keep one of the drawn tiles or orders (or none), put the rest back.

The draw itself (``fd`` / ``od``) is played at once: the cards are then seen,
so it cannot be taken back. The panel, shown ephemerally to the drawing player
only, holds the choices that follow: a select to keep a card or none (a tile the
supply can't fill offers one option per colour choice), then two selects to put
each remaining card back on top (under those already put on top) or at the
bottom, in the order chosen; "Keep the pile's order" puts them all back on top
as drawn. Like the extraction panel, the choices so far are the footer's line
(``/coal play keep g2l top k1d bottom y1l``), tried on a copy of the state at each
step, and "Confirm" plays the whole line as one action.

Custom ids: ``cb:d:<table>:<version>:<op>`` (``order``, ``undo``, ``confirm``) and
``cb:ds:<table>:<version>:<keep|top|bottom>`` for the selects.
"""

from __future__ import annotations

import io
import re

import discord

from bot.errors import IllegalAction
from bot.games.base import Seat
from bot.games.coal_baron.actions import Keep
from bot.games.coal_baron.draw import DrawFive
from bot.games.coal_baron.state import CoalBaronState
from bot.i18n import LocaleLike, language_of, t
from bot.render_pool import render_png
from bot.service import Table
from cogs.coal_baron_labels import View, card_text
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
from cogs.components import Button, Interaction, Item, Select, select_menu
from cogs.replies import defer_edit, defer_private, guarded, send_private
from renderer.coal_baron.draw5 import render_draw5
from renderer.coal_baron.labels import numbered_names

DRAW_FILE = "draw.png"
STEP_WORDS = ("keep", "top", "bottom")



def group_steps(tokens: list[str]) -> list[str]:
    """Tokens of a draw line grouped into steps: ``keep g2l =y``, ``top k1d``..."""
    steps: list[str] = []
    for token in tokens:
        if token in STEP_WORDS or not steps:
            steps.append(token)
        else:
            steps[-1] += f" {token}"
    return steps


def pending_draw(state: CoalBaronState) -> DrawFive | None:
    return state.pending if isinstance(state.pending, DrawFive) else None


def summary_lines(locale: LocaleLike, committed: View, steps: list[str]) -> list[str]:
    """The drawn cards in words, then the choices made so far."""
    pending = committed["pending"]
    lines = [f"• {card_text(locale, card['name'])}" for card in pending["cards"]]
    if steps:
        lines.append(t(locale, "coal.draw.so_far", line=" ".join(steps)))
    return lines


async def draw_message(
    locale: LocaleLike, table: Table, seat: Seat, steps: list[str]
) -> tuple[discord.Embed, discord.File, discord.ui.View]:
    """The panel for `steps` (already checked)."""
    state = coal_state(table)
    after = trial(state, seat, steps)
    committed = state.view(seat)
    shown = after.view(seat) if pending_draw(after) else committed
    kind = committed["pending"]["kind"]
    embed = discord.Embed(
        title=t(locale, f"coal.draw.title.{kind}"),
        description="\n".join(summary_lines(locale, committed, steps)),
    )
    embed.set_image(url=f"attachment://{DRAW_FILE}")
    embed.set_footer(text=footer_of(steps))
    lang = language_of(locale)
    names = numbered_names(len(table.seats), lang)
    png = await render_png(render_draw5, shown, names, lang)
    file = discord.File(io.BytesIO(png), filename=DRAW_FILE)
    return embed, file, draw_controls(locale, table, seat, after)


def draw_controls(
    locale: LocaleLike, table: Table, seat: Seat, after: CoalBaronState
) -> discord.ui.View:
    controls = discord.ui.View(timeout=None)
    draw = pending_draw(after)
    if draw is not None and not draw.kept:
        keeps = [action for action in after.legal_actions(seat) if isinstance(action, Keep)]
        options = action_options(locale, after, seat, keeps)
        placeholder = t(locale, "coal.draw.keep")
        controls.add_item(DrawSelect(table.id, table.version, "keep", options, placeholder))
    elif draw is not None:
        names = draw.names()
        for where in ("top", "bottom"):
            options = [discord.SelectOption(label=name, value=name) for name in names]
            placeholder = t(locale, f"coal.draw.{where}")
            controls.add_item(DrawSelect(table.id, table.version, where, options, placeholder))
        label = t(locale, "coal.draw.pile_order")
        controls.add_item(DrawButton(table.id, table.version, "order", label))
    controls.add_item(DrawButton(table.id, table.version, "undo", t(locale, "coal.panel.undo")))
    if draw is None:
        label = t(locale, "coal.draw.confirm")
        controls.add_item(
            DrawButton(table.id, table.version, "confirm", label, discord.ButtonStyle.success)
        )
    return controls


async def open_draw_panel(interaction: Interaction, table: Table, seat: Seat) -> None:
    """Show the drawn cards and the choices to the drawing player, ephemerally."""
    await defer_private(interaction)
    embed, file, controls = await draw_message(interaction.locale, table, seat, [])
    await send_private(interaction, "", embed=embed, file=file, view=controls)


async def choose(
    interaction: Interaction, table_id: int, version: int, op: str, value: str
) -> None:
    """One choice on the panel: `op` is keep/top/bottom (with the select's `value`),
    order, undo or confirm."""
    await defer_edit(interaction)  # acknowledged before any database or image work
    table, seat = await acting_seat(interaction, table_id, version)
    steps = group_steps(panel_tokens(interaction))
    state = coal_state(table)
    if op == "confirm":
        await confirm(interaction, table, steps)
        return
    if op == "undo":
        if not steps:
            raise IllegalAction("nothing to undo", reason_key="coal.nothing-to-undo")
        steps = steps[:-1]
    elif op == "order":
        draw = pending_draw(trial(state, seat, steps))
        cards = [draw.name(card) for card in draw.cards] if draw else []
        steps = [*steps, *(f"top {name}" for name in cards)]
    elif op == "keep":
        steps = [*steps, value]
    else:
        steps = [*steps, f"{op} {value}"]
    trial(state, seat, steps)  # raises the engine's reason if the choice is refused
    embed, file, controls = await draw_message(interaction.locale, table, seat, steps)
    await interaction.edit_original_response(embed=embed, attachments=[file], view=controls)


async def confirm(interaction: Interaction, table: Table, steps: list[str]) -> None:
    result = await commit(interaction, table, " ".join(steps))
    await close_panel(interaction, result)


class DrawButton(
    discord.ui.DynamicItem[Button],
    template=r"cb:d:(?P<table>\d+):(?P<version>\d+):(?P<op>order|undo|confirm)",
):
    def __init__(
        self,
        table_id: int,
        version: int,
        op: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or op, style=style, custom_id=f"cb:d:{table_id}:{version}:{op}"
            )
        )
        self.table_id = table_id
        self.version = version
        self.op = op

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item, match: re.Match[str], /
    ) -> DrawButton:
        return cls(int(match["table"]), int(match["version"]), match["op"])

    async def callback(self, interaction: Interaction) -> None:
        await guarded(interaction, choose(interaction, self.table_id, self.version, self.op, ""))


class DrawSelect(
    discord.ui.DynamicItem[Select],
    template=r"cb:ds:(?P<table>\d+):(?P<version>\d+):(?P<op>keep|top|bottom)",
):
    def __init__(
        self,
        table_id: int,
        version: int,
        op: str,
        options: list[discord.SelectOption],
        placeholder: str = "",
    ) -> None:
        super().__init__(select_menu(f"cb:ds:{table_id}:{version}:{op}", options, placeholder))
        self.table_id = table_id
        self.version = version
        self.op = op

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item, match: re.Match[str], /
    ) -> DrawSelect:
        return cls(int(match["table"]), int(match["version"]), match["op"], [])

    async def callback(self, interaction: Interaction) -> None:
        value = self.item.values[0]
        await guarded(interaction, choose(interaction, self.table_id, self.version, self.op, value))


DRAW_ITEMS = (DrawButton, DrawSelect)
