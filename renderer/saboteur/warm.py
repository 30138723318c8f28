"""Saboteur's render warm-up (`cogs.saboteur.PLUGIN`, `bot.workers.render_pool.warm_up`)."""

from __future__ import annotations

from bot.games.saboteur.state import SaboteurState
from renderer.saboteur.board import render_board
from renderer.saboteur.hand import render_hand
from renderer.saboteur.labels import numbered_names


def warm_up(lang: str) -> None:
    """Draw the board and a hand of a new 5-player game in `lang`."""
    state = SaboteurState.new(5, seed=1)
    dwarves = numbered_names(5, lang)
    render_board(state.view(None), dwarves, lang)
    render_hand(state.view(0), dwarves, lang)
