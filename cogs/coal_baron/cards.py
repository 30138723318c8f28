"""Coal Baron's pieces for `/game card`: the order cards, the gallery tiles and the
worker spaces of the board.

Names and rules come from the engine's data (`bot.games.coal_baron.components`:
slots, victory points, costs, what each space gives, the locks); pictures are drawn
as the board and the mines draw them (`renderer.coal_baron.glyphs.order_card`,
`glyphs.tile`, `renderer.coal_baron.board.space_image`).
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.games.coal_baron.components import (
    BANK,
    CAGE_PLACES,
    DELIVERY,
    DRAW_SIZE,
    ORDER_BY_NAME,
    ORDERS,
    SPACE_INDEX,
    SPACES,
    TILE_DESIGN_BY_NAME,
    TILE_DESIGNS,
    Space,
)
from bot.i18n import t
from cogs.coal_baron.labels import colour_name, order_text, tile_text, vehicle_name
from renderer.card_sheet import card_sheet
from renderer.coal_baron import glyphs
from renderer.coal_baron.board import space_image
from renderer.coal_baron.labels import letters
from renderer.palette import PAPER

CARD, TILE, SPACE = "order", "tile", "space"
"""Key prefixes: ``order:WKK``, ``tile:g2l``, ``space:m6``."""


def _space_name(space: Space, lang: str) -> str:
    if space.kind == DELIVERY:
        return t(lang, "coal.card.space.delivery", vehicle=vehicle_name(lang, space.param))
    return t(lang, f"coal.card.space.{space.kind}", value=space.param, draw=DRAW_SIZE)


class CoalBaronCards:
    """The catalogue `cogs.platform.catalogue.CardCatalogue` of Coal Baron."""

    def pieces(self) -> Sequence[str]:
        return (
            *(f"{CARD}:{order.name}" for order in ORDERS),
            *(f"{TILE}:{design.name}" for design in TILE_DESIGNS),
            *(f"{SPACE}:{space.id}" for space in SPACES),
        )

    def name(self, key: str, lang: str) -> str:
        kind, _, name = key.partition(":")
        if kind == CARD:
            return t(lang, "coal.card.order", order=order_text(lang, name))
        if kind == TILE:
            return t(lang, "coal.card.tile", tile=tile_text(lang, name))
        return _space_name(SPACES[SPACE_INDEX[name]], lang)

    def rules(self, key: str, lang: str) -> str:
        kind, _, name = key.partition(":")
        if kind == CARD:
            order = ORDERS[ORDER_BY_NAME[name]]
            colours = ", ".join(colour_name(lang, colour) for colour in order.slots)
            return t(lang, "coal.card.rules.order_card", vehicle=vehicle_name(lang, order.vehicle),
                     colours=colours, vp=order.vp)
        if kind == TILE:
            design = TILE_DESIGNS[TILE_DESIGN_BY_NAME[name]]
            side = "lit" if design.lit else "dark"
            return t(lang, "coal.card.rules.tile", colour=colour_name(lang, design.colour),
                     carts=design.carts, level=design.level, cost=design.cost,
                     side=t(lang, f"coal.side.{side}"))
        space = SPACES[SPACE_INDEX[name]]
        vehicle = vehicle_name(lang, space.param) if space.kind == DELIVERY else ""
        lines = [t(lang, f"coal.card.rules.{space.kind}", value=space.param, draw=DRAW_SIZE,
                   cage=CAGE_PLACES, vehicle=vehicle)]
        if space.kind != BANK:
            lines.append(t(lang, "coal.card.rules.workers"))
        if space.min_players > 2:
            lines.append(t(lang, "coal.card.rules.locked", players=space.min_players))
        return "\n".join(lines)

    def image(self, key: str, lang: str) -> bytes:
        kind, _, name = key.partition(":")
        if kind == SPACE:
            return card_sheet(space_image(name, lang), PAPER, self.name(key, lang))
        if kind == CARD:
            order = ORDERS[ORDER_BY_NAME[name]]
            piece = Image.new("RGB", (glyphs.ORDER_W + 1, glyphs.ORDER_H + 1), PAPER)
            glyphs.order_card(ImageDraw.Draw(piece), 0, 0, order.vehicle, order.vp,
                              order.slots, [], letters(lang))
            return card_sheet(piece, PAPER)
        design = TILE_DESIGNS[TILE_DESIGN_BY_NAME[name]]
        width = glyphs.tile_width(design.carts)
        piece = Image.new("RGB", (width + 1, glyphs.TILE_H + 1), PAPER)
        glyphs.tile(ImageDraw.Draw(piece), 0, 0, design.colour, design.lit,
                    [design.colour] * design.carts, letters(lang))
        return card_sheet(piece, PAPER)


CATALOGUE = CoalBaronCards()
