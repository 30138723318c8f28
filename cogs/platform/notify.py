"""How a table tells a player it is their turn: a ping (the default), a direct
message instead, or nothing (``/game pings mode:ping|dm|off``, per player and per
table; docs/platform.md, "Pings").

A turn message and a reminder ping only the players who must act now
(`cogs.platform.posting.pings`), minus those who chose ``dm`` or ``off``:
the message still names them. Those who chose ``dm`` get a direct message with a
link to the turn message instead. The reminders by direct message of
``/game dm`` (every table, off by default) are separate: a player with ``off``
here and ``/game dm`` on still gets reminders by direct message; ``dm`` here
sends the reminders of this table by direct message whatever ``/game dm`` says.
A direct message that cannot be delivered (closed DMs) is skipped quietly.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping

import discord

from bot.i18n import LocaleLike, t
from bot.service import Table
from bot.storage import PingMode
from cogs.platform.digest import digest
from cogs.platform.host import service_of
from cogs.platform.items import Interaction
from cogs.platform.presenter import game_name
from cogs.platform.replies import send_private

log = logging.getLogger(__name__)


def by_dm(table: Table, modes: Mapping[int, PingMode]) -> list[int]:
    """The players to act now who asked to be told by direct message."""
    return [user for user in table.users_to_act() if modes.get(user) == PingMode.DM]


async def send_dm(client: discord.Client, user_id: int, text: str, table: Table) -> None:
    """`text` to `user_id` by direct message; a user who closed them just misses it."""
    try:
        user = client.get_user(user_id) or await client.fetch_user(user_id)
        await user.send(text)
    except discord.HTTPException:
        log.info("table %s: could not send a direct message to user %s", table.id, user_id)


async def tell_turn_by_dm(
    client: discord.Client,
    table: Table,
    users: Iterable[int],
    link: str,
    locale: LocaleLike,
) -> None:
    """Tell `users` by direct message that it is their turn, with a link to the turn and
    what happened since their last turn (`cogs.platform.digest`)."""
    text = t(locale, "dm.turn", game=game_name(locale, table.game), table=table.id, link=link)
    for user in users:
        seat = table.seat_of(user)
        since = await digest(client, table, seat, locale) if seat is not None else ""
        await send_dm(client, user, f"{text}\n\n{since}" if since else text, table)


async def set_ping_mode(interaction: Interaction, table: Table, mode: str) -> None:
    """``/game pings``: the user's ping mode at the channel's table, said privately."""
    chosen = PingMode(mode)  # the command's choices are the modes (checked before)
    await service_of(interaction).preferences.set_ping_mode(table.id, interaction.user.id, chosen)
    await send_private(interaction, t(interaction.locale, f"pings.set.{chosen}", table=table.id))
