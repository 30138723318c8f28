"""The alt texts of the pictures that tell a whole game or a server's standings: the
score chart, the replay (its GIF and each step of the step-through), the leaderboard
and ``/game card``'s picture (`cogs.platform.alt_text` writes those of a position).

A finished game's pictures start as a position's do: the game, that it is over and
who won, its last move (when this process told it), the final scores.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.base import JSON
from bot.i18n import LocaleLike, language_of, t
from bot.outcomes.stats import LeaderboardRow
from bot.outcomes.summaries import Player as RatedPlayer
from bot.service import Table
from cogs.platform.alt_text import description, fitted, headline, seen_of
from cogs.platform.presenter import game_name
from cogs.platform.seen import seen
from renderer.leaderboard import number
from renderer.replay import positions


def finished_description(
    table: Table, names: Sequence[str], locale: LocaleLike, picture: str, **about: Any
) -> str:
    """The alt text of a picture of the finished `table` (the chart, the replay): its
    headline, last move and final scores; the headline alone when its state is gone."""
    if table.state is None:
        return fitted(headline(seen(table, None, names=tuple(names)), locale, picture, **about))
    shown = seen_of(table, table.state, None, names)
    return description(shown, locale, picture, **about)


async def replay_step_description(
    table: Table, record: Mapping[str, JSON], names: Sequence[str], locale: LocaleLike,
    step: int, steps: int,
) -> str:
    """The alt text of step `step` (0: the title card) of the step-through replay: the
    game's end, then which action the step shows and who played it."""
    told = finished_description(table, names, locale, "replay_step", step=step + 1, steps=steps)
    if step == 0:
        return told
    frames = await asyncio.to_thread(positions, record, language_of(locale), names)
    caption = frames[step - 1].caption if step - 1 < len(frames) else ""
    return fitted([told, f"{caption}."]) if caption else told


def leaderboard_description(
    game: str, rows: Sequence[LeaderboardRow], names: Mapping[RatedPlayer, str],
    locale: LocaleLike,
) -> str:
    """The leaderboard in words: each rank, player and rating."""
    lines = [t(locale, "alt.head_only", game=game_name(locale, game),
               picture=t(locale, "alt.picture.leaderboard"))]
    for row in rows:
        name = names.get(row.player) or t(locale, "render.leaderboard.former")
        if row.player.computer:
            name = f"{name} ({t(locale, 'render.leaderboard.computer')})"
        lines.append(t(locale, "alt.leaderboard", rank=row.rank, player=name,
                       rating=number(language_of(locale), row.rating), games=row.games,
                       wins=row.wins))
    return fitted(lines)


def card_description(game: str, name: str, locale: LocaleLike) -> str:
    """``/game card``'s picture: the game and the piece's name (its rules are the text)."""
    return fitted([t(locale, "alt.head_only", game=game_name(locale, game),
                     picture=t(locale, "alt.picture.card")), f"{name}."])
