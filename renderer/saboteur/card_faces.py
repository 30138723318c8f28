"""Hand cards drawn face up: path cards and action cards.

A card is a band with its kind in words, a picture and a caption. A path card
that lies differently turned also shows, small, the shape it makes turned (the
panel names a placement by the shape laid).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.games.saboteur.cards import PATH_CARDS, card_tools, card_type
from renderer.draw import fit_font
from renderer.palette import RGB, text_colour_on
from renderer.saboteur import icons, palette
from renderer.saboteur.labels import label
from renderer.saboteur.tiles import Face, Tile, tile_image

CARD_W = 184
CARD_H = 262
_BAND = 34
_PICTURE_TOP = _BAND + 8
_PICTURE = 132  # side of the square picture area
_CAPTION_SIZE = 23
"""Readable on a phone in the hand image (`renderer.saboteur.hand`, 4 cards a row)."""
_TURNED = 50
"""Side of the small picture of a path card turned."""

_BANDS: dict[str, RGB] = {
    "break": palette.BROKEN,
    "repair": palette.REPAIR,
    "rockfall": palette.STONE_DARK,
    "map": palette.CARD_BACK,
}


def card_face(code: str, lang: str) -> Image.Image:
    """The face of the hand card `code` (engine card code), CARD_W x CARD_H.

    The top band holds the card's kind in words ("Path", "Dead end", "Repair"...).
    """
    image = Image.new("RGB", (CARD_W, CARD_H), palette.BACKGROUND)
    draw = ImageDraw.Draw(image)
    kind = card_type(code)
    if kind == "path":
        _path_face(image, draw, code, lang)
    else:
        _action_face(draw, code, kind, lang)
    return image


def _band(draw: ImageDraw.ImageDraw, fill: RGB, words: str) -> None:
    draw.rounded_rectangle((0, 0, CARD_W - 1, _BAND), 14, fill=fill)
    draw.rectangle((0, 14, CARD_W - 1, _BAND), fill=fill)
    face = fit_font(words, _CAPTION_SIZE, True, CARD_W - 16)
    draw.text((CARD_W / 2, _BAND / 2 + 1), words, font=face, fill=text_colour_on(fill), anchor="mm")


def _path_face(image: Image.Image, draw: ImageDraw.ImageDraw, code: str, lang: str) -> None:
    card = PATH_CARDS[code]
    draw.rounded_rectangle((0, 0, CARD_W - 1, CARD_H - 1), 14, fill=palette.ROCK,
                           outline=palette.ROCK_DARK, width=3)
    _band(draw, palette.ROCK_DARK, label(lang, "band.dead_end" if card.dead_end else "card.path"))
    left = (CARD_W - _PICTURE) // 2
    image.paste(tile_image(Tile(Face.PATH, card.edges, card.dead_end), _PICTURE),
                (left, _PICTURE_TOP))
    if not card.symmetric:
        _caption(draw, [label(lang, "turned")], palette.TEXT)
        turned = tile_image(Tile(Face.PATH, card.placed_edges(True), card.dead_end), _TURNED)
        image.paste(turned, ((CARD_W - _TURNED) // 2, CARD_H - _TURNED - 6))


def _action_face(draw: ImageDraw.ImageDraw, code: str, kind: str, lang: str) -> None:
    draw.rounded_rectangle((0, 0, CARD_W - 1, CARD_H - 1), 14, fill=palette.PAPER,
                           outline=palette.INK, width=3)
    _band(draw, _BANDS[kind], label(lang, "band." + kind))
    left = (CARD_W - _PICTURE) // 2
    top = _PICTURE_TOP
    tools = card_tools(code)
    if kind == "rockfall":
        icons.draw_rockfall(draw, (left, top, _PICTURE))
    elif kind == "map":
        icons.draw_map(draw, (left, top, _PICTURE))
    elif len(tools) == 1:
        _tool(draw, tools[0], (left, top, _PICTURE), kind, lang)
    else:
        small = _PICTURE * 0.62
        _tool(draw, tools[0], (CARD_W / 2 - small - 2, top, small), kind, lang)
        _tool(draw, tools[1], (CARD_W / 2 + 2, top + _PICTURE - small, small), kind, lang)
    _caption(draw, _wrap(label(lang, "card." + code)), palette.INK)


def _tool(draw: ImageDraw.ImageDraw, tool: str, box: icons.Box, kind: str, lang: str) -> None:
    letter = label(lang, "tool_letter." + tool)
    icons.draw_tool_mark(draw, tool, box, broken=kind == "break", letter=letter)


def _caption(draw: ImageDraw.ImageDraw, lines: list[str], fill: RGB) -> None:
    """Up to two centred lines under the picture, shrunk to fit the card width."""
    top = _PICTURE_TOP + _PICTURE + 8
    for i, line in enumerate(lines[:2]):
        face = fit_font(line, _CAPTION_SIZE, True, CARD_W - 16)
        draw.text((CARD_W / 2, top + i * 30), line, font=face, fill=fill, anchor="mt")


def _wrap(caption: str) -> list[str]:
    """Split a caption into two balanced lines when it is too wide for one."""
    face = fit_font(caption, _CAPTION_SIZE, True, 10_000)
    words = caption.split()
    if face.getlength(caption) <= CARD_W - 16 or len(words) < 2:
        return [caption]
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    first, second = min(splits, key=lambda p: max(face.getlength(p[0]), face.getlength(p[1])))
    return [first, second]
