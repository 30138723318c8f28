"""``/game play action:<text>``: one way to play, for every game, typed or suggested.

The autocomplete offers the user's legal actions (most relevant first, at most
25), labelled in words by the game's typed plays (`cogs.platform.typed_plays`),
valued in the notation. Each suggested value carries the table version it was
made for, invisibly (Discord shows the label; the value is ``@<version> <notation>``),
so the same suggestion sent twice is refused as stale the second time. A play typed by hand is bound
to the version read when the command arrives: it applies once per version.

Suggestions come from a small cache of each seat's ranked choices per table
version, so a keystroke costs one table read (no lock: a turn in progress or a
render never delays it) and a filter linear in the typed text, which is cut at
`MAX_TYPED` characters (no notation is longer than a choice value).
"""

from __future__ import annotations

import functools
import re
import weakref
from collections import OrderedDict
from typing import ClassVar

from discord import app_commands
from discord.ext import commands

from bot.games.base import Seat
from bot.i18n import LocaleLike, language_of
from bot.service import GameService, TableStatus
from cogs.platform.errors import NoTableHere
from cogs.platform.host import service_of
from cogs.platform.items import Interaction
from cogs.platform.plugins import plugin_for
from cogs.platform.posting import post_turn
from cogs.platform.presenter import ActionChoice
from cogs.platform.replies import acknowledged
from cogs.platform.seen import SeatCopy, seat_copy
from cogs.platform.table_items import game_table
from cogs.platform.translator import command_text
from cogs.validation import ACTION_TEXT_LIMIT

VALUE_LIMIT = 100
"""Longest choice name or value Discord accepts."""
MAX_TYPED = VALUE_LIMIT
"""Typed text beyond this length is not read: no notation is longer."""
CACHE_SIZE = 256
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
    result = await service.moves.act(
        table.id, interaction.user.id, notation, expected_version=version
    )
    await post_turn(interaction, result.table, result)
    await plugin_for(table.game).typed.after_typed_play(interaction, result)


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
