"""Every stand-in of a tournament says why (issue 42): a withdrawal, a drop and a
replacement are told in their own words at the table, in English and French, and the
seat stays with the computer ("I'm back" and a move of the person refused in words);
the deadline's stand-in is given back (tests/test_service_tournaments.py)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest
import simcord

from bot.i18n import t
from bot.service import Table, TableStatus
from bot.storage.records import TournamentStatus
from bot.storage.table_settings import FORFEIT, WITHDRAWN, stand_ins
from tests.discord_support import bot_of, private_text, speak_french
from tests.forging import forged_component
from tests.test_discord_tournaments import assert_only_user_errors, settings, world
from tests.tournament_support import (
    SETTLE_SECONDS,
    TournamentWorld,
    no_error_log,
    play_own_game,
    two_people_against_two_computers,
)

__all__ = ["no_error_log", "settings", "world"]  # the tournaments' fixtures: computers think 0.02 s


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


async def bob_and_carol(w: TournamentWorld) -> tuple[Table, simcord.ChannelHandle]:
    """Bob and carol's table of a one-round Swiss tournament (a computer sits out), and
    its thread."""
    table = await two_people_against_two_computers(w, w.bob, w.carol, computers=1)
    return table, w.thread_of(table)


async def confirm(member: simcord.MemberActor, asked: simcord.InteractionResult,
                  table: Table) -> None:
    """`member` answers yes to the "abandon?" question `asked`."""
    assert asked.response is not None
    await member.click(asked.response.message, custom_id=f"mt:abandon:{table.id}:yes")


async def test_a_withdrawal_is_told_as_one_and_the_seat_stays_with_the_computer(
    world: TournamentWorld,
) -> None:
    w = world
    table, thread = await bob_and_carol(w)
    await w.carol.slash(w.channel, "tournament withdraw")
    await w.bot.computers.idle()
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
    table, thread = await bob_and_carol(w)
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


async def test_a_players_abandon_is_their_forfeit_counted_in_the_standings(
    world: TournamentWorld,
) -> None:
    """Bob abandons his tournament game: his forfeit (asked first, in words); a computer
    plays his seat, carol plays on to the end; bob is placed last whatever the score,
    and his standings line says "1 forfeit". A stranger to the table may not end it."""
    w = world
    table, thread = await bob_and_carol(w)
    intruder = w.guild.add_member(w.env.create_user("dave"))
    answer = await intruder.slash(thread, "game abandon")
    assert private_text(answer) == t("en", "error.not_organizer")
    asked = await w.bob.slash(thread, "game abandon")
    assert private_text(asked) == t("en", "abandon.forfeit_confirm", game="Mine Out",
                                    table=table.id)
    await confirm(w.bob, asked, table)
    seat = table.seats.index(w.bob.id)
    assert stand_ins(await w.service.tables.get_table(table.id)) == {seat: FORFEIT}
    line = t("en", "standin.forfeit", player=w.bob.mention, computer="a computer (normal)")
    assert line.startswith("🏳️ ") and any(text.startswith(line) for text in told(w, thread))
    answer = await forged_component(w.env, w.bob, thread, f"mt:back:{table.id}")
    assert private_text(answer) == t("en", "error.seat_kept_forfeit")
    ended = await play_own_game(w, w.carol, random.Random(4))
    assert ended is not None and ended.status == TableStatus.FINISHED
    await w.env.settle()
    final = await w.tournament()
    assert final.status == TournamentStatus.FINISHED
    bob, carol = final.entrant_of(w.bob.id), final.entrant_of(w.carol.id)
    assert bob is not None and carol is not None
    slot = final.rounds[0].slots[0]
    assert slot.forfeits == (bob,) and slot.places is not None
    assert slot.places[slot.seats.index(bob)] == 1 and slot.places[slot.seats.index(carol)] == 0
    lines = {line.entrant: line for line in final.standings()}
    assert lines[bob].forfeits == 1 and lines[bob].points == 0 and lines[carol].points == 6
    words = private_text(await w.bob.slash(w.channel, "tournament standings"))
    assert words.count("; 1 forfeit") == 1
    assert_only_user_errors(w.env)


async def test_the_organizer_ends_a_tournament_table_and_a_forfeit_reads_in_french(
    french: TournamentWorld,
) -> None:
    w = french
    table, thread = await bob_and_carol(w)
    asked = await w.carol.slash(thread, "game abandon")
    assert private_text(asked) == t("fr", "abandon.forfeit_confirm", game="Mine Out",
                                    table=table.id)
    assert "déclarer forfait" in private_text(asked)
    asked = await w.alice.slash(thread, "game abandon")  # the organizer, not seated
    assert private_text(asked) == t("fr", "abandon.confirm", game="Mine Out", table=table.id)
    await confirm(w.alice, asked, table)
    await w.env.settle()
    final = await w.tournament()
    assert final.rounds[0].slots[0].abandoned and not final.rounds[0].slots[0].forfeits
    assert all(line.skipped == 1 for line in final.standings() if line.played == 0
               and line.byes == 0)
    assert " ; 1 forfait" in t("fr", "tournament.standing_forfeit", count=1)
    assert_only_user_errors(w.env)


async def test_a_cancel_counts_its_open_table_as_skipped_and_no_computer_finished_it(
    world: TournamentWorld,
) -> None:
    """Bob is dropped (a computer plays his seat), then the organizer cancels: the
    table, abandoned, counts as skipped for both, and nobody's line says a computer
    finished a game (none ended with a result)."""
    w = world
    table, _ = await bob_and_carol(w)
    await w.alice.slash(w.channel, "tournament drop", player=w.bob)
    await w.bot.computers.idle()
    assert (await w.service.tables.get_table(table.id)).status == TableStatus.PLAYING
    await w.alice.slash(w.channel, "tournament cancel")
    await w.env.settle()
    cancelled = await w.tournament()
    assert cancelled.status == TournamentStatus.CANCELLED and cancelled.by_computer() == {}
    assert (await w.service.tables.get_table(table.id)).status == TableStatus.ABANDONED
    words = private_text(await w.carol.slash(w.channel, "tournament standings"))
    assert words.count("0 games played, 1 skipped (0 byes)") == 2
    assert "a computer finished" not in words
    assert_only_user_errors(w.env)
