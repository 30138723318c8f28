"""A Coal Baron game read as a player reads it: every text the bot sent, and the last move
on every turn's board.

`Reading` gathers, from the REST calls the bot made, every text a player reads:
messages and their edits, public or private (content, embeds, button and select
labels, placeholders, option descriptions) and the names of autocomplete choices;
`check` asserts that they are words (`tests/player_text.py` with `CODES`, the Coal
Baron notation), that labels keep Discord's limits and that no select shows an option
twice. `last_move_marked` says
whether a board image frames a space or a player panel in a player's colour.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from typing import Any

import simcord
from PIL import Image

from bot.games.coal_baron.components import ORDER_BY_NAME, TILE_DESIGN_BY_NAME
from bot.i18n import catalog, languages
from renderer.coal_baron import board
from renderer.palette import player_colour
from tests.player_text import assert_words_only

CODES = re.compile(
    r"(?<![\w$])(?:f[1-8d]|m(?:4|6|8|10)|\$[3-6]|o[1-4d]|d[hwtl]|c[0-4]|bank|[+>][a-z]{1,2})"
    r"(?![\w])"
    rf"|\b(?:{'|'.join(sorted(set(TILE_DESIGN_BY_NAME) | set(ORDER_BY_NAME)))})\b"
)
"""Coal Baron's notation: space ids (f3, m8, $5, o2, dh, bank...), cage and cube steps
(c3, +g, >w), tile and order names (g2l, WKKK)."""
MENTION = re.compile(r"<@!?(\d+)>")
TYPED_CONFIRMATION = re.compile(
    "|".join(
        re.escape(catalog(language)["turn.played_private"]).replace(re.escape("{action}"), ".+")
        for language in languages()
    )
)
"""The typed-play confirmation ("Done: `m8 c3`."): the one text that shows notation."""
OPTION_LIMIT = 100
BUTTON_LIMIT = 80
AUTOCOMPLETE = 8


@dataclass
class Reading:
    """Every text the bot sent from REST call number `since` on, as a player reads it."""

    env: simcord.Env
    names: dict[int, str]
    """Each member's name, by id: a mention reads as "@name"."""
    since: int = 0
    texts: list[str] = field(default_factory=list)
    too_long: list[str] = field(default_factory=list)
    repeated: list[str] = field(default_factory=list)
    """Option labels a select shows more than once."""

    def collect(self) -> None:
        for request in self.env.http_requests[self.since :]:
            body = request.json if isinstance(request.json, dict) else None
            if body is None:
                continue
            if request.path.endswith("/callback"):
                data = body.get("data") or {}
                if body.get("type") == AUTOCOMPLETE:
                    self.add(*(choice["name"] for choice in data.get("choices", [])))
                    self.limit(OPTION_LIMIT, *(c["name"] for c in data.get("choices", [])))
                    continue
                body = data
            self.read(body)
        self.since = len(self.env.http_requests)

    def read(self, payload: dict[str, Any]) -> None:
        self.add(*str(payload.get("content") or "").split("\n"))
        for embed in payload.get("embeds") or []:
            description = str(embed.get("description") or "")
            self.add(str(embed.get("title") or ""), *description.split("\n"))
            self.add(*(f"{f.get('name')} {f.get('value')}" for f in embed.get("fields") or []))
        for row in payload.get("components") or []:
            for item in row.get("components") or []:
                label = str(item.get("label") or "")
                self.add(label, str(item.get("placeholder") or ""))
                self.limit(BUTTON_LIMIT, label)
                options = [str(o.get("label")) for o in item.get("options") or []]
                self.repeated += [label for label in set(options) if options.count(label) > 1]
                for option in item.get("options") or []:
                    self.add(option.get("label") or "", option.get("description") or "")
                    self.limit(OPTION_LIMIT, option.get("label") or "",
                               option.get("description") or "")

    def add(self, *texts: str) -> None:
        for text in texts:
            if text and not TYPED_CONFIRMATION.fullmatch(text):
                self.texts.append(MENTION.sub(lambda m: "@" + self.names.get(int(m[1]), "?"), text))

    def limit(self, limit: int, *texts: str) -> None:
        self.too_long += [text for text in texts if len(text) > limit]

    def check(self, lang: str) -> None:
        assert len(self.texts) > 100, self.texts
        assert not self.too_long, self.too_long
        assert not self.repeated, self.repeated
        assert_words_only(self.texts, lang, CODES, names=tuple(self.names.values()))


def last_move_marked(png: bytes, players: int) -> bool:
    """Whether the board frames the last move: a player panel or a worker space whose
    frame is in a player's colour (`renderer.coal_baron.board`, LAST_MOVE_FRAME)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    colours = {player_colour(seat) for seat in range(players)}
    width = (board.INNER - board.GAP * (players - 1)) // players
    top = board.MARGIN + 50
    panels = [(board.MARGIN + seat * (width + board.GAP) + width // 2, top + 3)
              for seat in range(players)]
    spaces = [((x0 + x1) // 2, y0 + 3) for x0, y0, x1, _ in board.SPACE_BOXES.values()]
    full_board = image.height == board.HEIGHT  # not the draft's
    return any(image.getpixel(xy) in colours for xy in panels + (spaces if full_board else []))
