"""The one base of every persistent component of a table (`TableItem`).

A table component is a `DynamicItem` whose custom_id carries everything it
needs, so it works after a restart with no memory on the bot side::

    <prefix>:<table>[:<version>][:<arg>]

The base builds the template from the class's ``prefix`` (and whether it is
bound to a table version), parses the table id, version and argument back from
a click, and runs the subclass's `run` under the error guard
(`cogs.platform.replies.guarded`), which acknowledges the click before any
database or image work. A subclass only says what it looks like and
what a click does::

    class ActionButton(TableItem[Button], prefix="mt:act"):
        async def run(self, interaction: Interaction) -> None:
            await play_clicked(interaction, self.table_id, self.version, self.arg)

An item rebuilt from a custom_id only handles the click: it wraps the component
of the message as it is (labels and options included).
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Self, TypeVar

import discord

from cogs.access import check_clicked_table
from cogs.ended.clicks import check_open
from cogs.platform.replies import defer_edit, defer_private, guarded

Interaction = discord.Interaction[Any]
Button = discord.ui.Button[Any]
Select = discord.ui.Select[Any]
Item = discord.ui.Item[Any]

CUSTOM_ID_LIMIT = 100
LABEL_LIMIT = 80
"""Longest button label Discord accepts."""
OPTION_LABEL_LIMIT = 100
"""Longest select option label (and description) Discord accepts."""
OPTIONS_PER_SELECT = 25
PRIVATE_VIEW = "mt:view"
"""Prefix of the "My view" button (`cogs.platform.private`)."""
READ = "mt:read"
"""Prefix of the "📖 Read" button (`cogs.platform.reading`)."""
REMATCH = "mt:rematch"
"""Prefix of the "Rematch" button of a finished game (`cogs.platform.lobby`)."""
EXPORT = "mt:export"
"""Prefix of the "Export" button of a finished game (`cogs.platform.summary`)."""
ACT = "mt:act"
"""Prefix of an action button (`cogs.platform.table_items.ActionButton`)."""
PICK = "mt:pick"
"""Prefix of a select of actions (`cogs.platform.table_items.ActionSelect`)."""
UNDO = "mt:undo"
"""Prefix of "Take back" (`cogs.platform.table_items.UndoButton`)."""
IMAGES = "mt:img"
"""Prefix of "Draw the images again" (`cogs.platform.table_items.RetryImagesButton`)."""
REVIEW = "mt:review"
"""Prefix of the coach's "Review" button of a finished game (`cogs.platform.coach`)."""

ItemT = TypeVar("ItemT", bound=Item)


class TableItem(discord.ui.DynamicItem[ItemT], template=r"(?!)"):
    """A persistent button or select of a table; see the module docstring. (The
    base's own template matches nothing: only subclasses are registered.)"""

    prefix: str
    versioned: bool
    answers_privately: ClassVar[bool] = False
    """The click is answered by a new ephemeral message (acknowledged with
    `defer_private`) rather than by editing the clicked message (`defer_edit`)."""
    kept_at_end: ClassVar[bool] = False
    """The control is one of a finished game's end (Rematch, Export, Review...): it
    works on once the game is over. Any other control of an ended table is answered
    how and when it ended (`cogs.ended.clicks`)."""

    def __init_subclass__(
        cls, *, prefix: str, versioned: bool = True, arg: str | None = r".+", **kwargs: Any
    ) -> None:
        parts = [re.escape(prefix), r"(?P<table>\d+)"]
        if versioned:
            parts.append(r"(?P<version>\d+)")
        if arg is not None:
            parts.append(f"(?P<arg>{arg})")
        super().__init_subclass__(template=":".join(parts), **kwargs)
        cls.prefix = prefix
        cls.versioned = versioned

    def __init__(
        self, item: ItemT, table_id: int, version: int | None = None, arg: str = ""
    ) -> None:
        super().__init__(item)
        self.table_id = table_id
        self.version = version
        self.arg = arg

    @classmethod
    def make_id(cls, table_id: int, version: int | None = None, arg: str = "") -> str:
        """The custom_id of an item of this class."""
        return item_id(cls.prefix, table_id, version if cls.versioned else None, arg)

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item, match: re.Match[str], /
    ) -> Self:
        rebuilt = cls.__new__(cls)
        version = int(match["version"]) if cls.versioned else None
        arg = match.groupdict().get("arg") or ""
        TableItem.__init__(rebuilt, item, int(match["table"]), version, arg)  # type: ignore[misc]
        return rebuilt

    @classmethod
    def as_button(
        cls,
        table_id: int,
        version: int | None,
        arg: str,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        *,
        row: int | None = None,
        disabled: bool = False,
    ) -> Self:
        """An item of this class shown as a button."""
        custom_id = cls.make_id(table_id, version, arg)
        assert len(custom_id) <= CUSTOM_ID_LIMIT, custom_id
        shown: Button = discord.ui.Button(
            label=label[:LABEL_LIMIT] or arg or "…",
            style=style,
            custom_id=custom_id,
            row=row,
            disabled=disabled,
        )
        return cls(shown, table_id, version, arg)  # type: ignore[arg-type]

    @classmethod
    def as_select(
        cls,
        table_id: int,
        version: int | None,
        arg: str,
        options: list[discord.SelectOption],
        placeholder: str,
        *,
        row: int | None = None,
    ) -> Self:
        """An item of this class shown as a select of `options` (at most 25), with a
        `placeholder` saying in words what it chooses."""
        custom_id = cls.make_id(table_id, version, arg)
        menu = select_menu(custom_id, options[:OPTIONS_PER_SELECT], placeholder, row)
        return cls(menu, table_id, version, arg)  # type: ignore[arg-type]

    @classmethod
    def fits(cls, table_id: int, version: int | None, arg: str) -> bool:
        """Whether the custom_id for `arg` is short enough for Discord."""
        return id_fits(cls.prefix, table_id, version if cls.versioned else None, arg)

    @property
    def value(self) -> str:
        """The chosen option of a select (its first value)."""
        assert isinstance(self.item, discord.ui.Select)
        return str(self.item.values[0])

    async def callback(self, interaction: Interaction) -> None:
        acknowledge = defer_private if self.answers_privately else defer_edit
        await guarded(interaction, self.run(interaction), acknowledge=acknowledge,
                      check=self.checks)

    async def checks(self, interaction: Interaction) -> None:
        """Before the work: where the click comes from (`check_origin`), then whether
        the table has ended (`cogs.ended.clicks`)."""
        await self.check_origin(interaction)
        await check_open(interaction, self.table_id, kept_at_end=self.kept_at_end)

    @staticmethod
    async def check_origin(interaction: Interaction) -> None:
        """Where a click may come from: by default only the table's own channel
        (`cogs.access`); raises a `UserError` otherwise."""
        await check_clicked_table(interaction)

    async def run(self, interaction: Interaction) -> None:
        """What a click does; errors are answered to the clicker by the guard."""
        raise NotImplementedError


def item_id(prefix: str, table_id: int, version: int | None = None, arg: str = "") -> str:
    """``<prefix>:<table>[:<version>][:<arg>]``: the custom_id of a table component."""
    parts = [prefix, str(table_id)]
    if version is not None:
        parts.append(str(version))
    if arg:
        parts.append(arg)
    return ":".join(parts)


def id_fits(prefix: str, table_id: int, version: int | None, arg: str) -> bool:
    """Whether the custom_id for `arg` is short enough for Discord."""
    return len(item_id(prefix, table_id, version, arg)) <= CUSTOM_ID_LIMIT


class HandledButton(discord.ui.Button[Any]):
    """A button of a message whose click a registered `TableItem` class handles,
    matched on its custom_id (as the "My view", Rematch and Export buttons).

    discord.py keeps a plain button with a custom_id in its view store, under its
    message, for as long as the bot runs: one entry per turn message ever sent. This
    one tells the store there is nothing to dispatch to it, so nothing is kept."""

    def is_dispatchable(self) -> bool:
        return False


class HandledSelect(discord.ui.Select[Any]):
    """A select a registered `TableItem` class handles, as `HandledButton`."""

    def is_dispatchable(self) -> bool:
        return False


def handled_button(
    prefix: str,
    table_id: int,
    version: int | None,
    arg: str,
    label: str,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
) -> HandledButton:
    """A button of a message (`HandledButton`) for the `TableItem` class of `prefix`,
    shown as `TableItem.as_button` shows one."""
    custom_id = item_id(prefix, table_id, version, arg)
    assert len(custom_id) <= CUSTOM_ID_LIMIT, custom_id
    return HandledButton(label=label[:LABEL_LIMIT] or arg or "…", style=style, custom_id=custom_id)


def handled_select(
    prefix: str,
    table_id: int,
    version: int | None,
    arg: str,
    options: list[discord.SelectOption],
    placeholder: str = "",
) -> HandledSelect:
    """A select of a message for the `TableItem` class of `prefix` (at most 25 options)."""
    return HandledSelect(
        custom_id=item_id(prefix, table_id, version, arg),
        options=options[:OPTIONS_PER_SELECT],
        placeholder=placeholder or None,
    )


def select_menu(
    custom_id: str,
    options: list[discord.SelectOption],
    placeholder: str = "",
    row: int | None = None,
) -> Select:
    """The select a table item wraps (an empty placeholder leaves Discord's default)."""
    return discord.ui.Select(
        custom_id=custom_id, options=options, placeholder=placeholder or None, row=row
    )
