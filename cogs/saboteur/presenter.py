"""How a Saboteur table looks in Discord: the public turn message and the private hand.

Messages are written from a `Seen` (the reader's view, never the state). The
public message holds the board image drawn from the spectator view only, the
public events of the turn in words, and whose turn it is. Roles, hands, peeks
and face-down goals never reach it: they are in the events meant for one seat
(sent only to that player, ephemerally) and in the hand view (`cogs.saboteur.hand`),
the turn builder opened by "My hand".
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.games.base import JSON, Event, Seat, ranked_seats
from bot.games.saboteur.cards import PATH_CARDS
from bot.games.saboteur.shapes import SaboteurView, as_view
from bot.i18n import LocaleLike, has_key, language_of, t
from bot.service import ActResult
from cogs.platform.alt_text import description
from cogs.platform.names import mention
from cogs.platform.presenter import Presenter, TurnMessage, drawn_files, image_file
from cogs.platform.seen import Seen, TableFacts
from cogs.saboteur.choices import (
    card_name,
    goal_name,
    player,
    tool_name,
)
from cogs.saboteur.hand import HAND
from cogs.saboteur.reading import BOARD_PARTS, round_end_description
from renderer.saboteur.board import render_board, render_round_end
from renderer.saboteur.labels import shape_words

BOARD_FILE = "saboteur-board.png"

_SEAT_PARAMS = ("player", "target", "finder", "first")
"""Event data holding one seat, shown as a mention."""
_SEATS_PARAMS = ("saboteurs", "winners")
"""Event data holding a list of seats."""


def roster(table: TableFacts, locale: LocaleLike) -> str:
    """Every player, in seat order (the order of the board image's strip)."""
    players = " · ".join(player(table, seat, locale) for seat in range(len(table.seats)))
    return t(locale, "sab.roster", players=players)


async def board_file(
    view: SaboteurView, names: Sequence[str], locale: LocaleLike, description: str | None = None
) -> discord.File:
    """The public board with the players strip, drawn off the event loop from the
    spectator view only."""
    return await image_file(BOARD_FILE, render_board, view, names, language_of(locale),
                            description=description)


async def round_end_file(
    view: SaboteurView, round_number: int, names: Sequence[str], locale: LocaleLike,
    description: str | None = None,
) -> discord.File:
    """The final maze of the round just ended, every goal face up."""
    name = f"saboteur-round-{round_number}.png"
    return await image_file(name, render_round_end, view, round_number, names, language_of(locale),
                            description=description)


def ended_round(events: list[Event]) -> int | None:
    """The round a turn's events end (a ``*_won`` event), if any."""
    return next(
        (int(e.data["round"]) for e in events if e.kind.endswith("_won") and e.seat is None),
        None,
    )


class SaboteurPresenter(Presenter):
    """Board image and events in words for everyone; the hand view for each player."""

    private_button_key = "sab.button.hand"
    private_builder = HAND.kind

    async def turn(
        self, seen: Seen, locale: LocaleLike, played: ActResult | None = None, *,
        last: ActResult | None = None,
    ) -> TurnMessage:
        table = seen.table
        if played is None:
            lines = [roster(table, locale), t(locale, "sab.hand_hint")]
        else:
            lines = self.event_lines(seen, played.events, locale, seat=None)
        lines.append(self.status_text(seen, locale))
        names = seen.seat_names()
        renders = []
        ended = ended_round(played.events) if played is not None else None
        if ended is not None:  # the maze as the round ended, before the next one's
            told = round_end_description(seen, locale, played, ended)
            renders.append(round_end_file(seen.view, ended, names, locale, told))
        if seen.playing or not renders:
            told = description(seen, locale, "board", played or last, parts=BOARD_PARTS)
            renders.append(board_file(seen.view, names, locale, told))
        files, missing = await drawn_files(renders)
        return TurnMessage("\n".join(lines), files=files, images_missing=missing)

    def status_text(self, seen: Seen, locale: LocaleLike) -> str:
        """Whose turn and what they decide, or the standings once the game is over."""
        table = seen.table
        view = as_view(seen.view)
        if view["phase"] == "over":
            return self.outcome_text(seen, locale)
        (seat,) = view["to_act"]
        if view["phase"] == "gold":
            count = view["gold_pool"]  # their values are the picking player's secret
            return t(locale, "sab.turn.pick_gold", player=player(table, seat, locale), count=count)
        return t(locale, "sab.turn.play", player=player(table, seat, locale), round=view["round"],
                 rounds=view["rounds"], deck=view["deck"])

    def outcome_text(self, seen: Seen, locale: LocaleLike) -> str:
        """The final standings: rank, player, nuggets; tied players share a rank."""
        table = seen.table
        outcome = seen.outcome
        assert outcome is not None
        lines = [t(locale, "sab.standings.title")]
        for seat, place in ranked_seats(outcome):
            rank = place + 1
            medal = " 🏆" if seat in outcome.winners else ""
            lines.append(t(locale, "sab.standings.line", rank=rank,
                           player=player(table, seat, locale),
                           nuggets=outcome.scores[seat]) + medal)
        lines.append(t(locale, "sab.standings.export", table=table.id))
        return "\n".join(lines)

    def event_lines(
        self, seen: Seen, events: list[Event], locale: LocaleLike, *, seat: Seat | None
    ) -> list[str]:
        """The events meant for `seat` (None: everyone) in words.

        The engine marks every secret event with its seat, so the public lines
        (seat None) never hold a role before the round ends, a card in hand or
        a goal seen with a map.
        """
        table = seen.table
        lines = []
        for event in events:
            if event.seat != seat or event.kind == "game_over":
                continue  # the standings close the message instead
            if event.kind == "roles_revealed":
                lines.append(self.roles_text(table, event.data["roles"], locale))
                continue
            params = self._params(table, event.data, locale)
            lines.append(t(locale, f"event.saboteur.{event.kind}", **params))
            if event.kind == "round_started":
                lines.append(t(locale, "sab.hand_hint"))
        return lines

    def roles_text(self, table: TableFacts, roles: Sequence[str], locale: LocaleLike) -> str:
        """The roles of the round just ended, turned face up."""
        shown = " · ".join(
            f"{player(table, seat, locale)} {t(locale, f'saboteur.role.{role}')}"
            for seat, role in enumerate(roles)
        )
        return t(locale, "sab.roles", roles=shown)

    def _params(
        self, table: TableFacts, data: dict[str, JSON], locale: LocaleLike
    ) -> dict[str, JSON]:
        """Event data made readable: seats as mentions, tools, goals and cards in words."""
        params = dict(data)
        for name in _SEAT_PARAMS:
            if isinstance(params.get(name), int):
                params[name] = mention(table.seats[params[name]], locale)
        for name in _SEATS_PARAMS:
            if isinstance(params.get(name), list):
                seats = params[name]
                params[name] = ", ".join(mention(table.seats[s], locale) for s in seats) or t(
                    locale, "sab.nobody")
        if "tool" in params:
            params["tool"] = tool_name(locale, params["tool"])
        if "goal" in params:
            params["goal"] = goal_name(locale, params["goal"])
        if isinstance(params.get("shape"), str):
            params["shape"] = shape_words(params["shape"], language_of(locale))
        card = params.get("card")
        if isinstance(card, str) and (card in PATH_CARDS or has_key(f"saboteur.card.{card}")):
            params["card"] = card_name(locale, card)
        if isinstance(params.get("values"), list):
            params["values"] = ", ".join(str(v) for v in params["values"])
        return params

    def own_figures(self, seen: Seen, locale: LocaleLike) -> list[tuple[str, int]]:
        """The reader's gold nuggets, from their own view (the others' stay secret)."""
        you = as_view(seen.view).get("you")
        return [(t(locale, "sab.digest.gold"), you["nuggets"])] if you is not None else []
