"""The table read on demand: the 📖 Read button of a turn message and ``/game read
[part]``, answered privately (issue 32).

The reading is the whole table in text, one short line per fact, emoji at the ends of
lines, no tables and no codes: first the game, where it is, who is to act (or who
won) and the last move, then each part of the game's reading
(`cogs.platform.table_words`), or the one part asked for. A seated player reads the
table as they see it (their own hand, role, draw); anyone else reads what the
channel sees. The parts are offered by name in ``/game read``'s autocomplete; a part
typed by hand is found by its name too. An answer longer than one message is sent
in several, cut between lines.
"""

from __future__ import annotations

from discord import app_commands

from bot.i18n import LocaleLike, t
from bot.service import ActResult, Table, TableStatus
from bot.service.errors import UserError
from cogs.platform.alt_text import headline, last_move, logged_move, seen_of
from cogs.platform.errors import NoTableHere
from cogs.platform.host import service_of
from cogs.platform.items import READ, Button, Interaction, TableItem
from cogs.platform.names import display_names
from cogs.platform.plugins import plugin_for
from cogs.platform.presenter import MAX_SUGGESTIONS, game_name
from cogs.platform.replies import acknowledged, send_private
from cogs.platform.seen import Seen
from cogs.platform.translator import command_text

MESSAGE_LIMIT = 2000
"""Discord's limit on a message's text."""
WHOLE = "all"
"""The part value of the whole reading."""


class NoReading(UserError):
    """The table's game has no reading, or it has not started."""

    key = "read_nothing"


class UnknownPart(UserError):
    """``/game read`` named no part of the table's game."""

    key = "read_unknown_part"


def part_names(game: str, locale: LocaleLike) -> list[tuple[str, str]]:
    """Each part of `game`'s reading (value, name in words), the whole table first."""
    words = plugin_for(game).words
    if words is None:
        return []
    parts = [(part, t(locale, f"read.{game}.part.{part}")) for part in words.parts]
    return [(WHOLE, t(locale, "read.whole")), *parts]


def find_part(game: str, locale: LocaleLike, typed: str | None) -> str:
    """The part `typed` names (its value, as autocomplete sends it, or its name); the
    whole table when nothing was typed. UnknownPart otherwise."""
    wanted = (typed or WHOLE).strip().casefold()
    for value, name in part_names(game, locale):
        if wanted in (value.casefold(), name.casefold()):
            return value
    raise UnknownPart(part=typed)


def reading_lines(
    shown: Seen, locale: LocaleLike, part: str, played: ActResult | None = None
) -> list[str]:
    """The reading of `part` (`WHOLE`: every part) of `shown`'s table, headed by the game,
    who is to act and the last move (as the view keeps it, else `played`'s)."""
    words = plugin_for(shown.table.game).words
    if words is None or shown.view is None:
        raise NoReading()
    game = game_name(locale, shown.table.game)
    lines = [t(locale, "read.title", game=game, where=words.where(shown, locale))]
    lines += headline(shown, locale, "board")[1:]  # who is to act, or who won
    lines += last_move(shown, locale, played)
    for value in words.whole if part == WHOLE else (part,):
        told = words.read(shown, locale, value, None)
        if part == WHOLE and told:
            name = t(locale, f"read.{shown.table.game}.part.{value}")
            lines.append(t(locale, "read.part_heading", part=name[:1].upper() + name[1:]))
        lines += told
    return lines


def messages(lines: list[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """`lines` in as few messages of at most `limit` characters as they fit, cut
    between lines (a line longer than that is cut at its last space)."""
    chunks: list[str] = []
    for line in lines:
        while len(line) > limit:
            cut = line.rfind(" ", 0, limit)
            chunks.append(line[: cut if cut > 0 else limit])
            line = line[len(chunks[-1]):].lstrip()
        if chunks and len(chunks[-1]) + 1 + len(line) <= limit:
            chunks[-1] += "\n" + line
        else:
            chunks.append(line)
    return chunks


@acknowledged
async def send_reading(interaction: Interaction, table: Table, part: str | None) -> None:
    """The table read to the user, privately: as their seat sees it, or as the channel
    does for anyone not seated."""
    if table.state is None or table.status not in (TableStatus.PLAYING, TableStatus.FINISHED):
        raise NoReading()
    value = find_part(table.game, interaction.locale, part)
    names = await display_names(interaction.client, table, interaction.locale)
    reader = table.seat_of(interaction.user.id)
    shown = seen_of(table, table.state, reader, names)
    played = await logged_move(service_of(interaction), table)
    for text in messages(reading_lines(shown, interaction.locale, value, played)):
        await send_private(interaction, text)


def suggest_parts(game: str | None, locale: LocaleLike, typed: str) -> list[tuple[str, str]]:
    """The parts (value, name) whose name holds every typed word, at most 25."""
    if game is None:
        return []
    words = typed.casefold().split()
    return [
        (value, name) for value, name in part_names(game, locale)
        if all(word in name.casefold() for word in words)
    ][:MAX_SUGGESTIONS]


@app_commands.command(
    name=command_text("command.game.read.name"),
    description=command_text("command.game.read.description"),
)
@app_commands.rename(part=command_text("command.game.read.part.name"))
@app_commands.describe(part=command_text("command.game.read.part.description"))
async def read_command(
    interaction: Interaction, part: app_commands.Range[str, 1, 100] | None = None
) -> None:
    """``/game read [part]``: the table of this channel, or one part of it, in words
    (added to ``/game`` by `cogs.game.setup`)."""
    await send_reading(interaction, await channel_table(interaction), part)


@read_command.autocomplete("part")
async def part_autocomplete(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The parts of the channel's game whose names hold what was typed."""
    assert interaction.channel_id is not None
    table = await service_of(interaction).tables.active_table(interaction.channel_id)
    game = table.game if table is not None else None
    parts = suggest_parts(game, interaction.locale, current)
    return [app_commands.Choice(name=name[:100], value=value) for value, name in parts]


async def channel_table(interaction: Interaction) -> Table:
    """The table open in the interaction's channel; NoTableHere if none."""
    assert interaction.channel_id is not None
    table = await service_of(interaction).tables.active_table(interaction.channel_id)
    if table is None:
        raise NoTableHere()
    return table


class ReadButton(TableItem[Button], prefix=READ, versioned=False, arg=None):
    """📖 Read, on a turn message: the whole table in words, to the clicker only."""

    answers_privately = True

    async def run(self, interaction: Interaction) -> None:
        table = await service_of(interaction).tables.get_table(self.table_id)
        await send_reading(interaction, table, None)


READ_ITEMS = (ReadButton,)
