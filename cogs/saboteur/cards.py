"""Saboteur's pieces for `/game card`: every kind of hand card (paths and actions),
the start card and the goal cards.

Names and rules come from the engine's data (`bot.games.saboteur.cards`: the open
edges, the tools, how many copies the deck holds); pictures are the hand's card faces
(`renderer.saboteur.card_faces.card_face`) and the maze's tiles
(`renderer.saboteur.tiles.tile_image`).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.saboteur.cards import (
    EDGES,
    GOALS,
    MAZE_CARDS,
    PATH_CARDS,
    START,
    card_tools,
    card_type,
    hand_cards,
    shape_of,
)
from bot.i18n import t
from renderer.card_sheet import card_sheet
from renderer.saboteur import palette
from renderer.saboteur.card_faces import card_face
from renderer.saboteur.tiles import Face, Tile, tile_image

TILE_SIZE = 200
"""Side of a maze tile as `/game card` shows it."""
_MAZE_ONLY = (START.code, *(goal.code for goal in GOALS))


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
        return (*hand_cards(), *_MAZE_ONLY)

    def name(self, key: str, lang: str) -> str:
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
        if key not in _MAZE_ONLY:
            return card_sheet(card_face(key, lang), palette.BACKGROUND)
        card = MAZE_CARDS[key]
        face = (Face.START if key == START.code
                else Face.GOAL_GOLD if key == "goal-gold" else Face.GOAL_STONE)
        return card_sheet(tile_image(Tile(face, card.edges), TILE_SIZE), palette.BACKGROUND)


CATALOGUE = SaboteurCards()
