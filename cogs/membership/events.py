"""The events of who is there (see the package): a player who left the server, told at
their tables and in their tournaments; the bot removed from a server, then back.

While the bot is off a server (`lookup.absent`), its tables there are kept and wait:
no post is tried (a turn to post is owed: `bot.service.posts`), no computer plays, no
reminder is spent. On its return each table in play there is posted once: a turn
owed, or a turn whose reminder fell due meanwhile, is posted as that turn's reminder
(the people it waits for pinged once), and the computers due play.
"""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.i18n import LocaleLike, t
from bot.service import Table
from bot.service.life import PlayerLeft
from bot.service.tournament_record import Tournament
from bot.storage.records import TournamentStatus
from bot.storage.table_settings import WITHDRAWN
from cogs.membership.lookup import forget
from cogs.platform.host import TableHost, host_of
from cogs.platform.names import mention
from cogs.platform.posting import post_again, post_reminder
from cogs.platform.stand_in import back_button, computer_words
from cogs.platform.threads import table_channel
from cogs.tournaments.messages import say
from cogs.tournaments.seats import stand_in_for_good
from cogs.tournaments.words import title

log = logging.getLogger(__name__)


class Membership(commands.Cog):
    """Listens to who leaves and to the bot's own removal and return."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.host: TableHost = host_of(bot)

    async def cog_load(self) -> None:
        self.host.service.life.listen(PlayerLeft, self.tell_left)

    @commands.Cog.listener()
    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """A member left (only where the host enabled the Server Members intent)."""
        if payload.user.id == getattr(self.bot.user, "id", None):
            return
        forget(payload.guild_id, payload.user.id)
        await self.host.service.seats.player_left(payload.guild_id, payload.user.id)

    async def tell_left(self, event: PlayerLeft) -> None:
        """Say at each table of `event` that a computer plays for the one who left, and let
        it play; withdraw them from the server's tournaments."""
        guild = self.bot.get_guild(event.guild_id)
        locale = guild.preferred_locale if guild is not None else None
        for table in event.tables:
            await self.tell_table(table, event.user_id, locale)
            self.host.computers.schedule(table)
        await self.withdraw(event.guild_id, event.user_id, locale)

    async def tell_table(self, table: Table, user: int, locale: LocaleLike) -> None:
        channel = await table_channel(self.bot, table)
        if not isinstance(channel, discord.abc.Messageable):
            return
        view = discord.ui.View(timeout=None)
        view.add_item(back_button(table, locale))
        text = t(locale, "membership.left", player=mention(user, locale),
                 computer=computer_words(locale))
        try:
            await channel.send(text, view=view, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.warning("table %s: could not say that user %s left: %s", table.id, user, error)

    async def withdraw(self, guild_id: int, user: int, locale: LocaleLike) -> None:
        """`user` is out of every tournament of the server they entered and is still in."""
        service = self.host.service
        for tournament in await service.tournaments.of_server(guild_id):
            entrant = tournament.entrant_of(user)
            if entrant is None or not tournament.entrants[entrant].active:
                continue
            key = await self.withdrawn(tournament, user)
            if key is not None:
                await say(self.bot, tournament.channel_id,
                          t(locale, key, player=mention(user, locale),
                            title=title(tournament, locale)))

    async def withdrawn(self, tournament: Tournament, user: int) -> str | None:
        """Take `user` out of `tournament`; the words' key (None: it is over)."""
        service = self.host.service
        if tournament.status == TournamentStatus.SIGNUP:
            await service.tournaments.leave(tournament.id, user)
            return "membership.left_signup"
        if tournament.status in (TournamentStatus.RUNNING, TournamentStatus.PAUSED):
            out = await service.tournaments.withdraw(tournament.id, user)
            await stand_in_for_good(self.bot, out, user, WITHDRAWN)  # not theirs on return
            return "membership.left_tournament"
        return None

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        log.info("removed from server %s: its tables wait for the bot's return", guild.id)

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        """Back on a server: post once each table in play there that is owed or whose
        reminder fell due meanwhile, then let the computers due play."""
        log.info("on server %s: its tables in play are posted again", guild.id)
        service = self.host.service
        for table in await service.tables.playing_on(guild.id):
            try:
                await self.back_at(table)
            except discord.HTTPException as error:
                log.warning("table %s: could not be posted on the bot's return: %s",
                            table.id, error)
            self.host.computers.schedule(table)

    async def back_at(self, table: Table) -> None:
        service = self.host.service
        owed = await service.posts.waiting_since(table.id) is not None
        due = (not table.reminded
               and service.now() >= table.turn_started_at + table.reminder_minutes * 60)
        if due:
            away = await service.preferences.away(table.users_to_act())
            reminded = tuple(user for user in table.users_to_act() if user not in away)
            if await post_reminder(self.bot, table, reminded):
                await service.reminders.reminded_now(table.id)
        elif owed:
            await post_again(self.bot, table)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Membership(bot))
