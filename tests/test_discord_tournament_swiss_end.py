"""Issue 42's "Done when": a Swiss tournament with a withdrawal, a drop, a replacement
and a forfeit, played to its podium through simcord; its standings checked against
points this test recomputes itself from the stored tables' results."""

from __future__ import annotations

import random

from bot.service import TableStatus
from bot.service.tournament_record import Tournament
from bot.storage.records import TournamentStatus
from tests.discord_support import private_text
from tests.test_discord_tournament_seats import confirm
from tests.test_discord_tournaments import assert_only_user_errors, settings, world
from tests.tournament_support import (
    TournamentWorld,
    card_id,
    no_error_log,
    play_own_game,
    playing_table_of,
)

__all__ = ["no_error_log", "settings", "world"]  # the tournaments' fixtures: computers think 0.02 s

TOP, BYE = 6.0, 3.0


async def recomputed_points(w: TournamentWorld, tournament: Tournament) -> dict[int, float]:
    """Entrant -> points, from each stored table's final outcome: at a table of two the
    game's winner 6, the other 0 (equal: 3 each), a forfeit the loser whatever the
    game said; a bye 3."""
    points = {entrant: 0.0 for entrant in range(len(tournament.entrants))}
    for played in tournament.rounds:
        for entrant in played.byes:
            points[entrant] += BYE
        for slot in played.slots:
            assert slot.table_id is not None
            table = await w.service.tables.get_table(slot.table_id)
            assert table.status == TableStatus.FINISHED and table.state is not None
            outcome = table.state.outcome()
            assert outcome is not None and len(slot.seats) == 2
            if slot.forfeits:
                won = [entrant not in slot.forfeits for entrant in slot.seats]
            else:
                won = [seat in outcome.winners for seat in range(2)]
            for seat, entrant in enumerate(slot.seats):
                if won[0] == won[1]:
                    points[entrant] += TOP / 2
                elif won[seat]:
                    points[entrant] += TOP
    return points


async def test_a_swiss_tournament_with_every_way_out_is_played_to_its_podium(
    world: TournamentWorld,
) -> None:
    w = world
    dave = w.guild.add_member(w.env.create_user("dave"))
    erin = w.guild.add_member(w.env.create_user("erin"))
    await w.new(game="mine-out", format="swiss", players=2, minimum=2, rounds=2)
    for member in (w.bob, w.carol, dave, erin):
        await member.slash(w.channel, "tournament join")
    for _ in range(2):
        await w.alice.click(w.card(), custom_id=card_id(1, "easy"))
    await w.alice.slash(w.channel, "tournament start")
    first = await playing_table_of(w, w.bob)
    assert first is not None and set(first.seats) == {w.bob.id, w.carol.id}
    # round 1: bob forfeits, carol withdraws, dave is dropped, erin replaced
    asked = await w.bob.slash(w.thread_of(first), "game abandon")
    await confirm(w.bob, asked, first)
    await w.carol.slash(w.channel, "tournament withdraw")
    await w.alice.slash(w.channel, "tournament drop", player=dave)
    await w.alice.slash(w.channel, "tournament replace", player=erin)
    await w.bot.computers.idle()
    await w.env.settle()
    # round 2: bob (still in: a forfeit is one game lost) plays his own game
    rng = random.Random(42)
    for _ in range(3):
        if (await w.tournament()).status == TournamentStatus.FINISHED:
            break
        await play_own_game(w, w.bob, rng)
        await w.bot.computers.idle()
        await w.env.settle()
    final = await w.tournament()
    assert final.status == TournamentStatus.FINISHED and len(final.rounds) == 2
    bob, carol = final.entrant_of(w.bob.id), final.entrant_of(w.carol.id)
    assert bob is not None and carol is not None
    assert final.rounds[0].slots[0].forfeits == (bob,)
    active = [e.active for e in final.entrants]
    assert active == [True, False, False, True, True, True]  # carol, dave out; erin's place on
    assert final.entrants[3].user < 0 and final.entrants[3].former == (erin.id,)
    # the standings equal the points recomputed from the stored results
    recomputed = await recomputed_points(w, final)
    lines = final.standings()
    assert {line.entrant: line.points for line in lines} == recomputed
    assert [line.points for line in lines] == sorted(recomputed.values(), reverse=True)
    assert next(line for line in lines if line.entrant == bob).forfeits == 1
    podium = w.last().content
    assert "🥇" in podium and "🥈" in podium and "🥉" in podium
    words = private_text(await w.alice.slash(w.channel, "tournament standings"))
    assert words.count("no longer playing") == 2 and words.count("; 1 forfeit") == 1
    assert_only_user_errors(w.env)
