"""The link that adds the bot to a server, with the permissions it needs in the
game channels (the README's step 5 shows the same link; a test keeps them equal).

Each permission and why: docs/deploy.md, "Permissions the bot needs" (a test keeps
its table equal to `PERMISSIONS`, and to what the bot checks before it plays in a
channel, `cogs.permissions.check.PERMISSION_NAMES`).
"""

from __future__ import annotations

import discord

PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
    create_public_threads=True,
    send_messages_in_threads=True,
)


def invite_url(application_id: int | str) -> str:
    """The invite link of the application `application_id`."""
    return (
        f"https://discord.com/oauth2/authorize?client_id={application_id}"
        f"&scope=bot+applications.commands&permissions={PERMISSIONS.value}"
    )
