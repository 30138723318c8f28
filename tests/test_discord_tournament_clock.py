"""A tournament's words on when its rounds end, through simcord (issue 44): on Discord a
round ends at its deadline (`minutes` after it opened), and the card and the round's
announcement say when; at the local table, whose clock stands still between actions
(`Settings.standing_clock`), a round ends when its last game ends, with no time limit,
and its words say so, in English and in French (docs/tournaments.md, "Rounds that end")."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace

import pytest
import simcord

from bot.i18n import t
from bot.local.table import local_settings
from bot.service import TableStatus
from bot.startup.config import Settings
from bot.storage.records import TournamentStatus
from cogs.tournaments.words import round_words
from tests.discord_support import plain_channel
from tests.tournament_support import (
    TournamentWorld,
    card_id,
    league,
    no_error_log,
    round_opening,
    two_people_against_two_computers,
)

__all__ = ["no_error_log"]  # autouse: no error-level log


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """Computers think 0.02 s a move (as in tests/test_discord_tournaments.py)."""
    return replace(settings, computer_seconds=0.02)


@pytest.fixture(params=["en", "fr"])
async def world(
    request: pytest.FixtureRequest, simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[TournamentWorld]:
    yield await league(simcord_env, monkeypatch, request.param)
    await simcord_env.bot.close()


def language(w: TournamentWorld) -> str:
    return "fr" if w.guild.name == "mines-fr" else "en"


def said(w: TournamentWorld) -> str:
    return "\n".join(m.content for m in w.channel.history() if m.author.bot)


async def test_on_discord_a_round_ends_at_its_deadline_and_says_so(
    world: TournamentWorld,
) -> None:
    w, lang = world, language(world)
    await w.new(game="mine-out", format="swiss", rounds=1, players=2, minimum=2,
                minutes=90, signup=30)
    signup = (await w.tournament()).settings.signup_deadline
    assert signup is not None
    card = w.card().content
    assert t(lang, "tournament.signup_deadline", when=f"<t:{int(signup)}:R>") in card
    assert t(lang, "tournament.tables", sizes="2", duration="90 min") in card
    await w.alice.click(w.card(), custom_id=card_id(1, "easy"))
    await w.alice.click(w.card(), custom_id=card_id(1, "easy"))
    await w.alice.click(w.card(), custom_id=card_id(1, "start"))
    tournament = await w.tournament()  # the computers' game over, and the tournament
    assert round_opening(lang, tournament, 1, 1) in said(w)
    assert t(lang, "tournament.round_untimed") not in said(w)


async def test_at_the_local_table_a_round_ends_with_its_last_game_and_says_so(
    world: TournamentWorld, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The local table's settings (its channel denies threads): no deadline in the card
    or the announcement, and none passes, not even a round's own 5 minutes (the minute's
    loop runs when the table starts again, its clock then jumped to the day's date: a
    round left overnight stays its players')."""
    w, lang = world, language(world)
    monkeypatch.setattr(w.bot, "settings",
                        local_settings(w.bot.settings, w.bot.settings.database_path))
    w.channel = plain_channel(w.guild, "mine")
    await w.new(game="mine-out", format="swiss", rounds=1, players=2, minimum=2, signup=30,
                minutes=5)
    assert t(lang, "tournament.signup_untimed") in w.card().content
    assert t(lang, "tournament.tables_untimed", sizes="2") in w.card().content
    table = await two_people_against_two_computers(w, w.alice, w.bob, computers=1)
    tournament = await w.tournament()
    assert round_opening(lang, tournament, 1, 1, threads=False, timed=False) in said(w)
    playing = t(lang, "tournament.playing_untimed", round=round_words(tournament, 1, lang),
                ended=0, tables=1)
    assert playing in w.card().content
    await w.env.advance_time(10 * 60)  # the minute's loop, past the round's 5 minutes
    await w.env.settle()
    later = await w.tournament()
    assert later.status == TournamentStatus.RUNNING
    assert later.current is not None and not later.current.overtime
    assert (await w.service.tables.get_table(table.id)).status == TableStatus.PLAYING
    time_up = t(lang, "tournament.overtime", computer="").split(":")[0]
    assert time_up not in said(w) and "<t:" not in w.card().content
