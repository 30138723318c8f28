"""Helpers to play Coal Baron through the real bot in simcord.

`CoalWorld` is a server with four players and a spectator; the Coal Baron
extension is loaded if the bot does not load it already. The table's seed is
fixed by patching the service's random source, so a game always deals the same.
`Player` picks legal moves from the table's state with a seeded policy and plays
them through the bot: slash commands, the turn components and the panels.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import discord
import simcord

from bot.games.coal_baron.actions import End, Place
from bot.games.coal_baron.components import SPACE_INDEX, SPACES
from bot.games.coal_baron.state import CoalBaronState
from bot.service import GameService, Table
from tests.discord_support import custom_ids, lobby_id

EXTENSION = "cogs.coal_baron"
NAMES = ("alice", "bob", "dave", "erin")


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


async def coal_world(env: simcord.Env) -> CoalWorld:
    if EXTENSION not in env.bot.extensions:
        await env.bot.load_extension(EXTENSION)
    await env.bot.tree.sync()
    guild = env.create_guild(name="mines")
    channel = guild.create_text_channel("coal")
    players = [guild.add_member(env.create_user(name)) for name in NAMES]
    spectator = guild.add_member(env.create_user("sam"))
    return CoalWorld(env, guild, channel, players, spectator)


def state_of(table: Table) -> CoalBaronState:
    assert isinstance(table.state, CoalBaronState)
    return table.state


def component_id(message: discord.Message, prefix: str) -> str:
    return next(i for i in custom_ids(message) if i.startswith(prefix))


def extraction_line(state: CoalBaronState, seat: int, space: str, rng: random.Random) -> list[str]:
    """A random but purposeful extraction from `space`: load what can be loaded,
    otherwise take cubes, move the cage, and end when nothing useful is left."""
    trial = state.copy()
    steps = [space]
    trial.apply(seat, Place(space))
    while seat in trial.to_act() and trial.pending is not None:
        legal = trial.legal_actions(seat)
        loads = [a for a in legal if type(a).__name__ == "Load"]
        takes = [a for a in legal if type(a).__name__ == "Take"]
        cages = [a for a in legal if type(a).__name__ == "Cage"]
        stows = [a for a in legal if type(a).__name__ == "Stow"]
        pool = loads or takes or (stows if rng.random() < 0.3 else []) or cages
        action = rng.choice(pool) if pool and rng.random() < 0.9 else End()
        steps.append(trial.format_action(action))
        trial.apply(seat, action)
    return steps


def space_kind(space: str) -> str:
    return SPACES[SPACE_INDEX[space]].kind
