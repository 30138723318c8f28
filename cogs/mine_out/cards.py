"""Mine Out's pieces for `/game card`: every kind of character card.

Copies printed alike (the four starting Miners...) are one entry, named by the first
copy; an entry's name and rules are written from the engine's data
(`bot.games.mine_out.components`), its picture is the tile the holdings and the
town draw (`renderer.mine_out.cards.card_tile`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from bot.games.mine_out.components import (
    BLACK_MINER_BONUS,
    CARDS,
    COLOURED_MINER_BONUS,
    COSTS,
    HAND_LIMIT,
    INVESTOR_PAYOUT,
    KIND_DATA,
    KIND_OF_FRAME,
    MAFIA_FAME,
    WORKER_BONUS,
    Card,
)
from bot.i18n import t
from renderer.card_sheet import card_sheet
from renderer.mine_out.cards import TILE_H, TILE_W, card_tile
from renderer.palette import PAPER


def _printed(card: Card) -> tuple[object, ...]:
    """What a copy shows: two cards alike in it are one entry."""
    return (card.type, card.frame, card.establishment, card.dig, card.salary, card.fame,
            card.start, card.ability)


@cache
def _copies() -> dict[str, int]:
    """The first copy of each printed card, and how many the box holds."""
    first: dict[tuple[object, ...], str] = {}
    copies: dict[str, int] = {}
    for card_id, card in CARDS.items():
        key = first.setdefault(_printed(card), card_id)
        copies[key] = copies.get(key, 0) + 1
    return copies


def _ore(card: Card) -> str:
    """The ore (or jewel) of a coloured card's frame, by its kind id."""
    return KIND_DATA[KIND_OF_FRAME[card.frame]].id


class MineOutCards:
    """The catalogue `cogs.platform.catalogue.CardCatalogue` of Mine Out."""

    def pieces(self) -> Sequence[str]:
        return tuple(_copies())

    def name(self, key: str, lang: str) -> str:
        card = CARDS[key]
        return t(
            lang,
            "mo.card.name_start" if card.start else "mo.card.name",
            type=t(lang, f"mine-out.type.{card.type}"),
            frame=t(lang, f"mo.card.frame.{card.frame}"),
            place=t(lang, f"mine-out.node.{card.establishment}"),
            dig=card.dig,
            salary=card.salary,
            fame=card.fame,
        )

    def rules(self, key: str, lang: str) -> str:
        card = CARDS[key]
        lines = [
            t(lang, "mo.card.hire", place=t(lang, f"mine-out.node.{card.establishment}"),
              hire=COSTS["hire"], second=COSTS["second_hire_same_establishment"],
              hand=HAND_LIMIT),
            t(lang, "mo.card.dig", dig=card.dig, cost=COSTS["dig"]),
            t(lang, "mo.card.play", cost=COSTS["play"], salary=card.salary, fame=card.fame),
            t(lang, "mo.card.ability", ability=self._ability(card, lang)),
            t(lang, "mo.card.copies", count=_copies()[key]),
        ]
        if card.start:
            lines.append(t(lang, "mo.card.start"))
        return "\n".join(lines)

    def _ability(self, card: Card, lang: str) -> str:
        key = f"mo.card.ability.{card.type}"
        if card.type == "miner" and card.frame == "black":
            return t(lang, "mo.card.ability.miner_black", bonus=BLACK_MINER_BONUS)
        if card.type == "miner":
            mine = t(lang, f"mine-out.node.{_ore(card)}")
            return t(lang, key, bonus=COLOURED_MINER_BONUS, mine=mine)
        if card.type in ("negotiator", "smith"):
            kind = KIND_DATA[KIND_OF_FRAME[card.frame]]
            ore = t(lang, f"mo.card.ore.{kind.id}")
            return t(lang, key, ore=ore, bonus=kind.negotiator_bonus)
        if card.type == "worker":
            bonuses = ", ".join(f"+{bonus}" for bonus in WORKER_BONUS[:4])
            return t(lang, key, bonuses=bonuses)
        if card.type == "investor":
            return t(lang, key, payout=INVESTOR_PAYOUT)
        if card.type == "mafia":
            return t(lang, key, fame=", ".join(str(fame) for fame in MAFIA_FAME))
        return t(lang, key, hand=HAND_LIMIT)

    def image(self, key: str, lang: str) -> bytes:
        tile = Image.new("RGB", (TILE_W + 1, TILE_H + 1), PAPER)
        card_tile(ImageDraw.Draw(tile), 0, 0, key, lang)
        return card_sheet(tile, PAPER)


CATALOGUE = MineOutCards()
