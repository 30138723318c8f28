"""The `/game` commands every game gets: open a table, seat players, play, look, leave.

Commands are thin: find the channel's table, call the service, answer. Replies
only the user sees are in the user's language; messages for the channel are in
the server's language. Errors are answered by the tree (`cogs.platform.replies.ReplyingTree`).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.registry import game_ids
from bot.i18n import LocaleLike, has_key, t
from bot.service import GameService, Table, TableStatus, check_game
from bot.startup.config import Settings
from bot.storage import PingMode
from bot.storage.table_settings import takes_over
from cogs.access import viewable_table
from cogs.permissions.check import check_posting, thread_fallback_note
from cogs.platform.alt_text import logged_move
from cogs.platform.builder import BUILDER_ITEMS
from cogs.platform.coach import COACH_ITEMS, send_hint, set_coach
from cogs.platform.errors import NoTableHere
from cogs.platform.host import TableHost, host_of, service_of
from cogs.platform.items import Interaction
from cogs.platform.lobby import (
    LOBBY_ITEMS,
    abandon_controls,
    abandon_question,
    join_table,
    leave_table,
    lobby_text,
    send_lobby,
    send_lobby_in,
    start_table,
)
from cogs.platform.lookup import send_card, suggest_cards
from cogs.platform.my_tables import send_my_tables
from cogs.platform.names import display_names, mention
from cogs.platform.notify import set_ping_mode
from cogs.platform.open_tables import OPEN_ITEMS, post_invitation, send_open_tables
from cogs.platform.play_command import play_typed, suggest
from cogs.platform.plugins import all_plugins, plugin_for, presenter_for
from cogs.platform.posting import post_again, post_turn
from cogs.platform.presence import day_text, set_away, set_dm_reminders, vote_pause
from cogs.platform.presenter import game_name, scores_line, timestamp
from cogs.platform.private import PRIVATE_ITEMS
from cogs.platform.reading import READ_ITEMS, read_command
from cogs.platform.replies import acknowledged, public_locale, send_private
from cogs.platform.seen import Seen, seen
from cogs.platform.stand_in import (
    STAND_IN_ITEMS,
    skip_to_computer,
    stand_in_lines,
    takeover_line,
    vote_stand_in,
)
from cogs.platform.standings import send_leaderboard, send_stats
from cogs.platform.summary import SUMMARY_ITEMS, send_export
from cogs.platform.table_items import TURN_ITEMS, take_back
from cogs.platform.table_options import declared, table_options, with_option_parameters
from cogs.platform.threads import open_thread, thread_parent
from cogs.platform.translator import command_text
from cogs.validation import ACTION_TEXT_LIMIT, DISCORD_INTEGER_LIMIT

MAX_REMINDER_MINUTES = 7 * 24 * 60
CARD_TEXT_LIMIT = 100
"""Longest `/game card card:` (an autocomplete choice's name is at most 100 characters)."""
LARGEST_TABLE_NUMBER = DISCORD_INTEGER_LIMIT


def game_choices() -> list[app_commands.Choice[str]]:
    """One choice per registered game, named by its ``game.<id>.name`` key if it has one."""
    choices = []
    for game_id in game_ids():
        key = f"game.{game_id}.name"
        name = command_text(key) if has_key(key) else app_commands.locale_str(game_id)
        choices.append(app_commands.Choice(name=name, value=game_id))
    return choices


GAME_CHOICES = game_choices()
"""Read when this extension loads, so every game registered by then is offered."""
OPTION_NAMES = declared((plugin.game_id, plugin.options) for plugin in all_plugins())
"""Every game's table options, one optional parameter of `/game new` each."""


def _text(key: str) -> app_commands.locale_str:
    """A name or description of ``/game``'s commands and options (``command.game.<key>``)."""
    return command_text(f"command.game.{key}")


PING_MODES = [app_commands.Choice(name=_text(f"pings.mode.{mode}"), value=mode.value)
              for mode in PingMode]
"""`/game pings mode:`: how a table tells the user it is their turn."""
COACH_MODES = [app_commands.Choice(name=_text(f"coach.mode.{mode}"), value=mode)
               for mode in ("on", "off")]
"""`/game coach mode:`, on or off, named in the player's language (not a bare True/False)."""


async def playing_text(
    service: GameService, table: Table, public: Seen, locale: LocaleLike
) -> str:
    """`/game status` of a table in play: whose turn since when, the scores, who is
    away, and the computers playing for people."""
    waiting = " ".join(mention(user, locale) for user in public.users_to_act)
    text = t(
        locale,
        "status.playing",
        game=game_name(locale, table.game),
        table=table.id,
        players=waiting,
        since=timestamp(table.turn_started_at),
        scores=scores_line(public, locale),
    )
    paused = await service.seats.paused(table)
    for user, until in (await service.preferences.away(table.seats)).items():
        key = "status.paused" if user in paused else "status.away"
        text += "\n" + t(locale, key, player=mention(user), until=day_text(until))
    for line in [takeover_line(table, locale), *stand_in_lines(table, locale)]:
        text += f"\n{line}" if line else ""
    return text


@app_commands.guild_only()
async def tell_why_no_thread(interaction: Interaction, settings: Settings) -> None:
    """A table opened in the channel itself: its creator is told which permission a
    thread of its own would take, except where tables play in their channel by design
    (the local table, `Settings.tables_in_channel`)."""
    if not settings.tables_in_channel and (note := thread_fallback_note(interaction)):
        await send_private(interaction, note)


class GameCog(
    commands.GroupCog,
    group_name=command_text("command.game.name"),
    group_description=command_text("command.game.description"),
):
    def __init__(self, bot: TableHost) -> None:
        self.bot = bot

    async def _table_here(self, interaction: Interaction) -> Table:
        assert interaction.channel_id is not None
        table = await service_of(interaction).tables.active_table(interaction.channel_id)
        if table is None:
            raise NoTableHere()
        return table

    # mypy cannot match a callback taking **kwargs against discord.py's ParamSpec
    @app_commands.command(  # type: ignore[arg-type]
        name=_text("new.name"), description=_text("new.description")
    )
    @app_commands.rename(
        game=_text("new.game.name"), reminder=_text("new.reminder.name")
    )
    @app_commands.describe(
        game=_text("new.game.description"),
        reminder=_text("new.reminder.description"),
    )
    @app_commands.choices(game=GAME_CHOICES)
    @with_option_parameters(OPTION_NAMES)
    async def new(
        self,
        interaction: Interaction,
        game: str,
        reminder: app_commands.Range[int, 1, MAX_REMINDER_MINUTES] | None = None,
        **chosen: str | None,
    ) -> None:
        """`chosen`: the table options picked (one parameter per option of any game)."""
        assert interaction.channel_id is not None
        check_game(game)  # before its thread is made, as the options
        options = table_options(
            game, plugin_for(game).options, chosen, OPTION_NAMES, interaction.locale
        )
        parent = thread_parent(interaction)
        check_posting(interaction, opens_thread=parent is not None)  # before anything is made
        thread = None
        if parent is not None:
            # Making the thread, the table and its lobby may outlast Discord's 3 s; the
            # answer (where the table is) replaces the "thinking..." message.
            await interaction.response.defer(thinking=True)
            thread = await open_thread(parent, game, interaction.user.display_name)
        table = await service_of(interaction).tables.open_table(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id if thread is None else thread.id,
            game=game,
            creator_id=interaction.user.id,
            options=options,
            reminder_minutes=reminder or self.bot.settings.reminder_minutes,
            parent_id=None if parent is None else parent.id,
        )
        if thread is None:
            await send_lobby(interaction, table, edit=False)
            await tell_why_no_thread(interaction, self.bot.settings)
            return
        locale = public_locale(interaction)
        answer = t(locale, "thread.opened", player=mention(interaction.user.id, locale),
                   game=game_name(locale, game), table=table.id, thread=thread.mention)
        await send_lobby_in(interaction, table, answer, public=True)

    @app_commands.command(name=_text("join.name"), description=_text("join.description"))
    async def join(self, interaction: Interaction) -> None:
        await join_table(interaction, (await self._table_here(interaction)).id, edit=False)

    @app_commands.command(name=_text("leave.name"), description=_text("leave.description"))
    async def leave(self, interaction: Interaction) -> None:
        await leave_table(interaction, (await self._table_here(interaction)).id, edit=False)

    @app_commands.command(name=_text("start.name"), description=_text("start.description"))
    async def start(self, interaction: Interaction) -> None:
        await start_table(interaction, (await self._table_here(interaction)).id)

    @app_commands.command(name=_text("play.name"), description=_text("play.description"))
    @app_commands.rename(action=_text("play.action.name"))
    @app_commands.describe(action=_text("play.action.description"))
    async def play(
        self, interaction: Interaction, action: app_commands.Range[str, 1, ACTION_TEXT_LIMIT]
    ) -> None:
        await play_typed(interaction, action)

    @play.autocomplete("action")
    async def play_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await suggest(interaction, current)

    @app_commands.command(name=_text("status.name"), description=_text("status.description"))
    @acknowledged
    async def status(self, interaction: Interaction) -> None:
        assert interaction.channel_id is not None
        service = service_of(interaction)
        table = await service.tables.active_table(interaction.channel_id)
        if table is None:  # the channel's game may be over: show how it ended
            table = await service.tables.last_table(interaction.channel_id)
            if table is None:
                raise NoTableHere()
        locale = interaction.locale
        if table.status == TableStatus.ABANDONED:
            text = t(locale, "status.abandoned", game=game_name(locale, table.game),
                     table=table.id, since=timestamp(table.updated_at))
            await send_private(interaction, text)
            return
        if table.status == TableStatus.LOBBY:
            await send_private(interaction, lobby_text(table, locale))
            return
        presenter = presenter_for(table.game)
        names = await display_names(interaction.client, table, locale)
        public = seen(table, None, public_choices=presenter.public_choices, names=names)
        if table.status == TableStatus.PLAYING:
            text = await playing_text(service, table, public, locale)
        else:
            text = t(locale, "status.finished", game=game_name(locale, table.game),
                     table=table.id, since=timestamp(table.updated_at),
                     scores=scores_line(public, locale))
        board = await presenter.turn(public, locale, last=await logged_move(service, table))
        await send_private(interaction, text, files=board.files, embeds=board.embeds)
        shown = table.status in (TableStatus.PLAYING, TableStatus.FINISHED)
        if shown and await service.posts.waiting_since(table.id) is not None:
            await post_again(interaction.client, table)  # its last post failed: now, maybe

    @app_commands.command(name=_text("skip.name"), description=_text("skip.description"))
    @acknowledged
    async def skip(self, interaction: Interaction) -> None:
        table = await self._table_here(interaction)
        if takes_over(table):
            await skip_to_computer(interaction, table)
            return
        result = await service_of(interaction).moves.skip(table.id, interaction.user.id)
        locale = public_locale(interaction)
        header = t(
            locale,
            "skip.done",
            player=mention(interaction.user.id, locale),
            idle=mention(table.seats[result.seat], locale),
        )
        await post_turn(interaction, result.table, result, header=header)

    @app_commands.command(name=_text("list.name"), description=_text("list.description"))
    @acknowledged
    async def list_tables(self, interaction: Interaction) -> None:
        await send_my_tables(interaction)

    @app_commands.command(name=_text("open.name"), description=_text("open.description"))
    @acknowledged
    async def open_tables(self, interaction: Interaction) -> None:
        await send_open_tables(interaction)

    @app_commands.command(name=_text("invite.name"), description=_text("invite.description"))
    @app_commands.rename(channel=_text("invite.channel.name"))
    @app_commands.describe(channel=_text("invite.channel.description"))
    @acknowledged
    async def invite(
        self, interaction: Interaction, channel: discord.TextChannel | discord.Thread
    ) -> None:
        await post_invitation(interaction, channel)

    @app_commands.command(name=_text("card.name"), description=_text("card.description"))
    @app_commands.rename(card=_text("card.card.name"), game=_text("card.game.name"))
    @app_commands.describe(
        card=_text("card.card.description"), game=_text("card.game.description")
    )
    @app_commands.choices(game=GAME_CHOICES)
    @acknowledged
    async def card(
        self,
        interaction: Interaction,
        card: app_commands.Range[str, 1, CARD_TEXT_LIMIT],
        game: str | None = None,
    ) -> None:
        await send_card(interaction, game, card)

    @card.autocomplete("card")
    async def card_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await suggest_cards(interaction, current)

    @app_commands.command(name=_text("away.name"), description=_text("away.description"))
    @app_commands.rename(until=_text("away.until.name"))
    @app_commands.describe(until=_text("away.until.description"))
    @acknowledged
    async def away(
        self, interaction: Interaction, until: app_commands.Range[str, 1, 32] | None = None
    ) -> None:
        await set_away(interaction, until)

    @app_commands.command(name=_text("pause.name"), description=_text("pause.description"))
    async def pause(self, interaction: Interaction) -> None:
        await vote_pause(interaction, await self._table_here(interaction))

    @app_commands.command(name=_text("standin.name"), description=_text("standin.description"))
    async def standin(self, interaction: Interaction) -> None:
        await vote_stand_in(interaction, await self._table_here(interaction))

    @app_commands.command(name=_text("dm.name"), description=_text("dm.description"))
    @app_commands.rename(enabled=_text("dm.enabled.name"))
    @app_commands.describe(enabled=_text("dm.enabled.description"))
    @acknowledged
    async def dm(self, interaction: Interaction, enabled: bool) -> None:
        await set_dm_reminders(interaction, enabled)

    @app_commands.command(name=_text("pings.name"), description=_text("pings.description"))
    @app_commands.rename(mode=_text("pings.mode.name"))
    @app_commands.describe(mode=_text("pings.mode.description"))
    @app_commands.choices(mode=PING_MODES)
    async def pings(self, interaction: Interaction, mode: str) -> None:
        await set_ping_mode(interaction, await self._table_here(interaction), mode)

    @app_commands.command(name=_text("hint.name"), description=_text("hint.description"))
    async def hint(self, interaction: Interaction) -> None:
        await send_hint(interaction, (await self._table_here(interaction)).id)

    @app_commands.command(name=_text("coach.name"), description=_text("coach.description"))
    @app_commands.rename(mode=_text("coach.mode.name"))
    @app_commands.describe(mode=_text("coach.mode.description"))
    @app_commands.choices(mode=COACH_MODES)
    async def coach(self, interaction: Interaction, mode: str) -> None:
        await set_coach(interaction, (await self._table_here(interaction)).id, mode == "on")

    @app_commands.command(name=_text("undo.name"), description=_text("undo.description"))
    @acknowledged
    async def undo(self, interaction: Interaction) -> None:
        table = await self._table_here(interaction)
        await take_back(interaction, table.id, None)

    @app_commands.command(name=_text("abandon.name"), description=_text("abandon.description"))
    @acknowledged
    async def abandon(self, interaction: Interaction) -> None:
        table = await self._table_here(interaction)
        question = await abandon_question(interaction, table)
        await send_private(interaction, question, view=abandon_controls(table, interaction.locale))

    @app_commands.command(name=_text("export.name"), description=_text("export.description"))
    @app_commands.rename(table=_text("export.table.name"))
    @app_commands.describe(table=_text("export.table.description"))
    @acknowledged
    async def export(
        self,
        interaction: Interaction,
        table: app_commands.Range[int, 1, LARGEST_TABLE_NUMBER] | None = None,
    ) -> None:
        if table is None:
            found = await self._table_here(interaction)
        else:  # only a table of this server whose channel the user can view now
            found = await viewable_table(interaction, table)
        await send_export(interaction, found)

    @app_commands.command(name=_text("stats.name"), description=_text("stats.description"))
    @app_commands.rename(player=_text("stats.player.name"), game=_text("stats.game.name"))
    @app_commands.describe(
        player=_text("stats.player.description"), game=_text("stats.game.description")
    )
    @app_commands.choices(game=GAME_CHOICES)
    @acknowledged
    async def stats(
        self,
        interaction: Interaction,
        player: discord.Member | None = None,
        game: str | None = None,
    ) -> None:
        await send_stats(interaction, player, game)

    @app_commands.command(
        name=_text("leaderboard.name"), description=_text("leaderboard.description")
    )
    @app_commands.rename(game=_text("leaderboard.game.name"))
    @app_commands.describe(game=_text("leaderboard.game.description"))
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(self, interaction: Interaction, game: str) -> None:
        await send_leaderboard(interaction, game)

    @app_commands.command(name=_text("rules.name"), description=_text("rules.description"))
    @app_commands.rename(game=_text("rules.game.name"))
    @app_commands.describe(game=_text("rules.game.description"))
    @app_commands.choices(game=GAME_CHOICES)
    @acknowledged
    async def rules(self, interaction: Interaction, game: str | None = None) -> None:
        if game is None:
            game = (await self._table_here(interaction)).game
        locale = interaction.locale
        key = f"rules.{game}"
        summary = t(locale, key) if has_key(key) else t(locale, "rules.missing")
        name = game_name(locale, game)
        button = t(locale, plugin_for(game).presenter.private_button_key)  # as on the table
        await send_private(interaction, t(locale, "rules.text", game=name, summary=summary,
                                          button=button))


async def setup(bot: commands.Bot) -> None:
    """Load the ``/game`` commands, then every game's plugin: its persistent
    components and its own commands."""
    host = host_of(bot)
    bot.add_dynamic_items(
        *LOBBY_ITEMS, *TURN_ITEMS, *PRIVATE_ITEMS, *BUILDER_ITEMS,
        *STAND_IN_ITEMS, *SUMMARY_ITEMS, *OPEN_ITEMS, *COACH_ITEMS, *READ_ITEMS,
    )
    game = GameCog(host)
    assert game.app_command is not None  # a GroupCog's group: /game
    game.app_command.add_command(read_command)
    await bot.add_cog(game)
    for plugin in all_plugins():
        bot.add_dynamic_items(*plugin.items)
        if plugin.commands is not None:
            await bot.add_cog(plugin.commands(bot))
