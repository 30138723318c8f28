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

import discord

from bot.errors import IllegalAction
from bot.games.base import Seat
from bot.games.coal_baron.actions import Keep
from bot.games.coal_baron.draw import DrawFive
from bot.games.coal_baron.state import CoalBaronState
from bot.i18n import LocaleLike, language_of, t
from bot.service import Table
from cogs.coal_baron.labels import View, card_text
from cogs.coal_baron.turn import (
    acting_seat,
    action_options,
    close_panel,
    coal_state,
    commit,
    footer_of,
    panel_tokens,
    trial,
)
from cogs.platform.items import Button, Interaction, Select, TableItem
from cogs.platform.replies import defer_edit, defer_private, send_private
from renderer import render_in_thread
from renderer.coal_baron.draw5 import render_draw5

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
    png = await render_in_thread(render_draw5, shown, language_of(locale))
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
        keep = DrawSelect.as_select(table.id, table.version, "keep", options, placeholder)
        controls.add_item(keep)
    elif draw is not None:
        names = draw.names()
        for where in ("top", "bottom"):
            options = [discord.SelectOption(label=name, value=name) for name in names]
            placeholder = t(locale, f"coal.draw.{where}")
            controls.add_item(
                DrawSelect.as_select(table.id, table.version, where, options, placeholder)
            )
        label = t(locale, "coal.draw.pile_order")
        controls.add_item(DrawButton.as_button(table.id, table.version, "order", label))
    undo = t(locale, "coal.panel.undo")
    controls.add_item(DrawButton.as_button(table.id, table.version, "undo", undo))
    if draw is None:
        label = t(locale, "coal.draw.confirm")
        style = discord.ButtonStyle.success
        controls.add_item(DrawButton.as_button(table.id, table.version, "confirm", label, style))
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
    await defer_edit(interaction)
    embed, file, controls = await draw_message(interaction.locale, table, seat, steps)
    await interaction.edit_original_response(embed=embed, attachments=[file], view=controls)


async def confirm(interaction: Interaction, table: Table, steps: list[str]) -> None:
    result = await commit(interaction, table, " ".join(steps))
    await close_panel(interaction, result)


class DrawButton(TableItem[Button], prefix="cb:d", arg="order|undo|confirm"):
    async def run(self, interaction: Interaction) -> None:
        assert self.version is not None
        await choose(interaction, self.table_id, self.version, self.arg, "")


class DrawSelect(TableItem[Select], prefix="cb:ds", arg="keep|top|bottom"):
    async def run(self, interaction: Interaction) -> None:
        assert self.version is not None
        await choose(interaction, self.table_id, self.version, self.arg, self.value)


DRAW_ITEMS = (DrawButton, DrawSelect)
