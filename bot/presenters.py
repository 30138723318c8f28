"""How a table is shown in Discord: one presenter per game, a text presenter by default.

A presenter turns a `Table` into messages: the public turn message posted after
the start and after every action, and the private message a seated player gets
(ephemerally) from the "My view" button. It offers actions as `ActionChoice`s;
the Discord layer turns them into persistent buttons or selects carrying the
table id and version. A game registers its own presenter (an image of the
board, nicer labels) with `register_presenter`; games without one get
`Presenter`, which writes text only.
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
from bot.render_pool import Renderer, RenderFailed, render_png
from bot.service import ActResult, Table

MAX_OFFERED_ACTIONS = 100
"""At most this many actions are offered as components (4 selects of 25)."""


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
    image could not be drawn (`bot.render_pool.RenderFailed`); the message offers to
    draw them again.
    """

    content: str
    actions: list[ActionChoice] = field(default_factory=list)
    files: list[discord.File] = field(default_factory=list)
    embeds: list[discord.Embed] = field(default_factory=list)
    items: list[discord.ui.Item[Any]] = field(default_factory=list)
    images_missing: bool = False


async def image_file(name: str, render: Renderer, *args: Any) -> discord.File:
    """The PNG `render(*args)`, drawn off the event loop, as an attachment named `name`.

    Raises RenderFailed.
    """
    png = await render_png(render, *args)
    return discord.File(io.BytesIO(png), filename=name)


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


# -- small formatting helpers shared by presenters and cogs -----------------------------


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def timestamp(seconds: float) -> str:
    """A Discord timestamp shown relative to the reader's clock ("3 hours ago")."""
    return f"<t:{int(seconds)}:R>"


def game_name(locale: LocaleLike, game_id: str) -> str:
    """The game's display name (key ``game.<id>.name``), or its id if it has none."""
    key = f"game.{game_id}.name"
    return t(locale, key) if has_key(key) else game_id


def scores_line(table: Table, locale: LocaleLike) -> str:
    """``@a 12 · @b 7``: the scores everyone may see now, in seat order."""
    if table.state is None:
        return t(locale, "status.no_scores")
    scores = table.state.public_scores()
    if scores is None:
        return t(locale, "status.scores_secret")
    pairs = zip(table.seats, scores, strict=True)
    return " · ".join(f"{mention(user)} {score}" for user, score in pairs)


# -- presenters ------------------------------------------------------------------------


class Presenter:
    """The default presenter: text messages and one component per legal action.

    Subclass it for a game and override what you need; every method receives
    the locale to write in.
    """

    private_button_key = "button.private_view"
    """Translation key of the label of the button that opens a player's private view."""

    async def turn(
        self, table: Table, locale: LocaleLike, played: ActResult | None = None
    ) -> TurnMessage:
        """The public message after the start (`played` None) or after an action."""
        lines: list[str] = []
        if played is not None:
            player = mention(table.seats[played.seat])
            lines.append(t(locale, "turn.played", player=player, action=played.notation))
            lines.extend(self.event_lines(table, played.events, locale, seat=None))
        if table.status == "finished":
            lines.append(self.outcome_text(table, locale))
            return TurnMessage("\n".join(lines))
        waiting = " ".join(mention(user) for user in table.users_to_act())
        lines.append(t(locale, "turn.to_act", players=waiting, game=game_name(locale, table.game)))
        actions = self.public_actions(table)
        if not actions:
            lines.append(t(locale, "turn.use_private"))
        return TurnMessage("\n".join(lines), actions=actions)

    async def private(self, table: Table, seat: Seat, locale: LocaleLike) -> TurnMessage:
        """What `seat` alone may see, with the actions it may take now."""
        actions = self.seat_actions(table, seat)
        key = "private.your_actions" if actions else "private.nothing_to_do"
        return TurnMessage(t(locale, key), actions=actions)

    def event_lines(
        self, table: Table, events: list[Event], locale: LocaleLike, *, seat: Seat | None
    ) -> list[str]:
        """Lines for the events meant for `seat` (None: the public ones) that have a text,
        key ``event.<game>.<kind>``; the event's seat, if any, is given as ``{player}``."""
        lines = []
        for event in events:
            key = f"event.{table.game}.{event.kind}"
            if event.seat != seat or not has_key(key):
                continue
            params = dict(event.data)
            if isinstance(params.get("seat"), int):
                params["player"] = mention(table.seats[params["seat"]])
            lines.append(t(locale, key, **params))
        return lines

    def outcome_text(self, table: Table, locale: LocaleLike) -> str:
        assert table.state is not None
        outcome = table.state.outcome()
        assert outcome is not None
        winners = " ".join(mention(table.seats[seat]) for seat in outcome.winners)
        scores = scores_line(table, locale)
        return t(locale, "turn.game_over", winners=winners, scores=scores, table=table.id)

    def label(self, table: Table, notation: str) -> str:
        """The text on the button or select option of an action."""
        return notation

    def seat_actions(self, table: Table, seat: Seat) -> list[ActionChoice]:
        """The legal actions of `seat` now (none when it is not to act)."""
        if table.status != "playing" or table.state is None:
            return []
        state = table.state
        notations = [state.format_action(action) for action in state.legal_actions(seat)]
        return [ActionChoice(n, self.label(table, n)) for n in notations[:MAX_OFFERED_ACTIONS]]

    def public_actions(self, table: Table) -> list[ActionChoice]:
        """Actions shown to everyone, when every seat to act has the same ones; others
        choose through "My view". A game whose actions depend on secret cards must
        override this to return no actions."""
        assert table.state is not None
        per_seat = [self.seat_actions(table, seat) for seat in table.state.to_act()]
        if not per_seat or any(actions != per_seat[0] for actions in per_seat):
            return []
        return per_seat[0]


DEFAULT_PRESENTER = Presenter()
PRESENTERS: dict[str, Presenter] = {}


def register_presenter(game_id: str, presenter: Presenter) -> None:
    """Use `presenter` for every table of `game_id`."""
    PRESENTERS[game_id] = presenter


def presenter_for(game_id: str) -> Presenter:
    return PRESENTERS.get(game_id, DEFAULT_PRESENTER)
