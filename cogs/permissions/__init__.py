"""What the bot needs in a channel before it takes a table there (`cogs.permissions.check`).

Every command or button that will make the bot post in a channel (``/game new``,
join, start, the rematch, ``/game invite``, the local table's welcome buttons)
calls `check_posting` first, before anything is stored: a permission the bot lacks
there is answered privately, in the user's language, naming each one as Discord's
settings name it and saying who can grant it; the table is not touched. Without
the permissions to open a thread, a table plays in the channel itself
(`cogs.platform.threads`) and its creator is told so (`thread_fallback_note`).
"""
