"""Who may reach a table by its number.

A table's number is public (lobby and game-over messages show it), but what a
table holds is not: its record tells every hidden card. Two rules:

- A command that takes a table number (`/game export table:`) reaches only a
  table of the current server whose channel (or thread) the user can view now;
  any other number is answered exactly as a table that does not exist, so
  numbers reveal nothing (`viewable_table`).
- A component acts only on the table of the channel it was used in
  (`check_clicked_table`, run by `cogs.platform.replies.guarded` before every component's
  work). Every custom_id of this bot starts ``<prefix>:<kind>:<table>``; one whose
  table lives elsewhere (a forged or tampered id) is answered as a missing table.
  A Join made for outside its channel (an invitation) needs only the same server
  (`check_server_table`), then a token only the bot makes and a channel the user
  can view.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.service import GameService, Table
from bot.service.errors import TableNotFound

CUSTOM_ID_TABLE = re.compile(r"[a-z]+:[a-z]+:(?P<table>\d+)(?::|$)")
"""The table number at the start of every custom_id of this bot."""

Interaction = discord.Interaction[Any]


def _service(interaction: Interaction) -> GameService:
    service = getattr(interaction.client, "service", None)
    if not isinstance(service, GameService):
        raise TypeError(f"expected the table bot, got {type(interaction.client).__name__}")
    return service


async def viewable_table(interaction: Interaction, table_id: int) -> Table:
    """Table `table_id`, if it belongs to this server and the user can view its channel now.

    Raises TableNotFound otherwise, the same answer as for a number never used.
    """
    table = await _service(interaction).tables.get_table(table_id)
    if (
        table.guild_id is None
        or table.guild_id != interaction.guild_id
        or not await can_view(interaction, table.channel_id)
    ):
        raise TableNotFound(table_id=table_id)
    return table


async def can_view(interaction: Interaction, channel_id: int) -> bool:
    """Whether the interaction's user can see channel (or thread) `channel_id` now.

    A channel needs View Channel for that member (roles and overwrites included);
    a thread needs it on its parent, and a private thread also needs the member
    to be in it (or to have Manage Threads). A channel gone or out of the bot's
    sight is seen by nobody.
    """
    guild, member = interaction.guild, interaction.user
    if guild is None or not isinstance(member, discord.Member):
        return False
    channel = guild.get_channel_or_thread(channel_id)
    try:
        if channel is None:
            fetched = await guild.fetch_channel(channel_id)
            if not isinstance(fetched, discord.abc.GuildChannel | discord.Thread):
                return False
            channel = fetched
        permissions = channel.permissions_for(member)
        if not permissions.view_channel:
            return False
        if isinstance(channel, discord.Thread) and channel.is_private():
            return permissions.manage_threads or await _in_thread(channel, member)
    except (discord.HTTPException, discord.ClientException):
        return False  # deleted, or out of the bot's sight: nobody can view it
    return True


async def _in_thread(thread: discord.Thread, member: discord.Member) -> bool:
    if thread.owner_id == member.id or any(m.id == member.id for m in thread.members):
        return True
    try:
        await thread.fetch_member(member.id)
    except discord.NotFound:
        return False
    return True


async def check_clicked_table(interaction: Interaction) -> None:
    """Raise TableNotFound if the component used names a table of another channel."""
    table = await _clicked_table(interaction)
    if table is not None and table.channel_id != interaction.channel_id:
        raise TableNotFound(table_id=table.id)


async def check_server_table(interaction: Interaction) -> None:
    """Raise TableNotFound if the component used names a table of another server: the
    rule of a Join made to be clicked outside its table's channel
    (`cogs.platform.invitations`), which then checks the rest."""
    table = await _clicked_table(interaction)
    if table is not None and (table.guild_id is None or table.guild_id != interaction.guild_id):
        raise TableNotFound(table_id=table.id)


async def _clicked_table(interaction: Interaction) -> Table | None:
    """The table the used component's custom_id names (None for an id naming none)."""
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = data.get("custom_id")
    match = CUSTOM_ID_TABLE.match(custom_id) if isinstance(custom_id, str) else None
    if match is None:
        return None
    return await _service(interaction).tables.get_table(int(match["table"]))
