"""Saboteur's pieces for `/game card`: every kind of hand card (paths and actions),
the start card, the goal cards and the gold cards.

Names and rules come from the engine's data (`bot.games.saboteur.cards`: the open
edges, the tools, how many copies the deck holds); pictures are the hand's card faces
(`renderer.saboteur.card_faces.card_face`) and the maze's tiles
(`renderer.saboteur.tiles.tile_image`), the hand image's gold cards
(`renderer.saboteur.icons.draw_gold_card`).
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.games.saboteur.cards import (
    EDGES,
    GOALS,
    GOLD_CARDS,
    MAZE_CARDS,
    PATH_CARDS,
    START,
    card_tools,
    card_type,
    gold_cards_drawn,
    hand_cards,
    saboteur_payout,
    shape_of,
)
from bot.i18n import t
from renderer.card_sheet import card_sheet
from renderer.saboteur import palette
from renderer.saboteur.card_faces import card_face
from renderer.saboteur.icons import draw_gold_card
from renderer.saboteur.tiles import Face, Tile, tile_image

TILE_SIZE = 200
"""Side of a maze tile as `/game card` shows it."""
GOLD_HEIGHT = 150
"""Height of a gold card as `/game card` shows it."""
_MAZE_ONLY = (START.code, *(goal.code for goal in GOALS))
_GOLD = "gold-"
"""Key prefix of the gold cards: ``gold-2`` is worth two nuggets."""


def _directions(edges: str, lang: str) -> str:
    return ", ".join(t(lang, f"sab.card.edge.{edge}") for edge in EDGES if edge in edges)


def _shape_word(edges: str) -> str:
    """``crossroads``, ``junction``, ``straight``, ``bend`` or ``stub`` (a catalog key's end)."""
    if len(edges) == 2:
        return "straight" if edges in ("NS", "EW") else "bend"
    return {4: "crossroads", 3: "junction", 1: "stub"}[len(edges)]


class SaboteurCards:
    """The catalogue `cogs.platform.catalogue.CardCatalogue` of Saboteur."""

    def pieces(self) -> Sequence[str]:
        return (*hand_cards(), *_MAZE_ONLY, *(f"{_GOLD}{value}" for value in sorted(GOLD_CARDS)))

    def name(self, key: str, lang: str) -> str:
        if key.startswith(_GOLD):
            return t(lang, "sab.card.name.nuggets", count=int(key.removeprefix(_GOLD)))
        if key in _MAZE_ONLY:
            card = MAZE_CARDS[key]
            goal = "start" if key == START.code else "gold" if key == "goal-gold" else "stone"
            return t(lang, f"sab.card.name.{goal}", edges=_directions(card.edges, lang))
        if card_type(key) != "path":
            return t(lang, f"render.saboteur.card.{key}")
        card = PATH_CARDS[key]
        shape = t(lang, f"sab.card.shape.{_shape_word(card.edges)}")
        words = t(lang, "sab.card.name.path", shape=shape, edges=_directions(card.edges, lang))
        return t(lang, "sab.card.name.dead_end", path=words) if card.dead_end else words

    def rules(self, key: str, lang: str) -> str:
        if key.startswith(_GOLD):
            value = int(key.removeprefix(_GOLD))
            payouts = ", ".join(str(saboteur_payout(count)) for count in range(1, 5))
            return t(lang, "sab.card.rules.nuggets", count=value, copies=GOLD_CARDS[value],
                     total=GOLD_CARDS.total(), most=gold_cards_drawn(10), payouts=payouts)
        if key in _MAZE_ONLY:
            goal = "start" if key == START.code else "gold" if key == "goal-gold" else "stone"
            return t(lang, f"sab.card.rules.{goal}")
        kind = card_type(key)
        copies = t(lang, "sab.card.copies", count=hand_cards()[key])
        if kind == "path":
            card = PATH_CARDS[key]
            turned = shape_of(key, rotated=True)
            lines = [t(lang, "sab.card.rules.path")]
            if not card.symmetric:
                lines.append(t(lang, "sab.card.rules.turned", edges=_directions(turned, lang)))
            if card.dead_end:
                lines.append(t(lang, "sab.card.rules.dead_end"))
            return "\n".join([*lines, copies])
        tools = card_tools(key)
        names = t(lang, "sab.card.or").join(t(lang, f"saboteur.tool.{tool}") for tool in tools)
        return "\n".join([t(lang, f"sab.card.rules.{kind}", tools=names), copies])

    def image(self, key: str, lang: str) -> bytes:
        if key.startswith(_GOLD):
            gold = Image.new("RGB", (round(GOLD_HEIGHT * 0.72) + 1, GOLD_HEIGHT + 1),
                             palette.BACKGROUND)
            draw_gold_card(ImageDraw.Draw(gold), int(key.removeprefix(_GOLD)), 0, 0, GOLD_HEIGHT)
            return card_sheet(gold, palette.BACKGROUND)
        if key not in _MAZE_ONLY:
            return card_sheet(card_face(key, lang), palette.BACKGROUND)
        card = MAZE_CARDS[key]
        face = (Face.START if key == START.code
                else Face.GOAL_GOLD if key == "goal-gold" else Face.GOAL_STONE)
        return card_sheet(tile_image(Tile(face, card.edges), TILE_SIZE), palette.BACKGROUND)


CATALOGUE = SaboteurCards()
