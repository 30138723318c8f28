"""Every picture also in words: the alt text (``description``) of the images the bot posts.

Discord reads an attachment's description aloud to a screen reader and shows it
where the image did not load. Each description says what matters first: the game
and its round or shift, what the picture shows, who is to act (or that the game is
over), the last move; then the state in short sentences, taken from the game's
reading (`cogs.platform.reading`, the lines a reader gets from the 📖 Read button)
with the emoji at their ends left out. Everything is written from a `Seen`, the
reader's view: a description can hold nothing its image's viewers may not know.

Descriptions keep Discord's limit of 1,024 characters by dropping whole
sentences from the end (`fitted`), never cutting a word.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from bot.games.base import JSON, GameState, Seat
from bot.i18n import LocaleLike, elide, joined, t
from bot.service import ActResult, GameService, Table, TableStatus
from cogs.platform.plugins import plugin_for, presenter_for
from cogs.platform.presenter import game_name
from cogs.platform.seen import Seen, TableFacts

LIMIT = 1024
"""Discord's limit on an attachment's description."""

_MENTION = re.compile(r"<@!?(\d+)>")
_MARKUP = re.compile(r"\*\*|__|`|~~|\|\|")
_CUSTOM_EMOJI = re.compile(r"<a?:(\w+):\d+>")
_END_SYMBOLS = re.compile(r"[\s\W_]+$", re.UNICODE)
_KEEP_AT_END = ".!?…)»\"'%"


def fitted(sentences: Sequence[str], limit: int = LIMIT) -> str:
    """`sentences` joined by spaces, as many from the first as fit in `limit`
    characters; a first sentence longer than that is cut after its last whole word
    that fits, with "…"."""
    kept: list[str] = []
    size = -1
    for sentence in sentences:
        if not sentence:
            continue
        if size + 1 + len(sentence) > limit:
            if not kept:
                head = sentence[: limit - 1]
                kept.append(head[: head.rfind(" ")].rstrip(" ,;:") + "…" if " " in head else head)
            break
        kept.append(sentence)
        size += 1 + len(sentence)
    return " ".join(kept)


def plain(text: str, seen: Seen, locale: LocaleLike) -> str:
    """`text` as a screen reader should say it: mentions as names, no markdown, no
    custom emoji, no emoji at its end, ended by a full stop."""
    users = {user: seat for seat, user in enumerate(seen.table.seats)}

    def name(match: re.Match[str]) -> str:
        seat = users.get(int(match[1]))
        return player_name(seen, seat, locale) if seat is not None else t(locale, "words.someone")

    text = _CUSTOM_EMOJI.sub("", _MARKUP.sub("", _MENTION.sub(name, text)))
    return sentence(" ".join(text.split()))


def player_name(seen: Seen, seat: Seat, locale: LocaleLike) -> str:
    """The seat's name in words: its display name, else "Player 2" (never a mention:
    a screen reader would spell out its digits)."""
    known = seen.names[seat] if seen.names else ""
    written = known or seen.written_name(seat, locale)
    return written if not written.startswith("<@") else t(locale, "words.player", number=seat + 1)


def names_list(seen: Seen, seats: Sequence[Seat], locale: LocaleLike) -> str:
    """"Ann, Bob and Cleo": the seats' names in a sentence."""
    return joined(locale, [player_name(seen, seat, locale) for seat in seats])


def headline(seen: Seen, locale: LocaleLike, picture: str, **about: object) -> list[str]:
    """The first sentences of every description: the game, its round or shift and the
    picture (key ``alt.picture.<picture>`` formatted with `about`); who is to act, or
    who won."""
    plugin = plugin_for(seen.table.game)
    game = game_name(locale, seen.table.game)
    where = plugin.words.where(seen, locale) if plugin.words and seen.view else ""
    what = elide(locale, t(locale, f"alt.picture.{picture}", **about))
    sentences = [t(locale, "alt.head", game=game, where=where, picture=what) if where
                 else t(locale, "alt.head_only", game=game, picture=what)]
    if seen.outcome is not None:
        winners = names_list(seen, seen.outcome.winners, locale)
        sentences.append(t(locale, "alt.over", players=winners))
    elif seen.to_act:
        sentences.append(t(locale, "alt.to_act", players=names_list(seen, seen.to_act, locale)))
    return sentences


def last_move(seen: Seen, locale: LocaleLike, played: ActResult | None) -> list[str]:
    """The last move in words: as the game's view keeps it, else as the turn message told
    `played` (the action just played, or the last one logged: `logged_move`), in its
    public events only; never its notation."""
    words = plugin_for(seen.table.game).words
    told = words.last(seen, locale) if words is not None and seen.view is not None else None
    if told is None and played is not None and (played.table.game, played.table.version) == (
        seen.table.game, seen.table.version
    ):
        lines = presenter_for(seen.table.game).played_lines(seen, played, locale)
        told = " ".join(plain(line, seen, locale) for line in lines)
    return [t(locale, "alt.last", move=plain(told, seen, locale))] if told else []


async def logged_move(service: GameService, table: Table) -> ActResult | None:
    """The last action of `table`'s stored log, replayed with its events
    (`bot.service.History.last`), for a picture drawn on demand to tell the last move
    whichever process played it and whenever; None before the first action."""
    step = await service.history.last(table)
    if step is None:
        return None
    return ActResult(replace(table, state=step.state), step.seat, step.notation, step.events)


def scores(seen: Seen, locale: LocaleLike) -> list[str]:
    """"Scores: Ann 12, Bob 7." while the scores are public."""
    if seen.scores is None or seen.view is None:
        return []
    pairs = ", ".join(
        t(locale, "alt.score", player=player_name(seen, seat, locale), score=score)
        for seat, score in enumerate(seen.scores)
    )
    return [t(locale, "alt.scores", scores=pairs)]


def seen_of(
    table: Table, state: GameState[Any], reader: Seat | None, names: Sequence[str],
    view: JSON | None = None,
) -> Seen:
    """`table` at `state` as `reader` sees it (its `view` if already built), for a
    description: without the actions offered, which no description tells."""
    playing = table.status == TableStatus.PLAYING and not state.is_over()
    return Seen(
        table=TableFacts.of(table), reader=reader,
        view=state.view(reader) if view is None else view,
        to_act=state.to_act() if playing else (), scores=state.public_scores(),
        outcome=state.outcome(), choices={}, names=tuple(names),
    )


def description(
    seen: Seen,
    locale: LocaleLike,
    picture: str,
    played: ActResult | None = None,
    *,
    parts: Sequence[str] = (),
    seats: Sequence[Seat | None] = (None,),
    lines: Sequence[str] = (),
    **about: Any,
) -> str:
    """The alt text of a picture of `seen`'s table (kind `picture`, key
    ``alt.picture.<kind>`` formatted with `about`): the headline, the last move, the
    public scores, the picture's own `lines`, then the lines of the reading's `parts`,
    about each of `seats` for a part on one player (None: the reader)."""
    sentences = [*headline(seen, locale, picture, **about), *last_move(seen, locale, played)]
    if "players" not in parts:  # a game's players part tells the scores with the rest
        sentences += scores(seen, locale)
    sentences += [plain(line, seen, locale) for line in lines]
    words = plugin_for(seen.table.game).words
    if words is not None and seen.view is not None:
        size = sum(len(sentence) + 1 for sentence in sentences)
        for part, seat in ((part, seat) for part in parts for seat in seats):
            if size > LIMIT:  # the rest would be cut: not written at all
                break
            told = [sentence(line) for line in words.read(seen, locale, part, seat)]
            sentences += told
            size += sum(len(line) + 1 for line in told)
    return fitted(sentences)


def sentence(line: str) -> str:
    """A line of a reading as a sentence: without the emoji at its end, with a full stop
    (a reading's lines hold names, never mentions or markup: cheaper than `plain`)."""
    stripped = _END_SYMBOLS.sub("", line)
    end = line[len(stripped):].strip()
    if end and end[0] in _KEEP_AT_END:
        stripped += end[0]
    return stripped if not stripped or stripped[-1] in ".!?…" else f"{stripped}."
