"""The platform every game plugs into: what a table looks like in Discord and how a
click, a command or a computer's move reaches the game service (`bot.service`).

Its modules are layered, each importing only those below it: the ``platform``
contract of ``.importlinter`` is the one list of their order, written out in
docs/platform.md, "Layers of the platform" (checked by `tests/test_docs_layers.py`).
Read them from the bottom up: items and replies, presentation (`seen`, `presenter`,
`plugins`), the table flow (`controls`, the turn poster `posting`, `table_items`,
`lobby`, `builder`...), then the commands and the cogs.
"""
