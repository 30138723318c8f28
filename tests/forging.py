"""Interactions as a hostile client sends them: values Discord's own client never would.

simcord checks every option against its declaration (choices, ranges, types), as
Discord's client does; nothing binds another client to those checks. These
helpers build the wire payload by hand and hand it to simcord's dispatcher, so
the bot's own checks are what is tested. They rely on simcord internals
(`Backend.find_command`, `MemberActor._dispatch_interaction`), pinned by the
`simcord>=3.2,<4` requirement.

Forged components: Discord delivers a click only for a component present on the
message, so `forged_component` first has the bot post a message carrying a
button (or a select with the forged values) under the forged custom_id, then
clicks it as a user; the bot's persistent items answer it as any other click.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
import simcord
import simcord.interactions as simcord_interactions
from simcord.enums import InteractionType

APPLICATION_COMMAND = 1
"""A slash command (`data.type`)."""
FORGED_TEXT = "forged"
"""The text of the message carrying a forged component (until the bot edits it)."""


async def forged_slash(
    actor: simcord.MemberActor,
    channel: simcord.ChannelHandle,
    name: str,
    options: Sequence[Any],
) -> simcord.InteractionResult:
    """Invoke slash command `name` ("game new") with `options` as raw wire options
    (``{"name": ..., "type": ..., "value": ...}``, or anything else), unchecked."""
    env = actor._env
    parts = name.split()
    root = env.backend.find_command(parts[0], actor.guild.id, type=APPLICATION_COMMAND)
    assert root is not None, f"/{parts[0]} is not synced"
    _leaf, nesting = simcord_interactions.walk_to_subcommand(root, parts[1:])
    data: dict[str, Any] = {
        "id": root["id"],
        "name": root["name"],
        "type": APPLICATION_COMMAND,
        "options": simcord_interactions.nest_options(root, nesting, list(options)),
    }
    if root.get("guild_id"):
        data["guild_id"] = root["guild_id"]
    result: simcord.InteractionResult = await actor._dispatch_interaction(
        InteractionType.APPLICATION_COMMAND, channel, data
    )
    return result


async def forged_component(
    env: simcord.Env,
    actor: simcord.MemberActor,
    channel: simcord.ChannelHandle,
    custom_id: str,
    values: Sequence[str] | None = None,
) -> simcord.InteractionResult:
    """Click a button with `custom_id` (or choose `values` in a select with it)."""
    view = discord.ui.View(timeout=None)
    if values is None:
        view.add_item(discord.ui.Button(label="forged", custom_id=custom_id))
    else:
        options = [discord.SelectOption(label=v[:100] or "-", value=v) for v in values]
        view.add_item(discord.ui.Select(custom_id=custom_id, options=options))
    target = env.bot.get_channel(channel.id)
    assert isinstance(target, discord.abc.Messageable)
    message = await target.send(FORGED_TEXT, view=view)
    view.stop()  # only the bot's persistent items may answer the click
    if values is None:
        return await actor.click(message, custom_id=custom_id)
    return await actor.select(message, list(values), custom_id=custom_id)
