"""Helpers for the simcord tests of Mine Out in Discord.

`MoWorld` is a server where up to four members sit at a seeded Mine Out table
(seats in joining order) and `watcher` only looks. Whole turns are planned by the
greedy player (`bot.games.mine_out.greedy`) on a copy, then played through the
real bot: by the turn panel (``/mineout hand``, a click per step, Confirm) or
typed with ``/game play`` (the autocomplete's value for the whole line).
"""

from __future__ import annotations

import random
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord
import simcord

from bot.app import TableBot
from bot.games.mine_out import MineOutState
from bot.games.mine_out.greedy import choose
from bot.i18n import language_of
from bot.service import Table
from cogs.mine_out.images import TOWN_FILE
from renderer.mine_out.town import render_town
from tests.conftest import REMINDER_MINUTES
from tests.discord_support import (
    CompleteGame,
    bot_of,
    enabled_ids,
    last_message,
    options_of,
    plain_channel,
    select_offering,
    suggested,
)
from tests.player_text import assert_words_only
from tests.test_discord_complete_games import payload_words, private_payloads, public_text

AfterMove = Callable[[], Awaitable[None]]
"""Awaited after each turn of a complete game (the generic checks of every game)."""


@dataclass
class MoWorld:
    env: simcord.Env
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    players: list[simcord.MemberActor]
    watcher: simcord.MemberActor
    table_id: int = 0
    first_turn_id: int = 0
    confirms: list[simcord.ResponseMessage] = field(default_factory=list)
    locale: str | None = None

    @property
    def bot(self) -> TableBot:
        bot = self.env.bot
        assert isinstance(bot, TableBot)
        return bot

    def last(self) -> discord.Message:
        return last_message(self.channel)

    def public_messages(self) -> list[discord.Message]:
        return [m for m in self.channel.history() if not m.flags.ephemeral]

    async def table(self) -> Table:
        return await self.bot.service.tables.get_table(self.table_id)

    async def state(self) -> MineOutState:
        state = (await self.table()).state
        assert isinstance(state, MineOutState)
        return state

    async def start(self, seed: int, **options: Any) -> discord.Message:
        """Open a table with `seed` and `options`, seat every player, start."""
        table = await self.bot.service.tables.open_table(
            guild_id=self.guild.id,
            channel_id=self.channel.id,
            game="mine-out",
            creator_id=self.players[0].id,
            options=options,
            reminder_minutes=REMINDER_MINUTES,
            seed=seed,
        )
        self.table_id = table.id
        for player in self.players[1:]:
            await player.slash(self.channel, "game join")
        await self.players[0].slash(self.channel, "game start")
        first = self.last()
        self.first_turn_id = first.id
        return first


async def mo_world(env: simcord.Env, players: int, locale: str | None = None) -> MoWorld:
    await bot_of(env).tree.sync()
    guild = env.create_guild(name="mines", preferred_locale=locale)
    channel = plain_channel(guild, "mine-out")
    names = ("alice", "bob", "carol", "dave")[:players]
    members = [guild.add_member(env.create_user(name)) for name in names]
    watcher = guild.add_member(env.create_user("eve"))
    return MoWorld(env, guild, channel, members, watcher, locale=locale)


def plan_turn(state: MineOutState, rng: random.Random) -> list[str]:
    """The greedy player's steps for the whole turn of the position to act."""
    trial = state.copy()
    seat = trial.to_act()[0]
    turn = (trial.round, trial.current)
    steps = []
    while not trial.is_over() and (trial.round, trial.current) == turn:
        step = choose(trial, seat, rng)
        steps.append(trial.format_action(step))
        trial.apply(seat, step)
    return steps


def step_offered(panel: simcord.ResponseMessage) -> bool:
    return any(i.startswith(("mt:step:", "mt:steps:")) for i in enabled_ids(panel))


async def choose_step(actor: simcord.MemberActor, panel: simcord.ResponseMessage,
                      step: str) -> None:
    """Click the step's button, or pick it in the select offering it."""
    button = next((i for i in enabled_ids(panel)
                   if i.startswith("mt:step:") and i.endswith(f":{step}")), None)
    if button is not None:
        await actor.click(panel, custom_id=button)
        return
    assert any(step in values for values in options_of(panel)), (step, panel.components)
    await actor.select(panel, [step], custom_id=select_offering(panel, step))


def offered_scores(panel: simcord.ResponseMessage) -> list[str]:
    """The scoring choices the panel asks about (best first), if any."""
    for values in options_of(panel):
        scores = [v for v in values if v.startswith("score")]
        if scores:
            return scores
    return []


async def confirm(actor: simcord.MemberActor, panel: simcord.ResponseMessage) -> None:
    ops = [i for i in enabled_ids(panel) if i.startswith("mt:turn:")]
    await actor.click(panel, custom_id=next(i for i in ops if i.endswith(":confirm")))


async def open_panel(w: MoWorld, actor: simcord.MemberActor) -> simcord.ResponseMessage:
    panel = (await actor.slash(w.channel, "mineout hand")).response
    assert panel is not None
    return panel


async def turn_by_panel(w: MoWorld, actor: simcord.MemberActor, steps: list[str]) -> None:
    """Play `steps` on the turn panel; a step that drew cards is confirmed alone and
    the panel opened again for the rest (the panel never shows undrawn cards)."""
    panel = await open_panel(w, actor)
    for step in steps:
        if step == "score":
            scores = offered_scores(panel)
            if scores:
                best = next(o["value"] for row in panel.components for c in row["components"]
                            for o in c.get("options", []) if str(o["value"]).startswith("score"))
                await choose_step(actor, panel, str(best))
            continue
        if not step_offered(panel):
            await confirm(actor, panel)
            panel = await open_panel(w, actor)
        await choose_step(actor, panel, step)
    await confirm(actor, panel)


async def turn_by_command(w: MoWorld, actor: simcord.MemberActor, steps: list[str],
                          *, suggest: bool = True) -> None:
    """Type all steps but the last, take the autocomplete's whole line, send it
    (without `suggest`: send the line as typed)."""
    line = " ".join(steps)
    if not suggest:
        await actor.slash(w.channel, "game play", action=line)
        return
    typed = " ".join(steps[:-1]) + " " + steps[-1][:2]
    choices = await actor.autocomplete(w.channel, "game play", "action", typed.strip())
    values = dict(zip(suggested(choices), (c["value"] for c in choices), strict=True))
    assert line in values, (line, list(values))
    await actor.slash(w.channel, "game play", action=values[line])


async def play_game(
    w: MoWorld,
    seed: int,
    options: dict[str, object] | None = None,
    after_move: AfterMove | None = None,
) -> dict[str, int]:
    """A whole seeded game, alternating panel and typed turns; counts the ways used
    (`after_move`, if given, is awaited after the start and after each turn)."""
    await w.start(seed, **(options or {}))
    if after_move is not None:
        await after_move()
    rng = random.Random(seed)
    ways = {"panel": 0, "typed": 0}
    while (await w.table()).status == "playing":
        before = await w.state()
        seat = before.to_act()[0]
        steps = plan_turn(before, rng)
        way = "panel" if (before.round + before.current) % 3 == 0 else "typed"
        if way == "panel":
            await turn_by_panel(w, w.players[seat], steps)
        else:
            await turn_by_command(w, w.players[seat], steps, suggest=before.round % 2 == 1)
        after = await w.state()
        assert (after.round, after.current) != (before.round, before.current) or after.is_over()
        ways[way] += 1
        if after_move is not None:
            await after_move()
    return ways


MINE_OUT_CODES = re.compile(r"\b[A-Z]{2}\d{2}\b|\bj:\w+|\+[A-Z]{2}\d|\b(?:cu|ag)\b|\bcomm\b")
"""Mine Out's notation where words belong: card ids (MI24, NE04), the ores' codes (cu,
ag; "au" is a French word) and the jewel sold as one (j:au), ``+WO05``, ``comm``."""
MENTION = re.compile(r"<@!?(\d+)>")
AUTOCOMPLETE = 8
"""The interaction callback type of autocomplete choices."""


class PlayerReads:
    """After each move of a complete game (wrapping the shared checks' `hook`): every
    text a player read since the last move (public messages and their embeds, private
    replies and panels with their buttons', selects' and options' words, autocomplete
    names) is words in the server's language (`tests.player_text`), mentions read as
    the member's name; and each turn's public message shows the town drawn from the
    view after the turn, whose last turn (`view["last"]`, marked on the image) is the
    turn just played."""

    def __init__(self, w: MoWorld, hook: AfterMove) -> None:
        self.w = w
        self.hook = hook
        self.lang = language_of(w.locale)
        self.members = {m.id: m.name for m in [*w.players, w.watcher]}
        self.requests = 0
        self.read: set[int] = set()
        self.texts = 0
        self.marked = 0

    def names(self, text: str) -> str:
        return MENTION.sub(lambda m: self.members.get(int(m[1]), m[0]), text)

    async def __call__(self) -> None:
        await self.hook()
        new = [m for m in self.w.public_messages()
               if m.author.bot and m.id not in self.read]
        texts = [public_text(m) for m in new]
        texts += [payload_words(p) for p in private_payloads(self.w.env, self.requests)]
        for request in self.w.env.http_requests[self.requests:]:
            body = request.json if isinstance(request.json, dict) else {}
            if body.get("type") == AUTOCOMPLETE:
                texts += [str(c["name"]) for c in (body.get("data") or {}).get("choices", [])]
        self.requests = len(self.w.env.http_requests)
        self.read |= {m.id for m in new}
        readable = [self.names(text) for text in texts]
        assert_words_only(readable, self.lang, MINE_OUT_CODES,
                          names=tuple(self.members.values()))
        self.texts += len(readable)
        state = await self.w.state()
        if state.last is None or not new:
            return
        turn = new[-1]
        town = next(a for a in turn.attachments if a.filename == TOWN_FILE)
        view = state.view(None)
        last = view["last"]
        assert last is not None and last["path"] and (
            last["hired"] or last["dug"] or last["sold"] or last["played"]
            or last["community"] or last["changed"]
        ), "a turn does something besides moving, and its image marks it"
        names = [self.members[user] for user in (await self.w.table()).seats]
        assert (await town.read()) == render_town(view, names, self.lang)
        self.marked += 1


async def play_read(w: MoWorld, hook: AfterMove) -> None:
    """The complete game of seed 4, read as a player after each move (`PlayerReads`)."""
    reads = PlayerReads(w, hook)
    await play_game(w, 4, after_move=reads)
    assert reads.texts > 100 and reads.marked > 20, (reads.texts, reads.marked)


COMPLETE_GAME = CompleteGame(
    lambda env, locale: mo_world(env, 3, locale),
    play_read,
    lambda w: [*w.players, w.watcher],
)
"""A 3-player game of seed 4 (tests/test_discord_complete_games.py), every text read."""
