"""What the cogs need from the bot that hosts them: the game service, the settings, the shards.

The cogs never import `bot.app` (the composition root imports them); they reach
the service through this protocol, which `bot.app.TableBot` implements.
"""

from __future__ import annotations

from typing import Any, Protocol, cast

import discord
from discord.ext import commands

from bot.service import GameService, Table
from bot.startup.config import Settings
from bot.storage import ShardSet


class ComputerScheduler(Protocol):
    """Plays the computer players' turns in the background
    (`cogs.platform.computers.ComputerTable`)."""

    def schedule(self, table: Table) -> None:
        """Play the computer turns due at `table`, unless that is being done."""


class CoachDesk(Protocol):
    """The coach's worker and memory (`cogs.platform.coach.TableCoach`)."""

    async def close(self) -> None: ...


class TableHost(Protocol):
    @property
    def service(self) -> GameService: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def shard_set(self) -> ShardSet:
        """The shards this process holds: its reminders are for their servers only."""
        ...

    @property
    def computers(self) -> ComputerScheduler:
        """Plays the computer players' turns in the background."""
        ...

    @property
    def coach(self) -> CoachDesk:
        """The coach's hints and notes (`cogs.platform.coach`)."""
        ...


def host_of(client: discord.Client | commands.Bot) -> TableHost:
    """`client` as the table bot; TypeError for any other client."""
    if not isinstance(getattr(type(client), "service", None), property):
        raise TypeError(f"expected the table bot (bot.app.create_bot), got {type(client).__name__}")
    return cast(TableHost, client)


def service_of(interaction: discord.Interaction[Any]) -> GameService:
    return host_of(interaction.client).service
