"""Every piece of every game's `/game card` catalogue, in English and French: a unique
name in words, a rules text in words, and a picture that follows the phone rule.

Drawn in-process, one piece after the other (the simcord path of the command is
tested once, in tests/test_discord_card.py)."""

from __future__ import annotations

import re

import pytest

from bot.games.registry import game_ids
from bot.i18n import languages
from cogs.platform.catalogue import CardCatalogue
from cogs.platform.plugins import plugin_for
from renderer.card_sheet import MAX_ASPECT
from tests.player_text import assert_words_only
from tests.readability import drawn_text, image_size, unreadable

CODES = re.compile(
    r"\b(?:[A-Z]{2}\d{2}|[hwtl][ybgk]{1,4}|[ybgk][12][ld]|[fmdo]\d{1,2}|\$\d|N?E?S?W?x)\b"
)
"""What a piece's code looks like in any game's notation (MI01, WKK, g2l, m6, NESx)."""
GAMES = [game for game in game_ids() if plugin_for(game).cards is not None]


def catalogue(game: str) -> CardCatalogue:
    found = plugin_for(game).cards
    assert found is not None
    return found


def test_every_game_played_here_has_its_catalogue() -> None:
    assert {"coal-baron", "mine-out", "saboteur"} <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", languages())
def test_every_piece_has_a_unique_name_and_rules_in_words(game: str, lang: str) -> None:
    pieces = catalogue(game).pieces()
    names = [catalogue(game).name(key, lang) for key in pieces]
    assert len(set(names)) == len(names), "two pieces of one name"
    assert all(0 < len(name) <= 100 for name in names)  # an autocomplete choice's name
    rules = [catalogue(game).rules(key, lang) for key in pieces]
    assert all(rules)
    assert_words_only(names + rules, lang, CODES)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", languages())
def test_every_piece_is_drawn_readable_on_a_phone(game: str, lang: str) -> None:
    """Each picture is at most 1.3 times as tall as wide; every word drawn on any of them
    shows at 11 px or more in the widest (one log for all: drawing the pieces one by one
    with emptied caches would draw Coal Baron's board again for each space)."""
    pieces = catalogue(game)
    with drawn_text() as log:
        pictures = {pieces.name(key, "en"): pieces.image(key, lang) for key in pieces.pieces()}
    sizes = {name: image_size(png) for name, png in pictures.items()}
    tall = [name for name, (width, height) in sizes.items() if height > MAX_ASPECT * width]
    assert not tall, f"taller than {MAX_ASPECT} x their width: {tall[:5]}"
    widest = max(width for width, _ in sizes.values())
    assert log.words()
    assert not unreadable(log, widest), unreadable(log, widest)[:8]
