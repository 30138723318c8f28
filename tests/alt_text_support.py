"""Every picture also in words (issue 32): every image the bot sends or edits during a
complete game, public or private, read as a screen reader reads it: its description
(Discord's alt text). tests/test_discord_complete_games.py plays each shipped game to
its end in English and in French and calls `DescriptionCheck` after each move.

Every upload simcord stores is caught (`Uploads`, at its CDN: a panel's image redrawn
between two moves too). After each move each new image must have a description of
at most 1,024 characters, in the server's language, that starts with the game's name,
says who is to act (one of the seats to act since the last move) or who won, tells
the last move once a move was played, and holds words only (no notation, no cell of
the images' letter-and-number grid, no raw id; in French, no English).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
import simcord

from bot.games.base import Seat
from bot.games.record import play_entry
from bot.i18n import t
from cogs.platform.alt_text import LIMIT, names_list
from cogs.platform.names import known_names
from cogs.platform.presenter import game_name
from cogs.platform.seen import seen
from tests.coal_baron_reading import CODES as COAL_CODES
from tests.discord_support import IMAGE_SUFFIXES, Follower
from tests.player_text import faults
from tests.saboteur_support import SAB_NOTATION


def notation(game: str) -> re.Pattern[str]:
    """The game's own codes, which no description may hold."""
    if game == "mine-out":  # its support module imports the complete games, which import this
        from tests.mine_out_discord_support import MINE_OUT_CODES

        return MINE_OUT_CODES
    return {"coal-baron": COAL_CODES, "saboteur": SAB_NOTATION}[game]

GRID_CELL = re.compile(r"\b[A-Z]{1,2}\d{1,2}\b")
"""A cell as the images' edges name it ("D3"): a description says where from the start."""


class Uploads:
    """Every attachment the bot uploads (its file name and description), in order."""

    def __init__(self, env: simcord.Env, monkeypatch: pytest.MonkeyPatch) -> None:
        self.seen: list[tuple[str, str | None]] = []
        cdn: Any = env.backend.cdn
        store = cdn.store_attachment

        def caught(attachment_id: int, channel_id: int, filename: str, data: bytes,
                   description: str | None) -> dict[str, Any]:
            self.seen.append((filename, description))
            return dict(store(attachment_id, channel_id, filename, data, description))

        monkeypatch.setattr(cdn, "store_attachment", caught)


class DescriptionCheck(Follower):
    """Called after each move: checks the descriptions of the images uploaded since."""

    def __init__(self, env: simcord.Env, world: Any, uploads: Uploads, game: str, lang: str):
        super().__init__(env, world)
        self.uploads, self.game, self.lang = uploads, game, lang
        self.checked = 0
        self.images = 0
        self.told_over = 0

    async def __call__(self) -> None:
        table, record = await self.table_and_record()
        assert self.state is not None
        played_before = self.entries > 0
        acting: list[tuple[Seat, ...]] = [self.state.to_act()]
        for entry in record["actions"][self.entries:]:
            play_entry(self.state, entry)
            acting.append(self.state.to_act())
        self.entries = len(record["actions"])
        shown = seen(table, None, names=known_names(table))
        said = {t(self.lang, "alt.to_act", players=names_list(shown, seats, self.lang))
                for seats in acting if seats}
        outcome = self.state.outcome()
        if outcome is not None:
            said.add(t(self.lang, "alt.over", players=names_list(shown, outcome.winners,
                                                                   self.lang)))
        name = game_name(self.lang, self.game)
        last = t(self.lang, "alt.last", move="")
        for filename, text in self.uploads.seen[self.checked:]:
            if not filename.lower().endswith(IMAGE_SUFFIXES):
                continue
            assert text, f"{filename}: no description"
            assert len(text) <= LIMIT, (filename, len(text))
            assert text.startswith(name), (filename, text)
            assert any(sentence in text for sentence in said), (filename, said, text)
            assert not played_before or last in text, (filename, text)
            found = faults(text, self.lang, notation(self.game), names=shown.names)
            found += [f"cell {m.group()!r}" for m in GRID_CELL.finditer(text)]
            assert not found, (filename, found, text)
            self.images += 1
            self.told_over += outcome is not None
        self.checked = len(self.uploads.seen)
