"""What the last turn changed, as the images mark it (the view's ``last``, public only):
a line under the title in words ("Last turn · Ana: Market → Pub, hired Miner
(copper), dug copper"), and on the images a thick outline in the mover's colour,
with their mark in the corner (colour is never the only cue), around each thing
the turn touched: the places it went through and acted at, the rails it took, the
Market boxes it sold into, the cards it played (town) or hired and played (holdings).
"""

from __future__ import annotations

from collections import Counter

from PIL import ImageDraw

from bot.games.mine_out.components import CARDS
from bot.games.mine_out.shapes import MineOutView, PositionView, TrailView
from bot.i18n import t
from renderer.draw import mark
from renderer.mine_out.common import TEXT, Names, card_kind, fitted_name, label
from renderer.palette import PAPER, player_colour, player_mark

OUTLINE = 6
BADGE = 13
NAME_ROOM = 380
"""The most the player's name takes of the line in words (px)."""


def mover(view: MineOutView) -> PositionView | None:
    """The position that played the last turn (None before any turn ended)."""
    last = view["last"]
    return None if last is None else view["positions"][last["position"]]


def mark_box(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float],
             position: PositionView) -> None:
    """A thick outline around `box` in `position`'s colour, its mark in the top-right
    corner on a paper disc."""
    left, top, right, bottom = box
    colour = player_colour(position["seat"])
    draw.rounded_rectangle((left - 3, top - 3, right + 3, bottom + 3), 10, outline=colour,
                           width=OUTLINE)
    x, y = right - 4, top + 4
    draw.ellipse((x - BADGE, y - BADGE, x + BADGE, y + BADGE), fill=PAPER, outline=colour,
                 width=3)
    mark(draw, x, y, BADGE * 0.6, player_mark(position["seat"]), colour)


def places(last: TrailView) -> set[str]:
    """The places the last turn went through or acted at."""
    touched = set(last["path"][1:]) | set(last["dug"])
    touched |= {CARDS[card].establishment for card in last["hired"]}
    if last["sold"] or last["changed"]:
        touched.add("market")
    if len(last["path"]) > 1:
        touched.add(last["path"][0])
    return touched


def _kinds(lang: str, cards: list[str]) -> str:
    return ", ".join(card_kind(lang, card) for card in cards)


def _ores(lang: str, ores: list[str]) -> str:
    counted = Counter(ores)
    return ", ".join(t(lang, f"mine-out.ore.{ore}") + (f" ×{n}" if n > 1 else "")
                     for ore, n in counted.items())


def caption(view: MineOutView, names: Names, lang: str) -> str | None:
    """The last turn in words, or None before any turn ended."""
    last = view["last"]
    if last is None:
        return None
    parts = []
    if len(last["path"]) > 1:
        parts.append(" → ".join(t(lang, f"mine-out.node.{node}") for node in last["path"]))
    if last["hired"]:
        parts.append(label(lang, "last.hired", cards=_kinds(lang, last["hired"])))
    if last["dug"]:
        parts.append(label(lang, "last.dug", ores=_ores(lang, last["dug"])))
    if last["sold"]:
        parts.append(label(lang, "last.sold", ores=_ores(lang, last["sold"])))
    if last["played"]:
        parts.append(label(lang, "last.played", cards=_kinds(lang, last["played"])))
    if last["community"]:
        parts.append(label(lang, "last.community", cards=_kinds(lang, last["community"])))
    if last["changed"]:
        parts.append(label(lang, "last.changed"))
    if not parts:
        parts.append(label(lang, "last.nothing"))
    player = fitted_name(view, last["position"], names, lang, TEXT, NAME_ROOM, False)
    return label(lang, "last.turn", player=player, steps=", ".join(parts))
