"""What both Mine Out images share: ore colours with letters, names, a card line."""

from __future__ import annotations

from PIL import ImageDraw

from bot.games.mine_out.components import CARDS
from bot.games.mine_out.shapes import MineOutView
from bot.i18n import t
from renderer.draw import text
from renderer.palette import INK, RGB, text_colour_on

WIDTH = 800
ORE_IDS = ("copper", "silver", "gold", "jewel")
ORE_FILL: dict[str, RGB] = {
    "copper": (213, 94, 0),
    "silver": (200, 200, 205),
    "gold": (240, 228, 66),
    "jewel": (86, 180, 233),
}
"""Okabe–Ito-like fills; every cube also carries its letter (colour-blind safe)."""
ORE_LETTER = {"copper": "C", "silver": "S", "gold": "G", "jewel": "J"}


def cube(draw: ImageDraw.ImageDraw, x: int, y: int, ore: str, size: int = 26) -> None:
    """One cube: a coloured square with the ore's letter."""
    fill = ORE_FILL[ore]
    draw.rectangle((x, y, x + size, y + size), fill=fill, outline=INK, width=2)
    text(draw, (x + size / 2, y + size / 2), ORE_LETTER[ore], size - 8, bold=True,
         fill=text_colour_on(fill))


def card_text(card: str, lang: str) -> str:
    """``MI05 Miner · pub · dig 4 · $2 · ★1 · miner_red``: everything printed, short."""
    data = CARDS[card]
    kind = t(lang, f"mine-out.type.{data.type}")
    place = t(lang, f"mine-out.node.{data.establishment}")
    ability = t(lang, f"mo.ability.{data.ability}")
    return t(lang, "mo.render.card", card=card, type=kind, place=place, dig=data.dig,
             salary=data.salary, fame=data.fame, ability=ability)


def position_name(view: MineOutView, index: int, names: list[str], lang: str) -> str:
    """A position's player name, ``(apprentice)`` added for a 2-player apprentice."""
    position = view["positions"][index]
    name = names[position["seat"]]
    return t(lang, "mo.render.apprentice", name=name) if position["apprentice"] else name


def numbered_names(players: int, lang: str) -> list[str]:
    """``Player 1``...: the names drawn (mentions cannot be drawn in an image)."""
    return [t(lang, "mo.render.player", number=seat + 1) for seat in range(players)]
