"""A table in play: the turn message, its action components, the private view.

Custom ids (all `cogs.platform.items.TableItem`s):

    mt:act:<table>:<version>:<notation>    an action button
    mt:pick:<table>:<version>:<n>          the n-th action select; option values are notations
    mt:view:<table>                        "My view" (`cogs.platform.private`)
    mt:rematch:<table>                     "Rematch", once the game is over (`cogs.platform.lobby`)
    mt:export:<table>                      "Export", once the game is over (`cogs.platform.summary`)
    mt:undo:<table>:<version>              "Take back", on the actor's private
                                           confirmation, valid at that version only
    mt:img:<table>:<version>               draw again the images a turn message lacks

Actions carry the version they were offered at; a click on an older message
answers that the table moved on (`bot.service.check_turn`, the one check of
every path).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import discord

from bot.errors import NotPlaying, StaleAction
from bot.i18n import LocaleLike, t
from bot.service import ActResult, Table, TableStatus
from bot.storage import PingMode
from bot.table_settings import stand_ins
from cogs.platform.errors import NoTableHere, WrongGame
from cogs.platform.host import host_of, service_of
from cogs.platform.items import (
    EXPORT,
    LABEL_LIMIT,
    OPTION_LABEL_LIMIT,
    OPTIONS_PER_SELECT,
    PRIVATE_VIEW,
    READ,
    REMATCH,
    Button,
    HandledButton,
    Interaction,
    Item,
    Select,
    TableItem,
)
from cogs.platform.live import live_message, replace_live
from cogs.platform.names import display_names, mention
from cogs.platform.notify import by_dm, ping_modes, tell_turn_by_dm
from cogs.platform.plugins import plugin_for, presenter_for
from cogs.platform.presenter import ActionChoice, TurnMessage, game_name
from cogs.platform.replies import public_locale, send_private
from cogs.platform.seen import seen
from cogs.platform.server_names import note_actor, remember_seats
from cogs.platform.summary import add_score_chart
from cogs.platform.threads import close_thread

MESSAGE_TEXT_LIMIT = 2000
MESSAGE_EMBEDS_LIMIT = 10
"""Discord's limits on a message's text and embeds."""
BUTTONS_PER_ROW = 5
ACTION_ROWS = 4
"""Rows for actions; the last of Discord's 5 rows holds "My view"."""


async def game_table(interaction: Interaction, game_id: str) -> Table:
    """This channel's open table, which must play `game_id` (for a game's own commands)."""
    assert interaction.channel_id is not None
    table = await service_of(interaction).tables.active_table(interaction.channel_id)
    if table is None:
        raise NoTableHere()
    if table.game != game_id:
        locale = interaction.locale
        raise WrongGame(game=game_name(locale, table.game), wanted=game_name(locale, game_id))
    return table


def pings(table: Table, modes: Mapping[int, PingMode] | None = None) -> discord.AllowedMentions:
    """Only the players who must act now are pinged (never a computer seat, nor a
    person a computer plays for, nor a player whose ping mode at the table, `modes`,
    is dm or off); everyone else a message names (the last actor, a target) is named
    without a ping."""
    modes = modes or {}
    computers, to_act = stand_ins(table), table.users_to_act()
    users = [
        discord.Object(user)
        for seat, user in enumerate(table.seats)
        if user > 0
        and user in to_act
        and seat not in computers
        and modes.get(user, PingMode.PING) == PingMode.PING
    ]
    return discord.AllowedMentions(users=users, roles=False, everyone=False)


async def public_turn(
    client: discord.Client,
    table: Table,
    played: ActResult | None,
    locale: LocaleLike,
    names: tuple[str, ...],
) -> TurnMessage:
    """The presenter's public message for the table now; at the end, with the
    summary's score chart (`cogs.platform.summary`)."""
    presenter = presenter_for(table.game)
    public = seen(table, None, public_choices=presenter.public_choices, names=names)
    message = await presenter.turn(public, locale, played)
    if table.status == TableStatus.FINISHED:
        await remember_seats(client, table, names)
        await add_score_chart(host_of(client).service.results, table, message, names, locale)
    return message


async def published(
    client: discord.Client,
    table: Table,
    posted: discord.Message,
    modes: Mapping[int, PingMode],
    locale: LocaleLike,
    chart: bytes | None = None,
) -> None:
    """After a table's public message with components was posted: it is the live one;
    the players to act who asked for it are told by direct message; at the end, the
    table's thread (if any) is closed (its standings with the score `chart`)."""
    await replace_live(client, table.id, posted)
    await tell_turn_by_dm(client, table, by_dm(table, modes), posted.jump_url, locale)
    await close_thread(client, table, locale, chart)


async def fold_into_live(
    client: discord.Client,
    channel: discord.abc.Messageable,
    table: Table,
    content: str,
    message: TurnMessage,
    view: discord.ui.View,
) -> bool:
    """Tell a step of a turn still going on (`Presenter.mid_turn`: a draw-5 before its
    choice) in the table's live message, the one that announced this turn: the step's
    message takes the place of its last line (who is to act, now restated), its images
    and components become the new ones, and nobody is pinged again, so a turn posts
    one public message. False (post a new message) when the turn is not mid-way, or
    the live message is gone or would grow too long."""
    if not presenter_for(table.game).mid_turn(table):
        return False
    live = await live_message(client, channel, table.id)
    if live is None:
        return False
    told = live.content.rpartition("\n")[0]
    text = f"{told}\n{content}" if told else content
    embeds = [*live.embeds, *message.embeds]
    if len(text) > MESSAGE_TEXT_LIMIT or len(embeds) > MESSAGE_EMBEDS_LIMIT:
        return False
    await live.edit(
        content=text,
        embeds=embeds,
        attachments=message.files,
        view=view,
        allowed_mentions=discord.AllowedMentions.none(),
    )
    return True


async def post_turn(
    interaction: Interaction, table: Table, played: ActResult | None, *, header: str = ""
) -> None:
    """Post the public turn message (mentioning who is to act) and, ephemerally,
    what the actor alone was told. Works whether or not the interaction was answered.

    A typed command that played an action is answered privately and the turn is
    posted as a plain channel message: anyone can open the options of a command
    from the public reply it gets, and they may hold a secret choice (a card
    discarded face down, where drawn cards go back). So is any other command
    acknowledged privately before it got here (``/game undo``).
    """
    command = interaction.type is discord.InteractionType.application_command
    typed = played is not None and command
    in_channel = typed or (command and interaction.response.is_done())
    if not interaction.response.is_done():
        # A presenter may take a while to draw the board.
        await interaction.response.defer(ephemeral=typed, thinking=typed)
    locale = public_locale(interaction)
    presenter = presenter_for(table.game)
    await note_actor(interaction)
    names = await display_names(interaction.client, table, locale)
    message = await public_turn(interaction.client, table, played, locale, names)
    content = f"{header}\n{message.content}" if header else message.content
    view = turn_view(
        table, message.actions, locale, items=message.items, retry_images=message.images_missing
    )
    channel = interaction.channel
    assert isinstance(channel, discord.abc.Messageable)
    folded = played is not None and await fold_into_live(
        interaction.client, channel, table, content, message, view
    )
    if not folded:
        modes = await ping_modes(interaction.client, table)
        if in_channel:
            posted: discord.Message = await channel.send(
                content,
                view=view,
                files=message.files,
                embeds=message.embeds,
                allowed_mentions=pings(table, modes),
            )
        else:
            posted = await interaction.followup.send(
                content,
                view=view,
                files=message.files,
                embeds=message.embeds,
                allowed_mentions=pings(table, modes),
                wait=True,
            )
        await published(interaction.client, table, posted, modes, locale, message.chart)
    host_of(interaction.client).computers.schedule(table)
    # What the actor alone was told goes to them only: after /game skip the
    # interaction is the skipper's, who must not learn the idle seat's secrets.
    own = played is not None and table.seats[played.seat] == interaction.user.id
    lines: list[str] = []
    if played is not None and own:
        actor = seen(table, played.seat, names=names)
        lines = presenter.event_lines(actor, played.events, interaction.locale, seat=played.seat)
    undoable = played is not None and own and played.undoable
    if (typed or undoable) and not lines:
        assert played is not None
        # The notation only confirms a typed play; a click is confirmed in words.
        done = t(interaction.locale, "turn.played_private", action=played.notation)
        lines = [done if own and typed else t(interaction.locale, "turn.done")]
    if lines:
        view = undo_view(table, interaction.locale) if undoable else discord.utils.MISSING
        await send_private(interaction, "\n".join(lines), view=view)


async def play(interaction: Interaction, table_id: int, version: int, notation: str) -> None:
    """Play `notation` for the clicker, if the click was made on the current state."""
    result = await service_of(interaction).play.act(
        table_id, interaction.user.id, notation, expected_version=version
    )
    await post_turn(interaction, result.table, result)


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
    then the private view button while in play, or the rematch button at the end; and
    with `retry_images` a button to draw the images that could not be drawn."""
    view = discord.ui.View(timeout=None)
    fits = all(
        ActionButton.fits(table.id, table.version, a.notation) and len(a.label) <= LABEL_LIMIT
        for a in actions
    )
    if len(actions) <= BUTTONS_PER_ROW and fits:
        for action in actions:
            view.add_item(
                ActionButton.as_button(
                    table.id, table.version, action.notation, action.label,
                    discord.ButtonStyle.primary,
                )
            )
    else:
        for index in range(min(ACTION_ROWS, -(-len(actions) // OPTIONS_PER_SELECT))):
            chunk = actions[index * OPTIONS_PER_SELECT : (index + 1) * OPTIONS_PER_SELECT]
            view.add_item(action_select(table, index, chunk))
    for item in items:
        view.add_item(item)
    if with_private and table.status == TableStatus.PLAYING:
        label = t(locale, plugin_for(table.game).presenter.private_button_key)
        # Handled by `cogs.platform.private.PrivateViewButton`, matched on its custom_id.
        view.add_item(
            HandledButton(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"{PRIVATE_VIEW}:{table.id}",
            )
        )
    if with_private and table.status == TableStatus.PLAYING and plugin_for(table.game).words:
        # Handled by `cogs.platform.reading.ReadButton`: the table in words, privately.
        view.add_item(
            HandledButton(
                label=t(locale, "read.button"), style=discord.ButtonStyle.secondary,
                custom_id=f"{READ}:{table.id}",
            )
        )
    if with_private and table.status == TableStatus.FINISHED:
        # Handled by `cogs.platform.lobby.RematchButton` and `cogs.platform.summary.ExportButton`.
        for key, prefix, style in (
            ("button.rematch", REMATCH, discord.ButtonStyle.success),
            ("button.export", EXPORT, discord.ButtonStyle.secondary),
        ):
            view.add_item(
                HandledButton(
                    label=t(locale, key), style=style, custom_id=f"{prefix}:{table.id}"
                )
            )
    if retry_images:
        label = t(locale, "button.retry_images")
        view.add_item(RetryImagesButton.as_button(table.id, table.version, "", label))
    return view


def action_select(
    table: Table, index: int, choices: list[ActionChoice], placeholder: str = ""
) -> ActionSelect:
    """A select of `choices` (at most 25) playing the chosen notation."""
    options = [
        discord.SelectOption(label=c.label[:OPTION_LABEL_LIMIT], value=c.notation)
        for c in choices
    ]
    return ActionSelect.as_select(table.id, table.version, str(index), options, placeholder)


class ActionButton(TableItem[Button], prefix="mt:act"):
    """Plays the notation in its custom_id, against the version it was offered at."""

    async def run(self, interaction: Interaction) -> None:
        assert self.version is not None
        await play(interaction, self.table_id, self.version, self.arg)


class ActionSelect(TableItem[Select], prefix="mt:pick", arg=r"\d"):
    """A select of actions; each option's value is a notation."""

    async def run(self, interaction: Interaction) -> None:
        assert self.version is not None
        await play(interaction, self.table_id, self.version, self.value)


async def take_back(interaction: Interaction, table_id: int, version: int | None) -> None:
    """Take back the clicker's last action, post the turn again headed "X took back
    their last action", and tell the clicker alone which action it was.

    With `version` (the "Take back" button, made right after the action), the table
    must still be at it, and the button's message becomes that private answer.
    Either way the interaction was acknowledged first (the button by `TableItem`,
    ``/game undo`` privately).
    """
    service = service_of(interaction)
    if version is not None:
        await service.play.authorize(table_id, interaction.user.id, version, to_act=False)
    done = await service.play.take_back(table_id, interaction.user.id)
    words = presenter_for(done.table.game).words(
        done.table, done.seat, done.notation, interaction.locale
    )
    text = t(interaction.locale, "undo.done_private", action=words)
    if version is not None:
        await interaction.edit_original_response(content=text, view=None)
    header = t(public_locale(interaction), "undo.took_back", player=mention(interaction.user.id))
    await post_turn(interaction, done.table, None, header=header)
    if version is None:
        await interaction.followup.send(text, ephemeral=True)


def undo_view(table: Table, locale: LocaleLike) -> discord.ui.View:
    """The "Take back" button of the actor's private confirmation."""
    view = discord.ui.View(timeout=None)
    view.add_item(UndoButton.as_button(table.id, table.version, "", t(locale, "button.undo")))
    return view


class UndoButton(TableItem[Button], prefix="mt:undo", arg=None):
    """Takes back the clicker's last action, if the table is still at its version."""

    async def run(self, interaction: Interaction) -> None:
        await take_back(interaction, self.table_id, self.version)


async def retry_images(interaction: Interaction, table_id: int, version: int) -> None:
    """Draw the images of the clicked turn message again and attach them to it, while
    the table is still at that turn. A lobby has no turn message (the button
    could only be forged): NotPlaying."""
    table = await service_of(interaction).tables.get_table(table_id)
    if table.status == TableStatus.LOBBY:
        raise NotPlaying()
    if table.version != version:
        raise StaleAction()
    locale = public_locale(interaction)
    names = await display_names(interaction.client, table, locale)
    message = await public_turn(interaction.client, table, None, locale, names)
    view = turn_view(
        table, message.actions, locale, items=message.items, retry_images=message.images_missing
    )
    await interaction.edit_original_response(attachments=message.files, view=view)


class RetryImagesButton(TableItem[Button], prefix="mt:img", arg=None):
    """On a turn message posted without its images: draws them again."""

    async def run(self, interaction: Interaction) -> None:
        assert self.version is not None
        await retry_images(interaction, self.table_id, self.version)


TURN_ITEMS = (ActionButton, ActionSelect, UndoButton, RetryImagesButton)
