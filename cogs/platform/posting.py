"""The turn poster: the one path from "the table changed" to "the channel shows it".

Every public message of a table in play goes out here: a person's action (a button, a
select, the turn builder, a typed play, ``/game skip``, the start, a take-back), a
computer's move, a reminder, and the table in play posted again after a restart (the
local table posts its reminder). Whatever the occasion, `post` does the same steps:

1. the channel and the language: the interaction's, or the table's channel looked up
   (`table_target`) with its server's language;
2. the players' names, the presenter's public message (`public_turn`: at the end, the
   summary's score chart), the text and the controls (`cogs.platform.controls`);
3. a step in the middle of a turn is folded into the live message
   (`fold_into_live`); otherwise the ping modes are fetched, the message is sent
   pinging only the players to act who want it (`pings`), becomes the table's live
   message (at the end, every older message of the table is closed,
   `cogs.ended.closing`), the players who asked for it are told by direct message,
   and at the end the table's thread is closed;
4. the computers due are scheduled.

What differs between the occasions is said by `TurnPost`, one field per difference;
`post_turn` (a person's action: acknowledged first, then the actor's private lines),
`post_computer_turn` and `post_reminder` only fill it in. This is the only module of
the platform that fetches ping modes and sends a turn.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import discord

from bot.games.base import Seat
from bot.i18n import LocaleLike, t
from bot.service import ActResult, Table, TableStatus, skip_delay
from bot.storage import PingMode
from bot.storage.table_settings import can_take_back, stand_ins
from cogs.delivery.failures import Failure, cannot_post, lost, retried, rewound
from cogs.delivery.shown import dealt_with
from cogs.ended.closing import close_table
from cogs.membership.lookup import absent, still_seated
from cogs.places.signal import report_if_gone, reported_gone
from cogs.platform.alt_text import logged_move
from cogs.platform.coach import after_move
from cogs.platform.controls import turn_controls, undo_controls
from cogs.platform.host import host_of, service_of
from cogs.platform.items import Interaction
from cogs.platform.live import live_message, lost_live, partial, remember_live, replace_live
from cogs.platform.names import display_names, known_names, mention
from cogs.platform.notify import by_dm, send_dm, tell_turn_by_dm
from cogs.platform.plugins import presenter_for
from cogs.platform.presenter import TurnMessage, game_name, timestamp
from cogs.platform.replies import public_locale, send_private
from cogs.platform.seen import Seen, seen
from cogs.platform.server_names import note_actor, remember_seats
from cogs.platform.stand_in import back_button, stand_in_line
from cogs.platform.summary import add_score_chart
from cogs.platform.threads import close_thread, table_channel

log = logging.getLogger(__name__)

MESSAGE_TEXT_LIMIT = 2000
MESSAGE_EMBEDS_LIMIT = 10
"""Discord's limits on a message's text and embeds."""


@dataclass(frozen=True)
class TurnPost:
    """What one occasion of posting a turn changes in `post`; the defaults are a
    person's action."""

    played: ActResult | None = None
    """The action just played; None for the start, a take-back, a reminder. Only a
    played step may be folded into the live message (`Presenter.mid_turn`)."""
    header: str = ""
    """A line above the message: who took back an action, who skipped whom..."""
    fetch_names: bool = True
    """Look the players' names up (`names.display_names`, which may fetch members);
    False uses the names already known (`names.known_names`): a computer's moves
    follow each other within seconds and ask Discord nothing."""
    offer_back: bool = False
    """A computer may have played for a person (`stand_in.stand_in_line`): say so
    above the message and offer them "I'm back" (a computer's move)."""
    reminder: bool = False
    """A reminder: the message says who is awaited, since when and from when the turn
    may be skipped, instead of the presenter's text and embeds (its images and controls
    stay); the reminder, not the turn, goes by direct message to the `reminded` players
    who asked for it (`/game dm`, or ping mode dm)."""
    reminded: tuple[int, ...] = ()
    """For a reminder: the players it is for (those to act who are not away)."""
    schedule_computers: bool = True
    """Schedule the computers due after it (False where they are already playing, or
    are not due: a computer's own move, a reminder)."""


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


async def table_target(
    client: discord.Client, table: Table
) -> tuple[discord.abc.Messageable, LocaleLike] | None:
    """Where a turn of `table` posted without an interaction goes, and in which
    language: the table's channel or thread, in its server's language. None (logged)
    if the bot cannot post there any more."""
    channel: Any = await table_channel(client, table)
    if not isinstance(channel, discord.abc.Messageable):
        log.warning("table %s: channel %s cannot receive messages", table.id, table.channel_id)
        return None
    guild = getattr(channel, "guild", None)
    return channel, guild.preferred_locale if guild is not None else None


def public_seen(table: Table, names: tuple[str, ...]) -> Seen:
    """`table` as the channel sees it, for its presenter."""
    presenter = presenter_for(table.game)
    return seen(table, None, public_choices=presenter.public_choices, names=names)


async def public_turn(
    client: discord.Client,
    table: Table,
    public: Seen,
    played: ActResult | None,
    locale: LocaleLike,
    last: ActResult | None = None,
) -> TurnMessage:
    """The presenter's public message for the table now, from `public` (`public_seen`);
    at the end, with the summary's score chart (`cogs.platform.summary`). `last`: the
    table's last action when `played` is None, for the pictures' descriptions."""
    message = await presenter_for(table.game).turn(public, locale, played, last=last)
    if table.status == TableStatus.FINISHED:
        await remember_seats(client, table, public.names)
        results = host_of(client).service.results
        await add_score_chart(results, table, message, public.names, locale, played or last)
    return message


async def fold_into_live(
    client: discord.Client,
    channel: discord.abc.Messageable,
    table: Table,
    content: str,
    message: TurnMessage,
    controls: discord.ui.View,
) -> bool:
    """Tell a step of a turn still going on (`Presenter.mid_turn`: a draw-5 before its
    choice) in the table's live message, the one that announced this turn: the step's
    message takes the place of its last line (who is to act, now restated), its images
    and components become the new ones, and nobody is pinged again, so a turn posts
    one public message. The live message is edited by id, from its text and embeds as
    the bot last left them (`cogs.platform.live`): nothing is read back. False (post a
    new message) when the live message is gone or would grow too long."""
    live = await live_message(client, channel, table.id)
    target = partial(channel, live.id) if live is not None else None
    if live is None or target is None:
        return False
    told = live.content.rpartition("\n")[0]
    text = f"{told}\n{content}" if told else content
    embeds = [*live.embeds, *message.embeds]
    if len(text) > MESSAGE_TEXT_LIMIT or len(embeds) > MESSAGE_EMBEDS_LIMIT:
        return False
    try:
        edited = await retried(lambda: target.edit(
            content=text,
            embeds=embeds,
            attachments=rewound(message.files),
            view=controls,
            allowed_mentions=discord.AllowedMentions.none(),
        ))
    except discord.NotFound:  # deleted by a moderator: the step is posted anew
        await lost_live(client, table.id, live.id)
        return False
    remember_live(client, table.id, edited)
    return True


def reminder_text(table: Table, locale: LocaleLike) -> str:
    """A reminder's text: who is awaited, since when, from when the turn may be skipped."""
    skip_at = table.turn_started_at + skip_delay(table)
    return t(
        locale,
        "reminder.text",
        players=" ".join(mention(user, locale) for user in table.users_to_act() if user > 0),
        game=game_name(locale, table.game),
        table=table.id,
        since=timestamp(table.turn_started_at),
        skip=timestamp(skip_at),
    )


async def tell_by_dm(
    client: discord.Client,
    table: Table,
    how: TurnPost,
    modes: Mapping[int, PingMode],
    posted: discord.Message,
    locale: LocaleLike,
) -> None:
    """The direct messages of a posted turn: "your turn" to the players to act whose ping
    mode is dm; for a reminder, the reminder to the reminded who asked for it."""
    if not how.reminder:
        await tell_turn_by_dm(client, table, by_dm(table, modes), posted.jump_url, locale)
        return
    settings = await host_of(client).service.preferences.presence(how.reminded)
    text = t(
        locale,
        "dm.reminder",
        game=game_name(locale, table.game),
        table=table.id,
        since=timestamp(table.turn_started_at),
        link=posted.jump_url,
    )
    for user in how.reminded:
        if settings[user].dm_reminders or modes.get(user) == PingMode.DM:
            await send_dm(client, user, text, table)


async def post(
    client: discord.Client,
    table: Table,
    how: TurnPost,
    *,
    interaction: Interaction | None = None,
    in_channel: bool = True,
) -> Failure | None:
    """Show `table` now in its channel (the module's steps 1 to 4), as `how` says. With
    an `interaction` (acknowledged already) the message is its follow-up, or a plain
    channel message when `in_channel`; without, it goes to the table's channel (if the
    bot can still post there).

    A table waiting to be posted (a post of it failed, `bot.service.posts`) is posted
    whole, never folded, saying so; the wait then ends. A post Discord refuses or fails
    (`cogs.delivery.failures`), or that cannot be tried (the bot is off the table's
    server, `cogs.membership.lookup.absent`, or no longer sees its channel), leaves the
    table waiting: returned, for the actor to be told; the computers due are scheduled
    all the same (unless the bot is off the server). Before a turn is posted, the people
    it waits for are looked up (`still_seated`): one who left the server has a computer
    play for them."""
    try:
        return await deliver(client, table, how, interaction, in_channel)
    finally:
        dealt_with(client, table)


async def deliver(
    client: discord.Client,
    table: Table,
    how: TurnPost,
    interaction: Interaction | None,
    in_channel: bool,
) -> Failure | None:
    """`post`'s steps, all but noting that the poster dealt with `table`."""
    channel: discord.abc.Messageable
    posts = host_of(client).service.posts
    if interaction is not None:
        assert isinstance(interaction.channel, discord.abc.Messageable)
        channel, locale = interaction.channel, public_locale(interaction)
    else:
        target = None if absent(client, table.guild_id) else await table_target(client, table)
        if target is None:  # the bot is off the server, or the channel out of its sight
            if not reported_gone(table.channel_id):
                await posts.failed(table.id)
            return Failure(table.channel_id, "unreachable")
        channel, locale = target
    if not how.reminder:
        table = await still_seated(client, table)
    waiting = await posts.waiting_since(table.id)
    gone = False
    try:
        await show(client, channel, locale, table, how, interaction, in_channel, waiting)
    except discord.NotFound as error:  # 10003: the place is gone, its table ends
        if not report_if_gone(client, table.channel_id, error):
            raise
        gone = True
        return None
    except (discord.HTTPException, OSError) as error:
        if not lost(error):
            raise
        permissions = interaction.app_permissions if interaction is not None else None
        failure = Failure.of(error, channel, permissions)
        failure.logged(table.id, channel, again=waiting is not None)
        await posts.failed(table.id)
        return failure
    else:
        if waiting is not None:
            await posts.posted(table.id)
        return None
    finally:
        if how.schedule_computers and not gone:
            host_of(client).computers.schedule(table)


async def show(
    client: discord.Client,
    channel: discord.abc.Messageable,
    locale: LocaleLike,
    table: Table,
    how: TurnPost,
    interaction: Interaction | None,
    in_channel: bool,
    waiting: float | None,
) -> None:
    """`post`'s steps 2 and 3 in `channel`: the message, folded into the live one or
    sent; `waiting`: since when the table waits to be posted (None: it does not)."""
    names = await display_names(client, table, locale) if how.fetch_names else known_names(table)
    public = public_seen(table, names)
    played = how.played
    if waiting is not None and played is None:  # the last move, which was not posted
        played = await logged_move(host_of(client).service, table)
    message = await public_turn(client, table, public, played, locale)
    content = reminder_text(table, locale) if how.reminder else message.content
    embeds = [] if how.reminder else message.embeds
    controls = turn_controls(
        table, message.actions, locale, items=message.items, retry_images=message.images_missing
    )
    header = how.header
    if waiting is not None:
        again = t(locale, "delivery.posted_again", since=timestamp(waiting))
        header = f"{again}\n{header}" if header else again
    if how.offer_back and how.played is not None:
        header = offer_back(table, how.played.seat, header, controls, locale)
    content = f"{header}\n{content}" if header else content
    mid_turn = how.played is not None and presenter_for(table.game).mid_turn(public)
    if mid_turn and waiting is None and await fold_into_live(
        client, channel, table, content, message, controls
    ):
        return
    modes = await host_of(client).service.preferences.ping_modes(table.id)
    parts: dict[str, Any] = dict(view=controls, embeds=embeds, allowed_mentions=pings(table, modes))
    if interaction is None or in_channel:
        posted = await retried(lambda: channel.send(content, files=rewound(message.files), **parts))
    else:
        posted = await retried(lambda: interaction.followup.send(
            content, wait=True, files=rewound(message.files), **parts
        ))
    if table.status == TableStatus.FINISHED:  # its older messages say it ended
        await close_table(client, table, locale, last=posted)
    else:
        await replace_live(client, table.id, posted)
    await tell_by_dm(client, table, how, modes, posted, locale)
    await close_thread(client, table, locale, message.chart, how.played)


def offer_back(
    table: Table, seat: Seat, header: str, controls: discord.ui.View, locale: LocaleLike
) -> str:
    """If a computer played `seat` for its person: the header with a line saying so, and
    "I'm back" among the `controls` (if they have room)."""
    line = stand_in_line(table, seat, locale)
    if not line:
        return header
    if can_take_back(stand_ins(table)[seat]):  # else the computer plays it to the end
        try:
            controls.add_item(back_button(table, locale))
        except ValueError:  # full controls: `/game away` (without a date) also gives it back
            log.info("table %s: no room for the I'm back button", table.id)
    return f"{line}\n{header}" if header else line


async def post_turn(
    interaction: Interaction, table: Table, played: ActResult | None, *, header: str = ""
) -> None:
    """A person's action (or the start, a skip, a take-back): acknowledge it, post the
    turn, then tell the actor alone, privately, what only they may know of it. Works
    whether or not the interaction was answered.

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
    await note_actor(interaction)
    how = TurnPost(played=played, header=header)
    failure = await post(
        interaction.client, table, how, interaction=interaction, in_channel=in_channel
    )
    if played is not None:
        after_move(interaction, played)  # the coach's note, if the player is coached
    await tell_actor(interaction, table, played, typed=typed, failure=failure)


async def tell_actor(
    interaction: Interaction,
    table: Table,
    played: ActResult | None,
    *,
    typed: bool,
    failure: Failure | None = None,
) -> None:
    """What the actor alone was told of `played` (their private events; "Done" for a
    typed play or one they may take back), privately, with "Take back" if they may.
    After ``/game skip`` the interaction is the skipper's, who must not learn the idle
    seat's secrets: they are told "Done." only. If the table could not be posted
    (`failure`), they are told so, and that their move counts."""
    locale = interaction.locale
    own = played is not None and table.seats[played.seat] == interaction.user.id
    lines: list[str] = []
    if played is not None and own:
        actor = seen(table, played.seat, names=known_names(table))
        presenter = presenter_for(table.game)
        lines = presenter.event_lines(actor, played.events, locale, seat=played.seat)
    undoable = own and played is not None and played.undoable
    if played is not None and (typed or undoable) and not lines:
        # The notation only confirms a typed play; a click is confirmed in words.
        done = t(locale, "turn.played_private", action=played.notation)
        lines = [done if own and typed else t(locale, "turn.done")]
    if failure is not None:
        key = "delivery.lost.move" if own else "delivery.lost.table"
        lines.insert(0, t(locale, key, cause=failure.cause(locale)))
    if lines:
        undo = undo_controls(table, locale) if undoable else discord.utils.MISSING
        await send_private(interaction, "\n".join(lines), view=undo)


async def post_computer_turn(client: discord.Client, table: Table, played: ActResult) -> None:
    """A computer's move, in the table's channel (its task is already running: no
    scheduling), with the names known and "I'm back" if it played for a person."""
    how = TurnPost(played=played, fetch_names=False, offer_back=True, schedule_computers=False)
    await post(client, table, how)


async def post_reminder(client: discord.Client, table: Table, reminded: tuple[int, ...]) -> bool:
    """The reminder of `table`'s turn for the `reminded` players, with the turn's images
    and controls: a player back after a day sees the board. Also the local table's
    re-post of its table in play after a restart. Whether it was delivered (a reminder
    not delivered is not given: the table waits to be posted)."""
    how = TurnPost(reminder=True, reminded=reminded, schedule_computers=False)
    return await post(client, table, how) is None


async def post_again(client: discord.Client, table: Table) -> None:
    """Post `table`, waiting to be posted since a post of it failed, as it stands now
    (the reminder loop at each tick, ``/game status``); not tried while the bot still
    lacks a permission it needs there or its thread is locked, as the bot's own view of
    the channel says (nothing drawn, nothing asked of Discord)."""
    target = await table_target(client, table)
    if target is None or cannot_post(target[0]):
        return
    await post(client, table, TurnPost(schedule_computers=False))


async def redraw_turn(interaction: Interaction, table: Table) -> None:
    """Draw again the images of the clicked turn message (acknowledged already) and
    attach them to it, with its controls (a retry button again if some still fail)."""
    locale = public_locale(interaction)
    names = await display_names(interaction.client, table, locale)
    last = await logged_move(service_of(interaction), table)
    message = await public_turn(interaction.client, table, public_seen(table, names), None, locale,
                                last)
    controls = turn_controls(
        table, message.actions, locale, items=message.items, retry_images=message.images_missing
    )
    await interaction.edit_original_response(attachments=message.files, view=controls)
