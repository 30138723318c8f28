"""Mine Out read aloud: the table in lines of words, for the 📖 Read button, ``/game
read`` and the images' alt texts (`cogs.platform.table_words`).

Parts: ``town`` (each place and who stands there, the ore left in each mine, the
Market's rows, the bank), ``cards`` (the cards for hire, waiting and on the
community spaces, the deck and the discard pile), ``players`` (each position's
rupees, fame, place and cards) and ``holdings`` (the reader's positions: ore, cards at
work and hand) and ``everyone`` (every position's holdings, the reader's first; a hand
is read to its own player only). Everything comes from the reader's view:
another player's hand is only counted.
"""

from __future__ import annotations

from functools import lru_cache

from bot.games.base import Seat
from bot.games.mine_out.shapes import MineOutView, PositionView, TrailView
from bot.i18n import LocaleLike, language_of, t
from bot.service import ActResult
from cogs.mine_out.words import card_name, place_name
from cogs.platform.alt_text import description, player_name
from cogs.platform.seen import Seen

PLACES = ("market", "pub", "hall", "alley", "copper", "silver", "gold", "jewel")
"""The town's places, in the order the reading walks them."""


def position_name(seen: Seen, locale: LocaleLike, position: PositionView) -> str:
    """The player of a position ("Ann", or "Ann's apprentice" for a 2-player apprentice)."""
    name = player_name(seen, position["seat"], locale)
    return t(locale, "mo.apprentice_of", player=name) if position["apprentice"] else name


def ore_words(locale: LocaleLike, cubes: dict[str, int]) -> str:
    """``2 copper, 1 gold``, or ``no ore``."""
    held = [t(locale, "read.mo.ore", count=count, ore=t(locale, f"mine-out.ore.{kind}"))
            for kind, count in cubes.items() if count]
    return ", ".join(held) if held else t(locale, "read.mo.no_ore")


def cards_words(locale: LocaleLike, cards: list[str]) -> str:
    return t(locale, "read.mo.separator").join(
        card_words(locale, card) for card in cards) or t(locale, "read.mo.no_card")


def card_words(locale: LocaleLike, card: str) -> str:
    """A card with its figures and salary (`card_name`); kept, as the same cards are
    read at every turn."""
    return _card_words(language_of(locale), card)


@lru_cache(maxsize=1024)
def _card_words(language: str, card: str) -> str:
    return card_name(language, card, salary=True)


def town_lines(seen: Seen, locale: LocaleLike, view: MineOutView) -> list[str]:
    language = language_of(locale)
    lines = [
        place_line(language, place, tuple(position_name(seen, locale, p) for p in view["positions"]
                                          if p["node"] == place), view["mines"].get(place))
        for place in PLACES
    ]
    for ore, cubes in view["market"].items():
        lines.append(t(locale, "read.mo.market_row", ore=t(locale, f"mine-out.ore.{ore}"),
                       count=len(cubes)))
    lines.append(t(locale, "read.mo.bank", bank=view["bank"], expenses=view["expenses"]))
    return lines


@lru_cache(maxsize=4096)
def place_line(locale: str, place: str, here: tuple[str, ...], left: int | None) -> str:
    """``Pub: Ann, Bob 📍``, with the ore left for a mine (kept between turns)."""
    who = ", ".join(here) if here else t(locale, "read.mo.nobody")
    if left is None:
        return t(locale, "read.mo.place", place=place_name(locale, place), who=who)
    return t(locale, "read.mo.mine", place=place_name(locale, place), who=who, left=left)


def card_lines(locale: LocaleLike, view: MineOutView) -> list[str]:
    lines = [t(locale, "read.mo.for_hire", card=card_words(locale, card))
             for card in view["display"] if card is not None]
    lines += [t(locale, "read.mo.waiting", card=card_words(locale, card))
              for card in view["waiting"] if card is not None]
    lines += [t(locale, "read.mo.community", card=card_words(locale, card))
              for card in view["community"]]
    lines.append(t(locale, "read.mo.deck", deck=view["deck_size"], discard=len(view["discard"])))
    return lines


def position_line(seen: Seen, locale: LocaleLike, position: PositionView) -> str:
    return _position_line(language_of(locale), position_name(seen, locale, position),
                          position["money"], position["fame"], position["node"],
                          position["hand_size"], len(position["area"]))


@lru_cache(maxsize=4096)
def _position_line(
    locale: str, name: str, money: int, fame: int, node: str, cards: int, area: int
) -> str:
    """Kept: most positions read the same from one turn to the next."""
    return t(locale, "read.mo.position", player=name, money=money, fame=fame,
             place=place_name(locale, node), cards=cards, area=area)


def holdings_lines(seen: Seen, locale: LocaleLike, position: PositionView) -> list[str]:
    lines = [position_line(seen, locale, position),
             t(locale, "read.mo.cubes", ore=ore_words(locale, position["cubes"])),
             t(locale, "read.mo.area", cards=cards_words(locale, position["area"]))]
    if "hand" in position:
        lines.append(t(locale, "read.mo.hand", cards=cards_words(locale, position["hand"])))
    return lines


def trail_words(seen: Seen, locale: LocaleLike, view: MineOutView, trail: TrailView) -> str:
    """What the last ended turn did, in public words."""
    position = view["positions"][trail["position"]]
    done = []
    if len(trail["path"]) > 1:
        done.append(t(locale, "read.mo.went", place=place_name(locale, trail["path"][-1])))
    done += [t(locale, "read.mo.hired", card=card_name(locale, card, salary=False))
             for card in trail["hired"]]
    done += [t(locale, "read.mo.dug", place=place_name(locale, place)) for place in trail["dug"]]
    done += [t(locale, "read.mo.sold", ore=t(locale, f"mine-out.ore.{ore}"))
             for ore in trail["sold"]]
    done += [t(locale, "read.mo.played", card=card_name(locale, card, salary=False))
             for card in [*trail["played"], *trail["community"]]]
    if trail["changed"]:
        done.append(t(locale, "read.mo.changed"))
    what = ", ".join(done) if done else t(locale, "read.mo.passed")
    return t(locale, "read.mo.turn", player=position_name(seen, locale, position), what=what)


def town_descriptions(
    seen: Seen, locale: LocaleLike, played: ActResult | None = None
) -> tuple[str, str]:
    """The alt texts of the town's two images: the map, and the cards for hire."""
    return (description(seen, locale, "town", played, parts=("players", "town")),
            description(seen, locale, "cards", played, parts=("cards",)))


def holdings_description(
    seen: Seen, locale: LocaleLike, index: int, played: ActResult | None = None
) -> str:
    """The alt text of position `index`'s holdings (`played`: the table's last action)."""
    position: PositionView = seen.view["positions"][index]
    return description(seen, locale, "holdings", played, parts=("holdings",),
                       seats=(position["seat"],),
                       player=position_name(seen, locale, position))


class MineOutWords:
    parts: tuple[str, ...] = ("town", "cards", "players", "holdings", "everyone")
    whole: tuple[str, ...] = ("town", "cards", "everyone")

    def where(self, seen: Seen, locale: LocaleLike) -> str:
        return t(locale, "read.mo.where", round=seen.view["round"])

    def last(self, seen: Seen, locale: LocaleLike) -> str | None:
        view: MineOutView = seen.view
        last = view["last"]
        return None if last is None else trail_words(seen, locale, view, last)

    def read(self, seen: Seen, locale: LocaleLike, part: str, seat: Seat | None) -> list[str]:
        view: MineOutView = seen.view
        if part == "town":
            return town_lines(seen, locale, view)
        if part == "cards":
            return card_lines(locale, view)
        if part == "players":
            return [position_line(seen, locale, p) for p in view["positions"]]
        if part == "everyone":  # the reader's positions first
            ordered = sorted(view["positions"], key=lambda p: p["seat"] != seen.reader)
            return [line for p in ordered for line in holdings_lines(seen, locale, p)]
        if part != "holdings":
            raise KeyError(part)
        owner = seat if seat is not None else seen.reader
        lines: list[str] = []
        for position in view["positions"]:
            if owner is None or position["seat"] == owner:
                lines += holdings_lines(seen, locale, position)
        return lines


WORDS = MineOutWords()
