"""The step-through replay: one step of a finished game's replay at a time.

The animated GIF of a long game runs fast and skips turns (`renderer.replay`);
this private message shows every turn at the player's pace: the title card first,
then the board after each turn (`renderer.replay.replay_step`). Its text and each
frame's caption number the moves as Review, the animated replay and the export do:
one move per action of the record ("move 61 of 211", "moves 58 to 61 of 211" for a
turn of several; `renderer.replay.move_spans`). ⏮ ◀ ▶ ⏭ redraw the same message at
the first step, one back, one on or the last; a select jumps to a move (25 of them,
spread over the game). It goes with the export of a game of more than
`STEP_THROUGH_FROM` steps, in the table's channel; each moment of a Review opens it
at that move (`review_controls`, a new private message).

``mt:replay:<table>:<step>[-first|-last]`` is the button showing that step,
``mt:replayto:<table>`` the select (its values are steps) and
``mt:replaymove:<table>:<move>`` a Review's button. Like every table component they
act only in their table's channel (`cogs.access.check_clicked_table`, run by the
guard); the table must be finished (a forged id on a game in play gets
`ExportBeforeEnd`: the record tells hidden cards) and the step or move must exist
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
from cogs.platform.items import Button, Interaction, Select, TableItem
from cogs.platform.names import display_names
from cogs.platform.plugins import plugin_for
from cogs.platform.presenter import image_file
from cogs.platform.replies import send_private
from cogs.platform.summary_alt import replay_step_description
from renderer.replay import move_spans, moves_caption, pick, replay_step

REPLAY_STEP = "mt:replay"
REPLAY_JUMP = "mt:replayto"
REPLAY_MOVE = "mt:replaymove"
STEP_THROUGH_FROM = 12
"""A replay of more steps than this also comes as a step-through message."""
MAX_STEP_DIGITS = 5
JUMPS = 25
"""Moves offered by the jump select, at most (Discord's options per select)."""

BUTTONS_PER_ROW = 5

Spans = list[tuple[int, int]]
"""The moves each step after the title card shows (`renderer.replay.move_spans`)."""


class NoSuchStep(UserError):
    """A step button naming a step the table's replay does not have (a forged id)."""

    key = "replay_no_step"


def step_words(locale: LocaleLike, table_id: int, step: int, spans: Spans, total: int) -> str:
    """The step-through's text at `step`: the title card, the start, or its moves."""
    if step == 0:
        return t(locale, "replay.step_title", table=table_id, total=total)
    first, last = spans[step - 1]
    if last == 0:
        return t(locale, "replay.step_start", table=table_id, total=total)
    moves = moves_caption(language_of(locale), first, last, total)
    return t(locale, "replay.step_moves", table=table_id, moves=moves)


async def step_message(
    interaction: Interaction, table: Table, step: int, spans: Spans
) -> tuple[str, discord.File, discord.ui.View]:
    """The text, image and controls of step `step` of `table`'s replay."""
    plugin = plugin_for(table.game)
    assert plugin.replay_board is not None
    record = await service_of(interaction).results.record(table.id)
    total = len(record.get("actions", []))
    names = await display_names(interaction.client, table, interaction.locale)
    lang = language_of(interaction.locale)
    name = f"{table.game}-{table.id}-step-{step + 1}.png"
    played = await logged_move(service_of(interaction), table) if step == 0 else None
    told = await replay_step_description(table, record, names, interaction.locale, step, played)
    file = await image_file(name, replay_step, record, lang, plugin.replay_board, names, step,
                            description=told)
    text = step_words(interaction.locale, table.id, step, spans, total)
    return text, file, step_controls(interaction.locale, table.id, step, spans, total)


def step_controls(
    locale: LocaleLike, table_id: int, step: int, spans: Spans, total: int
) -> discord.ui.View:
    """⏮ (the title card), ◀ (`step` - 1), ▶ (`step` + 1) and ⏭ (the last step), each
    disabled where it would not move; then the select of moves to jump to."""
    controls = discord.ui.View(timeout=None)
    last = len(spans)
    buttons = (
        ("0-first", "replay.first", step == 0),
        (str(max(step - 1, 0)), "replay.back", step == 0),
        (str(min(step + 1, last)), "replay.next", step == last),
        (f"{last}-last", "replay.last", step == last),
    )
    for target, key, disabled in buttons:
        controls.add_item(ReplayStepButton.as_button(
            table_id, None, target, t(locale, key), disabled=disabled, row=0
        ))
    lang = language_of(locale)
    offered = pick(range(1, last + 1), JUMPS)
    options = [
        discord.SelectOption(label=step_label(lang, spans[shown - 1], total), value=str(shown))
        for shown in offered
    ]
    controls.add_item(ReplayJumpSelect.as_select(
        table_id, None, "", options, t(locale, "replay.jump"), row=1
    ))
    controls.stop()  # only the layout: the registered class handles clicks (see send_private)
    return controls


def step_label(lang: str, span: tuple[int, int], total: int) -> str:
    """A step as the jump select names it: its moves, or the start."""
    first, last = span
    return t(lang, "replay.start_option") if last == 0 else moves_caption(lang, first, last, total)


async def record_spans(interaction: Interaction, table: Table) -> Spans:
    """The moves of each step of `table`'s replay after its title card; ExportBeforeEnd
    while the game is not over."""
    if table.status != TableStatus.FINISHED:
        raise ExportBeforeEnd()
    record = await service_of(interaction).results.record(table.id)
    return await asyncio.to_thread(move_spans, record)  # replays the whole game


async def offers_step_through(interaction: Interaction, table: Table) -> Spans:
    """The moves of each step of `table`'s replay if the export in this channel comes
    with a step-through message (a long replay, asked in the table's channel), else []."""
    if plugin_for(table.game).replay_board is None or interaction.channel_id != table.channel_id:
        return []
    spans = await record_spans(interaction, table)
    return spans if len(spans) + 1 > STEP_THROUGH_FROM else []


async def show_step(interaction: Interaction, table_id: int, step: int) -> None:
    """Redraw the clicked step-through message at `step`."""
    table = await service_of(interaction).tables.get_table(table_id)
    spans = await record_spans(interaction, table)
    if plugin_for(table.game).replay_board is None or not 0 <= step <= len(spans):
        raise NoSuchStep()
    text, file, controls = await step_message(interaction, table, step, spans)
    await interaction.edit_original_response(content=text, attachments=[file], view=controls)


class ReplayStepButton(
    TableItem[Button], prefix=REPLAY_STEP, versioned=False,
    arg=rf"\d{{1,{MAX_STEP_DIGITS}}}(?:-first|-last)?",
):
    """⏮ ◀ ▶ or ⏭ of a step-through message: shows step `arg` in that message."""

    kept_at_end = True

    async def run(self, interaction: Interaction) -> None:
        await show_step(interaction, self.table_id, int(self.arg.partition("-")[0]))


class ReplayJumpSelect(TableItem[Select], prefix=REPLAY_JUMP, versioned=False, arg=None):
    """The step-through's select of moves: shows the chosen step in that message."""

    kept_at_end = True

    async def run(self, interaction: Interaction) -> None:
        if not self.value.isdigit() or len(self.value) > MAX_STEP_DIGITS:
            raise NoSuchStep()
        await show_step(interaction, self.table_id, int(self.value))


def review_controls(table: Table, moves: list[int], locale: LocaleLike) -> discord.ui.View | None:
    """A Review's buttons, one per moment: "🎬 Move 61" opens the replay at that move
    (None for a game without a replay)."""
    if plugin_for(table.game).replay_board is None or not moves:
        return None
    controls = discord.ui.View(timeout=None)
    for move in sorted(set(moves))[:BUTTONS_PER_ROW]:
        label = t(locale, "replay.open_move", number=move)
        controls.add_item(ReplayMoveButton.as_button(table.id, None, str(move), label))
    controls.stop()
    return controls


class ReplayMoveButton(
    TableItem[Button], prefix=REPLAY_MOVE, versioned=False, arg=rf"\d{{1,{MAX_STEP_DIGITS}}}"
):
    """A Review moment's button: the step-through at the step showing that move, as a
    new private message."""

    kept_at_end = True
    answers_privately = True

    async def run(self, interaction: Interaction) -> None:
        table = await service_of(interaction).tables.get_table(self.table_id)
        spans = await record_spans(interaction, table)
        move = int(self.arg)
        found = [step for step, (first, last) in enumerate(spans, 1) if first <= move <= last]
        if plugin_for(table.game).replay_board is None or not found or move == 0:
            raise NoSuchStep()
        text, file, controls = await step_message(interaction, table, found[0], spans)
        await send_private(interaction, text, file=file, view=controls)


REPLAY_ITEMS = (ReplayStepButton, ReplayJumpSelect, ReplayMoveButton)
