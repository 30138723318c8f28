"""How a table is shown in Discord: one presenter per game, a text presenter by default.

A presenter turns a table as one reader sees it (`cogs.platform.seen.Seen`) into
messages: the public turn message posted after the start and after every action,
and the private message a seated player gets (ephemerally) from the "My view"
button. It offers actions as `ActionChoice`s;
the Discord layer turns them into persistent buttons or selects carrying the
table id and version. A game's plugin (`cogs.platform.plugins.GamePlugin`)
gives its own presenter (an image of the board, nicer labels); games without
one get `Presenter`, which writes text only.

Secrets fail closed: a public message never prints an action's notation (it may
hold a secret choice). It says what the engine's public events describe
(``event.<game>.<kind>`` keys); an action that the engine describes with no
public event the catalogs know is announced as "X played" and nothing more.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Iterable
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.games.base import Event, Seat
from bot.i18n import LocaleLike, has_key, t
from bot.service import ActResult, TableStatus
from bot.workers.render_pool import Renderer, RenderFailed, render_png
from cogs.platform.names import mention
from cogs.platform.seen import Seen, TableFacts

MAX_OFFERED_ACTIONS = 100
"""At most this many actions are offered as components (4 selects of 25)."""
MAX_SUGGESTIONS = 25
"""Discord shows at most 25 autocomplete choices."""


@dataclass(frozen=True)
class ActionChoice:
    """One action offered on a message: its notation (sent to the service) and its label."""

    notation: str
    label: str


@dataclass
class TurnMessage:
    """A message to post: text, optional files and embeds, and what it lets players do.

    `actions` become generic action buttons or selects; `items` are a game's own
    persistent components (DynamicItems), placed after them. `images_missing`: some
    image could not be drawn (`bot.workers.render_pool.RenderFailed`); the message offers to
    draw them again.
    """

    content: str
    actions: list[ActionChoice] = field(default_factory=list)
    files: list[discord.File] = field(default_factory=list)
    embeds: list[discord.Embed] = field(default_factory=list)
    items: list[discord.ui.Item[Any]] = field(default_factory=list)
    images_missing: bool = False
    chart: bytes | None = None
    """At the end, the score chart alone as PNG (`cogs.platform.summary`), for the
    standings posted in the parent channel of the table's thread."""


async def image_file(
    name: str, render: Renderer, *args: Any, description: str | None = None
) -> discord.File:
    """The PNG `render(*args)`, drawn off the event loop, as an attachment named `name`
    with its alt text `description` (`cogs.platform.alt_text`).

    Raises RenderFailed.
    """
    png = await render_png(render, *args)
    return discord.File(io.BytesIO(png), filename=name, description=description)


async def drawn_files(
    renders: Iterable[Awaitable[discord.File]],
) -> tuple[list[discord.File], bool]:
    """The attachments of `renders`, drawn at once, without those that failed; and
    whether any failed."""
    results = await asyncio.gather(*renders, return_exceptions=True)
    files = []
    for result in results:
        if isinstance(result, discord.File):
            files.append(result)
        elif not isinstance(result, RenderFailed):
            raise result
    return files, len(files) < len(results)


def matching(choices: list[ActionChoice], typed: str) -> list[ActionChoice]:
    """The choices whose notation or label holds every typed word: notations that
    start with the text first, then the others, in the given order; at most 25."""
    words = typed.lower().split()
    if not words:
        return choices[:MAX_SUGGESTIONS]
    prefix = " ".join(words)
    starting: list[ActionChoice] = []
    holding: list[ActionChoice] = []
    for choice in choices:
        notation = choice.notation.lower()
        if notation.startswith(prefix):
            starting.append(choice)
        elif all(word in notation or word in choice.label.lower() for word in words):
            holding.append(choice)
        if len(starting) >= MAX_SUGGESTIONS:
            break
    return (starting + holding)[:MAX_SUGGESTIONS]


# -- small formatting helpers shared by presenters and cogs -----------------------------


def timestamp(seconds: float) -> str:
    """A Discord timestamp shown relative to the reader's clock ("3 hours ago")."""
    return f"<t:{int(seconds)}:R>"


def game_name(locale: LocaleLike, game_id: str) -> str:
    """The game's display name (key ``game.<id>.name``), or its id if it has none."""
    key = f"game.{game_id}.name"
    return t(locale, key) if has_key(key) else game_id


def scores_line(seen: Seen, locale: LocaleLike) -> str:
    """``@a 12 · @b 7``: the scores everyone may see now, in seat order."""
    if seen.view is None:
        return t(locale, "status.no_scores")
    scores = seen.scores
    if scores is None:
        return t(locale, "status.scores_secret")
    pairs = zip(seen.table.seats, scores, strict=True)
    return " · ".join(f"{mention(user, locale)} {score}" for user, score in pairs)


# -- presenters ------------------------------------------------------------------------


class Presenter:
    """The default presenter: text messages and one component per offered action.

    Subclass it for a game and override what you need; every method receives
    the locale to write in. Messages are written from a `Seen` (the reader's
    view and public facts), never from the state.
    """

    private_button_key = "button.private_view"
    """Translation key of the label of the button that opens a player's private view."""
    public_choices = False
    """Whether the legal actions of the seats to act are public knowledge (Coal
    Baron's spaces, the tiny game's keep/swap), so the channel's message may offer
    them; a game whose actions depend on a secret hand leaves it False."""
    private_builder: str | None = None
    """The kind of the turn builder that "My view" opens instead of `private`
    (Saboteur's hand), if any."""

    def mid_turn(self, seen: Seen) -> bool:
        """Whether the seat to act is in the middle of its own turn, a turn of several
        actions (Coal Baron's draw-5, then its choice): the step it just played is
        then told in the table's live message, edited, rather than in a new one; its
        message takes the place of the live message's last line, which a game with
        such turns keeps for who is to act."""
        return False

    async def turn(
        self, seen: Seen, locale: LocaleLike, played: ActResult | None = None, *,
        last: ActResult | None = None,
    ) -> TurnMessage:
        """The public message after the start (`played` None) or after an action; a
        message drawn again (`/game status`, a retry of its images) tells none but its
        pictures' descriptions name the table's `last` action
        (`cogs.platform.alt_text.logged_move`)."""
        lines: list[str] = []
        if played is not None:
            lines.extend(self.played_lines(seen, played, locale))
        if seen.table.status == TableStatus.FINISHED:
            lines.append(self.outcome_text(seen, locale))
            return TurnMessage("\n".join(lines))
        waiting = " ".join(mention(user, locale) for user in seen.users_to_act)
        game = game_name(locale, seen.table.game)
        lines.append(t(locale, "turn.to_act", players=waiting, game=game))
        actions = self.public_actions(seen)
        if not actions:
            lines.append(t(locale, "turn.use_private"))
        return TurnMessage("\n".join(lines), actions=actions)

    def played_lines(self, seen: Seen, played: ActResult, locale: LocaleLike) -> list[str]:
        """What everyone is told of an action: its public events in words, or only
        "X played" when the engine described none (never the notation)."""
        described = self.event_lines(seen, played.events, locale, seat=None)
        if described:
            return described
        player = mention(seen.table.seats[played.seat], locale)
        return [t(locale, "turn.played_secret", player=player)]

    def digest_lines(self, seen: Seen, played: ActResult, locale: LocaleLike) -> list[str]:
        """What the turn message told everyone of `played`, in words, for the "since your
        last turn" digest (`cogs.platform.digest`); `seen` is the table after it, as the
        channel sees it. The default is `played_lines`; a game that tells more of an
        action elsewhere in its turn message (Coal Baron's scoring embeds) adds it."""
        return self.played_lines(seen, played, locale)

    def own_figures(self, seen: Seen, locale: LocaleLike) -> list[tuple[str, int]]:
        """The reader's own counts, each with its name in words, that the digest shows
        the change of since the reader's last action (money, points...): the default
        is the reader's score while scores are public."""
        if seen.reader is None or seen.scores is None:
            return []
        return [(t(locale, "digest.score"), seen.scores[seen.reader])]

    async def private(
        self, seen: Seen, locale: LocaleLike, played: ActResult | None = None
    ) -> TurnMessage:
        """What the reader alone may see, with the actions it may take now; `played`, the
        table's last action (`cogs.platform.alt_text.logged_move`), for its pictures'
        descriptions."""
        assert seen.reader is not None
        actions = self.seat_actions(seen, seen.reader)
        key = "private.your_actions" if actions else "private.nothing_to_do"
        return TurnMessage(t(locale, key), actions=actions)

    def event_lines(
        self, seen: Seen, events: list[Event], locale: LocaleLike, *, seat: Seat | None
    ) -> list[str]:
        """Lines for the events meant for `seat` (None: the public ones) that have a text,
        key ``event.<game>.<kind>``; the event's seat, if any, is given as ``{player}``."""
        lines = []
        for event in events:
            key = f"event.{seen.table.game}.{event.kind}"
            if event.seat != seat or not has_key(key):
                continue
            params = dict(event.data)
            if isinstance(params.get("seat"), int):
                params["player"] = mention(seen.table.seats[params["seat"]], locale)
            lines.append(t(locale, key, **params))
        return lines

    def outcome_text(self, seen: Seen, locale: LocaleLike) -> str:
        outcome = seen.outcome
        assert outcome is not None
        winners = " ".join(mention(seen.table.seats[seat], locale) for seat in outcome.winners)
        scores = scores_line(seen, locale)
        return t(locale, "turn.game_over", winners=winners, scores=scores, table=seen.table.id)

    def label(self, seen: Seen, notation: str) -> str:
        """The text on the button or select option of an action (the notation unless
        the game says better; only the player who may choose it sees it)."""
        return notation

    def seat_actions(self, seen: Seen, seat: Seat) -> list[ActionChoice]:
        """The actions offered to `seat` now (none when it is not to act)."""
        notations = seen.choices.get(seat, ())[:MAX_OFFERED_ACTIONS]
        return [ActionChoice(n, self.label(seen, n)) for n in notations]

    def public_actions(self, seen: Seen) -> list[ActionChoice]:
        """Actions shown to everyone, when every seat to act has the same ones (and the
        game's actions are public knowledge); others choose through "My view"."""
        per_seat = [self.seat_actions(seen, seat) for seat in seen.to_act]
        if not per_seat or any(actions != per_seat[0] for actions in per_seat):
            return []
        return per_seat[0]


def roster_text(locale: LocaleLike, table: TableFacts) -> str:
    """Every player with their seat, colour and mark, as the images draw them (the
    palette of `renderer.palette`, up to 4 seats): for a start message."""
    players = "\n".join(
        t(locale, "roster.seat", seat=seat + 1, player=mention(user, locale),
          colour=t(locale, f"roster.colour.{seat}"))
        for seat, user in enumerate(table.seats)
    )
    return t(locale, "roster", players=players)
