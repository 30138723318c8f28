"""The persistent buttons and selects of a table, and what they do.

Every component is a `DynamicItem`: its custom_id holds everything needed to
act (table id, table version, notation), so it works after a restart without
any in-memory state. The custom_id scheme (all under 100 characters):

    mt:lobby:<table>:join|leave|start     lobby buttons
    mt:act:<table>:<version>:<notation>    an action button
    mt:pick:<table>:<version>:<n>          the n-th action select; option values are notations
    mt:view:<table>                        "My view": the clicker's private view, ephemerally
    mt:img:<table>:<version>               draw again the images a turn message lacks
    mt:abandon:<table>:yes|no              the abandon confirmation

Actions carry the version they were offered at; a click on an older message
answers that the table moved on. An item rebuilt from a custom_id only handles
the click: its label is never shown again, so it is not rebuilt.

The slash commands in `cogs.game` share the table operations defined here
(`join_table`, `start_table`...).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, ClassVar

import discord

from bot.app import TableBot
from bot.errors import GameOver, NotPlaying, NotSeated, StaleAction
from bot.games.base import Seat
from bot.games.registry import get_game
from bot.i18n import LocaleLike, t
from bot.presenters import ActionChoice, game_name, mention, presenter_for
from bot.service import ActResult, GameService, Table
from cogs.errors import NoTableHere, TableAbandoned, WrongGame
from cogs.replies import defer_edit, defer_private, guarded, public_locale, send_private

BUTTONS_PER_ROW = 5
OPTIONS_PER_SELECT = 25
ACTION_ROWS = 4
"""Rows for actions; the last of Discord's 5 rows holds "My view"."""
CUSTOM_ID_LIMIT = 100
LABEL_LIMIT = 80
"""Longest button label Discord accepts."""
OPTION_LABEL_LIMIT = 100
"""Longest select option label Discord accepts."""

Interaction = discord.Interaction[Any]
Button = discord.ui.Button[Any]
Select = discord.ui.Select[Any]
Item = discord.ui.Item[Any]

LOBBY_ID = r"mt:lobby:(?P<table>\d+):(?P<what>join|leave|start)"
ACTION_ID = r"mt:act:(?P<table>\d+):(?P<version>\d+):(?P<notation>.+)"
PICK_ID = r"mt:pick:(?P<table>\d+):(?P<version>\d+):(?P<index>\d)"
VIEW_ID = r"mt:view:(?P<table>\d+)"
RETRY_IMAGES_ID = r"mt:img:(?P<table>\d+):(?P<version>\d+)"
ABANDON_ID = r"mt:abandon:(?P<table>\d+):(?P<answer>yes|no)"


def service_of(interaction: Interaction) -> GameService:
    bot = interaction.client
    if not isinstance(bot, TableBot):
        raise TypeError(f"expected the table bot, got {type(bot).__name__}")
    return bot.service


async def game_table(interaction: Interaction, game_id: str) -> Table:
    """This channel's open table, which must play `game_id` (for a game's own commands)."""
    assert interaction.channel_id is not None
    table = await service_of(interaction).active_table(interaction.channel_id)
    if table is None:
        raise NoTableHere()
    if table.game != game_id:
        locale = interaction.locale
        raise WrongGame(game=game_name(locale, table.game), wanted=game_name(locale, game_id))
    return table


# -- table operations shared by the slash commands and the components ---------------


def lobby_text(table: Table, locale: LocaleLike) -> str:
    """The lobby message: game, seats, and how many players the game needs."""
    game = get_game(table.game)
    if table.status == "abandoned":
        return t(locale, "lobby.closed", game=game_name(locale, table.game), table=table.id)
    return t(
        locale,
        "lobby.text",
        game=game_name(locale, table.game),
        table=table.id,
        creator=mention(table.creator_id),
        players=" ".join(mention(user) for user in table.seats),
        count=len(table.seats),
        min=game.min_players,
        max=game.max_players,
        minutes=table.reminder_minutes,
    )


def lobby_view(table: Table, locale: LocaleLike) -> discord.ui.View | None:
    if table.status != "lobby":
        return None
    view = discord.ui.View(timeout=None)
    for what in LobbyButton.ACTIONS:
        view.add_item(LobbyButton(table.id, what, locale))
    return view


async def send_lobby(interaction: Interaction, table: Table, *, edit: bool) -> None:
    """Show the lobby: edit the clicked lobby message, or post a new one."""
    locale = public_locale(interaction)
    content, view = lobby_text(table, locale), lobby_view(table, locale)
    if edit:  # a lobby button, acknowledged on click
        await defer_edit(interaction)
        await interaction.edit_original_response(content=content, view=view)
    else:
        await interaction.response.send_message(content, view=view or discord.utils.MISSING)


async def join_table(interaction: Interaction, table_id: int, *, edit: bool) -> None:
    table = await service_of(interaction).join(table_id, interaction.user.id)
    await send_lobby(interaction, table, edit=edit)


async def leave_table(interaction: Interaction, table_id: int, *, edit: bool) -> None:
    table = await service_of(interaction).leave(table_id, interaction.user.id)
    await send_lobby(interaction, table, edit=edit)


async def start_table(interaction: Interaction, table_id: int) -> None:
    table = await service_of(interaction).start(table_id, interaction.user.id)
    await post_turn(interaction, table, None, header=t(public_locale(interaction), "turn.started"))


async def post_turn(
    interaction: Interaction, table: Table, played: ActResult | None, *, header: str = ""
) -> None:
    """Post the public turn message (mentioning who is to act) and, ephemerally,
    what the actor alone was told. Works whether or not the interaction was answered.

    A typed command that played an action is answered privately and the turn is
    posted as a plain channel message: anyone can open the options of a command
    from the public reply it gets, and they may hold a secret choice (a card
    discarded face down, where drawn cards go back).
    """
    typed = played is not None and interaction.type is discord.InteractionType.application_command
    if not interaction.response.is_done():
        # A presenter may take a while to draw the board.
        await interaction.response.defer(ephemeral=typed, thinking=typed)
    locale = public_locale(interaction)
    presenter = presenter_for(table.game)
    message = await presenter.turn(table, locale, played)
    content = f"{header}\n{message.content}" if header else message.content
    view = turn_view(
        table, message.actions, locale, items=message.items, retry_images=message.images_missing
    )
    if typed:
        channel = interaction.channel
        assert isinstance(channel, discord.abc.Messageable)
        await channel.send(content, view=view, files=message.files, embeds=message.embeds)
    else:
        await interaction.followup.send(
            content, view=view, files=message.files, embeds=message.embeds
        )
    # What the actor alone was told goes to them only: after /game skip the
    # interaction is the skipper's, who must not learn the idle seat's secrets.
    own = played is not None and table.seats[played.seat] == interaction.user.id
    lines: list[str] = []
    if played is not None and own:
        lines = presenter.event_lines(table, played.events, interaction.locale, seat=played.seat)
    if typed and not lines:
        assert played is not None
        done = t(interaction.locale, "turn.played_private", action=played.notation)
        lines = [done if own else t(interaction.locale, "turn.done")]
    if lines:
        await interaction.followup.send("\n".join(lines), ephemeral=True)


def ensure_in_play(table: Table) -> None:
    """Raise what a click on `table` should be told when it is not in play: the game is
    over, was abandoned, or has not started."""
    if table.status == "finished":
        raise GameOver()
    if table.status == "abandoned":
        raise TableAbandoned()
    if table.status != "playing":
        raise NotPlaying()


async def play(interaction: Interaction, table_id: int, version: int, notation: str) -> None:
    """Play `notation` for the clicker, if the click was made on the current state.

    The checks before the service's own ones only choose the clearest answer:
    a click on an old or closed table says so, whoever clicks.
    """
    await defer_edit(interaction)  # acknowledged before any database or image work
    service = service_of(interaction)
    table = await service.get_table(table_id)
    ensure_in_play(table)
    if table.seat_of(interaction.user.id) is None:
        raise NotSeated()
    if table.version != version:
        raise StaleAction()
    result = await service.act(table_id, interaction.user.id, notation, expected_version=version)
    await post_turn(interaction, result.table, result)


async def seated_at(interaction: Interaction, table_id: int) -> tuple[Table, Seat]:
    """The table and the clicker's seat at it, if they play there and the game is on."""
    table = await service_of(interaction).get_table(table_id)
    seat = table.seat_of(interaction.user.id)
    if seat is None:
        raise NotSeated()
    ensure_in_play(table)
    return table, seat


async def show_private(interaction: Interaction, table_id: int) -> None:
    """The clicker's private view, ephemerally; spectators get nothing."""
    await defer_private(interaction)  # acknowledged before any database or image work
    table, seat = await seated_at(interaction, table_id)
    message = await presenter_for(table.game).private(table, seat, interaction.locale)
    await send_private(
        interaction,
        message.content,
        view=turn_view(
            table, message.actions, interaction.locale, items=message.items, with_private=False
        ),
        files=message.files,
        embeds=message.embeds,
    )


# -- building the components of a message ------------------------------------------


def turn_view(
    table: Table,
    actions: list[ActionChoice],
    locale: LocaleLike,
    *,
    items: Sequence[Item] = (),
    with_private: bool = True,
    retry_images: bool = False,
) -> discord.ui.View:
    """Buttons for a few short actions, else selects; then the game's own `items`;
    then the private view button while in play, and with `retry_images` a button to
    draw the images that could not be drawn."""
    view = discord.ui.View(timeout=None)
    buttons = [
        ActionButton(table.id, table.version, a) for a in actions if ActionButton.fits(table, a)
    ]
    if len(actions) <= BUTTONS_PER_ROW and len(buttons) == len(actions):
        for button in buttons:
            view.add_item(button)
    else:
        for index in range(min(ACTION_ROWS, -(-len(actions) // OPTIONS_PER_SELECT))):
            chunk = actions[index * OPTIONS_PER_SELECT : (index + 1) * OPTIONS_PER_SELECT]
            view.add_item(ActionSelect(table.id, table.version, index, chunk))
    for item in items:
        view.add_item(item)
    if with_private and table.status == "playing":
        label = t(locale, presenter_for(table.game).private_button_key)
        view.add_item(PrivateViewButton(table.id, label))
    if retry_images:
        view.add_item(RetryImagesButton(table.id, table.version, t(locale, "button.retry_images")))
    return view


def _table_id(match: re.Match[str]) -> int:
    return int(match["table"])


class LobbyButton(discord.ui.DynamicItem[Button], template=LOBBY_ID):
    """Join, Leave or Start on a lobby message."""

    ACTIONS = ("join", "leave", "start")
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
    }

    def __init__(self, table_id: int, what: str, locale: LocaleLike = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=t(locale, f"button.{what}"),
                style=self.STYLES[what],
                custom_id=f"mt:lobby:{table_id}:{what}",
            )
        )
        self.table_id = table_id
        self.what = what

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item, match: re.Match[str], /
    ) -> LobbyButton:
        return cls(_table_id(match), match["what"])

    async def callback(self, interaction: Interaction) -> None:
        await guarded(interaction, self.pressed(interaction))

    async def pressed(self, interaction: Interaction) -> None:
        await defer_edit(interaction)  # acknowledged before any database or image work
        if self.what == "join":
            await join_table(interaction, self.table_id, edit=True)
        elif self.what == "leave":
            await leave_table(interaction, self.table_id, edit=True)
        else:
            await start_table(interaction, self.table_id)


class ActionButton(discord.ui.DynamicItem[Button], template=ACTION_ID):
    """Plays the notation in its custom_id, against the version it was offered at."""

    def __init__(self, table_id: int, version: int, choice: ActionChoice) -> None:
        super().__init__(
            discord.ui.Button(
                label=choice.label[:LABEL_LIMIT],
                style=discord.ButtonStyle.primary,
                custom_id=self.custom_id_for(table_id, version, choice.notation),
            )
        )
        self.table_id = table_id
        self.version = version
        self.notation = choice.notation

    @staticmethod
    def custom_id_for(table_id: int, version: int, notation: str) -> str:
        return f"mt:act:{table_id}:{version}:{notation}"

    @classmethod
    def fits(cls, table: Table, choice: ActionChoice) -> bool:
        """Whether `choice` can be a button (its custom_id and label are short enough)."""
        custom_id = cls.custom_id_for(table.id, table.version, choice.notation)
        return len(custom_id) <= CUSTOM_ID_LIMIT and len(choice.label) <= LABEL_LIMIT

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item, match: re.Match[str], /
    ) -> ActionButton:
        notation = match["notation"]
        return cls(_table_id(match), int(match["version"]), ActionChoice(notation, notation))

    async def callback(self, interaction: Interaction) -> None:
        await guarded(interaction, play(interaction, self.table_id, self.version, self.notation))


def select_menu(
    custom_id: str,
    options: list[discord.SelectOption],
    placeholder: str = "",
    row: int | None = None,
) -> Select:
    """The select a DynamicItem wraps (an empty placeholder leaves Discord's default)."""
    return discord.ui.Select(
        custom_id=custom_id, options=options, placeholder=placeholder or None, row=row
    )


class ActionSelect(discord.ui.DynamicItem[Select], template=PICK_ID):
    """A select of actions; each option's value is a notation."""

    def __init__(
        self, table_id: int, version: int, index: int, choices: list[ActionChoice]
    ) -> None:
        options = [
            discord.SelectOption(label=c.label[:OPTION_LABEL_LIMIT], value=c.notation)
            for c in choices
        ]
        super().__init__(select_menu(f"mt:pick:{table_id}:{version}:{index}", options))
        self.table_id = table_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item, match: re.Match[str], /
    ) -> ActionSelect:
        # The chosen value arrives with the interaction; the options are not needed.
        return cls(_table_id(match), int(match["version"]), int(match["index"]), [])

    async def callback(self, interaction: Interaction) -> None:
        notation = self.item.values[0]
        await guarded(interaction, play(interaction, self.table_id, self.version, notation))


class PrivateViewButton(discord.ui.DynamicItem[Button], template=VIEW_ID):
    """Shows the clicker's private view and actions, ephemerally."""

    def __init__(self, table_id: int, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.secondary, custom_id=f"mt:view:{table_id}"
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item, match: re.Match[str], /
    ) -> PrivateViewButton:
        return cls(_table_id(match), "")

    async def callback(self, interaction: Interaction) -> None:
        await guarded(
            interaction, show_private(interaction, self.table_id), acknowledge=defer_private
        )


async def retry_images(interaction: Interaction, table_id: int, version: int) -> None:
    """Draw the images of the clicked turn message again and attach them to it, while
    the table is still at that turn."""
    await defer_edit(interaction)
    table = await service_of(interaction).get_table(table_id)
    if table.version != version:
        raise StaleAction()
    locale = public_locale(interaction)
    message = await presenter_for(table.game).turn(table, locale)
    view = turn_view(
        table, message.actions, locale, items=message.items, retry_images=message.images_missing
    )
    await interaction.edit_original_response(attachments=message.files, view=view)


class RetryImagesButton(discord.ui.DynamicItem[Button], template=RETRY_IMAGES_ID):
    """On a turn message posted without its images: draws them again."""

    def __init__(self, table_id: int, version: int, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"mt:img:{table_id}:{version}",
            )
        )
        self.table_id = table_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item, match: re.Match[str], /
    ) -> RetryImagesButton:
        return cls(_table_id(match), int(match["version"]), "")

    async def callback(self, interaction: Interaction) -> None:
        await guarded(interaction, retry_images(interaction, self.table_id, self.version))


class AbandonButton(discord.ui.DynamicItem[Button], template=ABANDON_ID):
    """The answer to "abandon this game?", shown only to who asked."""

    def __init__(self, table_id: int, answer: str, locale: LocaleLike = None) -> None:
        style = discord.ButtonStyle.danger if answer == "yes" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=t(locale, f"button.abandon_{answer}"),
                style=style,
                custom_id=f"mt:abandon:{table_id}:{answer}",
            )
        )
        self.table_id = table_id
        self.answer = answer

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item, match: re.Match[str], /
    ) -> AbandonButton:
        return cls(_table_id(match), match["answer"])

    async def callback(self, interaction: Interaction) -> None:
        await guarded(interaction, self.answered(interaction))

    async def answered(self, interaction: Interaction) -> None:
        await defer_edit(interaction)  # acknowledged before any database or image work
        if self.answer == "no":
            text = t(interaction.locale, "abandon.kept")
            await interaction.edit_original_response(content=text, view=None)
            return
        can_manage = interaction.permissions.manage_channels
        table = await service_of(interaction).abandon(
            self.table_id, interaction.user.id, can_manage=can_manage
        )
        await interaction.edit_original_response(
            content=t(interaction.locale, "abandon.done_private"), view=None
        )
        locale = public_locale(interaction)
        await interaction.followup.send(
            t(
                locale,
                "abandon.announce",
                game=game_name(locale, table.game),
                table=table.id,
                player=mention(interaction.user.id),
            )
        )


DYNAMIC_ITEMS = (
    LobbyButton,
    ActionButton,
    ActionSelect,
    PrivateViewButton,
    RetryImagesButton,
    AbandonButton,
)
