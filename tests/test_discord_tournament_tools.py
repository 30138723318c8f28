"""The organizer's everyday tools (issue 42): `/tournament join` and `/tournament leave`
(the card's buttons as commands), `/tournament card` posting the card again (the former
card's buttons answer that it moved, with a link), drop and replace naming a computer
entrant by its number, and a click on the card's Join after it lost its buttons
answered; in English and French."""

from __future__ import annotations

from bot.i18n import t
from bot.storage.records import TournamentStatus
from tests.discord_support import private_text
from tests.forging import forged_component
from tests.test_discord_tournament_seats import french
from tests.test_discord_tournaments import assert_only_user_errors, settings, world
from tests.tournament_support import (
    TournamentWorld,
    card_id,
    no_error_log,
    two_people_against_two_computers,
)

__all__ = ["french", "no_error_log", "settings", "world"]  # the tournaments' fixtures


async def test_join_leave_card_again_and_computers_named_by_their_number(
    world: TournamentWorld,
) -> None:
    w = world
    await w.new(game="mine-out", format="swiss", players=2, minimum=2, rounds=1)
    answer = await w.bob.slash(w.channel, "tournament join")
    assert private_text(answer) == "You are entered in **Tournament #1 · Mine Out**."
    assert w.bob.mention in w.card().content
    await w.carol.slash(w.channel, "tournament join")
    answer = await w.carol.slash(w.channel, "tournament leave")
    assert private_text(answer) == "You left **Tournament #1 · Mine Out**."
    answer = await w.carol.slash(w.channel, "tournament leave")  # twice
    assert private_text(answer) == t("en", "error.not_entered")
    # the card posted again: by the organizer only; the former card's buttons say where
    old = w.card()
    answer = await w.bob.slash(w.channel, "tournament card")
    assert private_text(answer) == t("en", "error.not_organizer")
    await w.alice.slash(w.channel, "tournament card")
    moved = await w.tournament()
    assert moved.card is not None and moved.card != old.id and w.last().id == moved.card
    answer = await w.carol.click(old, custom_id=card_id(1, "join"))
    link = f"https://discord.com/channels/{w.guild.id}/{w.channel.id}/{moved.card}"
    assert private_text(answer) == f"This card moved: {link}"
    card = w.last()
    await w.carol.click(card, custom_id=card_id(1, "join"))
    for _ in range(3):
        await w.alice.click(card, custom_id=card_id(1, "easy"))
    # a computer entrant named by its number, dropped before the start: removed
    answer = await w.alice.slash(w.channel, "tournament drop")
    assert private_text(answer) == t("en", "error.name_one_entrant")
    answer = await w.alice.slash(w.channel, "tournament drop", computer=9)
    assert private_text(answer) == t("en", "error.not_entered")
    assert private_text(await w.alice.slash(w.channel, "tournament drop", computer=3)) == "Done."
    assert len((await w.tournament()).entrants) == 4
    await w.alice.click(card, custom_id=card_id(1, "start"))
    # the card lost its buttons: a click on its Join (a client not yet refreshed) still
    # gets an answer
    assert not next(m for m in w.channel.history() if m.id == moved.card).components
    answer = await forged_component(w.env, w.carol, w.channel, card_id(1, "join"))
    assert private_text(answer) == t("en", "error.signup_closed")
    # after the start, computer 2 replaced by a member
    dave = w.guild.add_member(w.env.create_user("dave"))
    answer = await w.alice.slash(w.channel, "tournament replace", computer=2, by=dave)
    assert private_text(answer) == "Done."
    replaced = await w.tournament()
    assert replaced.status != TournamentStatus.SIGNUP
    assert [e.user for e in replaced.entrants if e.former] == [dave.id]
    assert_only_user_errors(w.env)


async def test_the_tools_speak_french(french: TournamentWorld) -> None:
    w = french
    await w.new(game="mine-out", format="swiss", players=2, minimum=2)
    answer = await w.bob.slash(w.channel, "tournament join")
    assert private_text(answer) == "Vous êtes inscrit à **Tournoi n°1 · Mine Out**."
    old = w.card()
    await w.alice.slash(w.channel, "tournament card")
    answer = await w.carol.click(old, custom_id=card_id(1, "join"))
    assert private_text(answer).startswith("Cette fiche a été déplacée : https://discord.com/")
    answer = await w.alice.slash(w.channel, "tournament drop")
    assert private_text(answer) == t("fr", "error.name_one_entrant")
    assert_only_user_errors(w.env)


def announcement(w: TournamentWorld) -> str:
    """The round's announcement as it reads now (edited with the threads' links)."""
    return next(m.content for m in w.channel.history()
                if m.author.bot and ("begins," in m.content or "commence" in m.content))


async def test_the_rounds_announcement_lists_its_tables_with_links_and_who_sits_out(
    world: TournamentWorld,
) -> None:
    w = world
    table = await two_people_against_two_computers(w, w.bob, w.carol, computers=3)
    tournament = await w.tournament()
    assert tournament.current is not None
    threads = [slot.channel_id for slot in tournament.current.slots]
    assert table.channel_id in threads and None not in threads
    told = announcement(w).splitlines()
    assert told[1] == f"Table 1: {w.bob.mention} · {w.carol.mention} · <#{threads[0]}>"
    assert told[2] == f"Table 2: Computer 1 (easy) · Computer 2 (easy) · <#{threads[1]}>"
    assert told[3] == "Computer 3 (easy) sits out this round (a bye: 3 points)."


async def test_the_rounds_announcement_in_french(french: TournamentWorld) -> None:
    w = french
    await w.new(game="mine-out", format="swiss", players=2, minimum=2, rounds=1)
    await w.bob.click(w.card(), custom_id=card_id(1, "join"))
    for _ in range(2):
        await w.alice.click(w.card(), custom_id=card_id(1, "easy"))
    await w.alice.click(w.card(), custom_id=card_id(1, "start"))
    (thread,) = w.channel.threads
    told = announcement(w).splitlines()
    assert told[1] == f"Table 1 : {w.bob.mention} · Ordinateur 1 (facile) · <#{thread.id}>"
    assert told[2].startswith("Ordinateur 2 (facile) est exempté de cette manche")
    assert_only_user_errors(w.env)
