"""The platform every game plugs into: what a table looks like in Discord and how a
click, a command or a computer's move reaches the game service (`bot.service`).

Its modules are layered, each importing only those below it (the ``platform``
contract of ``.importlinter``; docs/platform.md, "Layers of the platform"). Read
them from the bottom up:

1. Items and replies: `replies`, `errors`, `translator`; `items` (the base of every
   persistent component), `host` (the bot as the cogs see it), `live`; then
   `server_names` (the names kept per server); then `names`; then `seen`.
2. Presentation: `presenter`; `table_options`, `steps` (what a game supplies for a
   multi-step turn), `catalogue` (its cards for `/game card`); `plugins` (one
   `GamePlugin` per game).
3. The table flow: `replay_steps`; `summary`; `threads`, `notify`, `stand_in`,
   `invitations`; `table_items` (the turn message and its components); `lobby`,
   `play`, `computers`, `builder`; `private`.
4. Commands: `presence`, `my_tables`, `standings`, `lookup`, `open_tables`; above
   them the cogs `cogs.game`
   and `cogs.reminders`.
"""
