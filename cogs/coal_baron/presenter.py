"""How a Coal Baron table is shown: the turn message, the private view, the scoring.

One public message after the start and after every action: what was played, in
words (from the engine's events, never the notation), who is to play (a mention)
and what they are deciding, the board's image and, when a mine changed, every
player's mine in one image (`CoalBaronPresenter`), and the components of
`cogs.coal_baron.spaces`. After a shift the
scoring is added as a table in words; at the end, the final conversions and the
standings. The start message lists the roster (seat, colour, player).
Images are drawn from the public view (`state.view(None)`) with the players'
display names, off the event loop (`bot.workers.render_pool`); if they cannot be, the
text goes out alone with a button to draw them again.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

import discord

from bot.games.base import JSON, Event, Outcome, Seat, ranked_seats
from bot.games.coal_baron.draw import ORDERS_KIND, TILES_KIND
from bot.games.coal_baron.shapes import as_view
from bot.i18n import LocaleLike, language_of, t
from bot.service import ActResult, TableStatus
from cogs.coal_baron.labels import (
    View,
    card_text,
    colour_name,
    order_text,
    slots_text,
    space_name,
    tile_text,
    vehicle_name,
)
from cogs.coal_baron.spaces import PANEL_KINDS, turn_items
from cogs.platform.alt_text import description, player_name
from cogs.platform.names import mention
from cogs.platform.presenter import (
    Presenter,
    TurnMessage,
    drawn_files,
    image_file,
    roster_text,
)
from cogs.platform.seen import Seen, TableFacts
from renderer.coal_baron.board import render_board
from renderer.coal_baron.mine import render_mine
from renderer.coal_baron.mines import mine_groups, render_mines
from renderer.coal_baron.model import LastMove

MINES_REMEMBERED = 10_000
"""Tables whose last mines image is remembered (about 1 MB); an older one posts it again."""
SEAT_PARAMS = ("seat", "first_player", "previous")
"""Event data holding a seat, shown as a mention."""
SCORING_EVENTS = ("shift-end", "game-end")
"""Events shown by the scoring table rather than by a line."""
DRAW_SPACES = {TILES_KIND: "fd", ORDERS_KIND: "od"}
"""The draw-5 space of each pile a draw-5 shows cards of."""


def mines_file(index: int) -> str:
    """The name of the all-mines image `index` of a turn (more than one past 2 players)."""
    return "mines.png" if index == 0 else f"mines-{index + 1}.png"


def last_move(events: list[Event]) -> LastMove | None:
    """What the board frames as the turn's move, from its public events: the space of the
    last placement, the draw-5 space of cards looked at, kept or put back, or the seat
    alone of a draft pick."""
    for event in reversed(events):
        seat = event.data.get("seat")
        if event.seat is not None or not isinstance(seat, int):
            continue
        if event.kind == "placed":
            return LastMove(seat, event.data["space"])
        if event.data.get("kind") in DRAW_SPACES:  # a draw-5's look, keep or put-back
            return LastMove(seat, DRAW_SPACES[event.data["kind"]])
        if event.kind == "drafted":
            return LastMove(seat, None)
    return None


def element_name(locale: LocaleLike, element: str) -> str:
    """``coal:yellow`` -> "yellow coal", ``vehicle:truck`` -> "truck orders"..."""
    kind, _, what = element.partition(":")
    if kind == "vehicle":
        return t(locale, "coal.element.vehicle", vehicle=vehicle_name(locale, what))
    return t(locale, f"coal.element.{kind}", colour=colour_name(locale, what))


def shift_lines(locale: LocaleLike, seen: Seen, elements: list[JSON]) -> list[str]:
    """One line per element that scored: the count and the VP of each seat that won some
    (the others are left out)."""
    lines = []
    for element in elements:
        results = " · ".join(
            t(locale, "coal.scoring.seat", player=seen.written_name(seat, locale), count=count,
              vp=vp)
            for seat, (count, vp) in enumerate(zip(element["counts"], element["vp"], strict=True))
            if vp
        )
        if not results:
            continue
        name = element_name(locale, element["element"])
        key = "coal.scoring.element" if element["second"] is not None else "coal.scoring.first"
        lines.append(
            t(
                locale,
                key,
                element=name,
                first=element["first"],
                second=element["second"],
                results=results,
            )
        )
    return lines


def final_lines(locale: LocaleLike, seen: Seen, final: JSON) -> list[str]:
    """Each seat's final conversions, then the standings."""
    lines = []
    for seat, conversion in enumerate(final["conversions"]):
        lines.append(t(locale, "coal.final.conversion", player=seen.written_name(seat, locale),
                       **conversion))
    outcome = Outcome(tuple(final["scores"]), tuple(final["winners"]), tuple(final["money"]))
    for seat, place in ranked_seats(outcome):
        lines.append(
            t(
                locale,
                "coal.final.standing",
                rank=place + 1,
                player=seen.written_name(seat, locale),
                vp=final["scores"][seat],
                money=final["money"][seat],
            )
        )
    return lines


def scoring_embeds(locale: LocaleLike, seen: Seen, events: list[Event]) -> list[discord.Embed]:
    """The shift scoring (and the end of the game) of `events`, one embed each, the
    players named in words (`Seen.written_name`)."""
    embeds = []
    for event in events:
        if event.kind == "shift-end":
            title = t(locale, "coal.scoring.title", shift=event.data["shift"])
            lines = shift_lines(locale, seen, event.data["elements"]) or [
                t(locale, "coal.scoring.nobody")
            ]
        elif event.kind == "game-end":
            title = t(locale, "coal.final.title")
            lines = final_lines(locale, seen, event.data)
        else:
            continue
        embeds.append(discord.Embed(title=title, description="\n".join(lines)[:4000]))
    return embeds


def to_act_line(locale: LocaleLike, table: TableFacts, view: View) -> str:
    """Who is to play, and what they are deciding (the game is not over)."""
    pending = view["pending"]
    assert pending is not None
    seat = pending["seat"]
    player = view["players"][seat]
    params: dict[str, Any] = {"player": mention(table.seats[seat], locale)}
    kind = pending["kind"]
    if kind == "draft":
        params["pick"] = pending.get("picks_made", 0) + 1
        params["picks"] = 3 * view["num_players"]
    elif kind == "place":
        params["workers"] = player["workers_left"]
        params["shift"] = view["shift"]
    elif kind == "extraction":
        params["space"] = space_name(locale, pending["space"])
        params["left"] = pending.get("moves_left")
    else:
        params["count"] = pending.get("count")
    return t(locale, f"coal.turn.{kind}", **params)


def mines_shown(view: View) -> str:
    """What the mines images alone show, as text to compare: every player's galleries,
    cage, stock, orders in progress (with what they carry) and orders delivered (the
    board shows their VP, Francs and workers too)."""
    return json.dumps(
        [
            [player[key] for key in ("mine", "cage", "stock", "orders", "delivered")]
            for player in view["players"]
        ],
        sort_keys=True,
    )


class CoalBaronPresenter(Presenter):
    """A turn message posts the board, and every player's mine only when a mine changed
    since the mines image the table's last turn message posted (`_mines_changed`): a
    mine changes in about 4 actions of 10, and the image is about half a turn's bytes
    (docs/performance.md, "What a server's history costs")."""

    public_choices = True  # every worker space is on the table for all to see

    def __init__(self) -> None:
        self._mines: OrderedDict[tuple[int, float], str] = OrderedDict()
        """Per table (its id and creation time), `mines_shown` of the last mines image
        its turn messages posted; the `MINES_REMEMBERED` latest tables."""

    def _mines_changed(
        self, table: TableFacts, played: ActResult | None, mid_turn: bool, mines: str
    ) -> bool:
        """Whether the message shows every player's mine: always but after an action
        (the start, a reminder, a status), at the end, mid-turn (a step folded into the
        live message replaces its images), and when a mine changed or the bot does not
        know what the table's last turn message showed (after a restart)."""
        if played is None or table.status != TableStatus.PLAYING or mid_turn:
            return True
        return self._mines.get((table.id, table.created_at)) != mines

    def _remember_mines(self, table: TableFacts, mines: str) -> None:
        key = (table.id, table.created_at)
        self._mines[key] = mines
        self._mines.move_to_end(key)
        while len(self._mines) > MINES_REMEMBERED:
            self._mines.popitem(last=False)

    async def turn(
        self, seen: Seen, locale: LocaleLike, played: ActResult | None = None, *,
        last: ActResult | None = None,
    ) -> TurnMessage:
        table = seen.table
        view = as_view(seen.view)
        lang = language_of(locale)
        lines: list[str] = []
        events = played.events if played is not None else []
        if played is None:
            lines.append(roster_text(locale, table))
        else:
            lines.extend(self.event_lines(seen, events, locale, seat=None))
        names = seen.seat_names()
        board = description(seen, locale, "board", played or last, parts=("players", "placed"))
        renders = [image_file("board.png", render_board, view, names, lang, last_move(events),
                              description=board)]
        mines = mines_shown(view)
        pending = view["pending"]
        mid_turn = pending is not None and pending["kind"] in PANEL_KINDS
        mines_files = []
        if self._mines_changed(table, played, mid_turn, mines):
            for index, seats in enumerate(mine_groups(view)):
                mines_files.append(mines_file(index))
                told = description(seen, locale, "mines", played or last, parts=("mine",),
                                   seats=seats)
                renders.append(image_file(
                    mines_file(index), render_mines, view, names, lang, seats, description=told
                ))
        if seen.to_act:
            lines.append(to_act_line(locale, table, view))
        embeds = scoring_embeds(locale, seen, events)
        if table.status == TableStatus.FINISHED and not embeds:  # e.g. /game status after the end
            final = Event("game-end", view["final"])
            embeds = scoring_embeds(locale, seen, [final])
        files, missing = await drawn_files(renders)
        drawn = {f.filename for f in files}
        if played is not None and mines_files and drawn.issuperset(mines_files):
            self._remember_mines(table, mines)
        return TurnMessage(
            "\n".join(lines),
            files=files,
            embeds=embeds,
            items=turn_items(seen, locale),
            images_missing=missing,
        )

    def mid_turn(self, seen: Seen) -> bool:
        """A draw-5 waits for its choice, or a placement for its extraction."""
        pending = as_view(seen.view)["pending"] if seen.playing else None
        return pending is not None and pending["kind"] in PANEL_KINDS

    async def private(
        self, seen: Seen, locale: LocaleLike, played: ActResult | None = None
    ) -> TurnMessage:
        """The seat's mine and orders; the turn's components when it is to act."""
        seat = seen.reader
        assert seat is not None
        view = as_view(seen.view)
        lines = [t(locale, "coal.private.title", player=mention(seen.table.seats[seat], locale))]
        lines.extend(orders_lines(locale, view, seat))
        lang = language_of(locale)
        told = description(seen, locale, "mine", played, parts=("mine",),
                           player=player_name(seen, seat, locale))
        mine = await image_file("mine.png", render_mine, view, seat, seen.seat_names(), lang,
                                description=told)
        items = turn_items(seen, locale) if seat in seen.to_act else []
        return TurnMessage("\n".join(lines), files=[mine], items=items)

    def event_lines(
        self, seen: Seen, events: list[Event], locale: LocaleLike, *, seat: Seat | None
    ) -> list[str]:
        """Public events in words (seats as mentions). The private ones (the cards a
        draw-5 shows) are not repeated: the draw panel shows them."""
        lines = []
        for event in events:
            if event.seat is not None or seat is not None or event.kind in SCORING_EVENTS:
                continue
            params = dict(event.data)
            for name in SEAT_PARAMS:
                if isinstance(params.get(name), int):
                    params[name] = mention(seen.table.seats[params[name]], locale)
            if event.kind == "kept" and params.get("card") is None:
                params["card"] = t(locale, "coal.nothing")
            if isinstance(params.get("orders"), list):
                params["orders"] = " · ".join(order_text(locale, o) for o in params["orders"])
            if isinstance(params.get("order"), str):
                params["order"] = order_text(locale, params["order"])
            if isinstance(params.get("tile"), str):
                params["tile"] = tile_text(locale, params["tile"])
            if isinstance(params.get("card"), str) and event.kind == "kept":
                params["card"] = card_text(locale, params["card"])
            if event.kind == "delivery":
                params["vehicle"] = vehicle_name(locale, params["vehicle"])
            if isinstance(params.get("space"), str):
                params["space"] = space_name(locale, params["space"])
            if isinstance(params.get("kind"), str):
                params["kind"] = t(locale, f"coal.pile.{params['kind']}",
                                   count=params.get("count", 0))
            lines.append(t(locale, f"event.coal-baron.{event.kind}", **params))
        return lines


    def digest_lines(self, seen: Seen, played: ActResult, locale: LocaleLike) -> list[str]:
        """The action's lines, as the turn message says them, then the title of the
        shift scoring it ended (its details are in the turn message's embed; the digest
        tells the reader's part)."""
        lines = self.event_lines(seen, played.events, locale, seat=None)
        embeds = scoring_embeds(locale, seen, played.events)
        return lines + [f"{embed.title}." for embed in embeds if embed.title]

    def own_figures(self, seen: Seen, locale: LocaleLike) -> list[tuple[str, int]]:
        """The reader's Francs and victory points (both public)."""
        assert seen.reader is not None
        player = as_view(seen.view)["players"][seen.reader]
        return [(t(locale, "coal.digest.money"), player["money"]),
                (t(locale, "coal.digest.vp"), player["vp"])]


def orders_lines(locale: LocaleLike, view: View, seat: Seat) -> list[str]:
    """`seat`'s orders in progress (cubes on each slot) and delivered."""
    player = view["players"][seat]
    lines = [t(locale, "coal.orders.in_progress")]
    for order in player["orders"]:
        lines.append(f"• {order_text(locale, order['name'])} {slots_text(locale, order)}")
    if not player["orders"]:
        lines.append(t(locale, "coal.orders.none"))
    lines.append(t(locale, "coal.orders.delivered"))
    lines.extend(f"• {order_text(locale, order['name'])}" for order in player["delivered"])
    if not player["delivered"]:
        lines.append(t(locale, "coal.orders.none"))
    return lines
