"""Helpers for the simcord tests of the Discord layer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord
import pytest
import simcord
import simcord.interactions as simcord_interactions

from bot.app import TableBot, create_bot
from bot.config import Settings


@dataclass
class TableWorld:
    """A server to play in: `alice` and `bob` will play, `carol` only watches."""

    env: simcord.Env
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    alice: simcord.MemberActor
    bob: simcord.MemberActor
    carol: simcord.MemberActor

    def last(self) -> discord.Message:
        """The channel's latest public message."""
        message = self.channel.last_message
        assert message is not None
        return message

    async def open_lobby(self, game: str = "tiny", **options: Any) -> discord.Message:
        """alice opens a table; returns the lobby message."""
        result = await self.alice.slash(self.channel, "game new", game=game, **options)
        assert not result.ephemeral
        return self.last()

    async def start_tiny(self, **options: Any) -> discord.Message:
        """alice and bob sit at a tiny table and alice starts it; returns the turn message."""
        lobby = await self.open_lobby("tiny", **options)
        await self.bob.click(lobby, custom_id=lobby_id(lobby, "join"))
        await self.alice.click(lobby, custom_id=lobby_id(lobby, "start"))
        return self.last()


def custom_ids(message: discord.Message) -> list[str]:
    """The custom_id of every button and select of a message, in order."""
    ids = []
    for row in message.components:
        for child in getattr(row, "children", [row]):
            custom_id = getattr(child, "custom_id", None)
            if custom_id:
                ids.append(custom_id)
    return ids


def lobby_id(lobby: discord.Message, what: str) -> str:
    """The custom_id of the lobby's `what` button (join, leave, start)."""
    return next(i for i in custom_ids(lobby) if i.endswith(f":{what}"))


def action_id(message: discord.Message, notation: str) -> str:
    """The custom_id of the action button playing `notation`."""
    ids = custom_ids(message)
    return next(i for i in ids if i.startswith("mt:act:") and i.endswith(f":{notation}"))


def answers(result: simcord.InteractionResult) -> list[simcord.ResponseMessage]:
    """Every message the bot answered an interaction with: response, then follow-ups."""
    return [m for m in (result.response, *result.followups) if m is not None]


def private_texts(result: simcord.InteractionResult) -> list[str]:
    """The texts of the ephemeral answers of an interaction (a panel edited in place
    after its click was acknowledged may have none)."""
    return [m.content for m in answers(result) if m.ephemeral and m.content]


def public_texts(result: simcord.InteractionResult) -> list[str]:
    """The texts of the answers of an interaction that everyone sees."""
    return [m.content for m in answers(result) if not m.ephemeral]


def private_text(result: simcord.InteractionResult) -> str:
    """The text of an ephemeral answer (response or follow-up); fails if it was public."""
    private = private_texts(result)
    assert private, f"no ephemeral answer in {result!r}"
    return "\n".join(private)


def reminders(world: TableWorld) -> list[discord.Message]:
    """The reminder messages posted in the channel so far."""
    return [m for m in world.channel.history() if m.content.startswith("⏰")]


async def restart(world: TableWorld, settings: Settings, *, clean: bool = True) -> TableBot:
    """Replace the bot by a new one on the same database file, as a process restart would.

    `clean` closes the old bot and its database first; otherwise the old bot is just
    dropped, as after a kill -9 (its connection is closed afterwards, only to free it).
    """
    old = world.env.bot
    if clean:
        await old.close()
    new = create_bot(settings)
    await world.env.restart_bot(new)
    if not clean:
        await old.close()
    return new


def speak_french(monkeypatch: pytest.MonkeyPatch, *users: simcord.MemberActor) -> None:
    """Make the interactions of `users` arrive with the French locale (simcord sends en-US)."""
    original = simcord_interactions.base_payload
    french = {user.id for user in users}

    def base_payload(*args: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = original(*args, **kwargs)
        if kwargs["user_id"] in french:
            payload["locale"] = "fr"
        return record, payload

    monkeypatch.setattr(simcord_interactions, "base_payload", base_payload)


SLOW_SECONDS = 4
"""Longer than Discord waits for the first answer to an interaction (3 s)."""


def slow(env: simcord.Env, render: Callable[..., Any]) -> Callable[..., Any]:
    """`render` (a renderer or `render_in_thread`), taking `SLOW_SECONDS` of simcord's clock:
    an interaction answered only after it is lost (10062 Unknown interaction)."""

    def slowly(*args: Any) -> Any:
        env.backend.advance_clock(SLOW_SECONDS)
        return render(*args)

    return slowly
