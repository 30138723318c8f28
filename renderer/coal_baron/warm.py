"""Coal Baron's render warm-up (`cogs.coal_baron.PLUGIN`, `bot.workers.render_pool.warm_up`)."""

from __future__ import annotations

from bot.games.coal_baron.state import CoalBaronState
from renderer.coal_baron.board import render_board
from renderer.coal_baron.labels import numbered_names
from renderer.coal_baron.mine import render_mine
from renderer.coal_baron.mines import render_mines


def warm_up(lang: str) -> None:
    """Draw the board, every mine and one mine of a new 4-player game in `lang`."""
    view = CoalBaronState.new(4, seed=1).view(None)
    miners = numbered_names(4, lang)
    render_board(view, miners, lang)
    render_mines(view, miners, lang)
    render_mine(view, 0, miners, lang)
