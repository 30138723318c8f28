"""What simcord does not model of a server changing under the bot, modelled as Discord
behaves (issue 41).

- A bot's removal: simcord's `remove_guild` deletes the server's channels, which a real
  removal does not: Discord keeps them and answers the bot 403 50001 Missing Access for
  anything there, and sends it GUILD_DELETE. `remove_bot` does that: the bot's member
  is taken away (simcord then answers 50001 for the server's channels) and GUILD_DELETE
  is sent; the channels, threads and messages stay.
- The bot invited back: Discord adds its member again (with its managed role) and sends
  GUILD_CREATE with the whole server, without the ``unavailable`` field (which it sets
  to false only for a server back from an outage; discord.py then dispatches
  ``guild_available``, not ``guild_join``); `invite_bot_back` does that.
"""

from __future__ import annotations

import simcord
from simcord.backend import serializers


def remove_bot(env: simcord.Env, guild: simcord.GuildHandle) -> list[int]:
    """The bot removed from `guild` as Discord removes it (see the module); the role ids
    its member had, for `invite_bot_back`."""
    backend = env.backend
    stored = backend.get_guild(guild.id)
    member = stored.members.pop(backend.bot_user.id)
    backend.emit("GUILD_DELETE", {"id": str(guild.id)})
    return list(member.role_ids)


def invite_bot_back(env: simcord.Env, guild: simcord.GuildHandle, roles: list[int]) -> None:
    """The bot invited back to `guild` with its managed role `roles` (see the module)."""
    backend = env.backend
    backend.add_member(guild.id, backend.bot_user.id, roles=roles)
    payload = dict(serializers.guild_create_payload(backend, backend.get_guild(guild.id)))
    payload.pop("unavailable", None)  # a server joined, not one back from an outage
    backend.emit("GUILD_CREATE", payload)
