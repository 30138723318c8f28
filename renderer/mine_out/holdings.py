"""A player's holdings (their mine): ore by kind, money, fame, area with abilities summed,
hand size, and the hand itself only when the view holds it (its owner's)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.games.mine_out.abilities import miner_bonus, negotiator_bonus
from bot.games.mine_out.components import CARDS, KIND_BY_ID, ORES
from bot.games.mine_out.shapes import MineOutView
from bot.i18n import t
from renderer.draw import text
from renderer.mine_out.colours import PALETTE
from renderer.mine_out.common import ORE_IDS, WIDTH, card_text, cube, position_name
from renderer.palette import INK, MUTED, PAPER, player_colour

LINE = 34


def ability_lines(area: list[str], community: list[str], lang: str) -> list[str]:
    """The area's (and community's) abilities summed: dig bonus per ore, sale bonus, Smiths."""
    working = area + community
    digs = ", ".join(
        f"{t(lang, f'mine-out.ore.{ore}')} +{miner_bonus(working, KIND_BY_ID[ore])}"
        for ore in ORE_IDS
    )
    sales = ", ".join(
        f"{t(lang, f'mine-out.ore.{ORE_IDS[row]}')} +{negotiator_bonus(working, row)}"
        for row in ORES
    )
    smiths = sum(1 for card in working if CARDS[card].type == "smith")
    return [t(lang, "mo.render.dig_bonus", bonus=digs),
            t(lang, "mo.render.sale_bonus", bonus=sales),
            t(lang, "mo.render.smiths", count=smiths)]


def render_holdings(view: MineOutView, index: int, names: list[str], lang: str) -> bytes:
    """The holdings of position `index` in `view`, as a PNG."""
    position = view["positions"][index]
    hand = position.get("hand") if position["seat"] == view["seat"] else None
    area = list(position["area"])
    lines = len(area) + len(hand or []) + 8
    image = Image.new("RGB", (WIDTH, 40 + LINE * lines), PAPER)
    draw = ImageDraw.Draw(image)
    colour = player_colour(position["seat"])
    draw.rectangle((0, 0, WIDTH, 56), fill=colour)
    title = t(lang, "mo.render.holdings_title", player=position_name(view, index, names, lang),
              money=position["money"], fame=position["fame"])
    text(draw, (16, 28), title, 30, bold=True, fill=(255, 255, 255), anchor="lm",
         max_width=WIDTH - 32)
    y = 70
    x = 16
    for ore in ORE_IDS:
        cube(draw, x, y, ore, 32)
        x += 40
        x += text(draw, (x, y + 16), f"{t(lang, f'mine-out.ore.{ore}')} {position['cubes'][ore]}",
                  26, bold=True, anchor="lm") + 24
    y += 50
    for line in ability_lines(area, list(view["community"]), lang):
        text(draw, (16, y), line, 22, anchor="lm", max_width=WIDTH - 32)
        y += LINE
    text(draw, (16, y), t(lang, "mo.render.area", count=len(area)), 24, bold=True, anchor="lm")
    y += LINE
    for card in area:
        text(draw, (32, y), card_text(card, lang), 22, anchor="lm", max_width=WIDTH - 48)
        y += LINE
    text(draw, (16, y), t(lang, "mo.render.hand", count=position["hand_size"]), 24, bold=True,
         anchor="lm")
    y += LINE
    for card in hand or []:
        text(draw, (32, y), card_text(card, lang), 22, fill=INK, anchor="lm",
             max_width=WIDTH - 48)
        y += LINE
    if hand is None:
        text(draw, (32, y), t(lang, "mo.render.hand_hidden"), 22, fill=MUTED, anchor="lm")
    return PALETTE.to_png(image)
