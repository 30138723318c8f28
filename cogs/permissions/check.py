"""The one check of the bot's permissions where it is about to post; see the package.

The permissions come with the interaction (`Interaction.app_permissions`, no
request) for its own channel; for another channel (an invitation's target, a
rematch's parent channel) they are computed from the cached overwrites
(`permissions_for` the bot's member). A thread takes its permissions from its
parent channel, so the moderator is sent there.

This module imports nothing of the platform (`.importlinter`): the platform's
entry points import it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.i18n import LocaleLike, joined, t
from bot.service.errors import UserError

TABLE_NEEDS = (
    "view_channel", "send_messages", "attach_files", "embed_links", "read_message_history",
)
"""What a table needs where it plays: read the channel, post its lobby and turns, attach
the board's images, show the scoring panels' embeds, find its live message again after
a restart. In a thread, Send Messages in Threads stands for Send Messages."""
CARD_NEEDS = ("view_channel", "send_messages")
"""What an invitation card needs (`/game invite`): a text and a button."""
THREAD_NEEDS = ("create_public_threads", "send_messages_in_threads")
"""What opening a table's own thread needs besides (`cogs.platform.threads`)."""
PERMISSION_NAMES = (
    "view_channel", "send_messages", "send_messages_in_threads", "attach_files",
    "embed_links", "read_message_history", "create_public_threads",
)
"""Every permission the bot asks for (`bot.startup.invite`), in the order they are named."""


class BotLacksPermissions(UserError):
    """The bot may not do in a channel what the command or button would make it do;
    params: `bot`, `channel` (a mention), `permissions` (their names joined in the
    user's language) and `count`."""

    key = "bot_lacks_permissions"


def needed(needs: Sequence[str], *, thread: bool, opens_thread: bool) -> list[str]:
    """The permissions of `needs` that posting in a channel (`thread`: a thread) takes,
    plus those of opening a thread there (`opens_thread`), in `PERMISSION_NAMES`'s order."""
    wanted = set(needs)
    if thread and "send_messages" in wanted:
        wanted = (wanted - {"send_messages"}) | {"send_messages_in_threads"}
    if opens_thread:
        wanted |= set(THREAD_NEEDS)
    return [name for name in PERMISSION_NAMES if name in wanted]


def missing(permissions: discord.Permissions, names: Sequence[str]) -> list[str]:
    """Those of `names` that `permissions` lack."""
    return [name for name in names if not getattr(permissions, name)]


def permission_names(names: Sequence[str], locale: LocaleLike) -> str:
    """``**Attach Files** and **Embed Links**``: the permissions as Discord's settings
    name them in `locale`'s language, joined."""
    return joined(locale, [f"**{t(locale, f'permission.{name}')}**" for name in names])


def bot_name(interaction: discord.Interaction[Any]) -> str:
    """The bot's display name on the interaction's server (its nickname there, if any)."""
    guild = interaction.guild
    me = guild.me if guild is not None else None
    if me is not None:
        return me.display_name
    user = interaction.client.user
    return user.display_name if user is not None else ""


def settings_channel(channel: Any) -> str:
    """Where a moderator changes the bot's permissions for `channel`: its parent for a
    thread (a thread has none of its own), as a mention."""
    if isinstance(channel, discord.Thread) and channel.parent_id is not None:
        return f"<#{channel.parent_id}>"
    return f"<#{channel.id}>"


def permissions_in(
    interaction: discord.Interaction[Any],
    channel: discord.abc.GuildChannel | discord.Thread | None = None,
) -> discord.Permissions:
    """The bot's permissions in `channel` (default: the interaction's, as sent with it)."""
    if channel is None or channel.id == interaction.channel_id:
        return interaction.app_permissions
    return channel.permissions_for(channel.guild.me)


def check_posting(
    interaction: discord.Interaction[Any],
    channel: discord.abc.GuildChannel | discord.Thread | None = None,
    *,
    needs: Sequence[str] = TABLE_NEEDS,
    opens_thread: bool = False,
) -> None:
    """Raise `BotLacksPermissions` (answered privately, in the user's language) if the
    bot lacks in `channel` (default: the interaction's) one of `needs`, or of opening a
    table's thread there (`opens_thread`)."""
    place: Any = interaction.channel if channel is None else channel
    permissions = permissions_in(interaction, channel)
    names = needed(needs, thread=isinstance(place, discord.Thread), opens_thread=opens_thread)
    lacking = missing(permissions, names)
    if lacking:
        raise BotLacksPermissions(
            bot=bot_name(interaction), channel=settings_channel(place),
            permissions=permission_names(lacking, interaction.locale), count=len(lacking),
        )


def thread_fallback_note(
    interaction: discord.Interaction[Any], channel: discord.TextChannel | None = None
) -> str:
    """For a table opened in a server text channel (default: the interaction's) where
    the bot may not open a table's thread: the creator's note that the table plays in
    the channel itself, which permissions it lacks and who can grant them ("" anywhere
    else: in a thread, a table plays in it by design)."""
    place: Any = channel or interaction.channel
    if not isinstance(place, discord.TextChannel):
        return ""
    lacking = missing(permissions_in(interaction, place), THREAD_NEEDS)
    if not lacking:
        return ""
    locale = interaction.locale
    return t(locale, "permission.thread_fallback", bot=bot_name(interaction),
             channel=settings_channel(place), count=len(lacking),
             permissions=permission_names(lacking, locale))
