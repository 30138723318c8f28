"""Every stand-in of a tournament says why (issue 42): a withdrawal, a drop and a
replacement are told in their own words at the table, in English and French, and the
seat stays with the computer ("I'm back" and a move of the person refused in words);
the deadline's stand-in is given back (tests/test_service_tournaments.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import simcord

from bot.i18n import t
from bot.storage.table_settings import WITHDRAWN, stand_ins
from tests.discord_support import bot_of, private_text, speak_french
from tests.forging import forged_component
from tests.test_discord_tournaments import assert_only_user_errors, settings, world
from tests.tournament_support import (
    SETTLE_SECONDS,
    TournamentWorld,
    two_people_against_two_computers,
)

__all__ = ["settings", "world"]  # the tournaments' fixtures: computers think 0.02 s


@pytest.fixture
async def french(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[TournamentWorld]:
    await bot_of(simcord_env).tree.sync()
    simcord_env.settle_timeout = SETTLE_SECONDS
    guild = simcord_env.create_guild(name="mines", preferred_locale="fr")
    channel = guild.create_text_channel("ligue")
    members = [guild.add_member(simcord_env.create_user(n)) for n in ("alice", "bob", "carol")]
    speak_french(monkeypatch, *members)
    yield TournamentWorld(simcord_env, guild, channel, *members)
    await simcord_env.bot.close()


def told(world: TournamentWorld, thread: simcord.ChannelHandle) -> list[str]:
    return [m.content for m in thread.history() if m.author.bot]


async def test_a_withdrawal_is_told_as_one_and_the_seat_stays_with_the_computer(
    world: TournamentWorld,
) -> None:
    w = world
    table = await two_people_against_two_computers(w, w.bob, w.carol, computers=1)
    await w.carol.slash(w.channel, "tournament withdraw")
    await w.bot.computers.idle()
    thread = w.thread_of(table)
    line = t("en", "standin.withdrawn", player=w.carol.mention, computer="a computer (normal)")
    assert line.startswith("🤖 ") and "withdrew from the tournament" in line
    assert any(text.startswith(line) for text in told(w, thread))
    assert not any("time is up" in text or "I'm back" in text for text in told(w, thread))
    answer = await forged_component(w.env, w.carol, thread, f"mt:back:{table.id}")
    assert private_text(answer) == t("en", "error.seat_kept_withdrawn")
    seat = table.seats.index(w.carol.id)
    assert stand_ins(await w.service.tables.get_table(table.id)) == {seat: WITHDRAWN}
    assert_only_user_errors(w.env)


async def test_a_drop_and_a_replacement_are_told_in_their_own_words_in_french(
    french: TournamentWorld,
) -> None:
    w = french
    table = await two_people_against_two_computers(w, w.bob, w.carol, computers=1)
    thread = w.thread_of(table)
    computer = t("fr", "standin.computer", level=t("fr", "computer.level.normal"))
    await w.alice.slash(w.channel, "tournament drop", player=w.bob)
    await w.bot.computers.idle()  # carol's turn now: the table waits for her
    dropped = t("fr", "standin.dropped", player=w.bob.mention, computer=computer)
    assert dropped.startswith("🤖 L'organisateur a retiré")
    assert any(text.startswith(dropped) for text in told(w, thread))
    answer = await forged_component(w.env, w.bob, thread, f"mt:back:{table.id}")
    assert private_text(answer) == t("fr", "error.seat_kept_dropped")
    assert private_text(answer).startswith("L'organisateur vous a retiré du tournoi")
    await w.alice.slash(w.channel, "tournament replace", player=w.carol)
    await w.bot.computers.idle()
    replaced = t("fr", "standin.replaced", player=w.carol.mention, computer=computer)
    assert "a été remplacé dans le tournoi" in replaced
    assert any(text.startswith(replaced) for text in told(w, thread))
    assert not any("Je suis là" in text for text in told(w, thread))
    assert_only_user_errors(w.env)
