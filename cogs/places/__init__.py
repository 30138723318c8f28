"""A place that is gone: a table whose thread or channel was deleted ends.

A moderator may delete the thread or the channel a table plays in. The bot learns
it from the gateway (a deleted channel, a deleted thread: `cogs.places.gone`), or,
for a place deleted while the bot was stopped, from Discord's 10003 Unknown Channel
at the table's first post or lookup afterwards (a reminder, a computer's move), which
dispatches the ``table_place_gone`` event (`cogs.places.signal`). Either way the table
there, in its lobby or in play, ends as abandoned with the reason kept
(`bot.service.tables.Tables.place_gone`), no rating changes, and it leaves
``/game list``, ``/game open`` and the reminders; its players are told in the parent
channel of a deleted thread, else by direct message (where they accept them). A
locked or archived thread is not gone: posting there fails and is retried.
"""
