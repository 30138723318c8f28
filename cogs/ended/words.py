"""How and when a table ended, in words (the closed messages' line, the answer to a
click on an ended table's control)."""

from __future__ import annotations

import datetime

import discord

from bot.i18n import LocaleLike, t
from bot.service import Table, TableStatus
from bot.storage.table_settings import PLACE_GONE, ended_because


def how_it_ended(table: Table, locale: LocaleLike) -> str:
    """"the game is over", "the game was abandoned", "its lobby was closed...", "its
    thread or channel was deleted"."""
    if table.status == TableStatus.FINISHED:
        how = "finished"
    elif ended_because(table) == PLACE_GONE:
        how = "place_gone"
    elif table.state is None:
        how = "lobby"
    else:
        how = "abandoned"
    return t(locale, f"ended.how.{how}")


def when_it_ended(table: Table) -> str:
    """When the table ended (its last change), as a Discord timestamp each reader sees
    in their own time zone and language."""
    ended = datetime.datetime.fromtimestamp(table.updated_at, tz=datetime.UTC)
    return f"{discord.utils.format_dt(ended, 'f')} ({discord.utils.format_dt(ended, 'R')})"


def ended_line(table: Table, locale: LocaleLike) -> str:
    """The line a closed message of the table says it ended with."""
    return t(locale, "ended.line", table=table.id, how=how_it_ended(table, locale),
             when=when_it_ended(table))
