"""Helpers to play Coal Baron through the real bot in simcord.

`CoalWorld` is a server with four players and a spectator (the bot hosts
Coal Baron through its plugin). The table's seed is
fixed by patching the service's random source, so a game always deals the same.
`Player` picks legal moves from the table's state with a seeded policy and plays
them through the bot: slash commands, the turn components and the panels.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import discord
import pytest
import simcord
from discord.ext import commands

from bot.games.coal_baron.actions import Action, Cage, End, Load, Place, Stow, Take
from bot.games.coal_baron.components import SPACE_INDEX, SPACES
from bot.games.coal_baron.state import CoalBaronState
from bot.service import GameService, Table
from tests.discord_support import custom_ids, lobby_id, plain_channel

SEED = 20261126
NAMES = ("alice", "bob", "dave", "erin")


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables get the same deal every run (the service draws seeds with `secrets`).
    Autouse in the test modules that import it."""
    monkeypatch.setattr("bot.service.secrets.randbits", lambda bits: SEED)


def attachment_names(message: discord.Message) -> list[str]:
    return [a.filename for a in message.attachments]


def panel(result: simcord.InteractionResult, prefix: str) -> simcord.ResponseMessage:
    """The ephemeral panel (its components start with `prefix`) in `result`'s answers."""
    for message in (result.response, *result.followups):
        if message is None or not message.ephemeral:
            continue
        ids = [c.get("custom_id", "") for row in message.components for c in row["components"]]
        if any(i.startswith(prefix) for i in ids):
            return message
    raise AssertionError(f"no panel {prefix!r} in {result!r}")


@dataclass
class CoalWorld:
    env: simcord.Env
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    players: list[simcord.MemberActor]
    spectator: simcord.MemberActor
    seats: dict[int, simcord.MemberActor] = field(default_factory=dict)
    table_id: int = 0

    @property
    def service(self) -> GameService:
        service: GameService = self.env.bot.service  # type: ignore[attr-defined]
        return service

    def last(self) -> discord.Message:
        message = self.channel.last_message
        assert message is not None
        return message

    async def table(self) -> Table:
        return await self.service.get_table(self.table_id)

    async def start(self, count: int) -> discord.Message:
        """Open a Coal Baron table with the first `count` players, start it."""
        creator = self.players[0]
        result = await creator.slash(self.channel, "game new", game="coal-baron")
        assert not result.ephemeral
        lobby = self.last()
        for player in self.players[1:count]:
            await player.click(lobby, custom_id=lobby_id(lobby, "join"))
        await creator.click(lobby, custom_id=lobby_id(lobby, "start"))
        table = await self.service.active_table(self.channel.id)
        assert table is not None
        self.table_id = table.id
        self.seats = {seat: self.member(user) for seat, user in enumerate(table.seats)}
        return self.last()

    def member(self, user_id: int) -> simcord.MemberActor:
        return next(p for p in [*self.players, self.spectator] if p.id == user_id)


async def coal_world(env: simcord.Env, guild_locale: str | None = None) -> CoalWorld:
    bot = env.bot
    assert isinstance(bot, commands.bot.BotBase)
    await bot.tree.sync()
    guild = env.create_guild(name="mines", preferred_locale=guild_locale)
    channel = plain_channel(guild, "coal")
    players = [guild.add_member(env.create_user(name)) for name in NAMES]
    spectator = guild.add_member(env.create_user("sam"))
    return CoalWorld(env, guild, channel, players, spectator)


def state_of(table: Table) -> CoalBaronState:
    assert isinstance(table.state, CoalBaronState)
    return table.state


def component_id(message: discord.Message, prefix: str) -> str:
    return next(i for i in custom_ids(message) if i.startswith(prefix))


def next_extraction_step(legal: list[Action], rng: random.Random) -> Action:
    """A random but purposeful move: load what can be loaded, else take cubes,
    sometimes stock them, else move the cage; now and then stop early."""
    def of(kind: type) -> list[Action]:
        return [a for a in legal if isinstance(a, kind)]

    pool = of(Load) or of(Take) or (of(Stow) if rng.random() < 0.3 else []) or of(Cage)
    return rng.choice(pool) if pool and rng.random() < 0.9 else End()


def extraction_line(state: CoalBaronState, seat: int, space: str, rng: random.Random) -> list[str]:
    """A whole extraction from `space`, step by step (`next_extraction_step`)."""
    trial = state.copy()
    steps = [space]
    trial.apply(seat, Place(space))
    while seat in trial.to_act() and trial.pending is not None:
        action = next_extraction_step(trial.legal_actions(seat), rng)
        steps.append(trial.format_action(action))
        trial.apply(seat, action)
    return steps


def space_kind(space: str) -> str:
    return SPACES[SPACE_INDEX[space]].kind
