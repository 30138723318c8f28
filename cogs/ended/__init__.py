"""A table that ends looks ended (docs/platform.md, "A table that ends").

- `words`: how and when a table ended, in words.
- `closing`: at its end, every public message the table left (found from the ids the
  service kept, `bot.service.messages`) is edited once to no control, saying so; a
  finished game's last message keeps its own end controls.
- `clicks`: a click on any other control of an ended table answers how and when it
  ended, with a link to its last message, and changes nothing.
"""
