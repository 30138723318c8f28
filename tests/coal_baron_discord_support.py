"""Helpers to play Coal Baron through the real bot in simcord.

`CoalWorld` is a server with four players and a spectator (the bot hosts
Coal Baron through its plugin). The table's seed is
fixed by patching the service's random source, so a game always deals the same.
`Player` picks legal moves from the table's state with a seeded policy and plays
them through the bot: slash commands, the turn components and the panels.
"""

from __future__ import annotations

import random
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import discord
import pytest
import simcord
from discord.ext import commands

from bot.games.coal_baron.actions import Action, Buy, Cage, End, Load, Place, Stow, Take
from bot.games.coal_baron.components import (
    ORDER_BY_NAME,
    SPACE_INDEX,
    SPACES,
    TILE_DESIGN_BY_NAME,
)
from bot.games.coal_baron.shapes import as_view
from bot.games.coal_baron.state import CoalBaronState
from bot.i18n import t
from bot.service import GameService, Table
from cogs.coal_baron.extraction import EXTRACTION
from cogs.coal_baron.presenter import mines_file, mines_shown
from renderer.coal_baron.mines import mine_groups
from tests.coal_baron_reading import Reading, last_move_marked
from tests.discord_support import (
    CompleteGame,
    enabled_ids,
    last_message,
    live_messages,
    lobby_id,
    option_values,
    plain_channel,
    select_offering,
    step_id,
    turn_id,
)

SEED = 20261126
AfterMove = Callable[[], Awaitable[None]]
"""Awaited after each move of a complete game (the generic checks of every game)."""
NAMES = ("alice", "bob", "dave", "erin")


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables get the same deal every run (the service draws seeds with `secrets`).
    Autouse in the test modules that import it."""
    monkeypatch.setattr("bot.service.tables.secrets.randbits", lambda bits: SEED)


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
    locale: str = "en"
    """The server's language, that of the public messages."""
    seats: dict[int, simcord.MemberActor] = field(default_factory=dict)
    table_id: int = 0

    @property
    def service(self) -> GameService:
        service: GameService = self.env.bot.service  # type: ignore[attr-defined]
        return service

    def last(self) -> discord.Message:
        return last_message(self.channel)

    async def table(self) -> Table:
        return await self.service.tables.get_table(self.table_id)

    async def start(self, count: int, **options: str) -> discord.Message:
        """Open a Coal Baron table with the first `count` players (and the table
        `options`, by their command names), start it."""
        creator = self.players[0]
        result = await creator.slash(self.channel, "game new", game="coal-baron", **options)
        assert not result.ephemeral
        lobby = self.last()
        for player in self.players[1:count]:
            await player.click(lobby, custom_id=lobby_id(lobby, "join"))
        await creator.click(lobby, custom_id=lobby_id(lobby, "start"))
        table = await self.service.tables.active_table(self.channel.id)
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
    return CoalWorld(env, guild, channel, players, spectator, guild_locale or "en")


def state_of(table: Table) -> CoalBaronState:
    assert isinstance(table.state, CoalBaronState)
    return table.state


CARD_NAMES = set(TILE_DESIGN_BY_NAME) | set(ORDER_BY_NAME)
"""The notation names of the tiles and orders (`k1l`, `WKKK`)."""


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


class Driver:
    """Plays one move per call through the bot, choosing how with a seeded RNG."""

    def __init__(self, world: CoalWorld, seed: int) -> None:
        self.w = world
        self.rng = random.Random(seed)
        self.ways: dict[str, int] = {}

    def used(self, way: str) -> None:
        self.ways[way] = self.ways.get(way, 0) + 1

    async def move(self) -> int:
        """Play one move; returns how many actions it took (a draw-5 is played at
        once, then its choices: two)."""
        table = await self.w.table()
        state = state_of(table)
        seat = state.to_act()[0]
        actor = self.w.seats[seat]
        message = self.w.last()
        if state.phase == "draft":
            picks = [state.format_action(a) for a in state.legal_actions(seat)]
            select = f"mt:pick:{table.id}:{table.version}:0"
            await actor.select(message, [self.rng.choice(picks)], custom_id=select)
            self.used("draft select")
            return 1
        placement = self.choose(state, seat)
        space = placement.space
        kind = space_kind(space)
        by_component = self.rng.random() < 0.35
        if kind == "mining" and by_component:
            await self.extraction_panel(actor, message, table, space)
        elif kind == "mining":
            steps = extraction_line(state, seat, space, self.rng)
            await actor.slash(self.w.channel, "coal play", action=" ".join(steps))
            self.used("/coal play extraction")
        elif kind in ("factory-draw", "order-draw"):
            await self.draw(actor, space)
            return 2
        elif space == "bank":
            await actor.click(message, custom_id=f"mt:act:{table.id}:{table.version}:bank")
            self.used("bank button")
        elif isinstance(placement, Buy) and placement.fill:
            result = await self.pick_space(actor, message, table, space)
            await actor.select(panel(result, "cb:fill:"), [state.format_action(placement)])
            self.used("shortage select")
        elif by_component:
            await self.pick_space(actor, message, table, space)
            self.used("space select")
        else:
            await actor.slash(self.w.channel, "coal play", action=state.format_action(placement))
            self.used("/coal play")
        return 1

    def choose(self, state: CoalBaronState, seat: int) -> Place | Buy:
        legal = [a for a in state.legal_actions(seat) if isinstance(a, Place | Buy)]
        weights = [0.6 if a.space == "bank" else 1.0 for a in legal]
        return self.rng.choices(legal, weights)[0]

    async def pick_space(
        self, actor: simcord.MemberActor, message: discord.Message, table: Table, space: str
    ) -> simcord.InteractionResult:
        """Choose `space` in whichever space select of the turn message offers it."""
        for select in _ids(message):
            if select.startswith(f"cb:sp:{table.id}:{table.version}:"):
                result = await _try_select(actor, message, select, space)
                if result is not None:
                    return result
        raise AssertionError(f"{space} is in no space select")

    async def extraction_panel(
        self, actor: simcord.MemberActor, message: discord.Message, table: Table, space: str
    ) -> None:
        """Open the panel from the space select, then press moves among those it offers."""
        result = await self.pick_space(actor, message, table, space)
        shown = panel(result, "mt:turn:")
        state, seat = state_of(table), table.seats.index(actor.id)
        line = [space]
        while True:
            after = EXTRACTION.trial(state, seat, line)
            assert isinstance(after, CoalBaronState)
            if after.pending is None:
                break
            offered = set(enabled_ids(shown)) | {
                o["value"] for row in shown.components for c in row["components"]
                for o in c.get("options", [])
            }
            legal = [
                a for a in after.legal_actions(seat)
                if step_id(shown, after.format_action(a)) in offered
                or after.format_action(a) in offered
            ]
            # Only legal moves are offered (buttons and select options alike).
            button = step_id(shown, "")
            steps = {o.removeprefix(button) for o in offered if o.startswith(button)} | {
                o for o in offered if not o.startswith("mt:")
            }
            everything = {after.format_action(a) for a in after.legal_actions(seat)}
            assert steps <= everything, (steps - everything, line)
            step = after.format_action(next_extraction_step(legal, self.rng))
            if step == "end":
                break
            if step_id(shown, step) in offered:
                await actor.click(shown, custom_id=step_id(shown, step))
            else:
                await actor.select(shown, [step], custom_id=select_offering(shown, step))
            line.append(step)
        sure = turn_id(shown, "sure")
        await actor.click(shown, custom_id=turn_id(shown, "confirm"))
        if sure in enabled_ids(shown):  # moves left: asked again
            await actor.click(shown, custom_id=sure)
        self.used("extraction panel")

    async def draw(self, actor: simcord.MemberActor, space: str) -> None:
        result = await actor.slash(self.w.channel, "coal play", action=space)
        shown = panel(result, "mt:turn:")
        choice = self.rng.choice(option_values(shown))
        await actor.select(shown, [choice], custom_id=select_offering(shown, choice))
        confirm = turn_id(shown, "confirm")
        if self.rng.random() < 0.5:
            in_order = next(i for i in enabled_ids(shown) if i.startswith("mt:step:"))
            await actor.click(shown, custom_id=in_order)
        else:
            while confirm not in enabled_ids(shown):
                step = self.rng.choice(option_values(shown))
                await actor.select(shown, [step], custom_id=select_offering(shown, step))
        await actor.click(shown, custom_id=confirm)
        self.used("draw panel")


def _ids(message: discord.Message | simcord.ResponseMessage) -> list[str]:
    if isinstance(message, discord.Message):
        return [
            child.custom_id
            for row in message.components
            for child in getattr(row, "children", [row])
            if getattr(child, "custom_id", None)
        ]
    return [c.get("custom_id", "") for row in message.components for c in row["components"]]


async def _try_select(
    actor: simcord.MemberActor, message: discord.Message, select: str, value: str
) -> simcord.InteractionResult | None:
    """Choose `value` in the select `select` if it offers it."""
    menu = next(
        child
        for row in message.components
        for child in getattr(row, "children", [row])
        if getattr(child, "custom_id", None) == select
    )
    if value not in [option.value for option in menu.options]:
        return None
    return await actor.select(message, [value], custom_id=select)


def mines_of(table: Table) -> str:
    """What the mines image of `table` shows (`cogs.coal_baron.presenter.mines_shown`)."""
    assert table.state is not None
    return mines_shown(as_view(table.state.view(None)))


async def play_to_the_end(
    world: CoalWorld, players: int, after_move: AfterMove | None = None
) -> Driver:
    """A whole game of `players`, from /game new to the standings, checking each turn
    message (`after_move`, if given, is awaited after the start and after each move)."""
    members = {member.id: member.name for member in [*world.players, world.spectator]}
    reading = Reading(world.env, members)
    first = await world.start(players)
    groups = mine_groups(state_of(await world.table()).view(None))
    assert attachment_names(first) == ["board.png", *map(mines_file, range(len(groups)))]
    if after_move is not None:
        await after_move()
    driver = Driver(world, SEED + players)
    shifts_scored = 0
    shown: str | None = None  # what the last mines image showed, if known
    without_mines = 0
    while (table := await world.table()).status == "playing":
        before = table.version
        if before % 7 == 0:  # what /game play suggests, and its continuation, now and then
            await suggest(world, table, random.Random(before))
        actions = await driver.move()
        after = await world.table()
        assert after.version == before + actions
        message = world.last()
        reading.collect()
        board_png = await message.attachments[0].read()
        assert last_move_marked(board_png, players), f"no last move framed after {message.content}"
        names = attachment_names(message)
        # The board, and every mine (as many images as keep each at most 1.3 times as
        # tall as wide) when one changed since the last mines images (or the step is
        # folded into the live message); at the end, the final board and the chart.
        mines = [mines_file(i) for i in range(len(mine_groups(state_of(after).view(None))))]
        if after.status == "finished":
            assert names == ["board.png", "scores.png"]
        elif names == ["board.png", *mines]:
            shown = mines_of(after)
        else:  # only when no mine changed since the last mines images
            assert names == ["board.png"]
            assert shown is None or mines_of(after) == shown
            assert state_of(after).pending is None  # a step folded in keeps the mines
            without_mines += 1
        if actions > 1:  # a message before this one may have shown the mines
            shown = mines_of(after) if "mines.png" in names else None
        # One live message, the newest: a turn's controls, then the end's Rematch button.
        assert [m.id for m in live_messages(world.channel)] == [message.id]
        # Tiles and orders in words ("yellow, 1 cart, lit"), never their names ("y1l", "WKK").
        text = " ".join([message.content, *(e.description or "" for e in message.embeds)])
        assert not CARD_NAMES & set(re.findall(r"[\w$]+", text)), text
        scoring = t(world.locale, "coal.scoring.title", shift="")
        if any((embed.title or "").startswith(scoring) for embed in message.embeds):
            shifts_scored += 1
            assert message.embeds and message.embeds[0].title
            # Two players have no second place: no line offers VP for one.
            lines = (message.embeds[0].description or "").splitlines()
            first_only = t(world.locale, "coal.scoring.first", element="", first=0, results="")
            only = first_only.split("0")[1].split(")")[0]  # " VP to the first"
            assert lines and all(
                (only in line) == (players == 2)
                for line in lines
                if line != t(world.locale, "coal.scoring.nobody")
            ), lines
        if after.status == "playing":
            to_act = state_of(after).to_act()[0]
            assert f"<@{after.seats[to_act]}>" in message.content
        if after_move is not None:
            await after_move()
    final = world.last()
    assert shifts_scored == 3
    assert without_mines  # turns where no mine changed post the board alone
    assert _ids(final) == [
        f"mt:rematch:{world.table_id}", f"mt:export:{world.table_id}", f"mt:review:{world.table_id}"
    ]
    assert final.embeds[-1].title == t(world.locale, "coal.final.title")
    description = final.embeds[-1].description or ""
    state = state_of(await world.table())
    outcome = state.outcome()
    assert outcome is not None
    winner = outcome.winners[0]
    name = world.member(table.seats[winner]).name
    standing = t(world.locale, "coal.final.standing", rank=1, player=name,
                 vp=state.scores()[winner], money=state.players[winner].money)
    assert standing in description  # names written out: an embed shows no mention
    assert "<@" not in description
    reading.collect()
    reading.check(world.locale)
    return driver


async def suggest(world: CoalWorld, table: Table, rng: random.Random) -> None:
    """The acting player asks /game play what to type, then picks a suggestion's words
    and asks again (the continuation of a line shown in words)."""
    actor = world.member(table.seats[state_of(table).to_act()[0]])
    choices = await actor.autocomplete(world.channel, "game play", "action", "")
    assert choices
    shown = str(rng.choice(choices)["name"])
    await actor.autocomplete(world.channel, "game play", "action", shown + " ")


COMPLETE_GAME = CompleteGame(
    coal_world,
    lambda w, hook: play_to_the_end(w, 3, hook),
    lambda w: [*w.players, w.spectator],
)
"""A 3-player game (tests/test_discord_complete_games.py)."""
