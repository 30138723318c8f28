"""``/game card``: any card, space or tile of a game, looked up by its name.

The catalogue is the game's (`cogs.platform.catalogue`, named by its plugin): the
autocomplete offers the names matching what the user types, in their language;
the answer, private, is the piece drawn as the game draws it (off the event loop,
`bot.workers.render_pool`) with its rules text. Without ``game:`` the game is the one of
the channel's table.
"""

from __future__ import annotations

import io
import logging
import unicodedata

import discord
from discord import app_commands

from bot.i18n import LocaleLike, language_of, t
from bot.service import check_game
from bot.service.errors import UserError
from bot.workers.render_pool import RenderFailed, render_png
from cogs.platform.catalogue import CardCatalogue
from cogs.platform.errors import CardGameMissing, CardUnknown, NoCards
from cogs.platform.host import service_of
from cogs.platform.items import OPTION_LABEL_LIMIT, OPTIONS_PER_SELECT, Interaction
from cogs.platform.plugins import plugin_for
from cogs.platform.presenter import game_name
from cogs.platform.replies import send_private
from cogs.platform.summary_alt import card_description

log = logging.getLogger(__name__)

CARD_FILE = "card.png"


def folded(words: str) -> str:
    """`words` as compared with what the user types: lower case, without accents."""
    decomposed = unicodedata.normalize("NFKD", words.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def catalogue_of(game: str, locale: LocaleLike = None) -> CardCatalogue:
    """The game's catalogue; NoCards for a game without one."""
    catalogue = plugin_for(game).cards
    if catalogue is None:
        raise NoCards(game=game_name(locale, game))
    return catalogue


def matching(catalogue: CardCatalogue, lang: str, typed: str) -> list[tuple[str, str]]:
    """(key, name) of the pieces whose name holds every word typed, in catalogue order."""
    words = folded(typed).split()
    found = []
    for key in catalogue.pieces():
        name = catalogue.name(key, lang)
        if all(word in folded(name) for word in words):
            found.append((key, name))
    return found


async def lookup_game(interaction: Interaction, game: str | None) -> str:
    """The game asked for: `game`, else the game of the channel's table (its last one)."""
    if game is not None:
        check_game(game)
        return game
    assert interaction.channel_id is not None
    tables = service_of(interaction).tables
    table = await tables.active_table(interaction.channel_id)
    table = table or await tables.last_table(interaction.channel_id)
    if table is None:
        raise CardGameMissing()
    return table.game


async def suggest_cards(interaction: Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """The autocomplete of ``card:``: matching names in the user's language (none for a
    game not yet known: no ``game:`` and no table here)."""
    game = getattr(interaction.namespace, "game", None)
    try:
        game = await lookup_game(interaction, game if isinstance(game, str) else None)
        catalogue = catalogue_of(game)
    except UserError:  # an unknown game, no table here, a game without cards
        return []
    lang = language_of(interaction.locale)
    found = matching(catalogue, lang, typed)[:OPTIONS_PER_SELECT]
    return [app_commands.Choice(name=name[:OPTION_LABEL_LIMIT], value=key) for key, name in found]


def find_card(catalogue: CardCatalogue, lang: str, card: str, game: str) -> str:
    """The key `card` names: a suggestion's value, or a name typed whole (or the one
    name holding every word typed). CardUnknown (naming `game`) otherwise."""
    if card in catalogue.pieces():
        return card
    found = matching(catalogue, lang, card)
    exact = [key for key, name in found if folded(name) == folded(card)]
    if len(exact) == 1:
        return exact[0]
    if len(found) == 1:
        return found[0][0]
    raise CardUnknown(game=game)


async def send_card(interaction: Interaction, game: str | None, card: str) -> None:
    """Answer ``/game card`` privately: the piece's picture and its rules text."""
    game = await lookup_game(interaction, game)
    locale = interaction.locale
    lang = language_of(locale)
    name = game_name(locale, game)
    catalogue = catalogue_of(game, locale)
    key = find_card(catalogue, lang, card, name)
    text = t(locale, "card.text", name=catalogue.name(key, lang), game=name,
             rules=catalogue.rules(key, lang))
    try:
        png = await render_png(catalogue.image, key, lang)
    except RenderFailed:
        log.warning("%s: the card %s could not be drawn", game, key)
        await send_private(interaction, text)
        return
    told = card_description(game, catalogue.name(key, lang), locale)
    await send_private(interaction, text,
                       file=discord.File(io.BytesIO(png), CARD_FILE, description=told))
