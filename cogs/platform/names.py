"""Players' display names for the images: the server's members, looked up per table.

Images name players by their display name on the server (nickname first): the
member cache's (empty without the Server Members intent), else the name the bot
kept when they last played or were last looked up (`cogs.platform.server_names`),
else fetched from Discord; a member found by none (left the server) gets "": the
renderers then draw their numbered stand-in ("Player 2"), as for a name made
only of glyphs the fonts lack. A computer seat is named short in the images, where
room is short ("Computer 1" / "Ordinateur 1", `computer_short_name`: the number tells
the computers apart, and an image that must cut it keeps the number,
`renderer.names.fit_apart`); the texts add its level ("Computer 1 (easy)" /
"Ordinateur 1 (facile)", `computer_name`). Both in the server's language. Texts name
players with mentions, which Discord shows as display names; only the players to
act are pinged (`allowed_mentions`).

The names found are remembered (a bounded cache), so the private panels a turn
builder redraws without an interaction at hand (`known_names`) use them too.
"""

from __future__ import annotations

from typing import Protocol

import discord

from bot.i18n import LocaleLike, t
from bot.service import Table
from bot.service.computers import computer_level
from cogs.membership.lookup import remember
from cogs.platform.host import host_of
from cogs.platform.server_names import remember_names, stored_names

REMEMBERED = 10_000
"""At most this many users' names are remembered; the oldest are forgotten first."""

_remembered: dict[int, str] = {}


def computer_name(user_id: int, locale: LocaleLike = None) -> str | None:
    """A computer seat's name in words, as texts and images both name it; None for a
    person."""
    level = computer_level(user_id)
    if level is None:
        return None
    level_name = t(locale, f"computer.level.{level}")
    return t(locale, "computer.name", number=-user_id // 10, level=level_name)


def computer_short_name(user_id: int, locale: LocaleLike = None) -> str | None:
    """A computer seat's name in the images, without its level ("Computer 1"); None for
    a person."""
    if computer_level(user_id) is None:
        return None
    return t(locale, "computer.short", number=-user_id // 10)


def mention(user_id: int, locale: LocaleLike = None) -> str:
    """A person's mention, or a computer seat's name in words (never a mention)."""
    return computer_name(user_id, locale) or f"<@{user_id}>"


def cached_name(guild: discord.Guild | None, user_id: int) -> str:
    """`user_id`'s display name from the member cache ("" if not there: always, without
    the Server Members intent)."""
    member = guild.get_member(user_id) if guild is not None else None
    return member.display_name if member is not None else ""


async def member_name(guild: discord.Guild | None, user_id: int) -> str:
    """`user_id`'s display name on `guild`, fetched if not cached; "" if unknown
    (and for a computer seat, which is no member: its image name is the stand-in)."""
    if guild is None or computer_level(user_id) is not None:
        return ""
    if name := cached_name(guild, user_id):
        return name
    try:
        member = await guild.fetch_member(user_id)
    except discord.HTTPException:
        return ""
    return member.display_name


async def display_names(
    client: discord.Client, table: Table, locale: LocaleLike = None
) -> tuple[str, ...]:
    """Each seat's display name, in seat order ("" where unknown): from the member
    cache, else the name the bot kept (`cogs.platform.server_names`), else fetched
    from Discord (then kept: a table's turns do not fetch the same members again);
    a computer's short name in `locale`'s words (`computer_short_name`)."""
    guild = client.get_guild(table.guild_id) if table.guild_id is not None else None
    humans = [user for user in dict.fromkeys(table.seats) if computer_level(user) is None]
    found = {user: cached_name(guild, user) for user in humans}
    unknown = [user for user in humans if not found[user]]
    if unknown:
        found |= await stored_names(client, table.guild_id, unknown)
        fetched = {user: await member_name(guild, user) for user in unknown if not found.get(user)}
        await remember_names(client, table.guild_id, fetched)
        found |= fetched
        if guild is not None:  # found on the server now: not looked up again for a while
            now = host_of(client).service.now()
            for user in (user for user, name in fetched.items() if name):
                remember(guild.id, user, now)
    names = tuple(
        computer_short_name(user, locale) or found.get(user, "") for user in table.seats
    )
    for user, name in zip(table.seats, names, strict=True):
        _remembered.pop(user, None)
        _remembered[user] = name
    while len(_remembered) > REMEMBERED:
        del _remembered[next(iter(_remembered))]
    return names


class Seated(Protocol):
    """Whatever says who sits where: a `Table`, or its public facts."""

    @property
    def seats(self) -> tuple[int, ...]: ...


def known_names(table: Seated) -> tuple[str, ...]:
    """Each seat's display name as last looked up by `display_names` ("" if never)."""
    return tuple(_remembered.get(user, "") for user in table.seats)
