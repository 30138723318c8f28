"""The mining town: places and rails, pawns, mines, Market rows, hiring display, waiting
cards, community spaces, bank and expenses, fame and the action points to spend."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.games.mine_out.components import KIND_BY_ID, KIND_DATA, NODES, RAILS
from bot.games.mine_out.shapes import MineOutView, PositionView
from bot.i18n import t
from renderer.draw import mark, text
from renderer.mine_out.colours import PALETTE
from renderer.mine_out.common import ORE_IDS, WIDTH, card_text, cube, position_name
from renderer.palette import INK, MUTED, PANEL, PAPER, player_colour, player_mark

LINE = 32


def pawn(draw: ImageDraw.ImageDraw, x: int, y: int, position: PositionView) -> None:
    """A position's pawn: its seat's mark and colour; an apprentice's is smaller, on a
    white ring (told apart from its master's by shape, not only by colour)."""
    seat = position["seat"]
    if position["apprentice"]:
        draw.ellipse((x - 11, y - 11, x + 11, y + 11), fill=PAPER, outline=INK, width=2)
        mark(draw, x, y, 6, player_mark(seat), player_colour(seat))
    else:
        mark(draw, x, y, 11, player_mark(seat), player_colour(seat))


def place_line(view: MineOutView, node: str, lang: str) -> str:
    """``Pub → Market, Silver mine``: a place and its rails (mines with cubes and rules)."""
    name = t(lang, f"mine-out.node.{node}")
    rails = ", ".join(t(lang, f"mine-out.node.{other}") for other in RAILS[node])
    if node in KIND_BY_ID:
        kind = KIND_DATA[KIND_BY_ID[node]]
        name = t(lang, "mo.render.mine", name=name, left=view["mines"][node],
                 difficulty=kind.difficulty, minimum=kind.minimum or "-")
    return f"{name} → {rails}"


def render_town(view: MineOutView, names: list[str], lang: str) -> bytes:
    """The public town from a view (any seat's or the spectator's: hands are not drawn)."""
    rows = len(NODES) + 3 + 5 + 3 + 3 + 4 + len(view["positions"]) + 6
    image = Image.new("RGB", (WIDTH, 30 + LINE * rows), PAPER)
    draw = ImageDraw.Draw(image)
    y = 24
    current = view["current"]
    points = view["turn"]["points"]
    title = t(lang, "mo.render.town_title", round=view["round"],
              player=position_name(view, current, names, lang), points=points)
    text(draw, (16, y), title, 28, bold=True, anchor="lm", max_width=WIDTH - 32)
    y += LINE + 4
    for node in NODES:
        draw.rectangle((8, y - LINE // 2 + 2, WIDTH - 8, y + LINE // 2 - 2), fill=PANEL)
        x = 16
        for position in view["positions"]:
            if position["node"] == node:
                pawn(draw, x + 10, y, position)
                x += 26
        text(draw, (x + 4, y), place_line(view, node, lang), 21, anchor="lm",
             max_width=WIDTH - x - 20)
        y += LINE
    y += 6
    text(draw, (16, y), t(lang, "mo.render.market"), 24, bold=True, anchor="lm")
    y += LINE
    for ore in ORE_IDS[:3]:
        text(draw, (32, y), t(lang, f"mine-out.ore.{ore}"), 22, anchor="lm")
        kind = KIND_DATA[KIND_BY_ID[ore]]
        x = 170
        sold = view["market"][ore]
        for box, price in enumerate(kind.prices or ()):
            draw.rectangle((x, y - 14, x + 60, y + 14), outline=INK, width=2)
            if box < len(sold):
                cube(draw, x + 4, y - 11, sold[box], 22)
            text(draw, (x + 44, y), str(price), 20, bold=True)
            x += 70
        y += LINE
    for key, cards in (("mo.render.display", view["display"]),
                       ("mo.render.waiting", view["waiting"]),
                       ("mo.render.community", view["community"])):
        text(draw, (16, y), t(lang, key), 24, bold=True, anchor="lm")
        y += LINE
        shown = [card for card in cards if card]
        for card in shown:
            text(draw, (32, y), card_text(card, lang), 21, anchor="lm", max_width=WIDTH - 48)
            y += LINE
        if not shown:
            text(draw, (32, y), t(lang, "mo.render.empty"), 21, fill=MUTED, anchor="lm")
            y += LINE
    bank = t(lang, "mo.render.bank", bank=view["bank"], expenses=view["expenses"],
             deck=view["deck_size"], discard=len(view["discard"]))
    text(draw, (16, y), bank, 22, anchor="lm", max_width=WIDTH - 32)
    y += LINE
    text(draw, (16, y), t(lang, "mo.render.fame"), 24, bold=True, anchor="lm")
    y += LINE
    for index, position in enumerate(view["positions"]):
        pawn(draw, 30, y, position)
        line = t(lang, "mo.render.fame_line", player=position_name(view, index, names, lang),
                 fame=position["fame"], money=position["money"], hand=position["hand_size"])
        text(draw, (50, y), line, 22, bold=index == current, anchor="lm", max_width=WIDTH - 66)
        y += LINE
    return PALETTE.to_png(image.crop((0, 0, WIDTH, y + 8)))
