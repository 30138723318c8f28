"""A table's lobby and its end: Join, Leave, Start, the computer players and the
take-over option of the lobby, the rematch, and the abandon confirmation.

Every change of a lobby also updates its invitation cards (`cogs.platform.invitations`).
Each lobby post is kept among the table's messages (`bot.service.messages`): the start
takes its controls, a lobby closed closes every one of them (`cogs.ended.closing`).

Custom ids: ``mt:lobby:<table>:join|leave|start``,
``mt:cpu:<table>:easy|normal|strong|remove|watch`` (creator only; "watch": the
creator gives their seat up to watch computers play, and may join again before
the start), ``mt:takeover:<table>:on|off`` (creator only: a computer takes over
an idle seat, `cogs.platform.stand_in`), ``mt:rematch:<table>`` and
``mt:abandon:<table>:yes|no``. The slash commands of `cogs.game` share these
operations.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import discord

from bot.ai.knowledge import has_computer_players
from bot.games.registry import get_game
from bot.i18n import LocaleLike, t
from bot.service import Table, TableStatus
from bot.service.coaching import coaches_new_players
from bot.service.computers import TABLE_LEVELS, computer_level, computer_seats
from bot.service.errors import NotCreator
from bot.service.tournament_rounds import marker_of
from bot.storage import MessageKind
from bot.storage.table_settings import takes_over
from cogs.ended.closing import close_table
from cogs.ended.words import ended_line
from cogs.permissions.check import check_posting, thread_fallback_note
from cogs.platform.coach import COACH_NEW, coach_new_line
from cogs.platform.errors import NoTableHere
from cogs.platform.host import host_of, service_of
from cogs.platform.invitations import refresh_invitations
from cogs.platform.items import REMATCH, Button, Interaction, TableItem
from cogs.platform.names import mention
from cogs.platform.plugins import plugin_for
from cogs.platform.posting import post_turn
from cogs.platform.presenter import game_name
from cogs.platform.replies import public_locale, send_private
from cogs.platform.stand_in import check_computers, stand_in_line, takeover_line
from cogs.platform.table_options import check_players, options_text
from cogs.platform.threads import close_thread, open_thread, table_channel, threads_allowed


def chosen_options(table: Table, locale: LocaleLike) -> str:
    """The table's options in words, on a line of their own ("" if the game has none)."""
    text = options_text(table.game, plugin_for(table.game).options, table.options, locale)
    return t(locale, "lobby.options", options=text) if text else ""


def lobby_text(table: Table, locale: LocaleLike) -> str:
    """The lobby message: game, options, seats, and how many players the game needs."""
    game = get_game(table.game)
    if table.status == TableStatus.ABANDONED:
        return ended_line(table, locale)
    text = t(
        locale,
        "lobby.text",
        game=game_name(locale, table.game),
        table=table.id,
        creator=mention(table.creator_id, locale),
        players=" ".join(mention(user, locale) for user in table.seats),
        count=len(table.seats),
        min=game.min_players,
        max=game.max_players,
        minutes=table.reminder_minutes,
    )
    lines = (text, chosen_options(table, locale), takeover_line(table, locale),
             coach_new_line(table, locale))
    return "\n".join(line for line in lines if line)


def lobby_controls(table: Table, locale: LocaleLike) -> discord.ui.View | None:
    if table.status != TableStatus.LOBBY:
        return None
    controls = discord.ui.View(timeout=None)
    for what, style in LobbyButton.STYLES.items():
        label = t(locale, f"button.{what}")
        controls.add_item(LobbyButton.as_button(table.id, None, what, label, style))
    for button in computer_buttons(table, locale):
        controls.add_item(button)
    if has_computer_players(table.game):
        controls.add_item(takeover_button(table, locale))
        controls.add_item(coach_new_button(table, locale))
    return controls


async def send_lobby(
    interaction: Interaction,
    table: Table,
    *,
    edit: bool,
    header: str = "",
    ping: Sequence[int] = (),
) -> None:
    """Show the lobby: edit the clicked lobby message, or post a new one. The seated
    players are named without a ping; only the users of `ping` are pinged."""
    locale = public_locale(interaction)
    content, controls = lobby_text(table, locale), lobby_controls(table, locale)
    content = f"{header}\n{content}" if header else content
    pinged = discord.AllowedMentions(
        users=[discord.Object(user) for user in ping], roles=False, everyone=False
    )
    posted: discord.Message | None
    if edit:  # a lobby button, acknowledged on click (`TableItem`)
        posted = await interaction.edit_original_response(
            content=content, view=controls, allowed_mentions=pinged
        )
    elif interaction.response.is_done():  # "Rematch", acknowledged on click: a new message
        posted = await interaction.followup.send(
            content, view=controls or discord.utils.MISSING, allowed_mentions=pinged, wait=True
        )
    else:
        sent = await interaction.response.send_message(
            content, view=controls or discord.utils.MISSING, allowed_mentions=pinged
        )
        resource = sent.resource if sent is not None else None
        posted = resource if isinstance(resource, discord.Message) else None
    await lobby_posted(interaction.client, table, posted, locale)
    await refresh_invitations(interaction.client, table.id, locale)


async def lobby_posted(
    client: discord.Client, table: Table, posted: discord.Message | None, locale: LocaleLike
) -> None:
    """A lobby post shown: kept among the table's messages while the lobby is open;
    once it is closed, it says so and every other message of the table is closed."""
    if posted is None:
        return
    if table.status == TableStatus.LOBBY:
        await host_of(client).service.messages.posted(
            table.id, posted.channel.id, posted.id, MessageKind.LOBBY
        )
    elif table.status == TableStatus.ABANDONED:
        await close_table(client, table, locale, last=posted)


async def join_table(interaction: Interaction, table_id: int, *, edit: bool) -> None:
    """Seat the user at the lobby of this channel (the bot must be able to play here)."""
    check_posting(interaction)
    table = await service_of(interaction).tables.join(table_id, interaction.user.id)
    await send_lobby(interaction, table, edit=edit)


async def leave_table(interaction: Interaction, table_id: int, *, edit: bool) -> None:
    table = await service_of(interaction).tables.leave(table_id, interaction.user.id)
    await send_lobby(interaction, table, edit=edit)


async def start_table(interaction: Interaction, table_id: int) -> None:
    """Start the table, refused first if the bot cannot play in this channel or a chosen
    option does not allow its player count."""
    check_posting(interaction)
    service = service_of(interaction)
    lobby = await service.tables.get_table(table_id)
    if lobby.status == TableStatus.LOBBY and interaction.user.id == lobby.creator_id:
        options = plugin_for(lobby.game).options
        check_players(lobby.game, options, lobby.options, len(lobby.seats), interaction.locale)
    table = await service.tables.start(table_id, interaction.user.id)
    locale = public_locale(interaction)
    header = "\n".join(filter(None, (t(locale, "turn.started"), chosen_options(table, locale))))
    await post_turn(interaction, table, None, header=header)
    await refresh_invitations(interaction.client, table.id, locale)


class LobbyButton(TableItem[Button], prefix="mt:lobby", versioned=False, arg="join|leave|start"):
    """Join, Leave or Start on a lobby message."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
    }

    async def run(self, interaction: Interaction) -> None:
        if self.arg == "join":
            await join_table(interaction, self.table_id, edit=True)
        elif self.arg == "leave":
            await leave_table(interaction, self.table_id, edit=True)
        else:
            await start_table(interaction, self.table_id)


class ComputerButton(
    TableItem[Button], prefix="mt:cpu", versioned=False, arg="easy|normal|strong|remove|watch"
):
    """The lobby's "Add a computer (level)", "Remove a computer" and "Watch only"
    (creator only)."""

    STYLE: ClassVar[discord.ButtonStyle] = discord.ButtonStyle.secondary

    async def run(self, interaction: Interaction) -> None:
        service = service_of(interaction)
        user = interaction.user.id
        if self.arg == "remove":
            table = await service.tables.get_table(self.table_id)
            computers = [u for u in table.seats if computer_level(u) is not None]
            last = computers[-1] if computers else 0
            table = await service.tables.remove_computer(self.table_id, user, last)
        elif self.arg == "watch":
            table = await service.tables.step_out(self.table_id, user)
        else:
            table = await service.tables.add_computer(self.table_id, user, self.arg)
        await send_lobby(interaction, table, edit=True)


def computer_buttons(table: Table, locale: LocaleLike) -> list[ComputerButton]:
    """One "Add a computer" button per level, then "Remove a computer" and "Watch
    only" once one sits; none for a game computers do not play."""
    if not has_computer_players(table.game):
        return []
    buttons = [
        ComputerButton.as_button(
            table.id, None, level,
            t(locale, "button.add_computer", level=t(locale, f"computer.level.{level}")),
            ComputerButton.STYLE, row=1,
        )
        for level in TABLE_LEVELS
    ]
    if computer_seats(table):
        label = t(locale, "button.remove_computer")
        buttons.append(ComputerButton.as_button(table.id, None, "remove", label, row=1))
        if table.creator_id in table.seats:
            label = t(locale, "button.watch_computers")
            buttons.append(ComputerButton.as_button(table.id, None, "watch", label, row=1))
    return buttons


class TakeoverButton(TableItem[Button], prefix="mt:takeover", versioned=False, arg="on|off"):
    """The lobby's toggle of the take-over option (creator only)."""

    async def run(self, interaction: Interaction) -> None:
        service = service_of(interaction)
        check_computers(await service.tables.get_table(self.table_id))
        table = await service.seats.set_takeover(
            self.table_id, interaction.user.id, self.arg == "on"
        )
        await send_lobby(interaction, table, edit=True)


def takeover_button(table: Table, locale: LocaleLike) -> TableItem[Button]:
    """Turns the option on when off, off when on."""
    return toggle(TakeoverButton, table, takes_over(table), locale, "button.takeover")


class CoachNewButton(TableItem[Button], prefix=COACH_NEW, versioned=False, arg="on|off"):
    """The lobby's toggle of "coach for new players" (creator only)."""

    async def run(self, interaction: Interaction) -> None:
        table = await service_of(interaction).coaching.set_new_players(
            self.table_id, interaction.user.id, self.arg == "on"
        )
        await send_lobby(interaction, table, edit=True)


def coach_new_button(table: Table, locale: LocaleLike) -> TableItem[Button]:
    """Turns "coach for new players" on when off, off when on."""
    return toggle(CoachNewButton, table, coaches_new_players(table), locale, "coach.button.new")


def toggle(
    kind: type[TableItem[Button]], table: Table, on: bool, locale: LocaleLike, key: str
) -> TableItem[Button]:
    """A lobby toggle of `kind`, whose label says its state: ``<key>_on`` while on (in
    green), ``<key>_off`` while off; a click turns it the other way."""
    label = t(locale, f"{key}_on" if on else f"{key}_off")
    style = discord.ButtonStyle.success if on else discord.ButtonStyle.secondary
    return kind.as_button(table.id, None, "off" if on else "on", label, style, row=2)


class RematchButton(TableItem[Button], prefix=REMATCH, versioned=False, arg=None):
    """On a finished game: the first player to click opens the same table again (in
    the channel, or in a new thread of its parent when the game had its thread);
    each other player's click takes their seat there."""

    kept_at_end = True

    async def run(self, interaction: Interaction) -> None:
        old = await service_of(interaction).tables.get_table(self.table_id)
        parent = check_rematch_place(interaction)

        async def new_channel() -> int:
            return await rematch_channel(interaction, old)

        in_thread = isinstance(interaction.channel, discord.Thread)
        lobby, opened = await service_of(interaction).tables.rematch(
            self.table_id, interaction.user.id, new_channel if in_thread else None
        )
        header = ""
        others = [user for user in old.seats if user != interaction.user.id]
        if opened:
            humans = [user for user in others if user > 0]
            players = " ".join(mention(user) for user in humans)
            key = "rematch.opened" if humans else "rematch.opened_alone"
            header = t(public_locale(interaction), key, table=old.id, players=players)
        invited = [user for user in others if user > 0] if opened else []  # no computer
        if lobby.channel_id == interaction.channel_id:
            await send_lobby(interaction, lobby, edit=False, header=header, ping=invited)
            return
        place = f"<#{lobby.channel_id}>"
        answer = t(interaction.locale, "thread.rematch" if opened else "thread.joined",
                   thread=place)
        if opened and parent is not None and lobby.channel_id == parent.id:
            answer += "\n" + thread_fallback_note(interaction, parent)
        await send_lobby_in(interaction, lobby, answer, header=header, ping=invited)


def check_rematch_place(interaction: Interaction) -> discord.TextChannel | None:
    """Check, before the rematch is stored, that the bot may play where it opens: this
    channel, or for a thread (over with its game) a new thread of the parent channel,
    or the parent itself if the bot may not open threads there. Returns that parent
    (None in a channel)."""
    thread = interaction.channel
    parent = thread.parent if isinstance(thread, discord.Thread) else None
    if not isinstance(parent, discord.TextChannel):
        check_posting(interaction)
        return None
    opens_thread = threads_allowed(parent.permissions_for(parent.guild.me))
    check_posting(interaction, parent, opens_thread=opens_thread)
    return parent


async def rematch_channel(interaction: Interaction, old: Table) -> int:
    """Where the rematch of `old`, whose thread is over, opens: a new thread of the
    parent channel, or the parent itself if the bot may not open threads there now."""
    thread = interaction.channel
    parent = thread.parent if isinstance(thread, discord.Thread) else None
    if not isinstance(parent, discord.TextChannel):
        raise NoTableHere()
    if not threads_allowed(parent.permissions_for(parent.guild.me)):
        return parent.id
    return (await open_thread(parent, old.game, interaction.user.display_name)).id


async def send_lobby_in(
    interaction: Interaction,
    table: Table,
    answer: str,
    *,
    header: str = "",
    public: bool = False,
    ping: Sequence[int] = (),
) -> None:
    """Post the lobby of a table playing in another channel (its thread), there, pinging
    only the users of `ping`; then answer the user with `answer` (where the table is),
    publicly or only to them."""
    locale = public_locale(interaction)
    channel = await table_channel(interaction.client, table)
    if not isinstance(channel, discord.abc.Messageable):
        raise NoTableHere()
    content, controls = lobby_text(table, locale), lobby_controls(table, locale)
    content = f"{header}\n{content}" if header else content
    pinged = discord.AllowedMentions(
        users=[discord.Object(user) for user in ping], roles=False, everyone=False
    )
    posted = await channel.send(
        content, view=controls or discord.utils.MISSING, allowed_mentions=pinged
    )
    await lobby_posted(interaction.client, table, posted, locale)
    if public:
        quiet = discord.AllowedMentions.none()
        if interaction.response.is_done():
            await interaction.followup.send(answer, allowed_mentions=quiet)
        else:
            await interaction.response.send_message(answer, allowed_mentions=quiet)
    else:
        await send_private(interaction, answer)


def abandon_controls(table: Table, locale: LocaleLike) -> discord.ui.View:
    """The "abandon this game?" question's two answers."""
    controls = discord.ui.View(timeout=None)
    answers = (("yes", discord.ButtonStyle.danger), ("no", discord.ButtonStyle.secondary))
    for answer, style in answers:
        label = t(locale, f"button.abandon_{answer}")
        controls.add_item(AbandonButton.as_button(table.id, None, answer, label, style))
    return controls


class AbandonButton(TableItem[Button], prefix="mt:abandon", versioned=False, arg="yes|no"):
    """The answer to "abandon this game?", shown only to who asked."""

    async def run(self, interaction: Interaction) -> None:
        if self.arg == "no":
            text = t(interaction.locale, "abandon.kept")
            await interaction.edit_original_response(content=text, view=None)
            return
        service = service_of(interaction)
        table = await service.tables.get_table(self.table_id)
        if marker_of(table) is None:
            can_manage = interaction.permissions.manage_channels
            table = await service.tables.abandon(
                self.table_id, interaction.user.id, can_manage=can_manage
            )
        else:  # a tournament's: the organizer ends it, a player forfeits
            table, forfeited = await service.tournament_rounds.end_table(
                table, interaction.user.id, can_manage=interaction.permissions.manage_guild)
            if forfeited:
                await forfeit_told(interaction, table)
                return
        await interaction.edit_original_response(
            content=t(interaction.locale, "abandon.done_private"), view=None
        )
        locale = public_locale(interaction)
        announce = await interaction.followup.send(
            t(
                locale,
                "abandon.announce",
                game=game_name(locale, table.game),
                table=table.id,
                player=mention(interaction.user.id, locale),
            ),
            wait=True,
        )
        await close_table(interaction.client, table, locale, last=announce)
        await close_thread(interaction.client, table, locale)
        await refresh_invitations(interaction.client, table.id, locale)


async def abandon_question(interaction: Interaction, table: Table) -> str:
    """The question `/game abandon` asks (NotCreator, NotOrganizer: who may not): at a
    tournament's table, a player's abandon is their forfeit (docs/tournaments.md)."""
    locale = interaction.locale
    key = "abandon.confirm"
    if marker_of(table) is not None:
        if await service_of(interaction).tournament_rounds.is_forfeit(
                table, interaction.user.id, can_manage=interaction.permissions.manage_guild):
            key = "abandon.forfeit_confirm"
    elif table.creator_id != interaction.user.id and not interaction.permissions.manage_channels:
        raise NotCreator()  # said now rather than after a confirmation (the service checks too)
    return t(locale, key, game=game_name(locale, table.game), table=table.id)


async def forfeit_told(interaction: Interaction, table: Table) -> None:
    """A player forfeited a tournament's table: told them, then the table, in words."""
    await interaction.edit_original_response(
        content=t(interaction.locale, "abandon.forfeit_done"), view=None)
    locale = public_locale(interaction)
    seat = table.seats.index(interaction.user.id)
    await interaction.followup.send(stand_in_line(table, seat, locale),
                                    allowed_mentions=discord.AllowedMentions.none())


LOBBY_ITEMS = (
    LobbyButton, ComputerButton, TakeoverButton, CoachNewButton, AbandonButton, RematchButton
)
