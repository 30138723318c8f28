"""The end of a game: the summary that closes it, and the export of its record.

When a game ends, its last public message (the live one) is the summary: the
presenter's final text and images (the final standings of every game), each
player's score over the game as a chart (`renderer.chart.record_chart`), and the
Rematch and Export buttons (`cogs.platform.controls.turn_controls`). A public
message carries at most two images (`MAX_IMAGES`), each readable on a phone and
at most 1.3 times as tall as it is wide: the presenter's first image, its main
board drawn as the end (Saboteur's last maze, Mine Out's town, Coal Baron's board
with the final places; Coal Baron's mines are left out), then the chart
(`with_chart`).

``mt:export:<table>`` ("Export") and ``/game export`` send the record of a
finished (or abandoned) game privately: JSON, and for a finished game with a
board renderer its replay as an animated GIF (`renderer.replay`), then for a long
game, in its channel, the replay step by step (`cogs.platform.replay_steps`).
The button only works in the table's channel (`cogs.access.check_clicked_table`),
so only those who see the table get it, as with the command.
"""

from __future__ import annotations

import io
import json
import logging

import discord

from bot.i18n import LocaleLike, language_of, t
from bot.service import OPEN_STATUSES, ActResult, Results, Table, TableStatus
from bot.workers.render_pool import RenderFailed, render_png
from cogs.platform.alt_text import logged_move
from cogs.platform.errors import ExportBeforeEnd
from cogs.platform.host import service_of
from cogs.platform.items import EXPORT, Button, Interaction, TableItem
from cogs.platform.names import display_names
from cogs.platform.plugins import plugin_for
from cogs.platform.presenter import TurnMessage, image_file
from cogs.platform.replay_steps import (
    REPLAY_ITEMS,
    offers_step_through,
    step_message,
)
from cogs.platform.replies import defer_private, send_private
from cogs.platform.summary_alt import finished_description, replay_description
from renderer.chart import record_chart
from renderer.replay import replay_gif

log = logging.getLogger(__name__)

CHART_FILE = "scores.png"
MAX_IMAGES = 2
"""Images the last message carries: the game's final board and the chart."""


async def add_score_chart(
    results: Results, table: Table, message: TurnMessage, names: tuple[str, ...],
    locale: LocaleLike, played: ActResult | None,
) -> None:
    """Add to the finished game's `message` the chart of each player's score over the
    game, within `MAX_IMAGES` (see the module docstring), and keep it alone in
    `message.chart` for the standings posted out of a thread. Without it if it could
    not be drawn (logged: the summary goes out all the same)."""
    record = await results.record(table.id)
    try:
        chart = await render_png(record_chart, record, names, language_of(locale))
    except RenderFailed:
        log.warning("table %s: the score chart could not be drawn", table.id)
        return
    message.chart = chart
    told = finished_description(table, names, locale, "chart", played)
    file = discord.File(io.BytesIO(chart), CHART_FILE, description=told)
    message.files[:] = with_chart(message.files, file)


def with_chart(files: list[discord.File], chart: discord.File) -> list[discord.File]:
    """The last message's images: the presenter's first `MAX_IMAGES` - 1 (its final
    board; Coal Baron's mines after it are left out), then the chart."""
    return [*files[: MAX_IMAGES - 1], chart]


async def send_export(interaction: Interaction, table: Table) -> None:
    """The table's record, privately; ExportBeforeEnd while it is open (it would
    reveal hidden cards)."""
    if table.status in OPEN_STATUSES:
        raise ExportBeforeEnd()
    record = await service_of(interaction).results.record(table.id)
    data = json.dumps(record, indent=2, ensure_ascii=False).encode()
    files = [discord.File(io.BytesIO(data), filename=f"{table.game}-{table.id}.json")]
    moves = len(record.get("actions", []))  # numbered as Review and the replay number them
    text = t(interaction.locale, "export.done", table=table.id, moves=moves)
    board = plugin_for(table.game).replay_board
    if table.status == TableStatus.FINISHED and board is not None:
        await defer_private(interaction)  # a replay takes a few seconds to draw
        lang = language_of(interaction.locale)
        name = f"{table.game}-{table.id}-replay.gif"
        try:  # the record goes out without the replay if it cannot be drawn
            names = await display_names(interaction.client, table, interaction.locale)
            played = await logged_move(service_of(interaction), table)
            told = await replay_description(table, record, names, interaction.locale, played)
            files.append(await image_file(name, replay_gif, record, lang, board, names,
                                          description=told))
            text = t(interaction.locale, "export.done_replay", table=table.id, moves=moves)
        except RenderFailed:
            log.warning("table %s: the replay could not be drawn", table.id)
    await send_private(interaction, text, files=files)
    await send_step_through(interaction, table)


async def send_step_through(interaction: Interaction, table: Table) -> None:
    """After the export of a long finished game in its channel: its replay step by step,
    from the title card (`cogs.platform.replay_steps`). Nothing if it cannot be drawn."""
    spans = await offers_step_through(interaction, table)
    if not spans:
        return
    try:
        text, file, view = await step_message(interaction, table, 0, spans)
    except RenderFailed:
        log.warning("table %s: the replay's title card could not be drawn", table.id)
        return
    await send_private(interaction, text, file=file, view=view)


class ExportButton(TableItem[Button], prefix=EXPORT, versioned=False, arg=None):
    """On a finished game's summary: its record, to the clicker only."""

    kept_at_end = True

    answers_privately = True

    async def run(self, interaction: Interaction) -> None:
        table = await service_of(interaction).tables.get_table(self.table_id)
        await send_export(interaction, table)


SUMMARY_ITEMS = (ExportButton, *REPLAY_ITEMS)
