"""Pillow images of game states, drawn from per-seat views only.

Renderers are pure functions of plain data returning PNG bytes, so that the bot
can run them in its render processes (`bot.workers.render_pool`), never on the event loop.
"""
