"""The alt texts of the pictures that tell a whole game or a server's standings: the
score chart, the replay (its GIF and each step of the step-through), the leaderboard
and ``/game card``'s picture (`cogs.platform.alt_text` writes those of a position).

A finished game's pictures start as a position's do: the game, that it is over and
who won, its last move, the final scores. A frame of the replay is told as the
position it shows: the game and its round or shift then, whose turn it was and
what that turn did, in the words of the turn messages (`Presenter.played_lines`:
the public events only, though the game is over), then the scores then.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import islice
from typing import Any

from bot.games.base import JSON
from bot.i18n import LocaleLike, decimal, elide, t
from bot.outcomes.stats import LeaderboardRow
from bot.outcomes.summaries import Player as RatedPlayer
from bot.service import ActResult, Table
from cogs.platform.alt_text import (
    LIMIT,
    description,
    fitted,
    headline,
    plain,
    player_name,
    scores,
    seen_of,
)
from cogs.platform.plugins import plugin_for, presenter_for
from cogs.platform.presenter import game_name
from cogs.platform.seen import Seen, seen
from renderer import replay
from renderer.replay import TurnEnd, pick, replay_steps, replayed_turns


def finished_description(
    table: Table, names: Sequence[str], locale: LocaleLike, picture: str,
    played: ActResult | None = None, **about: Any,
) -> str:
    """The alt text of a picture of the finished `table` (the chart, the replay): its
    headline, last move (`played`, the game's last action, where the view keeps none)
    and final scores; the headline alone when its state is gone."""
    if table.state is None:
        return fitted(headline(seen(table, None, names=tuple(names)), locale, picture, **about))
    shown = seen_of(table, table.state, None, names)
    return description(shown, locale, picture, played, **about)


async def replay_step_description(
    table: Table, record: Mapping[str, JSON], names: Sequence[str], locale: LocaleLike,
    step: int, played: ActResult | None = None,
) -> str:
    """The alt text of step `step` (0: the title card: the game's end, `played` its last
    action) of the step-through replay: the moves it shows, numbered as everywhere
    (`renderer.replay.move_spans`), the position, whose turn it was and what it did
    (`_turn_words`)."""
    total = len(record.get("actions", []))
    if step == 0:
        return finished_description(table, names, locale, "replay_title", played, total=total)
    return await asyncio.to_thread(_step_told, table, record, names, locale, step, total)


def _step_told(
    table: Table, record: Mapping[str, JSON], names: Sequence[str], locale: LocaleLike,
    step: int, total: int,
) -> str:
    end = next(islice(replayed_turns(record), step - 1, None), None)
    if end is None:
        return finished_description(table, names, locale, "replay_title", total=total)
    shown = seen_of(table, end.state, None, names)
    picture = ("replay_start" if end.seat is None
               else "replay_move" if end.first == end.number else "replay_moves")
    about = {"first": end.first, "number": end.number, "total": total}
    turn = (elide(locale, t(locale, "alt.replay.turn", **_turn_words(table, shown, end, locale)))
            if end.seat is not None else t(locale, "alt.replay.start"))
    return fitted([*headline(shown, locale, picture, **about), turn, *scores(shown, locale)])


def _turn_words(table: Table, shown: Seen, end: TurnEnd, locale: LocaleLike) -> dict[str, str]:
    """Whose turn ended at `end` (not the start) and what it did, as its turn message
    told it: ``player`` and ``move`` ("Ann places 1 worker on the Bank.")."""
    assert end.seat is not None
    played = ActResult(replace(table, state=end.state), end.seat, "", list(end.events))
    lines = presenter_for(table.game).played_lines(shown, played, locale)
    return {"player": player_name(shown, end.seat, locale),
            "move": " ".join(plain(line, shown, locale) for line in lines)}


async def replay_description(
    table: Table, record: Mapping[str, JSON], names: Sequence[str], locale: LocaleLike,
    played: ActResult | None = None,
) -> str:
    """The alt text of the replay GIF: the game's end (`finished_description`), then
    its frames in order, each the turn it shows and where the game was, as many as
    fit (the frames as `renderer.replay.replay_gif` picks them at most)."""
    told = finished_description(table, names, locale, "replay", played)
    return await asyncio.to_thread(_frames_told, told, table, record, names, locale)


def _frames_told(
    told: str, table: Table, record: Mapping[str, JSON], names: Sequence[str],
    locale: LocaleLike,
) -> str:
    count = replay_steps(record) - 1
    shown = set(pick(range(count), replay.MAX_FRAMES - 1))
    sentences, size = [told], len(told)
    words = plugin_for(table.game).words
    for index, end in enumerate(replayed_turns(record)):
        if size > LIMIT:
            break
        if index not in shown:
            continue
        if end.seat is None:
            sentences.append(t(locale, "alt.replay.start"))
            continue
        seen_then = seen_of(table, end.state, None, names)
        where = words.where(seen_then, locale) if words is not None else ""
        key = "alt.replay.frame" if where else "alt.replay.turn"
        frame = elide(locale, t(locale, key, where=where,
                                 **_turn_words(table, seen_then, end, locale)))
        sentences.append(frame[:1].upper() + frame[1:])
        size += len(frame) + 1
    return fitted(sentences)


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
                       rating=decimal(locale, row.rating), games=row.games,
                       wins=row.wins))
    return fitted(lines)


def card_description(game: str, name: str, locale: LocaleLike) -> str:
    """``/game card``'s picture: the game and the piece's name (its rules are the text)."""
    return fitted([t(locale, "alt.head_only", game=game_name(locale, game),
                     picture=t(locale, "alt.picture.card")), f"{name}."])
