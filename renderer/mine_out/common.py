"""What both Mine Out images share: ore cubes with letters, players' names and marks,
and the words (counted ones: "1 cube", "2 cubes") of ``mo.render.*`` keys."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import ImageDraw

from bot.games.mine_out.components import CARDS, MINER, NEGOTIATOR, SMITH
from bot.games.mine_out.shapes import MineOutView, PositionView
from bot.i18n import t
from renderer.draw import mark, text, text_width
from renderer.names import drawable_names, fit_name
from renderer.palette import INK, PAPER, RGB, player_colour, player_mark, text_colour_on

WIDTH = 800
TEXT = 22
"""The smallest text of both images: 11 px when an 800-px image is shown 400 px wide
on a phone (tests/test_mine_out_phone.py)."""
MAX_ASPECT = 1.3
"""No image is taller than 1.3 x its width: desktop clients shrink taller ones."""
NAME_CHARS = 32
"""Names are cut to the room each place has (`fitted_name`), not to a fixed length."""
ORE_IDS = ("copper", "silver", "gold", "jewel")
ORE_FILL: dict[str, RGB] = {
    "copper": (213, 94, 0),
    "silver": (200, 200, 205),
    "gold": (240, 228, 66),
    "jewel": (86, 180, 233),
}
"""Okabe–Ito-like fills; every cube also carries its letter (colour-blind safe)."""
FRAME_ORE = {"red": "copper", "white": "silver", "yellow": "gold", "blue": "jewel"}
"""A card's frame colour and the ore it refers to (a Miner's, a Negotiator's...)."""
RAIL: RGB = (150, 120, 90)
"""The rails between the places of the town."""

Names = tuple[str, ...]


def label(lang: str, key: str, **params: Any) -> str:
    """The text of ``mo.render.<key>`` in `lang`; a ``count`` parameter picks the plurals
    written in the text ("{count} {count:cube|cubes}")."""
    return t(lang, f"mo.render.{key}", **params)


def ore_letter(lang: str, ore: str) -> str:
    """The ore's letter in `lang` (copper C / cuivre C, silver S / argent A...)."""
    return label(lang, f"letter.{ore}")


def cube(draw: ImageDraw.ImageDraw, x: float, y: float, ore: str, lang: str,
         size: int = 26) -> None:
    """One cube, top-left at (x, y): a coloured square with the ore's letter."""
    fill = ORE_FILL[ore]
    draw.rectangle((x, y, x + size, y + size), fill=fill, outline=INK, width=2)
    text(draw, (x + size / 2, y + size / 2 + 1), ore_letter(lang, ore), size - 8, bold=True,
         fill=text_colour_on(fill))


def seat_names(names: Sequence[str], lang: str) -> Names:
    """The players' display names as drawn; "Player 2" for a name the fonts cannot draw."""
    numbered = [label(lang, "player", number=seat + 1) for seat in range(len(names))]
    return drawable_names(names, numbered, limit=NAME_CHARS)


def card_kind(lang: str, card: str, details: Sequence[str] = ()) -> str:
    """A card as players name it: its type, with the ore of its frame for a Miner,
    a Negotiator or a Smith ("Miner (copper)", "Mineur (cuivre)"), then `details` in
    the same brackets ("Miner (copper, dig 4, fame 2)")."""
    data = CARDS[card]
    kind = t(lang, f"mine-out.type.{data.type}")
    ore = FRAME_ORE.get(data.frame) if data.type in (MINER, NEGOTIATOR, SMITH) else None
    said = [t(lang, f"mine-out.ore.{ore}")] if ore else []
    said += details
    return f"{kind} ({', '.join(said)})" if said else kind


def position_name(view: MineOutView, index: int, names: Names, lang: str) -> str:
    """A position's player name, "(apprentice)" added for a 2-player apprentice."""
    position = view["positions"][index]
    name = names[position["seat"]]
    return label(lang, "apprentice", name=name) if position["apprentice"] else name


def fitted_name(
    view: MineOutView, index: int, names: Names, lang: str, size: int, width: int, bold: bool
) -> str:
    """`position_name` with the team (A: seats 1 and 3, B: seats 2 and 4) in the 2 vs 2
    variant, at most `width` px at `size`: the player's name is cut, never "(apprentice)"
    or the team."""
    position = view["positions"][index]
    name = names[position["seat"]]

    def dressed(name: str) -> str:
        if position["apprentice"]:
            name = label(lang, "apprentice", name=name)
        if view["options"]["teams"]:
            name = label(lang, "team", name=name, team="AB"[position["seat"] % 2])
        return name

    extra = text_width(dressed(""), size, bold)
    return dressed(fit_name(name, size, max(width - extra, 40), bold))


def pawn(
    draw: ImageDraw.ImageDraw, x: float, y: float, position: PositionView, r: float = 11
) -> None:
    """A position's pawn centred on (x, y): its seat's mark and colour; an apprentice's
    is smaller, on a white ring (told apart from its master's by shape, not only colour)."""
    seat = position["seat"]
    if position["apprentice"]:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=PAPER, outline=INK, width=2)
        mark(draw, x, y, r * 0.55, player_mark(seat), player_colour(seat))
    else:
        mark(draw, x, y, r, player_mark(seat), player_colour(seat))
