"""A click on a control of an ended table (an old lobby post, turn message, reminder,
invitation or private answer, kept by a client or forged): answered, privately, how
and when the table ended with a link to its last message; nothing changes.

Run by every table component (`cogs.platform.items.TableItem`) after its origin is
checked, before its work; only the controls of a finished game's end (Rematch,
Export, Review, the replay's steps, drawing its images again) work on after it.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.service import Table, TableStatus
from bot.service.errors import UserError
from bot.storage.table_settings import PLACE_GONE, ended_because
from cogs.ended.words import how_it_ended, when_it_ended
from cogs.platform.host import host_of, service_of


class TableEnded(UserError):
    """The clicked control's table has ended (`params`: table, how, when, link)."""

    key = "table_ended"


async def check_open(
    interaction: discord.Interaction[Any], table_id: int, *, kept_at_end: bool
) -> None:
    """Raise `TableEnded` if the table has ended (abandoned; or finished, unless the
    control is one of its end's, `kept_at_end`)."""
    table = await service_of(interaction).tables.get_table(table_id)
    if table.status == TableStatus.ABANDONED or (
        table.status == TableStatus.FINISHED and not kept_at_end
    ):
        locale = interaction.locale
        raise TableEnded(
            table=table.id, how=how_it_ended(table, locale), when=when_it_ended(table),
            link=await last_link(interaction.client, table),
        )


async def last_link(client: discord.Client, table: Table) -> str:
    """A link to the table's last message; its channel if none is kept (a table ended
    before messages were kept) or its place is gone."""
    last = await host_of(client).service.messages.last(table.id)
    if last is None or ended_because(table) == PLACE_GONE:
        return f"<#{table.channel_id}>"
    channel = client.get_partial_messageable(last.channel_id, guild_id=table.guild_id)
    return channel.get_partial_message(last.message_id).jump_url
