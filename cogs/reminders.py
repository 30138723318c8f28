"""Turn reminders: one message per idle turn, computed from stored times.

Every minute the loop claims from the service the tables of this process's
shards that have waited longer than their reminder delay and were not reminded
yet this turn, posts one reminder mentioning whoever is to act (with the turn's
images and buttons), then confirms it, a few tables at a time
(`bot.service.Reminders.remind_due`). The claim is made in the database, so when several
bot processes share it, each reminder is posted once. Nothing is kept in memory,
so a restart neither loses nor repeats reminders (except one claimed right before
a crash and not confirmed: it is posted again once the claim expires,
`bot.storage.base.REMINDER_LEASE_SECONDS` later).

At a table with the take-over option (`cogs.platform.stand_in`), a turn idle past
the skip delay is taken over by a computer first, each minute; a turn waiting
only for computers (a computer seat, or a person a computer plays for) is played,
never reminded.

A turn waiting only for players who are away (`/game away`), or at a table
paused by vote while one is (`/game pause`), gets no reminder:
its claim is left unconfirmed, so it is looked at again once the lease ends.
Players who asked for it (`/game dm`, or `/game pings mode:dm` at this table)
also get the reminder by direct message, with a link to the reminder; the
reminder pings only those whose ping mode at the table is ping
(`cogs.platform.notify`). A turn waiting only for computers is played instead.

A table waiting to be posted (Discord refused or failed its last post,
`bot.service.posts`) is tried again at each tick (`post_waiting`), once the bot has
the permissions it needs there. A reminder counts as given only once delivered.

While the bot is off a server (removed, `cogs.membership`), nothing of its tables is
tried: no reminder claimed is confirmed, no post is tried; its return posts them.
"""

from __future__ import annotations

import logging

import discord
from discord.ext import commands, tasks

from bot.service import Table
from cogs.membership.lookup import absent, still_seated
from cogs.platform.computers import only_computers_due
from cogs.platform.host import TableHost, host_of
from cogs.platform.posting import post_again, post_reminder
from cogs.platform.stand_in import take_over_idle

log = logging.getLogger(__name__)


class ReminderCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.host: TableHost = host_of(bot)

    async def cog_load(self) -> None:
        self.remind.start()

    async def cog_unload(self) -> None:
        self.remind.cancel()

    @tasks.loop(minutes=1)
    async def remind(self) -> None:
        await take_over_idle(self.host, [guild.id for guild in self.bot.guilds])
        await self.host.service.reminders.remind_due(self.try_reminder, self.host.shard_set)
        await self.post_waiting()

    async def post_waiting(self) -> None:
        """Post again the tables of this process's shards waiting to be posted (a post
        of theirs failed: `cogs.platform.posting.post`; a finished one too, its last
        move's message, with the standings, not posted), at every tick rather than at
        their reminder's delay; after the reminders, which post them too."""
        service = self.host.service
        for table_id in await service.posts.waiting(self.host.shard_set):
            table = await service.tables.get_table(table_id)
            if absent(self.bot, table.guild_id):
                continue  # posted on the bot's return (`cogs.membership.events`)
            try:
                await post_again(self.bot, table)
            except discord.HTTPException as error:
                log.warning("table %s: could not be posted again: %s", table_id, error)

    async def try_reminder(self, table: Table) -> bool:
        """Remind the players `table` waits for; False leaves its claim unconfirmed (they
        are all away, the table is paused, the bot is off its server, or the reminder
        could not be delivered: the table then waits to be posted). The people it
        waits for are looked up first: one who left the server is not reminded, a
        computer plays for them (`cogs.membership`)."""
        if absent(self.bot, table.guild_id):
            return False  # nothing spent while the bot is off the server
        table = await still_seated(self.bot, table, fresh=True)
        if only_computers_due(table):
            # Only computers are to act: they are never pinged, they play now.
            self.host.computers.schedule(table)
            return True
        try:
            return await self.post_reminder(table)
        except discord.HTTPException as error:
            log.warning("could not post the reminder of table %s: %s", table.id, error)
            return False

    @remind.before_loop
    async def wait_until_connected(self) -> None:
        await self.bot.wait_until_ready()

    async def post_reminder(self, table: Table) -> bool:
        """Post the table's reminder (`cogs.platform.posting.post_reminder`); False if
        every player it waits for is away, or the table is paused."""
        service = self.host.service
        away = await service.preferences.away(table.users_to_act())
        present = tuple(user for user in table.users_to_act() if user not in away)
        if not present or await service.seats.paused(table):
            return False
        return await post_reminder(self.bot, table, present)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ReminderCog(bot))
