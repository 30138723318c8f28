"""How a Mine Out table looks in Discord: one turn message in words, the town's images.

The public message says what the player did step by step and what it scored
(the engine's public events in words, cards named by their kind, never their id),
names every Mine Out and Bank Out with who scored what, shows the town (the map
and the cards, from the spectator view, the last turn marked on them) and says
whose turn is next; with 2 players it names the apprentice position the master
plays.
"""

from __future__ import annotations

from bot.games.base import JSON, Event, Seat, ranked_seats
from bot.games.mine_out.components import ACTION_POINTS, CARDS, KIND_BY_CODE
from bot.games.mine_out.shapes import MineOutView
from bot.i18n import LocaleLike, has_key, t
from bot.service import ActResult
from cogs.mine_out.images import town_files
from cogs.mine_out.reading import town_descriptions
from cogs.mine_out.turn import TURN
from cogs.mine_out.words import (
    card_short,
    ore_name,
    place_name,
)
from cogs.platform.names import mention
from cogs.platform.presenter import (
    Presenter,
    TurnMessage,
    drawn_files,
    roster_text,
)
from cogs.platform.seen import Seen, TableFacts


def who(table: TableFacts, data: dict[str, JSON], locale: LocaleLike) -> str:
    """The event's player as a mention, "(apprentice)" added for an apprentice position."""
    name = mention(table.seats[data["seat"]], locale)
    return t(locale, "mo.apprentice_of", player=name) if data.get("apprentice") else name


class MineOutPresenter(Presenter):
    private_button_key = "mo.button.turn"
    private_builder = TURN.kind

    async def turn(
        self, seen: Seen, locale: LocaleLike, played: ActResult | None = None, *,
        last: ActResult | None = None,
    ) -> TurnMessage:
        table = seen.table
        if played is None:
            lines = [roster_text(locale, table)]
        else:
            lines = self.played_lines(seen, played, locale)
        if seen.outcome is not None:
            lines.append(self.outcome_text(seen, locale))
        else:
            view: MineOutView = seen.view
            position = view["positions"][view["current"]]
            key = "mo.turn.apprentice" if position["apprentice"] else "mo.turn.next"
            lines.append(t(locale, key, player=mention(table.seats[position["seat"]], locale),
                           round=view["round"]))
        told = town_descriptions(seen, locale, played or last)
        files, missing = await drawn_files(town_files(seen.view, seen.seat_names(), locale, told))
        return TurnMessage("\n".join(lines), files=files, images_missing=missing)

    def mid_turn(self, seen: Seen) -> bool:
        """A line that did not end the turn (typed in parts, or a panel's line cut by a
        draw of cards): the position to act has begun its turn and goes on."""
        if not seen.playing or seen.view is None:
            return False
        view: MineOutView = seen.view
        turn = view["turn"]
        return turn["points"] < ACTION_POINTS or turn["acted"] or bool(
            turn["hires"] or turn["digs"] or turn["sales"] or turn["changes"]
        )

    def event_lines(
        self, seen: Seen, events: list[Event], locale: LocaleLike, *, seat: Seat | None
    ) -> list[str]:
        lines = []
        for event in events:
            key = f"event.mine-out.{event.kind}"
            if event.seat != seat or event.kind in ("turn", "apprentice-turn", "game-end"):
                continue  # the next turn and the standings close the message
            if not has_key(key):
                continue
            lines.append(t(locale, key, **self.params(seen.table, event.data, locale)))
        return lines

    def params(
        self, table: TableFacts, data: dict[str, JSON], locale: LocaleLike
    ) -> dict[str, JSON]:
        """Event data in words: the player, cards, ores and places."""
        params = dict(data)
        if isinstance(data.get("seat"), int):
            params["player"] = who(table, data, locale)
        if isinstance(data.get("card"), str) and data["card"] in CARDS:
            params["card"] = card_short(locale, data["card"])
        if isinstance(data.get("cards"), list):
            params["cards"] = ", ".join(card_short(locale, c) for c in data["cards"])
        for name in ("ore", "row"):
            if isinstance(data.get(name), str) and data[name] in KIND_BY_CODE:
                params[name] = ore_name(locale, KIND_BY_CODE[data[name]])
        if isinstance(data.get("node"), str):
            params["place"] = place_name(locale, data["node"])
        return params

    def outcome_text(self, seen: Seen, locale: LocaleLike) -> str:
        """The final standings: rank, player, fame; tied players share a rank."""
        outcome = seen.outcome
        assert outcome is not None
        table = seen.table
        lines = [t(locale, "mo.standings.title")]
        for seat, place in ranked_seats(outcome):
            rank = place + 1
            medal = " 🏆" if seat in outcome.winners else ""
            lines.append(t(locale, "mo.standings.line", rank=rank,
                           player=mention(table.seats[seat], locale),
                           fame=outcome.scores[seat]) + medal)
        lines.append(t(locale, "mo.standings.export", table=table.id))
        return "\n".join(lines)

    def own_figures(self, seen: Seen, locale: LocaleLike) -> list[tuple[str, int]]:
        """The money and fame of the reader's master (an apprentice has neither)."""
        view: MineOutView = seen.view
        master = next(
            p for p in view["positions"] if p["seat"] == seen.reader and not p["apprentice"]
        )
        return [(t(locale, "mo.digest.money"), master["money"]),
                (t(locale, "mo.digest.fame"), master["fame"])]
