"""A Saboteur game read as a player reads it: every text, in words, and every turn's
board marking the last move (issue 22).

`PlayerReading` is awaited after each move of the complete game
(tests/test_discord_complete_games.py, through `COMPLETE_GAME`): it collects what a
player reads since the last call (public messages and their embeds and buttons, every
private panel and its selects and buttons, the autocomplete names of ``/sab play``,
gathered by `by_command` into `SabWorld.read`) and checks that the board posted after
a move that changed a cell frames that cell in orange. At the end of the game,
`check` asserts that no text holds a code (`SAB_NOTATION`), a raw id, a "(s)" or, in
French, English.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

from bot.games.saboteur.shapes import as_view
from renderer.saboteur import palette
from renderer.saboteur.board import last_move_box
from tests.discord_support import public_messages_since
from tests.player_text import assert_words_only
from tests.saboteur_support import SAB_NOTATION
from tests.test_discord_complete_games import payload_words, private_payloads, public_text

BOARD_FILE = "saboteur-board.png"


@dataclass
class PlayerReading:
    world: Any
    """The `SabWorld` being played."""
    language: str
    texts: list[str] = field(default_factory=list)
    marks: int = 0
    """Turn boards checked for the last move's frame."""
    seen: set[int] = field(default_factory=set)
    requests: int = 0

    async def __call__(self) -> None:
        w = self.world
        new = public_messages_since(w.channel, self.seen)
        state = await w.state()
        view = as_view(state.view(None))
        for message in new:
            self.seen.add(message.id)
            self.texts.append(public_text(message))
            self.texts += [str(getattr(child, "label", None) or "")
                           for row in message.components for child in getattr(row, "children", ())]
            boards = [a for a in message.attachments if a.filename == BOARD_FILE]
            if boards and message is new[-1] and view["last"] is not None:
                self.marks += await self._check_mark(view, await boards[0].read())
        for payload in private_payloads(w.env, self.requests):
            self.texts.append(payload_words(payload))
            for row in payload.get("components") or []:
                for item in row.get("components") or []:
                    options = [o.get("label") for o in item.get("options") or []]
                    assert len(options) == len(set(options)), options  # once per menu
        self.requests = len(w.env.http_requests)
        self.texts += w.read
        w.read.clear()

    @staticmethod
    async def _check_mark(view: Any, png: bytes) -> int:
        """1 if the board frames the last move's cell in orange, 0 if it changed none."""
        image = Image.open(io.BytesIO(png)).convert("RGB")
        box = last_move_box(view, image.width)
        if box is None:
            return 0
        left, top, right, _ = box
        assert image.getpixel(((left + right) // 2, top + 2)) == palette.HIGHLIGHT, view["last"]
        return 1

    def check(self) -> None:
        """Every text read was words (`tests.player_text`), mentions shown as Discord
        shows them (``@alice``); most turns framed their move."""
        assert len(self.texts) > 100 and self.marks > 20, (len(self.texts), self.marks)
        members = {member.id: member.name for member in [*self.world.players, self.world.dave]}
        shown = [MENTION.sub(lambda m: "@" + members[int(m[1])], text) for text in self.texts]
        names = tuple(members.values())
        assert_words_only(shown, self.language, SAB_NOTATION, names=names)


MENTION = re.compile(r"<@!?(\d+)>")
