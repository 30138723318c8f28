"""Who is still there: the people at a table on its server, and the bot itself.

A server changes under a game that lasts weeks: a player leaves it (or is kicked), the
bot is removed and invited back. Without the privileged Server Members intent, the
bot learns that a person left from Discord's answer when it looks them up (10007
Unknown Member, `lookup.still_seated`), and from the member events where the host
enabled that intent; its own removal and return from ``on_guild_remove`` and
``on_guild_join`` (`events`). What follows is the service's (`Seats.player_left`, told
as `bot.service.life.PlayerLeft`): this package only learns it and says it in words.
"""
