"""The private image of one seat: role, hand, peeks at the goals, gold.

Drawn from ``state.view(seat)``; it is only ever sent ephemerally to that seat.
Cards come four to a row (a hand of six is two rows: the image stays wider than
tall and its words readable on a phone); each carries its kind in words on its top
band (`renderer.saboteur.card_faces`).
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.games.saboteur.cards import MAZE_CARDS
from bot.games.saboteur.shapes import SaboteurView, YouView
from renderer.draw import text
from renderer.fonts import font
from renderer.names import fit_name
from renderer.saboteur import icons, palette
from renderer.saboteur.board import maze_tiles
from renderer.saboteur.card_faces import CARD_H, CARD_W, card_face
from renderer.saboteur.colours import PALETTE
from renderer.saboteur.labels import label, seat_names
from renderer.saboteur.tiles import Face, Tile, tile_image

MARGIN = 16
GAP = 12
PER_ROW = 4
"""Cards a row: a hand of 6 is two rows, the image wider than tall."""
TITLE = 56
SECTION = 40
GOLD_ROW = 56
GOAL = 84
"""Side of a goal square in the peeks strip."""

WIDTH = 2 * MARGIN + PER_ROW * CARD_W + (PER_ROW - 1) * GAP


def render_hand(view: SaboteurView, names: Sequence[str], lang: str) -> bytes:
    """The hand of ``view["seat"]`` as PNG bytes; `view` is ``state.view(seat)``, `names`
    the players' display names (index = seat)."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a hand is drawn from a seat's view, not the spectator's")
    return PALETTE.to_png(hand_image(view, seat_names(names, lang)[seat], lang))


def hand_image(view: SaboteurView, name: str, lang: str) -> Image.Image:
    """The hand of ``view["seat"]`` as a Pillow image (see `render_hand`)."""
    you = view["you"]
    cards = [card["card"] for card in you["hand"]]
    card_rows = max(1, -(-len(cards) // PER_ROW))
    hand_h = card_rows * (CARD_H + GAP) if cards else 40
    height = MARGIN + TITLE + hand_h + SECTION + GOAL + 36 + GOLD_ROW + MARGIN
    image = Image.new("RGB", (WIDTH, height), palette.BACKGROUND)
    draw = ImageDraw.Draw(image)
    _draw_title(draw, view, name, lang)
    y = MARGIN + TITLE
    if not cards:
        text(draw, (MARGIN, y + 20), label(lang, "no_cards"), 24, fill=palette.TEXT_DIM,
             anchor="lm")
    for i, code in enumerate(cards):
        row, column = divmod(i, PER_ROW)
        corner = (MARGIN + column * (CARD_W + GAP), y + row * (CARD_H + GAP))
        image.paste(card_face(code, lang), corner)
    y += hand_h
    _draw_peeks(image, draw, view, lang, y)
    y += SECTION + GOAL + 36
    _draw_gold(draw, you, lang, y)
    return image


def _draw_title(draw: ImageDraw.ImageDraw, view: SaboteurView, name: str, lang: str) -> None:
    """"Your hand, Alice" on the left, the role on the right in its colour and in words."""
    mid = MARGIN + TITLE // 2 - 6
    role = view["you"]["role"]
    role_words = label(lang, "role." + role)
    fill = palette.SABOTEUR if role == "saboteur" else palette.DIGGER
    face_w = round(font(26, True).getlength(role_words))
    draw.rounded_rectangle((WIDTH - MARGIN - face_w - 24, mid - 21, WIDTH - MARGIN, mid + 21), 10,
                           fill=fill)
    text(draw, (WIDTH - MARGIN - 12, mid), role_words, 26, bold=True, fill=palette.INK, anchor="rm")
    room = WIDTH - 3 * MARGIN - face_w - 24
    title_w = font(28, True).getlength(label(lang, "hand_title", player=""))
    player = fit_name(name, 28, room - title_w)
    text(draw, (MARGIN, mid), label(lang, "hand_title", player=player), 28, bold=True,
         fill=palette.TEXT, anchor="lm", max_width=room)


def _draw_peeks(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: SaboteurView, lang: str, top: int
) -> None:
    """The three goals as this seat knows them: seen with a map, turned over, or unknown."""
    text(draw, (MARGIN, top + SECTION // 2), label(lang, "peeks"), 24, bold=True,
         fill=palette.TEXT, anchor="lm", max_width=WIDTH - 2 * MARGIN)
    seen = {(peek["x"], peek["y"]): peek["card"] for peek in view["you"]["peeks"]}
    laid = maze_tiles(view)
    step = (WIDTH - 2 * MARGIN) // len(view["goals"])
    for i, goal in enumerate(view["goals"]):
        pos = (goal["x"], goal["y"])
        x = MARGIN + i * step + (step - GOAL) // 2
        y = top + SECTION
        code = seen.get(pos)
        if goal["revealed"]:
            gold = bool(goal["gold"])
            tile = laid[pos]
        elif code is not None:
            gold = code == "goal-gold"
            tile = Tile(Face.GOAL_GOLD if gold else Face.GOAL_STONE, MAZE_CARDS[code].edges)
        else:
            gold = None
            tile = Tile(Face.GOAL_HIDDEN)  # named by its caption
        image.paste(tile_image(tile, GOAL), (x, y))
        words = label(lang, "goal_unseen") if gold is None else label(
            lang, "goal_gold" if gold else "goal_stone")
        caption = label(lang, "goal_caption", goal=label(lang, "goal_name." + goal["name"]),
                        seen=words)
        text(draw, (x + GOAL / 2, y + GOAL + 16), caption, 23, bold=gold is not None,
             fill=palette.TEXT if gold is not None else palette.TEXT_DIM, max_width=step - 8)


def _draw_gold(draw: ImageDraw.ImageDraw, you: YouView, lang: str, top: int) -> None:
    """The seat's own gold cards (secret from the others until the end)."""
    mid = top + GOLD_ROW // 2
    x = MARGIN + text(draw, (MARGIN, mid), label(lang, "gold_total", nuggets=you["nuggets"]), 24,
                      bold=True, fill=palette.GOLD, anchor="lm") + 14
    for nuggets in you["gold"]:
        x += round(icons.draw_gold_card(draw, nuggets, x, top + 4, GOLD_ROW - 8)) + 6
