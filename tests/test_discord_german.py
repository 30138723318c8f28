"""A German server plays each game to its end through simcord, with a computer, and a
tournament to its podium (issue 45): everything the bot writes there, in the channel,
its threads and the players' private answers, is German. The check compares with the
English catalog: no sentence of an English text (one the German catalog does not
share) may show."""

from __future__ import annotations

import random
import re
import string
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass, replace
from functools import cache

import discord
import pytest
import simcord

from bot.ai.knowledge import knowledge_for
from bot.app import TableBot
from bot.i18n import catalog
from bot.service import Table, TableStatus
from bot.startup.config import Settings
from bot.storage.records import TournamentStatus
from cogs.platform.plugins import all_plugins
from tests.discord_support import (
    answers,
    bot_of,
    last_message,
    lobby_id,
    panel_words,
    plain_channel,
    speak,
)
from tests.tournament_support import card_id

SETTLE_SECONDS = 120.0
"""A click may be followed by whole games of computer moves."""
MOVE_LIMIT = 2000


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """Computers think 0.02 s a move (as the tournament tests): whole games stay quick."""
    return replace(settings, computer_seconds=0.02)


@dataclass
class GermanServer:
    """A server whose language is German, where `anna` and `ben` speak German."""

    env: simcord.Env
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    anna: simcord.MemberActor
    ben: simcord.MemberActor
    private: list[str]
    """Every private answer the two were given, in words."""

    @property
    def bot(self) -> TableBot:
        bot = self.env.bot
        assert isinstance(bot, TableBot)
        return bot

    async def slash(self, member: simcord.MemberActor, channel: simcord.ChannelHandle,
                    command: str, **options: object) -> simcord.InteractionResult:
        result = await member.slash(channel, command, **options)
        self.private += [panel_words(m) for m in answers(result) if m.ephemeral]
        return result

    async def click(self, member: simcord.MemberActor, message: discord.Message,
                    custom_id: str) -> simcord.InteractionResult:
        result = await member.click(message, custom_id=custom_id)
        self.private += [panel_words(m) for m in answers(result) if m.ephemeral]
        return result


@pytest.fixture
async def german(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[GermanServer]:
    await bot_of(simcord_env).tree.sync()
    simcord_env.settle_timeout = SETTLE_SECONDS
    guild = simcord_env.create_guild(name="bergwerk", preferred_locale="de")
    anna, ben = (guild.add_member(simcord_env.create_user(n)) for n in ("anna", "ben"))
    speak(monkeypatch, "de", anna, ben)
    yield GermanServer(simcord_env, guild, guild.create_text_channel("spiele"), anna, ben, [])
    await simcord_env.bot.close()


@cache
def english_sentences() -> frozenset[str]:
    """The pieces of English texts a German reader must never see: each run of words
    between placeholders and markup, of two words or more, of every English entry whose
    German text differs, unless a German text says it too (a name); and the computers'
    levels as English names them ("(easy)")."""
    all_plugins()
    english, german = catalog("en"), catalog("de")
    german_text = "\n".join(german.values())
    pieces = set()
    for key, text in english.items():
        if german.get(key) == text:
            continue
        for literal, _, _, _ in string.Formatter().parse(text):
            for piece in re.split(r"[\n*_`|()\[\]“”\"…:;,.!?·—→👉🎲⏳]+", literal):
                piece = piece.strip()
                if len(piece.split()) >= 2 and len(piece) >= 8 and piece not in german_text:
                    pieces.add(piece)
    levels = {f"({english[key]})" for key in english
              if key.startswith("computer.level.") and german[key] != english[key]}
    return frozenset(pieces | levels)


def english_in(texts: Iterable[str]) -> list[tuple[str, str]]:
    """Each English sentence piece found in `texts`, with the text it is in; what stands
    in code spans is left out (a typed move's notation, `repair cart p1`, read back in
    the typed-play confirmation, and command names)."""
    sentences = english_sentences()
    read = [(re.sub(r"`[^`]*`", "", text), text) for text in texts]
    return [(piece, text) for words, text in read for piece in sentences if piece in words]


def words_of(message: discord.Message) -> str:
    """Everything a message shows in words: text, embeds, components' labels and options."""
    parts = [message.content]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or "", embed.footer.text or ""]
        parts += [f"{field.name} {field.value}" for field in embed.fields]
    for row in message.components:
        for child in getattr(row, "children", [row]):
            parts += [str(getattr(child, "label", "") or ""),
                      str(getattr(child, "placeholder", "") or "")]
            parts += [f"{o.label} {o.description or ''}" for o in getattr(child, "options", [])]
    return "\n".join(parts)


def public_words(channel: simcord.ChannelHandle) -> list[str]:
    """Every message the bot posted in `channel` and its threads, in words."""
    places = [channel, *channel.threads]
    return [words_of(m) for place in places for m in place.history() if m.author.bot]


async def play_to_the_end(
    server: GermanServer, members: list[simcord.MemberActor], table: Table,
    channel: simcord.ChannelHandle,
) -> Table:
    """`members` play whenever it is their turn (the computers' quick playout move,
    typed with /game play where the table plays: `channel` or one of its threads)
    until the game ends."""
    rng = random.Random(table.id)
    place = channel if table.channel_id == channel.id else next(
        t for t in channel.threads if t.id == table.channel_id)
    for _ in range(MOVE_LIMIT):
        await server.bot.computers.idle()
        table = await server.bot.service.tables.get_table(table.id)
        if table.status != TableStatus.PLAYING:
            return table
        assert table.state is not None
        member = next(m for m in members if table.seats.index(m.id) in table.state.to_act())
        seat = table.seats.index(member.id)
        action = knowledge_for(table.game).playout_action(table.state, seat, rng)
        await server.slash(member, place, "game play", action=table.state.format_action(action))
    raise AssertionError("the game did not end")


COMPUTERS = {"coal-baron": 1, "saboteur": 2, "mine-out": 1}
"""Computers at each game's table beside anna: the fewest the game allows."""


@pytest.mark.parametrize("game", sorted(COMPUTERS))
async def test_a_german_server_plays_a_game_to_its_end_in_german(
    german: GermanServer, game: str
) -> None:
    server, anna = german, german.anna
    channel = plain_channel(server.guild, game)
    await server.slash(anna, channel, "game new", game=game)
    for _ in range(COMPUTERS[game]):
        await server.click(anna, last_message(channel), "mt:cpu:1:easy")
    lobby = last_message(channel)
    await server.click(anna, lobby, lobby_id(lobby, "start"))
    for command in ("game status", "game read", "game rules", "game hint"):
        await server.slash(anna, channel, command)
    table = await server.bot.service.tables.get_table(1)
    table = await play_to_the_end(server, [anna], table, channel)
    assert table.status == TableStatus.FINISHED
    await server.slash(anna, channel, "game stats")
    texts = public_words(channel) + server.private
    assert len(texts) > 20
    assert "Spielende" in "\n".join(texts) or "Endstand" in "\n".join(texts)
    assert english_in(texts) == []


async def test_a_german_server_plays_a_tournament_to_its_podium_in_german(
    german: GermanServer,
) -> None:
    server, anna, ben = german, german.anna, german.ben
    channel = server.channel
    await server.slash(anna, channel, "tournament new", game="mine-out", format="swiss",
                       rounds=1, players=2, minimum=2)
    card = next(m for m in channel.history() if m.author.bot)
    assert card.content.startswith("🏆 **Turnier #1 · Mine Out**")
    await server.click(ben, card, card_id(1, "join"))
    await server.click(anna, card, card_id(1, "join"))
    await server.click(anna, card, card_id(1, "start"))
    (table,) = await server.bot.service.tables.tables_of(server.guild.id, anna.id)
    await play_to_the_end(server, [anna, ben], table, channel)
    await server.bot.computers.idle()
    await server.env.settle()
    tournament = await server.bot.service.tournaments.get(1)
    assert tournament.status == TournamentStatus.FINISHED
    await server.slash(anna, channel, "tournament standings")
    texts = public_words(channel) + server.private
    assert any("Siegertreppchen" in text for text in texts)
    assert english_in(texts) == []


def test_the_check_finds_an_english_sentence() -> None:
    """The comparison above reads enough of English to fail on a text left untranslated."""
    assert len(english_sentences()) > 500
    english = catalog("en")["error.not_your_turn"]
    assert english_in([f"Hallo. {english}"]) != []
    assert english_in([catalog("de")["error.not_your_turn"]]) == []
    assert english_in(["👉 Computer 1 (easy): Du bist dran"]) == [
        ("(easy)", "👉 Computer 1 (easy): Du bist dran")]
    assert english_in(["Erledigt: `repair cart p1`."]) == []
