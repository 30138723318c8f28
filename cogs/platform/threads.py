"""A thread per table: where the bot may, ``/game new`` opens the table in a new
public thread of the channel, so one channel hosts many tables.

The table's channel is then the thread (`Table.channel_id` holds its id): the
lobby, the turns, the reminders and every command of the table live there. The
bot needs Create Public Threads and Send Messages in Threads in the channel;
without them, in a thread already, or in anything but a server text channel,
the table plays in the channel itself, as before (`thread_parent`).

When the game ends, the final standings are posted in the parent channel (one
message, linking to the thread) and the thread is archived; an abandoned
table's thread is archived too (`close_thread`). A thread the bot may not
archive is left to Discord's own archiving after a week without messages.
"""

from __future__ import annotations

import io
import logging
from typing import Any, Literal

import discord

from bot.games.base import ranked_seats
from bot.i18n import LocaleLike, t
from bot.service import ActResult, Table, TableStatus
from cogs.places.signal import report_if_gone
from cogs.platform.items import Interaction
from cogs.platform.names import known_names, mention
from cogs.platform.presenter import game_name
from cogs.platform.summary import CHART_FILE
from cogs.platform.summary_alt import finished_description

log = logging.getLogger(__name__)

ARCHIVE_AFTER_MINUTES: Literal[10080] = 10080
"""Discord archives a thread after this long without messages (a week, its longest);
a message of the bot opens it again."""
THREAD_NAME_LIMIT = 100


def thread_parent(interaction: Interaction) -> discord.TextChannel | None:
    """The channel where `/game new` may open a thread, or None to play in place: in a
    server text channel (not a thread, not a DM) where the bot may create public
    threads and write in them."""
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        return None
    return channel if threads_allowed(interaction.app_permissions) else None


def threads_allowed(permissions: discord.Permissions) -> bool:
    """Whether the bot's `permissions` in a channel let it open a table's thread there."""
    return permissions.create_public_threads and permissions.send_messages_in_threads


async def open_thread(parent: discord.TextChannel, game: str, creator: str) -> discord.Thread:
    """A new public thread of `parent` for a table of `game` opened by `creator`."""
    name = f"{game_name(parent.guild.preferred_locale, game)} · {creator}"
    return await parent.create_thread(
        name=name[:THREAD_NAME_LIMIT],
        type=discord.ChannelType.public_thread,
        auto_archive_duration=ARCHIVE_AFTER_MINUTES,
    )


async def table_channel(client: discord.Client, table: Table) -> Any:
    """The channel or thread the table plays in; None if the bot cannot see it any more
    (if it is gone, deleted while the bot was stopped, its table then ends:
    `cogs.places`)."""
    channel: Any = client.get_channel(table.channel_id)
    if channel is None:
        try:
            channel = await client.fetch_channel(table.channel_id)
        except discord.HTTPException as error:
            report_if_gone(client, table.channel_id, error)
            return None
    return channel


async def table_thread(client: discord.Client, table: Table) -> discord.Thread | None:
    """The thread the table plays in, or None if it plays in a channel."""
    channel = await table_channel(client, table)
    return channel if isinstance(channel, discord.Thread) else None


def standings_text(table: Table, locale: LocaleLike, link: str) -> str:
    """The parent channel's message at the end: the ranks, scores and a link to the game."""
    assert table.state is not None
    outcome = table.state.outcome()
    assert outcome is not None
    lines = [t(locale, "thread.over", game=game_name(locale, table.game), table=table.id)]
    for seat, place in ranked_seats(outcome):
        rank = place + 1
        player = mention(table.seats[seat], locale)
        lines.append(t(locale, "thread.standing", rank=rank, player=player,
                       score=outcome.scores[seat]))
    lines.append(t(locale, "thread.link", link=link))
    return "\n".join(lines)


async def close_thread(
    client: discord.Client, table: Table, locale: LocaleLike, chart: bytes | None = None,
    played: ActResult | None = None,
) -> None:
    """At a finished or abandoned table playing in a thread: post the standings in the
    parent channel (finished only; naming players without pinging them; with the score
    `chart`, PNG, if given), then archive the thread. Failures are logged: the game
    itself is over and stored. (Who else must know the table ended, a tournament,
    hears it from the service: `bot.service.life.TableEnded`.)"""
    if table.status not in (TableStatus.FINISHED, TableStatus.ABANDONED):
        return
    thread = await table_thread(client, table)
    if thread is None:
        return
    try:
        parent = thread.parent or await client.fetch_channel(thread.parent_id)
        if table.status == TableStatus.FINISHED and isinstance(parent, discord.TextChannel):
            text = standings_text(table, locale, thread.jump_url)
            told = finished_description(table, known_names(table), locale, "chart", played)
            files = [] if chart is None else [
                discord.File(io.BytesIO(chart), CHART_FILE, description=told)]
            await parent.send(text, files=files, allowed_mentions=discord.AllowedMentions.none())
        await thread.edit(archived=True)
    except discord.HTTPException:
        log.warning("table %s: could not close its thread %s", table.id, thread.id, exc_info=True)
