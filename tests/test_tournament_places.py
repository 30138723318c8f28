"""A finished table's places come from the game's own outcome (`bot.games.base.places`):
its winners and tie-breaks, as the rulebooks in ../shared/seeds/ break ties. A knockout
sends on the rules' winner, not the earlier sign-up (docs/tournaments.md, "Points")."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.games.base import Outcome, places
from bot.service import GameService, Table, TableStatus
from bot.service.tournament_record import Settings, Tournament
from bot.storage import Storage
from bot.storage.records import TournamentStatus
from bot.tournaments import Format
from cogs.platform.threads import standings_text
from tests.test_service_tournaments import GUILD, ORGANIZER, open_round


@pytest.fixture
async def svc(tmp_path: Path) -> AsyncIterator[GameService]:
    storage = await Storage.open(str(tmp_path / "db.sqlite3"))
    yield GameService(storage)
    await storage.close()


def coal_baron_tied_on_points(state: Any) -> None:
    """Equal victory points; seat 1 has more Francs left: it wins (rulebook 000, "Fin
    de partie": most VP, then most Francs)."""
    state.phase = "over"
    for seat, player in enumerate(state.players):
        player.vp, player.money = 40, 3 + 4 * seat


def mine_out_tied_on_fame(state: Any) -> None:
    """Equal fame; seat 1 is the active player: it wins (rulebook 004: among the tied,
    the one nearest the active player clockwise, the active player first)."""
    for position in state.positions:
        position.fame = 52
    state.final = {"scores": [52, 52], "winner": 1, "winners": [1], "round": 6}


def saboteur_tied_on_gold(state: Any) -> None:
    """Seats 1 and 2 hold 7 nuggets each: they win together (rulebook 002, "Fin de la
    partie"); seat 0 is last."""
    state.phase = state.phase.__class__.OVER
    state.gold = [[1], [4, 3], [3, 2, 2]]


async def knockout_table(svc: GameService, game: str, size: int) -> tuple[Tournament, Table]:
    settings = Settings(game, Format.KNOCKOUT, 3, size, size, 60)
    tournament = await svc.tournaments.create(
        guild_id=GUILD, channel_id=100, organizer=ORGANIZER, settings=settings)
    for user in range(10, 10 + size):
        tournament = await svc.tournaments.join(tournament.id, user)
    await svc.tournament_rounds.start(tournament.id, ORGANIZER, can_manage=False)
    (table,) = await open_round(svc, tournament.id)
    return tournament, table


@pytest.mark.parametrize(("game", "size", "finish", "expected", "champion", "order"), [
    ("coal-baron", 2, coal_baron_tied_on_points, (1, 0), 1, [1, 0]),
    ("mine-out", 2, mine_out_tied_on_fame, (1, 0), 1, [1, 0]),
    ("saboteur", 3, saboteur_tied_on_gold, (2, 0, 0), 1, [1, 2, 0]),
])
async def test_a_tie_on_points_is_broken_by_the_games_rules_in_a_knockout(
    svc: GameService, game: str, size: int, finish: Callable[[Any], None],
    expected: tuple[int, ...], champion: int, order: list[int],
) -> None:
    tournament, table = await knockout_table(svc, game, size)
    assert table.state is not None and table.seats == tuple(range(10, 10 + size))
    finish(table.state)
    outcome = table.state.outcome()
    assert outcome is not None and outcome.scores.count(max(outcome.scores)) == 2  # a tie
    assert places(outcome) == expected
    # the table's end post ranks them the same (rank 1 for the rules' winner)
    posted = standings_text(table, "en", "https://example.test").splitlines()
    assert posted[1].startswith(f"1. <@{10 + champion}>")
    assert posted[-2].startswith(f"{max(expected) + 1}. <@{10 + order[-1]}>")
    ended = replace(table, status=TableStatus.FINISHED)
    assert await svc.tournament_rounds.table_ended(ended) is not None
    await svc.tournament_rounds.advance(tournament.id)
    finished = await svc.tournaments.get(tournament.id)
    assert finished.status == TournamentStatus.FINISHED
    assert finished.rounds[0].slots[0].places == expected
    assert [line.entrant for line in finished.standings()] == order
    assert order[0] == champion


def test_places_rank_winners_then_scores_then_the_rules_tie_break() -> None:
    # two winners sharing first, then the next place counts both of them
    assert places(Outcome((9, 9, 4), (0, 1))) == (0, 0, 2)
    # a team's winner with a lower score still ranks first (Mine Out's teams)
    assert places(Outcome((30, 52, 12, 40), (0, 2))) == (0, 2, 0, 3)
    # Francs left split equal points below the winner; still equal: shared
    assert places(Outcome((50, 40, 40, 40), (0,), (1, 2, 5, 2))) == (0, 2, 1, 2)
