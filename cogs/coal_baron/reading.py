"""Coal Baron read aloud: the table in lines of words, for the 📖 Read button, ``/game
read`` and the images' alt texts (`cogs.platform.table_words`).

Parts: ``board`` (each worker space and whose workers are on it), ``offer`` (the
tiles and orders on the spaces, the piles, the cards being drafted or drawn that the
reader may see), ``players`` (each player's points, Francs and workers) and ``mine``
(one player's mine level by level, stock, cage and orders: the reader's) and
``mines`` (every player's, the reader's first). Everything comes from the
reader's view: the order of the piles and another player's draw-5 are never in it.
"""

from __future__ import annotations

from functools import lru_cache

from bot.games.base import Seat
from bot.games.coal_baron.components import ORDER_BY_NAME, ORDERS, TILE_DESIGN_BY_NAME, TILE_DESIGNS
from bot.games.coal_baron.shapes import CoalView, MineLevel, PlayerView, as_view
from bot.i18n import LocaleLike, elide, joined, language_of, t
from cogs.coal_baron.labels import colour_name, space_name, vehicle_name
from cogs.platform.alt_text import player_name
from cogs.platform.seen import Seen


class CoalBaronWords:
    parts: tuple[str, ...] = ("board", "offer", "players", "mine", "mines")
    whole: tuple[str, ...] = ("board", "offer", "players", "mines")

    def where(self, seen: Seen, locale: LocaleLike) -> str:
        view = as_view(seen.view)
        if view["phase"] == "draft":
            return t(locale, "read.coal.draft")
        return t(locale, "read.coal.shift", shift=view["shift"])

    def last(self, seen: Seen, locale: LocaleLike) -> str | None:
        """The turn in progress when it spans several steps (an extraction, a draw-5):
        the view keeps no other move."""
        pending = as_view(seen.view)["pending"]
        if pending is None or pending["kind"] not in ("extraction", "draw-tiles", "draw-orders"):
            return None
        player = player_name(seen, pending["seat"], locale)
        if pending["kind"] == "extraction":
            return t(locale, "read.coal.last.extraction", player=player,
                     space=space_name(locale, pending.get("space", "")),
                     left=pending.get("moves_left", 0))
        return t(locale, f"read.coal.last.{pending['kind']}", player=player)

    def read(self, seen: Seen, locale: LocaleLike, part: str, seat: Seat | None) -> list[str]:
        view = as_view(seen.view)
        if part == "board":
            return board_lines(seen, view, locale)
        if part == "placed":  # for the board's alt text: the spaces taken only
            return board_lines(seen, view, locale, taken_only=True)
        if part == "offer":
            return offer_lines(seen, view, locale)
        if part == "players":
            return [player_line(seen, player, locale) for player in view["players"]]
        if part == "mines":  # the reader's first
            order = sorted(range(len(view["players"])), key=lambda other: other != seen.reader)
            return [line for other in order for line in mine_lines(seen, view["players"][other],
                                                                    locale)]
        if part != "mine":
            raise KeyError(part)
        shown = seat if seat is not None else seen.reader
        if shown is None:  # a spectator has no mine: every one
            return self.read(seen, locale, "mines", None)
        return mine_lines(seen, view["players"][shown], locale)


def board_lines(
    seen: Seen, view: CoalView, locale: LocaleLike, *, taken_only: bool = False
) -> list[str]:
    """Each worker space (or each taken one) and who stands on it."""
    lines = []
    for space in view["spaces"]:
        if taken_only and not any(space["workers"]):
            continue
        name = space_name(locale, space["id"])
        if space["locked"]:
            lines.append(t(locale, "read.coal.space_closed", space=name))
            continue
        placed = [
            t(locale, "read.coal.workers_of", player=player_name(seen, seat, locale), count=count)
            for seat, count in enumerate(space["workers"])
            if count
        ]
        if placed:
            lines.append(t(locale, "read.coal.space_taken", space=name, workers=", ".join(placed)))
        else:
            lines.append(t(locale, "read.coal.space_free", space=name))
    return lines


def offer_lines(seen: Seen, view: CoalView, locale: LocaleLike) -> list[str]:
    """The tiles and orders on offer, the piles, and the cards the reader may see drawn."""
    lines = [t(locale, "read.coal.draft_card", order=order_words(locale, card["name"]))
             for card in view["draft"]]
    for space in view["spaces"]:
        name = space_name(locale, space["id"])
        if space["tile"] is not None:
            tile = tile_words(locale, space["tile"]["name"])
            lines.append(t(locale, "read.coal.tile_on", space=name, tile=tile))
        elif space["order"] is not None:
            order = order_words(locale, space["order"]["name"])
            lines.append(t(locale, "read.coal.order_on", space=name, order=order))
    pending = view["pending"]
    if pending is not None and pending.get("cards"):
        for card in pending.get("cards") or []:
            text = tile_words(locale, card["name"]) if "carts" in card else order_words(
                locale, card["name"])
            lines.append(t(locale, "read.coal.drawn", card=text))
    lines.append(t(locale, "read.coal.piles", tiles=view["piles"]["tiles"],
                   orders=view["piles"]["orders"]))
    return lines


def player_line(seen: Seen, player: PlayerView, locale: LocaleLike) -> str:
    """A player's points, Francs and workers left."""
    return t(locale, "read.coal.player", player=player_name(seen, player["seat"], locale),
             vp=player["vp"], money=player["money"], left=player["workers_left"],
             total=player["workers_total"])


def mine_lines(seen: Seen, player: PlayerView, locale: LocaleLike) -> list[str]:
    """One player's mine: each level's tunnels and carts, the cage, the stock, the orders."""
    name = player_name(seen, player["seat"], locale)
    of_player = elide(locale, t(locale, "words.of", name=name))  # "of Ann", "d'Ann"
    lines = [t(locale, "read.coal.mine", of_player=of_player)]
    lines += [level_line(level, locale) for level in player["mine"]]
    cage = player["cage"]
    where = (t(locale, "read.coal.surface") if cage["level"] == 0
             else t(locale, "read.coal.level", level=cage["level"]))
    lines.append(t(locale, "read.coal.cage", where=where, cubes=cubes_text(cage["cubes"], locale)))
    stock = [colour for colour, count in player["stock"].items() for _ in range(count)]
    lines.append(t(locale, "read.coal.stock", cubes=cubes_text(stock, locale)))
    for order in player["orders"]:
        slots = ", ".join(
            t(locale, "read.coal.slot_full" if slot["cubes"] else "read.coal.slot_empty",
              colour=colour_name(locale, slot["colour"]))
            for slot in order["filled"]
        )
        lines.append(t(locale, "read.coal.order_held", vp=order["vp"], slots=slots,
                       vehicle=vehicle_name(locale, order["vehicle"])))
    delivered = [vehicle_name(locale, order["vehicle"]) for order in player["delivered"]]
    if delivered:
        lines.append(t(locale, "read.coal.delivered", count=len(delivered),
                       vehicles=", ".join(delivered)))
    return lines


def level_line(level: MineLevel, locale: LocaleLike) -> str:
    """``Level 2, brown: 3 carts lit, 1 in the dark; carrying 2 brown``."""
    carts = level["lit"] + level["dark"]
    loaded = tuple(cart["cube"] for cart in carts if cart["cube"] is not None)
    return _level_line(language_of(locale), level["level"], level["colour"], len(level["lit"]),
                       len(level["dark"]), loaded)


@lru_cache(maxsize=4096)
def _level_line(language: str, level: int, colour: str, lit: int, dark: int,
                loaded: tuple[str, ...]) -> str:
    """Kept: most levels read the same from one turn to the next."""
    return t(language, "read.coal.mine_level", level=level, colour=colour_name(language, colour),
             lit=lit, dark=dark, cubes=cubes_text(list(loaded), language))


def tile_words(locale: LocaleLike, name: str) -> str:
    """``a grey tunnel of 2 carts, lit, for 6 Francs``: a tile, its price in full words."""
    design = TILE_DESIGNS[TILE_DESIGN_BY_NAME[name]]
    side = t(locale, "coal.side.lit" if design.lit else "coal.side.dark")
    return t(locale, "read.coal.tile", colour=colour_name(locale, design.colour),
             carts=design.carts, side=side, cost=design.cost)


def order_words(locale: LocaleLike, name: str) -> str:
    """``a horse wagon order for grey and grey, 7 victory points``."""
    order = ORDERS[ORDER_BY_NAME[name]]
    slots = [colour_name(locale, colour) for colour in order.slots]
    return t(locale, "read.coal.order", vehicle=vehicle_name(locale, order.vehicle),
             slots=joined(locale, slots), vp=order.vp)


def cubes_text(cubes: list[str], locale: LocaleLike) -> str:
    """``2 brown, 1 black`` (counted per colour), or ``nothing``."""
    counts: dict[str, int] = {}
    for cube in cubes:
        counts[cube] = counts.get(cube, 0) + 1
    if not counts:
        return t(locale, "coal.nothing")
    return ", ".join(t(locale, f"read.coal.cubes.{colour}", count=count)
                     for colour, count in counts.items())


WORDS = CoalBaronWords()
