"""Finished games for the statistics and ratings tests: seeded self-play, seated players,
one action a minute."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from bot.games.registry import get_game
from bot.games.selfplay import play_random_game
from bot.outcomes.summaries import FinishedTable, Player

START = datetime(2026, 1, 5, 18, 0, tzinfo=UTC)
PEOPLE = tuple(Player(str(user_id)) for user_id in range(101, 107))
COMPUTERS = (Player("normal", computer=True), Player("strong", computer=True))


def finished_game(
    table_id: int, game: str, players: tuple[Player, ...], seed: int, start: datetime = START
) -> FinishedTable:
    """A random game between `players`, its actions a minute apart from `start`."""
    _, record = play_random_game(get_game(game), len(players), seed, check=False)
    times = tuple(start + timedelta(minutes=i + 1) for i in range(len(record["actions"])))
    return FinishedTable(table_id, game, players, record, start, times)


def season(count: int, seed: int = 1) -> list[FinishedTable]:
    """`count` games of Coal Baron and Saboteur among six people and two computer
    players, started a day apart."""
    rng = random.Random(seed)
    games = []
    for table_id in range(1, count + 1):
        game = rng.choice(["coal-baron", "saboteur"])
        size = rng.randint(2, 4) if game == "coal-baron" else rng.randint(3, 6)
        players = tuple(rng.sample(PEOPLE + COMPUTERS, size))
        start = START + timedelta(days=table_id)
        games.append(finished_game(table_id, game, players, rng.randrange(10_000), start))
    return games
