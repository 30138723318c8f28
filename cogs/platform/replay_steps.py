"""The step-through replay: one step of a finished game's replay at a time, with ◀ ▶.

The animated GIF of a long game runs fast and skips turns (`renderer.replay`);
this private message shows every turn at the player's pace: the title card first,
then the board after each turn (`renderer.replay.replay_step`), and ◀ ▶ buttons
that redraw the same message one step back or on. It goes with the export of a
game of more than `STEP_THROUGH_FROM` steps, in the table's channel.

``mt:replay:<table>:<step>`` is the button showing that step. Like every table
component, it acts only in its table's channel (`cogs.access.check_clicked_table`,
run by the guard); the table must be finished (a forged id on a game in play gets
`ExportBeforeEnd`: the record tells hidden cards) and the step must exist
(`NoSuchStep`). Both answers are private and change nothing.
"""

from __future__ import annotations

import asyncio

import discord

from bot.i18n import LocaleLike, language_of, t
from bot.service import Table, TableStatus
from bot.service.errors import UserError
from cogs.platform.alt_text import logged_move
from cogs.platform.errors import ExportBeforeEnd
from cogs.platform.host import service_of
from cogs.platform.items import Button, Interaction, TableItem
from cogs.platform.names import display_names
from cogs.platform.plugins import plugin_for
from cogs.platform.presenter import image_file
from cogs.platform.summary_alt import replay_step_description
from renderer.replay import replay_step, replay_steps

REPLAY_STEP = "mt:replay"
STEP_THROUGH_FROM = 12
"""A replay of more steps than this also comes as a step-through message."""
MAX_STEP_DIGITS = 5


class NoSuchStep(UserError):
    """A step button naming a step the table's replay does not have (a forged id)."""

    key = "replay_no_step"


async def step_message(
    interaction: Interaction, table: Table, step: int, steps: int
) -> tuple[str, discord.File, discord.ui.View]:
    """The text, image and buttons of step `step` of the `steps` of `table`'s replay."""
    plugin = plugin_for(table.game)
    assert plugin.replay_board is not None
    record = await service_of(interaction).results.record(table.id)
    names = await display_names(interaction.client, table, interaction.locale)
    lang = language_of(interaction.locale)
    name = f"{table.game}-{table.id}-step-{step + 1}.png"
    played = await logged_move(service_of(interaction), table) if step == 0 else None
    told = await replay_step_description(table, record, names, interaction.locale, step, steps,
                                         played)
    file = await image_file(name, replay_step, record, lang, plugin.replay_board, names, step,
                            description=told)
    text = t(interaction.locale, "replay.step", table=table.id, step=step + 1, total=steps)
    return text, file, step_buttons(interaction.locale, table.id, step, steps)


def step_buttons(locale: LocaleLike, table_id: int, step: int, steps: int) -> discord.ui.View:
    """◀ (to `step` - 1) and ▶ (to `step` + 1), each disabled where there is no step."""
    controls = discord.ui.View(timeout=None)
    back, on = max(step - 1, 0), min(step + 1, steps - 1)
    buttons = ((back, "replay.back", step == 0), (on, "replay.next", step == steps - 1))
    for target, key, disabled in buttons:
        label = t(locale, key)
        controls.add_item(
            ReplayStepButton.as_button(table_id, None, str(target), label, disabled=disabled)
        )
    controls.stop()  # only the layout: the registered class handles clicks (see send_private)
    return controls


async def record_steps(interaction: Interaction, table: Table) -> int:
    """How many steps `table`'s replay has; ExportBeforeEnd while the game is not over."""
    if table.status != TableStatus.FINISHED:
        raise ExportBeforeEnd()
    record = await service_of(interaction).results.record(table.id)
    return await asyncio.to_thread(replay_steps, record)  # replays the whole game


async def offers_step_through(interaction: Interaction, table: Table) -> int:
    """The number of steps of `table`'s replay if the export in this channel comes with a
    step-through message (a long replay, asked in the table's channel), else 0."""
    if plugin_for(table.game).replay_board is None or interaction.channel_id != table.channel_id:
        return 0
    steps = await record_steps(interaction, table)
    return steps if steps > STEP_THROUGH_FROM else 0


class ReplayStepButton(
    TableItem[Button], prefix=REPLAY_STEP, versioned=False, arg=rf"\d{{1,{MAX_STEP_DIGITS}}}"
):
    """◀ or ▶ of a step-through message: shows step `arg` in that message."""

    kept_at_end = True

    async def run(self, interaction: Interaction) -> None:
        table = await service_of(interaction).tables.get_table(self.table_id)
        steps = await record_steps(interaction, table)
        step = int(self.arg)
        if plugin_for(table.game).replay_board is None or step >= steps:
            raise NoSuchStep()
        text, file, controls = await step_message(interaction, table, step, steps)
        await interaction.edit_original_response(content=text, attachments=[file], view=controls)
