"""``/game play action:<text>``: one way to play, for every game, typed or suggested.

The autocomplete offers the user's legal actions (most relevant first, at most
25), labelled in words by the game's typed plays (`cogs.platform.typed_plays`),
valued in the notation. Each suggested value carries the table version it was
made for, invisibly (Discord shows the label; the value is ``@<version> <notation>``),
so the same suggestion sent twice is refused as stale the second time. A play typed by hand is bound
to the version read when the command arrives: it applies once per version.

A play typed by hand may also be a suggestion's label, typed as it reads (any case,
any punctuation): it plays that move. One that reads as no move is answered in words:
the closest legal moves (their labels, at most `CLOSEST`), and to pick one of the
suggestions as one types; what the notation expected is added only for a player who
typed notation (`typed_notation`).

Suggestions come from a small cache of each seat's ranked choices per table
version, so a keystroke costs one table read (no lock: a turn in progress or a
render never delays it) and a filter linear in the typed text, which is cut at
`MAX_TYPED` characters (no notation is longer than a choice value).
"""

from __future__ import annotations

import difflib
import functools
import re
import weakref
from collections import OrderedDict
from typing import ClassVar

from discord import app_commands
from discord.ext import commands

from bot.games.base import Seat
from bot.i18n import LocaleLike, language_of
from bot.service import GameService, Table, TableStatus
from bot.service.errors import ActionSyntaxError
from cogs.platform.errors import MistypedPlay, NoTableHere
from cogs.platform.host import service_of
from cogs.platform.items import Interaction
from cogs.platform.plugins import plugin_for
from cogs.platform.posting import post_turn
from cogs.platform.presenter import ActionChoice
from cogs.platform.replies import acknowledged, error_text
from cogs.platform.seen import SeatCopy, seat_copy
from cogs.platform.table_items import game_table
from cogs.platform.translator import command_text
from cogs.validation import ACTION_TEXT_LIMIT

VALUE_LIMIT = 100
"""Longest choice name or value Discord accepts."""
MAX_TYPED = VALUE_LIMIT
"""Typed text beyond this length is not read: no notation is longer."""
CACHE_SIZE = 256
CLOSEST = 5
"""Legal moves named, at most, to a player whose typed play reads as no move."""
CLOSEST_SEPARATOR = " ; "
"""Between the moves named (a label may hold commas and " · ")."""
VERSIONED = re.compile(r"@(?P<version>\d+) (?P<notation>.+)", re.DOTALL)

CacheKey = tuple[int, int, Seat, str]
_caches: weakref.WeakKeyDictionary[GameService, OrderedDict[CacheKey, list[ActionChoice]]] = (
    weakref.WeakKeyDictionary()
)
"""One cache per service (a bot, or a test's bot: table ids restart with each database)."""


def versioned_value(version: int, notation: str) -> str:
    """A suggestion's value: the notation bound to the version it was suggested at."""
    return f"@{version} {notation}"


def read_value(text: str, current_version: int) -> tuple[str, int]:
    """(notation, version) of a command's action: a suggestion's own version, or
    the version the table had when a hand-typed command arrived."""
    found = VERSIONED.fullmatch(text.strip())
    if found is None:
        return text, current_version
    return found["notation"], int(found["version"])


def ranked_choices(
    service: GameService, own: SeatCopy, locale: LocaleLike
) -> list[ActionChoice]:
    """The seat's legal choices at this table version, ranked by the game (cached)."""
    _cache = _caches.setdefault(service, OrderedDict())
    key = (own.table.id, own.table.version, own.seat, language_of(locale))
    found = _cache.get(key)
    if found is None:
        found = plugin_for(own.table.game).typed.ranked_choices(own, locale)
        _cache[key] = found
        if len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    else:
        _cache.move_to_end(key)
    return found


async def suggest(
    interaction: Interaction, typed: str, game_id: str | None = None
) -> list[app_commands.Choice[str]]:
    """The autocomplete of a play command; nothing when the user may not act now."""
    assert interaction.channel_id is not None
    service = service_of(interaction)
    table = await service.tables.active_table(interaction.channel_id)
    if table is None or table.state is None or table.status != TableStatus.PLAYING:
        return []
    if game_id is not None and table.game != game_id:
        return []
    seat = table.seat_of(interaction.user.id)
    if seat is None or seat not in table.state.to_act():
        return []
    typed = typed[:MAX_TYPED]
    choices = plugin_for(table.game).typed.suggest(
        seat_copy(table, seat), typed, interaction.locale,
        functools.partial(ranked_choices, service),
    )
    return [
        app_commands.Choice(
            name=choice.label[:VALUE_LIMIT], value=versioned_value(table.version, choice.notation)
        )
        for choice in choices
        if len(versioned_value(table.version, choice.notation)) <= VALUE_LIMIT
    ]


@acknowledged
async def play_typed(interaction: Interaction, text: str, game_id: str | None = None) -> None:
    """Play a typed or suggested action for the user at this channel's table (which
    must play `game_id` when given: the per-game aliases ``/coal play``, ``/sab play``)."""
    assert interaction.channel_id is not None
    service = service_of(interaction)
    if game_id is not None:
        table = await game_table(interaction, game_id)
    else:
        found = await service.tables.active_table(interaction.channel_id)
        if found is None:
            raise NoTableHere()
        table = found
    notation, version = read_value(text, table.version)
    hand_typed = VERSIONED.fullmatch(text.strip()) is None
    choices = own_choices(service, table, interaction) if hand_typed else []
    if hand_typed:
        notation = label_typed(choices, text)
    try:
        result = await service.moves.act(
            table.id, interaction.user.id, notation, expected_version=version
        )
    except ActionSyntaxError as error:
        if not choices:
            raise
        raise mistyped(choices, text, error, interaction.locale) from error
    await post_turn(interaction, result.table, result)
    await plugin_for(table.game).typed.after_typed_play(interaction, result)


def own_choices(service: GameService, table: Table, interaction: Interaction) -> list[ActionChoice]:
    """The legal moves of the user at `table`, labelled in their language as the
    suggestions are; none if they may not act now."""
    seat = table.seat_of(interaction.user.id)
    if table.state is None or table.status != TableStatus.PLAYING or seat is None:
        return []
    if seat not in table.state.to_act():
        return []
    return ranked_choices(service, seat_copy(table, seat), interaction.locale)


def words_of(text: str) -> str:
    """`text`'s words, lower case, without punctuation (how a label typed by hand is
    compared)."""
    return " ".join(re.findall(r"\w+", text.casefold()))


def label_typed(choices: list[ActionChoice], text: str) -> str:
    """The notation of the move whose label `text` is, typed by hand; else `text`."""
    typed = words_of(text)
    found = (choice.notation for choice in choices if typed and words_of(choice.label) == typed)
    return next(found, text)


def closest(choices: list[ActionChoice], text: str) -> list[str]:
    """The labels of the legal moves closest to `text`, at most `CLOSEST`: those sharing
    the most of its words first, then the most alike."""
    typed = words_of(text)
    words = set(typed.split())

    def nearness(label: str) -> tuple[int, float]:
        own = words_of(label)
        return len(words & set(own.split())), difflib.SequenceMatcher(None, typed, own).ratio()

    labels = list(dict.fromkeys(choice.label for choice in choices))
    return sorted(labels, key=nearness, reverse=True)[:CLOSEST]


def typed_notation(choices: list[ActionChoice], text: str) -> bool:
    """Whether `text` was typed in the notation: it starts with a word that starts a
    legal move's notation, and holds no word only the labels use ("Move to the...")."""
    notations = {word for choice in choices for word in words_of(choice.notation).split()}
    labels = {word for choice in choices for word in words_of(choice.label).split()}
    verbs = {words_of(choice.notation).partition(" ")[0] for choice in choices}
    typed = words_of(text).split()
    return bool(typed) and typed[0] in verbs and not set(typed) & (labels - notations)


def mistyped(
    choices: list[ActionChoice], text: str, error: ActionSyntaxError, locale: LocaleLike
) -> MistypedPlay:
    """The answer, in words, to a play typed by hand that reads as no move."""
    notation = "\n" + error_text(error, locale) if typed_notation(choices, text) else ""
    named = CLOSEST_SEPARATOR.join(closest(choices, text))  # one line: labels may hold " · "
    return MistypedPlay(typed=text.strip()[:VALUE_LIMIT], closest=named, notation=notation)


def _text(key: str) -> app_commands.locale_str:
    return command_text(f"command.game.play.{key}")


class GameCommands(commands.Cog):
    """The base of a game's own command group (``/coal``, ``/sab``): it holds the bot and
    gives ``/<group> play``, the old spelling of ``/game play`` for that game (kept for
    one release; docs/platform.md). Subclasses set `game_id`."""

    game_id: ClassVar[str]

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name=_text("name"), description=_text("description"))
    @app_commands.rename(action=_text("action.name"))
    @app_commands.describe(action=_text("action.description"))
    async def play(
        self, interaction: Interaction, action: app_commands.Range[str, 1, ACTION_TEXT_LIMIT]
    ) -> None:
        await play_typed(interaction, action, self.game_id)

    @play.autocomplete("action")
    async def play_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await suggest(interaction, current, self.game_id)
