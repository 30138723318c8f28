"""Imported by the render pool's forkserver as it starts, and by nothing else: ties the
forkserver's life to the bot's (`bot.workers.lifeline`). The render pool names this module in
``set_forkserver_preload``; importing it anywhere else would tie that process to its
own parent.
"""

from __future__ import annotations

from bot.workers.lifeline import end_with_parent

end_with_parent()
