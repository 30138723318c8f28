"""``/game list``: the user's tables in play on this server, theirs to play first.

Each line names the game, the table, its channel, whose turn it is and since
when, and links to the turn message (the table's live message, if this process
knows it: after a restart, until the table posts again, the link goes to the
channel). The answer is private; it works from any channel of the server.
"""

from __future__ import annotations

from bot.i18n import t
from bot.service import Table
from cogs.platform.host import service_of
from cogs.platform.items import Interaction
from cogs.platform.live import live_message_id
from cogs.platform.names import mention
from cogs.platform.presenter import game_name, timestamp
from cogs.platform.replies import send_private

MAX_LINES = 25
"""Tables listed at most (a message holds 2000 characters)."""


def turn_link(interaction: Interaction, table: Table) -> str:
    """A link to the table's turn message, or to its channel."""
    message = live_message_id(interaction.client, table.id)
    if message is None:
        return f"<#{table.channel_id}>"
    return f"https://discord.com/channels/{table.guild_id}/{table.channel_id}/{message}"


def table_line(interaction: Interaction, table: Table) -> str:
    locale = interaction.locale
    mine = interaction.user.id in table.users_to_act()
    waiting = " ".join(mention(user, locale) for user in table.users_to_act())
    return t(
        locale,
        "list.mine" if mine else "list.waiting",
        game=game_name(locale, table.game),
        table=table.id,
        channel=f"<#{table.channel_id}>",
        players=waiting,
        since=timestamp(table.turn_started_at),
        link=turn_link(interaction, table),
    )


async def send_my_tables(interaction: Interaction) -> None:
    assert interaction.guild_id is not None
    service = service_of(interaction)
    tables = await service.tables.tables_of(interaction.guild_id, interaction.user.id)
    locale = interaction.locale
    if not tables:
        await send_private(interaction, t(locale, "list.none"))
        return
    lines = [table_line(interaction, table) for table in tables[:MAX_LINES]]
    if len(tables) > MAX_LINES:
        lines.append(t(locale, "list.more", count=len(tables) - MAX_LINES))
    await send_private(interaction, "\n".join([t(locale, "list.title"), *lines]))
