""""Since your last turn": what happened at a table since a player's own last action,
in a few lines at the top of their private turn panel and of the direct message
that tells them it is their turn (docs/weeks.md).

Each other player's moves since then, one line per player and turn (consecutive
actions of one seat, a turn in several steps, make one line), in the words the
public turn messages used (`Presenter.digest_lines`, from the table as the
channel saw it after each action: nothing the channel did not see); then what
changed for the reader, from their own view before and now (`Presenter.own_figures`:
their money, their points) and their place in the public standings. A long gap
keeps the newest lines and counts the others ("…and 14 earlier moves").

The actions are replayed by the service (`bot.service.history`); the replay is
kept between turns, so a digest costs about one action's replay and the lines'
formatting (`benchmarks/bench_digest.py`).
"""

from __future__ import annotations

from dataclasses import replace

import discord

from bot.games.base import Seat
from bot.i18n import LocaleLike, t
from bot.service import ActResult, Since, Table, TableStatus
from cogs.platform.host import host_of
from cogs.platform.names import mention
from cogs.platform.plugins import presenter_for
from cogs.platform.presenter import Presenter
from cogs.platform.seen import Seen, seen

MAX_LINES = 8
"""At most this many lines of moves; older moves are counted, not told."""
MAX_CHARS = 1000
"""At most this many characters of moves, so the panel stays within Discord's 2000."""
TEXT_LIMIT = 2000
"""Discord's limit on a message's text."""


async def digest(client: discord.Client, table: Table, seat: Seat, locale: LocaleLike) -> str:
    """The digest for `seat` at `table` in the language of `locale`; "" when nothing was
    played since its last action, when the game is not being played, or when its log
    does not replay."""
    if table.status != TableStatus.PLAYING or table.state is None:
        return ""
    since = await host_of(client).service.history.since_last(table, seat)
    if since is None:
        return ""
    return digest_text(presenter_for(table.game), table, seat, since, locale)


def headed(intro: str, text: str) -> str:
    """`text` under `intro` (a digest), if any; the digest is left out where both would
    pass Discord's limit (a panel with a long text of its own)."""
    both = f"{intro}\n\n{text}"
    return both if intro and len(both) <= TEXT_LIMIT else text


def digest_text(
    presenter: Presenter, table: Table, seat: Seat, since: Since, locale: LocaleLike
) -> str:
    """The digest for `seat` of the actions of `since`, written by `presenter`; "" when
    there are none."""
    if not since.steps:
        return ""
    moves, hidden = _fitted(_move_lines(presenter, table, since, locale))
    title = t(locale, "digest.title" if since.acted else "digest.title_start")
    lines = [f"**{title}**"]
    if hidden:
        lines.append(t(locale, "digest.earlier", count=hidden))
    lines.extend(f"• {line}" for line in moves)
    before = seen(replace(table, state=since.before), seat)
    now = seen(replace(table, state=since.now), seat)
    lines.extend(_for_you(presenter, before, now, locale))
    return "\n".join(lines)


def _move_lines(
    presenter: Presenter, table: Table, since: Since, locale: LocaleLike
) -> list[tuple[str, int]]:
    """One line per turn of another seat since `since.before`, with how many actions
    it tells, oldest first."""
    turns: list[tuple[Seat, list[str], int]] = []
    for step in since.steps:
        after = replace(table, state=step.state)
        played = ActResult(after, step.seat, step.notation, step.events)
        told = presenter.digest_lines(seen(after, None), played, locale)
        if turns and turns[-1][0] == step.seat:
            seat, lines, actions = turns[-1]
            turns[-1] = (seat, lines + told, actions + 1)
        else:
            turns.append((step.seat, told, 1))
    return [
        (_turn_line(mention(table.seats[seat], locale), lines, locale), actions)
        for seat, lines, actions in turns
        if lines
    ]


def _turn_line(player: str, lines: list[str], locale: LocaleLike) -> str:
    """A turn's lines as one: "Bob: moves to the mine. Digs 2 copper." when each line
    starts with the player's name (else the lines as they are, one after the other)."""
    if not all(line.startswith(f"{player} ") for line in lines):
        return " ".join(lines)
    told = [line[len(player) + 1:] for line in lines]
    moves = " ".join(text[:1].upper() + text[1:] for text in told)
    return t(locale, "digest.turn", player=player, moves=moves)


def _fitted(lines: list[tuple[str, int]]) -> tuple[list[str], int]:
    """The newest lines that fit `MAX_LINES` and `MAX_CHARS`, and how many actions the
    older ones told."""
    kept: list[str] = []
    size = 0
    for index in range(len(lines) - 1, -1, -1):
        text, _ = lines[index]
        if (len(kept) == MAX_LINES - 1 and index > 0) or size + len(text) > MAX_CHARS:
            return kept[::-1], sum(actions for _, actions in lines[: index + 1])
        kept.append(text)
        size += len(text)
    return kept[::-1], 0


def _for_you(presenter: Presenter, before: Seen, now: Seen, locale: LocaleLike) -> list[str]:
    """What changed for the reader: their own counts, then their place in the standings
    when the scores are public."""
    assert now.reader is not None
    changes = [
        t(locale, "digest.figure", name=name, before=old, now=new)
        for (name, old), (_, new) in zip(
            presenter.own_figures(before, locale), presenter.own_figures(now, locale),
            strict=True,
        )
        if old != new
    ]
    parts = [", ".join(changes)] if changes else []
    parts.extend(_place(before, now, locale))
    return [t(locale, "digest.for_you", what="; ".join(parts))] if parts else []


def _place(before: Seen, now: Seen, locale: LocaleLike) -> list[str]:
    """The reader's place in the public standings (and the one they had), if public."""
    if before.scores is None or now.scores is None or len(now.table.seats) < 2:
        return []
    assert now.reader is not None
    was, rank = _rank(before.scores, now.reader), _rank(now.scores, now.reader)
    players = len(now.table.seats)
    if was == rank:
        return [t(locale, "digest.place", rank=_ordinal(locale, rank), players=players)]
    return [t(locale, "digest.place_moved", rank=_ordinal(locale, rank), players=players,
              was=_ordinal(locale, was))]


def _rank(scores: tuple[int, ...], seat: Seat) -> int:
    """1 + how many seats score more than `seat` (tied seats share a place)."""
    return 1 + sum(score > scores[seat] for score in scores)


def _ordinal(locale: LocaleLike, rank: int) -> str:
    return t(locale, f"digest.ordinal.{rank}") if rank <= 10 else str(rank)
