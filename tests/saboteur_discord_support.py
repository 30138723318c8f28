"""Helpers for the simcord tests of Saboteur in Discord.

`SabWorld` is a server where alice, bob and carol sit at a seeded Saboteur
table (seats 0, 1, 2 = P1, P2, P3) and dave only watches. The table is opened
through the service so the seed is known, then joined and started with the
real `/game` commands.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord
import simcord

from bot.app import TableBot
from bot.games.saboteur import SaboteurState
from bot.games.saboteur.actions import (
    Action,
    BreakTool,
    Discard,
    Peek,
    PlacePath,
    RepairTool,
    Rockfall,
    TakeGold,
)
from bot.i18n import t
from bot.service import Table
from cogs.saboteur.choices import sab_state
from tests.conftest import REMINDER_MINUTES
from tests.discord_support import (
    CompleteGame,
    bot_of,
    build_turn,
    last_message,
    live_messages,
    suggested,
)
from tests.saboteur_support import digger_play

MEMBER_NAMES = ("alice", "bob", "carol", "dave")
AfterMove = Callable[[], Awaitable[None]]
"""Awaited after each move of a complete game (the generic checks of every game)."""

@dataclass
class SabWorld:
    env: simcord.Env
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    alice: simcord.MemberActor
    bob: simcord.MemberActor
    carol: simcord.MemberActor
    dave: simcord.MemberActor
    table_id: int = 0
    first_turn_id: int = 0
    """The message that started the game: every later message is a turn's."""
    language: str = "en"
    read: list[str] = field(default_factory=list)
    """The autocomplete names ``/sab play`` offered (`by_command`), for `PlayerReading`."""

    @property
    def bot(self) -> TableBot:
        bot = self.env.bot
        assert isinstance(bot, TableBot)
        return bot

    @property
    def players(self) -> list[simcord.MemberActor]:
        """The seated members, in seat order."""
        return [self.alice, self.bob, self.carol]

    def last(self) -> discord.Message:
        return last_message(self.channel)

    def public_messages(self) -> list[discord.Message]:
        """Every message of the channel that everyone sees."""
        return [m for m in self.channel.history() if not m.flags.ephemeral]

    async def table(self) -> Table:
        return await self.bot.service.tables.get_table(self.table_id)

    async def state(self) -> SaboteurState:
        return sab_state(await self.table())

    async def to_act(self) -> simcord.MemberActor:
        (seat,) = (await self.state()).to_act()
        return self.players[seat]

    async def start(self, seed: int) -> discord.Message:
        """Open a table with `seed`, seat bob and carol, start; returns the first turn message."""
        table = await self.bot.service.tables.open_table(
            guild_id=self.guild.id,
            channel_id=self.channel.id,
            game="saboteur",
            creator_id=self.alice.id,
            reminder_minutes=REMINDER_MINUTES,
            seed=seed,
        )
        self.table_id = table.id
        await self.bob.slash(self.channel, "game join")
        await self.carol.slash(self.channel, "game join")
        await self.alice.slash(self.channel, "game start")
        first = self.last()
        self.first_turn_id = first.id
        return first


async def sab_world(env: simcord.Env, locale: str | None = None) -> SabWorld:
    """A server whose language is `locale` (English by default), commands synced."""
    await bot_of(env).tree.sync()
    guild = env.create_guild(name="mines", preferred_locale=locale)
    channel = guild.create_text_channel("saboteur")
    members = [guild.add_member(env.create_user(name)) for name in MEMBER_NAMES]
    alice, bob, carol, dave = members
    return SabWorld(env, guild, channel, alice, bob, carol, dave, language=locale or "en")


def member_names(state: SaboteurState) -> tuple[str, ...]:
    """The display names the bot draws: the seated members of `sab_world`, in seat order."""
    return MEMBER_NAMES[: state.players]


def seed_where(test: Callable[[SaboteurState], bool], players: int = 3) -> int:
    """The first seed whose starting position passes `test`."""
    return next(seed for seed in range(1, 10_000) if test(SaboteurState.new(players, seed)))


def component(message: simcord.ResponseMessage, prefix: str) -> dict[str, Any]:
    """The first button or select of `message` whose custom_id starts with `prefix`."""
    for row in message.components:
        for child in row["components"]:
            if str(child.get("custom_id", "")).startswith(prefix):
                return dict(child)
    raise AssertionError(f"no component {prefix!r} in {message.components}")


async def hand_panel(w: SabWorld, actor: simcord.MemberActor) -> simcord.ResponseMessage:
    """`actor`'s hand view, from ``/sab hand``."""
    hand = (await actor.slash(w.channel, "sab hand")).response
    assert hand is not None
    return hand


async def play_from_hand(w: SabWorld, actor: simcord.MemberActor, card: str, notation: str) -> None:
    """`actor` opens their hand, chooses `card`, then the play `notation`, and confirms."""
    await build_turn(actor, await hand_panel(w, actor), [f"card:{card}", notation])


async def discard_from_hand(w: SabWorld, actor: simcord.MemberActor, card: str) -> None:
    """`actor` passes with the hand view's discard select."""
    await build_turn(actor, await hand_panel(w, actor), [f"discard {card}"])


async def take_from_hand(w: SabWorld, actor: simcord.MemberActor, notation: str) -> None:
    """`actor` picks a gold card with the button of their hand view (``take 3``)."""
    await build_turn(actor, await hand_panel(w, actor), [notation])


ACTION_KINDS = (PlacePath, BreakTool, RepairTool, Rockfall, Peek, Discard, TakeGold)

@dataclass
class Turn:
    """One action of a game played through the bot."""

    action: Action
    way: str
    """``by_command`` or ``by_components``."""
    before: SaboteurState
    after: SaboteurState


async def by_command(w: SabWorld, actor: simcord.MemberActor, state: SaboteurState,
                     action: Action) -> None:
    """Type the start of the notation, then send the autocomplete choice that matches."""
    notation = state.format_action(action)
    choices = await actor.autocomplete(w.channel, "sab play", "action", notation)
    w.read += [str(c["name"]) for c in choices]
    values = dict(zip(suggested(choices), (c["value"] for c in choices), strict=True))
    assert notation in values, (notation, choices)
    await actor.slash(w.channel, "sab play", action=values[notation])


async def by_components(w: SabWorld, actor: simcord.MemberActor, state: SaboteurState,
                        action: Action) -> None:
    """The hand view: a gold button, a discard, or a card then how to play it."""
    notation = state.format_action(action)
    if isinstance(action, TakeGold):
        await take_from_hand(w, actor, notation)
    elif isinstance(action, Discard):
        await discard_from_hand(w, actor, action.card)
    else:
        await play_from_hand(w, actor, action.card, notation)


async def play_game(w: SabWorld, seed: int, after_move: AfterMove | None = None) -> list[Turn]:
    """Play a whole seeded game, alternating commands and components (`after_move`, if
    given, is awaited after the start and after each move)."""
    await w.start(seed)
    if after_move is not None:
        await after_move()
    rng = random.Random(seed)
    turns: list[Turn] = []
    while (await w.table()).status == "playing":
        before = await w.state()
        (seat,) = before.to_act()
        action = digger_play(rng, before.legal_actions(seat))
        way = by_components if len(turns) % 2 else by_command
        await way(w, w.players[seat], before, action)
        after = await w.state()
        assert after.to_json() != before.to_json(), f"{before.format_action(action)} was refused"
        turns.append(Turn(action, way.__name__, before, after))
        # One live message, the newest: a turn's controls, then the end's Rematch button.
        assert [m.id for m in live_messages(w.channel)] == [w.last().id]
        if after_move is not None:
            await after_move()
    return turns


async def read_game(w: SabWorld, hook: AfterMove) -> list[Turn]:
    """`play_game` of seed 11, read as a player after each move (`PlayerReading`): no
    code in any text, and every turn's board framing the cell its move changed."""
    from tests.saboteur_reading import PlayerReading  # it builds on the complete games

    reading = PlayerReading(w, w.language)

    async def after_move() -> None:
        await hook()
        await reading()

    turns = await play_game(w, 11, after_move)
    reading.check()
    three_rounds_to_the_standings(w, await w.state(), turns)
    return turns


def three_rounds_to_the_standings(w: SabWorld, state: SaboteurState, turns: list[Turn]) -> None:
    """The game of seed 11 went three rounds to the standings, with every kind of action
    played both with `/sab play` and with the hand's components."""
    played = {(type(turn.action).__name__, turn.way) for turn in turns}
    assert state.is_over() and len(state.history) == 3
    kinds = {kind for kind, _ in played}
    assert kinds == {cls.__name__ for cls in ACTION_KINDS}
    assert played == {(kind, way.__name__) for kind in kinds for way in (by_command, by_components)}
    public = [m.content for m in w.public_messages()]
    roles = t(w.language, "sab.roles", roles="").strip()
    assert sum(roles in text for text in public) == 3
    final = public[-1]
    assert t(w.language, "sab.standings.title") in final
    outcome = state.outcome()
    assert outcome is not None
    for seat, member in enumerate(w.players):
        line = t(w.language, "sab.standings.line", rank=1, player=member.mention,
                 nuggets=outcome.scores[seat])
        assert line.split(" ", 1)[1] in final  # the line but its rank


COMPLETE_GAME = CompleteGame(sab_world, read_game, lambda w: [w.alice, w.bob, w.carol, w.dave])
"""A 3-player game of seed 11 (tests/test_discord_complete_games.py), read as a player,
three rounds to the standings."""
