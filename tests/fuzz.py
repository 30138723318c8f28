"""Hostile input to every command option and every component custom_id, through simcord.

The bot runs against simcord in a world with a table of each kind (one in play
of every registered game, a tiny game's lobby, a closed table, a table in another
server). Each case sends one generated interaction, from a player or a stranger,
in English or French:

- a slash command of the bot's tree (enumerated when the run starts, so a command
  added later is covered), with raw wire options of which at least one is hostile:
  unicode, empty or 10 KB strings, forged choices, huge or negative numbers, values
  of the wrong type, an option missing or undeclared;
- a click on a component whose custom_id fits one of the bot's registered
  `DynamicItem` templates, forged: huge numbers, unknown tables, tables of other
  channels and servers, hostile notations and select values.

- after those, a table of each game played to its end (random legal actions) in a
  channel of its own: in every new phase (`phase_marks`) and once it is over, the
  player to act clicks every template at the table's current version, each operation
  of it (``undo``, ``cancel``...), with the seat's notations or forged values (`Walk`).
  Such a click may play (it is a legitimate one): it may not crash.

Each case must be answered privately (ephemerally, or by editing the clicked
message: the bot puts buttons that do so on ephemeral messages only) with lines of
the user's language catalog, log no error and leave the stored tables (every row of
`tables` and `actions`) as they were. `run_fuzz` returns what broke and the slowest
answers; `tests/test_fuzz.py` runs a few hundred cases per command in `make test`,
and ``python -m tests.fuzz --inputs 10000`` (`make fuzz`) a deeper run.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import re
import sqlite3
import sys
import tempfile
import time
import typing
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg
import discord
import simcord
import simcord.env as simcord_env
import simcord.interactions as simcord_interactions
from discord import AppCommandOptionType, app_commands

import tests.tinygame  # noqa: F401  (registers the "tiny" game)
from bot.app import create_bot
from bot.games.base import GameState, Seat
from bot.games.registry import game_ids, get_game
from bot.i18n import catalog
from bot.service import Table
from bot.service.errors import UserError
from bot.startup.config import Settings
from cogs.platform.plugins import plugin_for
from tests.forging import FORGED_TEXT, forged_component, forged_slash

CUSTOM_ID_LIMIT = 100
"""Discord's longest custom_id, and longest select option value."""

# -- hostile values ---------------------------------------------------------------------

FORGED_TEXTS = (
    "",
    " ",
    "Coal-Baron",
    "coal_baron",
    "COAL-BARON",
    "Saboteur ",
    "../../etc/passwd",
    "tiny\x00",
    "'; DROP TABLE tables; --",
    "@everyone",
    "<@1>",
    "{table}",
    "%s%s%n",
    "٣",
    "𝟙𝟚𝟛",
    "ｍ８ ｃ３",
    "m8 c99999999999999999999",
    "take 18446744073709551616",
    "play 99999999999999999999 at 0,0",
    "-1",
    "\u202eesrever",
    "e\u0301",
    "🂠" * 50,
)
HUGE_NUMBERS = (2**53, 2**53 + 1, -(2**53) - 1, 2**63, -(2**63) - 1, 2**64, 10**100)
ODD_NUMBERS = (0, -1, -(2**53), 2**31, 10_081)
NOT_NUMBERS: tuple[object, ...] = (
    None, True, False, [], {}, ["1"], {"a": 1}, "5", "", 1.5, -0.0, 1e308
)


def unicode_text(rng: random.Random, longest: int) -> str:
    """Random text over all of Unicode but surrogates (which JSON cannot carry)."""
    length = rng.randint(1, longest)
    chars: list[str] = []
    while len(chars) < length:
        point = rng.choice((rng.randint(32, 0x2FF), rng.randint(0x300, 0x10FFFF)))
        if not 0xD800 <= point <= 0xDFFF:
            chars.append(chr(point))
    return "".join(chars)


def hostile_text(rng: random.Random, longest: int = 10_000) -> str:
    family = rng.randrange(5)
    if family == 0:
        return rng.choice(FORGED_TEXTS)
    if family == 1:
        return unicode_text(rng, 40)
    if family == 2:
        return rng.choice("xm8é ") * rng.choice((201, 6001, 10_000))
    if family == 3:
        prefix = rng.choice(("m", "take ", "play ", "keep ", "@"))
        return f"{prefix}{rng.randint(-(10**30), 10**30)}"
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789 :+-=@") for _ in range(30))


def hostile_value(rng: random.Random, kind: AppCommandOptionType) -> Any:
    """A value no client of Discord's sends for an option of type `kind`."""
    family = rng.randrange(4)
    if kind is AppCommandOptionType.string and family < 3:
        return hostile_text(rng)
    if kind in (AppCommandOptionType.integer, AppCommandOptionType.number) and family < 3:
        return rng.choice((*HUGE_NUMBERS, *ODD_NUMBERS, rng.randint(-(2**70), 2**70)))
    if family == 3:
        # True and False are fair values of a boolean option (`/game dm enabled:`).
        fair = kind is AppCommandOptionType.boolean
        return rng.choice([v for v in NOT_NUMBERS if not (fair and isinstance(v, bool))])
    return rng.choice(("0", "1", str(2**64), "abc", "-5", hostile_text(rng, 50)))


def fair_value(rng: random.Random, parameter: app_commands.Parameter) -> Any:
    """A value Discord's client could send, or None when none is easy to make."""
    if parameter.choices:
        return rng.choice(parameter.choices).value
    if parameter.type is AppCommandOptionType.integer:
        low = int(parameter.min_value if parameter.min_value is not None else -5)
        high = int(parameter.max_value if parameter.max_value is not None else 5)
        return rng.randint(low, min(high, low + 20))
    return None


def slash_options(rng: random.Random, command: app_commands.Command[Any, ..., Any]) -> list[Any]:
    """Wire options for `command`, at least one of them hostile (or one missing)."""
    options: list[Any] = []
    hostile = False
    for parameter in command.parameters:
        roll = rng.random()
        fair = fair_value(rng, parameter)
        if roll < 0.15:
            hostile = hostile or parameter.required
            continue  # omitted
        if roll < 0.45 and fair is not None:
            value = fair
        else:
            value, hostile = hostile_value(rng, parameter.type), True
        kind = parameter.type.value if rng.random() < 0.9 else rng.randint(1, 11)
        options.append({"name": parameter.display_name, "type": kind, "value": value})
    if not hostile or rng.random() < 0.1:
        options.append(rng.choice(MALFORMED_OPTIONS))
    rng.shuffle(options)
    return options


MALFORMED_OPTIONS: tuple[Any, ...] = (
    {"name": "evil", "type": 3, "value": "x"},
    {"name": "evil", "type": 6, "value": "not a snowflake"},
    {"name": "table", "type": 4},
    {"type": 3, "value": "nameless"},
    "not an option",
    None,
    {"name": ["game"], "type": 3, "value": "tiny"},
)


# -- forged custom ids ------------------------------------------------------------------

GROUP = re.compile(r"\(\?P<(?P<name>\w+)>(?P<pattern>(?:[^()]|\([^()]*\))*)\)")
r"""A named group of a template, with at most one level of parentheses inside (an
argument such as ``[a-z]+:\d+:(undo|cancel|confirm|sure)``)."""


@dataclass(frozen=True)
class Template:
    """A registered DynamicItem's custom_id pattern, and whether it wraps a select."""

    name: str
    pattern: re.Pattern[str]
    select: bool


def registered_templates(bot: discord.Client) -> list[Template]:
    """Every DynamicItem the bot registered (discord.py keeps them in its view store)."""
    items = bot._connection._view_store._dynamic_items
    templates = []
    for pattern, item in items.items():
        wrapped = typing.get_args(item.__orig_bases__[0])[0]  # type: ignore[attr-defined]
        select = issubclass(typing.get_origin(wrapped) or wrapped, discord.ui.Select)
        templates.append(Template(item.__name__, pattern, select))
    return templates


def forged_custom_id(rng: random.Random, template: Template, tables: ForgedTables) -> str | None:
    """A custom_id matching `template`, its fields forged; None if it grew too long.

    It names the channel's own table only at a version the table is not at, or for a
    template without a version that has no choice of operation (a view, not an act):
    any answer but a refusal would then be a legitimate change."""
    groups = dict(GROUP.findall(template.pattern.pattern))
    acts = any("|" in pattern for pattern in groups.values())
    table = tables.pick(rng, own="version" in groups or not acts)
    own = table == tables.here

    def fill(match: re.Match[str]) -> str:
        name, pattern = match["name"], match["pattern"]
        if name == "table":
            return str(table)
        if name == "version" and own:
            return str(tables.stale_version(rng))
        return fill_pieces(pattern, piece)

    def piece(pattern: str) -> str:
        if pattern == r"\d+":
            return str(rng.choice((0, 1, 2, 3, rng.randint(0, 10**6), 10**40 + 7, 2**63)))
        if pattern == r"\d":
            return str(rng.randint(0, 9))
        if pattern == KIND:
            return rng.choice((*builder_kinds(), "x", "zzz"))
        if pattern in (".+", r"\S+"):
            text = hostile_text(rng, 60)
            return "".join(text.split()) or "x" if pattern == r"\S+" else text or "x"
        return str(rng.choice(pattern.split("|")))

    custom_id = GROUP.sub(fill, template.pattern.pattern)
    fits = len(custom_id) <= CUSTOM_ID_LIMIT and template.pattern.fullmatch(custom_id)
    return custom_id if fits else None


def fill_pieces(pattern: str, piece: Callable[[str], str]) -> str:
    """`pattern` (a group's pattern: pieces joined by ``:``) with each piece replaced by
    `piece(its pattern)`; a piece in parentheses is an alternation (``(undo|cancel)``)."""
    return ":".join(piece(part.strip("()")) for part in pattern.split(":"))


KIND = "[a-z]+"
"""The pattern of a turn builder's kind in a custom_id (`cogs.platform.builder`)."""


def builder_kinds() -> list[str]:
    """The kinds of turn-builder panel of every game (``extraction``, ``draw``...)."""
    return sorted({kind for game in game_ids() for kind in plugin_for(game).builders})


def select_values(rng: random.Random) -> list[str]:
    text = hostile_text(rng, 60)[:CUSTOM_ID_LIMIT]
    return [text or "x"]


@dataclass
class ForgedTables:
    """Table numbers a forged custom_id may carry: tables elsewhere, none, huge, or the
    channel's own table (`here`) at a version it is not at (`current`)."""

    elsewhere: list[int]
    here: int | None = None
    current: int = 0

    def pick(self, rng: random.Random, own: bool) -> int:
        family = rng.randrange(4)
        if family == 0 and self.elsewhere:
            return rng.choice(self.elsewhere)
        if family == 1 and own and self.here is not None:
            return self.here
        if family == 2:
            return rng.choice((0, 10**6, 2**63 - 1, 2**63, 2**64))
        return rng.randint(10**20, 10**90)

    def stale_version(self, rng: random.Random) -> int:
        return rng.choice((self.current + 1, self.current + 7, max(0, self.current - 1), 2**63))


# -- the world --------------------------------------------------------------------------


@dataclass
class FuzzWorld:
    env: simcord.Env
    database: str
    """The bot's tables: a SQLite file's path or a PostgreSQL URL (`Settings.database`)."""
    members: list[simcord.MemberActor]
    french: set[int]
    channels: list[simcord.ChannelHandle]
    tables: dict[int, int] = field(default_factory=dict)
    """Channel id -> the table in it (lobby, in play or closed)."""
    versions: dict[int, int] = field(default_factory=dict)
    """Table -> its version (which no case may change)."""
    walks: list[tuple[simcord.ChannelHandle, int]] = field(default_factory=list)
    """A channel and its table in play of each game, played to its end by `Walk` (apart
    from the tables above, which the hostile cases must leave as they are)."""


async def build_world(env: simcord.Env, database: str) -> FuzzWorld:
    """Two servers; in the first a channel per kind of table, four members (two French).

    The reminder loop is stopped: it takes no input, and simcord would wait on its
    timer after every interaction (50 ms a case)."""
    bot: Any = env.bot  # the table bot (simcord types it as a plain client)
    reminders = bot.get_cog("ReminderCog")
    if reminders is not None:
        reminders.remind.cancel()
    await bot.tree.sync()
    service = bot.service
    guild = env.create_guild(name="mines")
    names = ("alice", "bob", "carol", "dave")
    members = [guild.add_member(env.create_user(name)) for name in names]
    alice, bob, carol, _dave = members
    world = FuzzWorld(env, database, members, {carol.id, _dave.id}, [])

    async def table(name: str, game: str, players: list[simcord.MemberActor], end: str) -> None:
        channel = guild.create_text_channel(name)
        world.channels.append(channel)
        opened = await service.tables.open_table(
            guild_id=guild.id,
            channel_id=channel.id,
            game=game,
            creator_id=players[0].id,
            reminder_minutes=5,
            seed=7,
        )
        world.tables[channel.id] = opened.id
        for player in players[1:]:
            await service.tables.join(opened.id, player.id)
        if end != "lobby":
            await service.tables.start(opened.id, players[0].id)
        if end == "abandoned":
            await service.tables.abandon(opened.id, players[0].id, can_manage=False)
        world.versions[opened.id] = (await service.tables.get_table(opened.id)).version

    for game in game_ids():  # a table in play of every registered game
        if game != "tiny":
            await table(game, game, members[: get_game(game).min_players], "playing")
    await table("tiny", "tiny", [bob, alice], "playing")
    await table("lobby", "tiny", [carol], "lobby")
    await table("closed", "tiny", [alice, bob], "abandoned")
    for game in game_ids():
        players = members[: get_game(game).min_players]
        channel = guild.create_text_channel(f"{game}-walk")
        opened = await service.tables.open_table(
            guild_id=guild.id, channel_id=channel.id, game=game, creator_id=players[0].id,
            reminder_minutes=5, seed=11,
        )
        for player in players[1:]:
            await service.tables.join(opened.id, player.id)
        await service.tables.start(opened.id, players[0].id)
        world.walks.append((channel, opened.id))
    world.channels.append(guild.create_text_channel("empty"))
    other = env.create_guild(name="elsewhere")
    there = other.create_text_channel("games")
    elsewhere = await service.tables.open_table(
        guild_id=other.id, channel_id=there.id, game="tiny", creator_id=alice.id, reminder_minutes=5
    )
    world.tables[there.id] = elsewhere.id
    return world


STORED_ROWS = ("SELECT * FROM tables ORDER BY id", "SELECT * FROM actions ORDER BY id")


async def stored_rows(database: str) -> tuple[list[Any], list[Any]]:
    """Every row of `tables` and `actions`, in order, from the SQLite file or the
    PostgreSQL database `database`."""
    if database.startswith("postgresql://"):
        server = await asyncpg.connect(database)
        try:
            tables, actions = [[tuple(row) for row in await server.fetch(q)] for q in STORED_ROWS]
        finally:
            await server.close()
        return tables, actions
    with sqlite3.connect(database) as connection:
        tables, actions = [connection.execute(query).fetchall() for query in STORED_ROWS]
    connection.close()
    return tables, actions


# -- checking answers -------------------------------------------------------------------


def templates_of(language: str) -> list[re.Pattern[str]]:
    """Every line of `language`'s catalog as a pattern (placeholders, plural choices
    ``{count:one|many}`` among them, match anything); lines that are only placeholders
    are left out, as they would match any text."""
    patterns = []
    for text in catalog(language).values():
        for line in text.splitlines():
            parts = re.split(r"\{\w+(?::[^{}]*)?\}", line)
            if sum(len(part.strip()) for part in parts) >= 2:
                patterns.append(re.compile(".*".join(re.escape(p) for p in parts)))
    return patterns


def translated(text: str, patterns: list[re.Pattern[str]]) -> bool:
    """Whether every line of `text` is a line of the catalog (a private view, say, is
    made of several)."""
    return bool(text) and all(  # lines end at "\n" only: an echoed input may hold U+0085
        any(p.fullmatch(line) for p in patterns) for line in text.split("\n") if line.strip()
    )


@dataclass
class Case:
    kind: str
    """"slash" or "component"."""
    target: str
    """The command ("game new") or the template's item ("LobbyButton")."""
    actor: str
    channel: str
    payload: Any

    def __str__(self) -> str:
        shown = repr(self.payload)
        shown = shown if len(shown) <= 160 else f"{shown[:157]}..."
        return f"{self.kind} {self.target} by {self.actor} in #{self.channel}: {shown}"


PERCENTILES = (("median", 0.5), ("p90", 0.9), ("p99", 0.99), ("max", 1.0))


@dataclass
class FuzzReport:
    inputs: int = 0
    per_target: dict[str, int] = field(default_factory=dict)
    crashes: list[str] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    unanswered: list[str] = field(default_factory=list)
    timings: list[tuple[float, str]] = field(default_factory=list)

    def slowest(self, count: int = 10) -> list[tuple[float, str]]:
        return sorted(self.timings, reverse=True)[:count]

    def percentiles(self) -> str:
        times = sorted(seconds for seconds, _case in self.timings)
        if not times:
            return "none"
        at = {name: times[min(len(times) - 1, int(len(times) * q))] for name, q in PERCENTILES}
        return ", ".join(f"{name} {seconds * 1000:.1f} ms" for name, seconds in at.items())

    def problems(self) -> list[str]:
        return [*self.crashes, *self.violations, *self.unanswered]

    def summary(self) -> str:
        lines = [
            f"fuzz: {self.inputs} inputs over {len(self.per_target)} commands and components",
            f"  crashes: {len(self.crashes)}",
            *(f"    {line}" for line in self.crashes[:20]),
            f"  unchanged-state violations: {len(self.violations)}",
            *(f"    {line}" for line in self.violations[:20]),
            f"  unanswered or untranslated: {len(self.unanswered)}",
            *(f"    {line}" for line in self.unanswered[:20]),
            f"  answer times: {self.percentiles()}",
            "  slowest answers:",
            *(f"    {seconds * 1000:7.1f} ms  {case}" for seconds, case in self.slowest()),
        ]
        return "\n".join(lines)


class ErrorRecords(logging.Handler):
    """Collects the ERROR records logged while a case runs."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


ANSWERED = (UserError, app_commands.CommandNotFound, app_commands.CommandSignatureMismatch)
"""What the bot's tree answers as a refusal (simcord records it as the tree's error)."""


def _answered(error: BaseException) -> bool:
    return isinstance(getattr(error, "original", error), ANSWERED)


# -- the run ----------------------------------------------------------------------------


def leaf_commands(bot: Any) -> list[app_commands.Command[Any, ..., Any]]:
    """Every slash command of the bot's tree (subcommands of its groups included)."""
    return [c for c in bot.tree.walk_commands() if isinstance(c, app_commands.Command)]


def cases(
    world: FuzzWorld, rng: random.Random, per_command: int, per_component: int
) -> Iterator[tuple[Case, Callable[[], Any]]]:
    """Every case to send, shuffled: `per_command` a command, `per_component` a template."""
    bot = world.env.bot
    commands = leaf_commands(bot)
    templates = registered_templates(bot)
    plan: list[tuple[str, Any]] = [("slash", c) for c in commands for _ in range(per_command)]
    plan += [("component", t) for t in templates for _ in range(per_component)]
    rng.shuffle(plan)
    for kind, target in plan:
        actor = rng.choice(world.members)
        channel = rng.choice(world.channels)
        name = actor.user.name
        if isinstance(target, app_commands.Command):
            options = slash_options(rng, target)
            case = Case(kind, target.qualified_name, name, channel.name or "", options)
            yield case, _slash(actor, channel, target.qualified_name, options)
            continue
        assert isinstance(target, Template)
        here = world.tables.get(channel.id)
        elsewhere = [t for t in world.tables.values() if t != here]
        tables = ForgedTables(elsewhere, here, world.versions.get(here or 0, 0))
        tries = (forged_custom_id(rng, target, tables) for _ in range(50))
        custom_id = next((c for c in tries if c is not None), None)
        if custom_id is None:
            continue
        values = select_values(rng) if target.select else None
        case = Case(kind, target.name, name, channel.name or "", (custom_id, values))
        yield case, _component(world.env, actor, channel, custom_id, values)


def _slash(
    actor: simcord.MemberActor, channel: simcord.ChannelHandle, name: str, options: list[Any]
) -> Callable[[], Any]:
    return lambda: forged_slash(actor, channel, name, options)


def _component(
    env: simcord.Env,
    actor: simcord.MemberActor,
    channel: simcord.ChannelHandle,
    custom_id: str,
    values: list[str] | None,
) -> Callable[[], Any]:
    return lambda: forged_component(env, actor, channel, custom_id, values)


async def run_fuzz(
    world: FuzzWorld, *, seed: int, per_command: int, per_component: int, walk_actions: int = 0
) -> FuzzReport:
    """Send every case of `cases` and check each answer; see the module's docstring.
    Then, with `walk_actions`, `walk` each game's walk table (up to that many actions)."""
    rng = random.Random(seed)
    report = FuzzReport()
    patterns = {language: templates_of(language) for language in ("en", "fr")}
    unexpected = {language: catalog(language)["error.unexpected"] for language in patterns}
    handler = ErrorRecords()
    logging.getLogger().addHandler(handler)
    before = await stored_rows(world.database)
    try:
        for case, send in cases(world, rng, per_command, per_component):
            report.inputs += 1
            report.per_target[case.target] = report.per_target.get(case.target, 0) + 1
            language = "fr" if any(m.user.name == case.actor for m in _french(world)) else "en"
            cursor = len(world.env.errors)
            handler.records.clear()
            started = time.perf_counter()
            result = await send()
            report.timings.append((time.perf_counter() - started, str(case)))
            crashes = [e for e in world.env.errors[cursor:] if not _answered(e)]
            logged = [r.getMessage() for r in handler.records]
            texts = [m.content for m in (result.response, *result.followups) if m is not None]
            if crashes or logged or any(unexpected[language] in text for text in texts):
                shown = [repr(e) for e in crashes] or logged or texts
                report.crashes.append(f"{case}\n      -> {shown[0][:300]}")
            after = await stored_rows(world.database)
            if after != before:
                report.violations.append(str(case))
                before = after
            clicked = getattr(result._interaction, "source_message_id", None)
            private = [
                m.content
                for m in (result.response, *result.followups)
                if m is not None
                and (m.ephemeral or (m.id == clicked and m.content != FORGED_TEXT))
            ]
            if not private or not all(translated(t, patterns[language]) for t in private):
                report.unanswered.append(f"{case}\n      -> {texts!r}"[:400])
        for channel, table_id in world.walks if walk_actions else ():
            await Walk(world, channel, table_id, rng, report, handler).play(walk_actions)
    finally:
        logging.getLogger().removeHandler(handler)
    return report


# -- the player to act, in every phase --------------------------------------------------


def phase_marks(state: GameState[Any], seat: Seat) -> set[tuple[str, str]]:
    """What tells a phase of a game apart: the kinds of action `seat` may take, the
    decision pending (a draw-5, an extraction...) and the engine's phase, if it has them."""
    marks = {("action", type(action).__name__) for action in state.legal_actions(seat)}
    marks.add(("pending", type(getattr(state, "pending", None)).__name__))
    marks.add(("phase", str(getattr(state, "phase", None))))
    return marks


def acting_custom_ids(
    rng: random.Random, template: Template, table: Table, words: list[str]
) -> list[str]:
    """Custom_ids of `template` naming `table` at its current version, one per choice of
    its operation (``undo``, ``cancel``...); other fields from `words` (the notations
    of the seat to act, their words) or forged."""
    groups = dict(GROUP.findall(template.pattern.pattern))
    alternations = [part for p in groups.values() for part in p.split(":") if "|" in part]
    choices = alternations[0].strip("()").split("|") if alternations else [""]
    if table.status == "playing":  # the walk goes on to the end of the game
        choices = [c for c in choices if (template.name, c) not in ENDS_THE_GAME]

    def piece(pattern: str, choice: str) -> str:
        if "|" in pattern:
            return choice
        if pattern == r"\d+":
            return str(rng.choice((0, 1, 2, 3)))
        if pattern == r"\d":
            return str(rng.randint(0, 3))
        if pattern == KIND:
            return rng.choice(builder_kinds())
        text = rng.choice(words) if words and rng.random() < 0.8 else hostile_text(rng, 30)
        return "".join(text.split()) or "x" if pattern == r"\S+" else text or "x"

    found = []
    for choice in choices:

        def fill(match: re.Match[str], choice: str = choice) -> str:
            name = match["name"]
            if name == "table":
                return str(table.id)
            if name == "version":
                return str(table.version)
            return fill_pieces(match["pattern"], lambda pattern: piece(pattern, choice))

        custom_id = GROUP.sub(fill, template.pattern.pattern)
        if len(custom_id) <= CUSTOM_ID_LIMIT and template.pattern.fullmatch(custom_id):
            found.append(custom_id)
    return found


ENDS_THE_GAME = {("AbandonButton", "yes")}
"""Clicks the walk makes only once the game is over (the creator's would end it)."""


def notation_words(state: GameState[Any], seat: Seat) -> list[str]:
    """The notations of `seat`'s legal actions, and each of their words."""
    notations = [state.format_action(action) for action in state.legal_actions(seat)]
    return [*notations, *(word for notation in notations for word in notation.split())]


@dataclass
class Walk:
    """A table of the world's `walks` played to its end while its players click."""

    world: FuzzWorld
    channel: simcord.ChannelHandle
    table_id: int
    rng: random.Random
    report: FuzzReport
    errors: ErrorRecords

    @property
    def service(self) -> Any:
        bot: Any = self.world.env.bot  # the table bot (simcord types it as a plain client)
        return bot.service

    async def play(self, actions: int) -> None:
        """Play the table to its end (random legal actions, at most `actions`); in every
        new phase (`phase_marks`) and once the game is over, click every registered
        template as the player to act, at the table's current version. Each click may be
        refused or may play (a legitimate click may change the table): none may crash."""
        seen: set[tuple[str, str]] = set()
        for _ in range(actions + 1):
            table = await self.service.tables.get_table(self.table_id)
            state = table.state
            assert state is not None
            seat = state.to_act()[0] if table.status == "playing" else 0
            marks = phase_marks(state, seat) if table.status == "playing" else {("over", "")}
            if not marks <= seen:
                seen |= marks
                await self.click_every_template()
                table = await self.service.tables.get_table(self.table_id)
                state = table.state
                assert state is not None
            if table.status != "playing":
                return
            seat = self.rng.choice(state.to_act())
            line = state.format_action(self.rng.choice(state.legal_actions(seat)))
            await self.service.moves.act(table.id, table.seats[seat], line, table.version)

    async def click_every_template(self) -> None:
        """Every registered template clicked on the table as it is at each click, by the
        player to act then (a click before may have played), or the first once over."""
        world, rng = self.world, self.rng
        by_id = {member.id: member for member in world.members}
        for template in registered_templates(world.env.bot):
            table = await self.service.tables.get_table(self.table_id)
            state = table.state
            assert state is not None
            playing = table.status == "playing"
            seat = state.to_act()[0] if playing else 0
            actor = by_id[table.seats[seat]]
            words = notation_words(state, seat) if playing else []
            unexpected = catalog("fr" if actor.id in world.french else "en")["error.unexpected"]
            for custom_id in acting_custom_ids(rng, template, table, words):
                values = [rng.choice(words) if words else "x"] if template.select else None
                case = Case("acting", template.name, actor.user.name, self.channel.name or "",
                            (custom_id, values))
                target = f"{template.name} (to act)"
                self.report.inputs += 1
                self.report.per_target[target] = self.report.per_target.get(target, 0) + 1
                cursor = len(world.env.errors)
                self.errors.records.clear()
                started = time.perf_counter()
                result = await forged_component(world.env, actor, self.channel, custom_id, values)
                self.report.timings.append((time.perf_counter() - started, str(case)))
                crashes = [e for e in world.env.errors[cursor:] if not _answered(e)]
                logged = [r.getMessage() for r in self.errors.records]
                texts = [m.content for m in (result.response, *result.followups) if m]
                if crashes or logged or any(unexpected in text for text in texts):
                    shown = [repr(e) for e in crashes] or logged or texts
                    self.report.crashes.append(f"{case}\n      -> {shown[0][:300]}")


def _french(world: FuzzWorld) -> list[simcord.MemberActor]:
    return [m for m in world.members if m.id in world.french]


def speak_french_for(world: FuzzWorld) -> Callable[[], None]:
    """Make the French members' interactions arrive with the French locale; returns the undo."""
    original = simcord_interactions.base_payload

    def base_payload(*args: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = original(*args, **kwargs)
        if kwargs["user_id"] in world.french:
            payload["locale"] = "fr"
        return record, payload

    simcord_interactions.base_payload = base_payload

    def undo() -> None:
        simcord_interactions.base_payload = original

    return undo


SETTLE_SECONDS = 60.0
"""How long an answer may take before simcord gives up on it (its own default, 5 s, is
less than the export of a long finished game takes on a loaded machine: the slowest
answers are reported instead)."""


@contextmanager
def quick_settle() -> Iterator[None]:
    """simcord polls every 50 ms for the bot's work to settle after an interaction,
    which would make each case last 50 ms; poll every 2 ms instead (same checks), for
    up to `SETTLE_SECONDS`."""
    original = simcord_env.Env._settle_internal

    async def settle(self: simcord.Env, **kwargs: Any) -> None:
        timeout = kwargs.get("timeout") or SETTLE_SECONDS
        await original(self, **{**kwargs, "idle": 0.002, "timeout": timeout})

    simcord_env.Env._settle_internal = settle  # type: ignore[method-assign]
    try:
        yield
    finally:
        simcord_env.Env._settle_internal = original  # type: ignore[method-assign]


# -- make fuzz --------------------------------------------------------------------------

WALK_ACTIONS = 3000
"""Enough for a random game of each game to reach its end."""


async def deep_run(inputs: int, seed: int) -> FuzzReport:
    """About `inputs` cases, shared between commands and components, on a fresh bot."""
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "fuzz.sqlite3"
        bot = create_bot(
            # Images in threads, as in the tests: a render pool started inside simcord
            # waits on simcord's clock (each drawn turn would wait out its timeout).
            Settings(token=None, database_path=database, reminder_minutes=5, shard_count=1,
                     render_workers=0)
        )
        async with simcord.run(bot) as env:
            world = await build_world(env, str(database))
            undo = speak_french_for(world)
            try:
                targets = len(leaf_commands(bot)) + len(registered_templates(bot))
                each = max(1, -(-inputs // targets))
                with quick_settle():
                    report = await run_fuzz(world, seed=seed, per_command=each,
                                            per_component=each, walk_actions=WALK_ACTIONS)
            finally:
                undo()
                env.errors  # noqa: B018  (acknowledged: the report holds them)
            await bot.close()
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__)
    parser.add_argument("--inputs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    logging.getLogger().setLevel(logging.ERROR)  # collected for the report, not printed
    started = time.perf_counter()
    report = asyncio.run(deep_run(args.inputs, args.seed))
    print(report.summary())
    print(f"  seed {args.seed}, {time.perf_counter() - started:.0f} s")
    return 1 if report.problems() else 0


if __name__ == "__main__":
    sys.exit(main())
