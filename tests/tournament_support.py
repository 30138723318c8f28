"""Helpers for the simcord tests of tournaments (tests/test_discord_tournaments.py)."""

from __future__ import annotations

import logging
import random
from collections.abc import Iterator
from dataclasses import dataclass

import discord
import pytest
import simcord

from bot.ai.knowledge import knowledge_for
from bot.i18n import t
from bot.service import GameService, Table, TableStatus
from bot.service.tournament_record import Tournament
from cogs.tournaments.words import round_words, title
from tests.discord_support import TableWorld, bot_of, custom_ids, speak_french

SETTLE_SECONDS = 120.0
"""A click that starts a round may wait for computers to play whole games."""


@pytest.fixture(autouse=True)
def no_error_log(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """Autouse where imported (issue 42's tests): the test logs nothing at the error
    level."""
    yield
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []


@dataclass
class TournamentWorld(TableWorld):
    """A server with a tournament channel where the bot may open threads; `alice`
    organizes, `bob` and `carol` may enter."""

    @property
    def service(self) -> GameService:
        return self.bot.service

    def card(self, number: int = 1) -> discord.Message:
        """Tournament `number`'s card in the channel: its first message naming it (in
        English, French or German) or carrying its buttons (in any language)."""
        heads = (f"🏆 **Tournament #{number} ·", f"🏆 **Tournoi n°{number} ·")
        return next(m for m in self.channel.history() if m.author.bot and (
            m.content.startswith(heads)
            or any(i.startswith(f"mt:tour:{number}:") for i in custom_ids(m))))

    async def tournament(self, number: int = 1) -> Tournament:
        return await self.service.tournaments.get(number)

    def thread_of(self, table: Table) -> simcord.ChannelHandle:
        """Where `table` plays: its thread, or the tournament's channel itself."""
        if table.channel_id == self.channel.id:
            return self.channel
        return next(t for t in self.channel.threads if t.id == table.channel_id)

    async def new(self, **options: object) -> simcord.InteractionResult:
        return await self.alice.slash(self.channel, "tournament new", **options)


async def league(
    env: simcord.Env, monkeypatch: pytest.MonkeyPatch, language: str = "en"
) -> TournamentWorld:
    """A server whose tournament channel ("league") lets the bot open threads, with
    alice, bob and carol: in English, or in French (a French server whose members speak
    French)."""
    await bot_of(env).tree.sync()
    env.settle_timeout = SETTLE_SECONDS
    french = language == "fr"
    guild = (env.create_guild(name="mines-fr", preferred_locale="fr") if french
             else env.create_guild(name="mines"))
    channel = guild.create_text_channel("league")
    members = [guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol")]
    if french:
        speak_french(monkeypatch, *members)
    return TournamentWorld(env, guild, channel, *members)


def round_opening(lang: str, tournament: Tournament, number: int, tables: int, *,
                  threads: bool = True, timed: bool = True) -> str:
    """The first line of round `number`'s announcement: where its tables play (each in
    its thread, or in the channel), and when it ends (its deadline; or its last game,
    where the clock stands still)."""
    key = "tournament.round_opens" if threads else "tournament.round_opens_here"
    opens = t(lang, key, title=title(tournament, lang),
              round=round_words(tournament, number, lang), tables=tables)
    deadline = f"<t:{int(tournament.rounds[number - 1].deadline)}:R>"
    ends = (t(lang, "tournament.round_deadline", deadline=deadline) if timed
            else t(lang, "tournament.round_untimed"))
    return f"{opens} {ends}"


def card_id(number: int, what: str) -> str:
    return f"mt:tour:{number}:{what}"


async def playing_table_of(world: TournamentWorld, member: simcord.MemberActor) -> Table | None:
    """`member`'s table in play, if any."""
    tables = await world.service.tables.tables_of(world.guild.id, member.id)
    return tables[0] if tables else None


async def play_own_game(
    world: TournamentWorld, member: simcord.MemberActor, rng: random.Random
) -> Table | None:
    """`member` plays whenever it is their turn, until their game ends, each move the
    computers' quick playout choice (a random legal move makes a game of Mine Out far
    longer), typed with /game play where their table plays; the table (None if they
    had none)."""
    table = await playing_table_of(world, member)
    if table is None:
        return None
    thread = world.thread_of(table)
    for _ in range(2000):
        await world.bot.computers.idle()
        table = await world.service.tables.get_table(table.id)
        if table.status != TableStatus.PLAYING:
            return table
        assert table.state is not None
        seat = table.seats.index(member.id)
        assert seat in table.state.to_act(), "the computers stopped while it is their turn"
        action = knowledge_for(table.game).playout_action(table.state, seat, rng)
        await member.slash(thread, "game play", action=table.state.format_action(action))
    raise AssertionError("the game did not end")


async def two_people_against_two_computers(
    world: TournamentWorld, first: simcord.MemberActor, second: simcord.MemberActor,
    computers: int = 2, **options: object,
) -> Table:
    """A one-round Swiss tournament of Mine Out at tables of two, `first` and `second`
    entered before `computers` easy computers (one: the computer has the bye, and no
    game of computers is played), started by alice: the two people's table."""
    await world.new(game="mine-out", format="swiss", rounds=1, players=2, minimum=2, **options)
    for member in (first, second):
        await member.click(world.card(), custom_id=card_id(1, "join"))
    for _ in range(computers):
        await world.alice.click(world.card(), custom_id=card_id(1, "easy"))
    await world.alice.click(world.card(), custom_id=card_id(1, "start"))
    table = await playing_table_of(world, first)
    assert table is not None and set(table.seats) == {first.id, second.id}
    return table
