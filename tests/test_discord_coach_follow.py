"""Following every hint, at every step, through the bot (issue 43): a hint is offered at
every decision, where the player decides; each is playable as worded; no note and no
review line ever names a line played as hinted.

A few dozen decisions of each game here, with a small verdict (`SAMPLES` worlds); the
rest of the game is played by the service (random legal moves, no hint), and the
review then judges every move of each player. Whole games, with the coach's own
budget, and the hints' latency: `python -m benchmarks.coach_follow`
(docs/performance.md)."""

from __future__ import annotations

import random
import re
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from bot.ai.coach_worker import CoachRunner
from bot.service import TableStatus
from cogs.platform.coach import TableCoach
from tests.coach_follow_support import HintFollower, as_worded, started
from tests.coal_baron_discord_support import fixed_seed
from tests.discord_support import TableWorld

__all__ = ["fixed_seed"]  # autouse: the same deal every run

SAMPLES = 4
DECISIONS = 40
REVIEWED = re.compile(r"Move (\d+):")


async def play_the_rest_at_random(w: TableWorld, table_id: int, members: list[Any]) -> None:
    """The rest of the game, random legal moves through the service (no hint), the last
    one by `/game play`: the final message is posted as at the table."""
    service = w.bot.service
    by_id = {member.id: member for member in members}
    rng = random.Random(3)
    while True:
        table = await service.tables.get_table(table_id)
        assert table.status == TableStatus.PLAYING and table.state is not None
        state = table.state
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        trial = state.copy()
        trial.apply(seat, action)
        notation = state.format_action(action)
        if trial.is_over():
            await by_id[table.seats[seat]].slash(w.channel, "game play", action=notation)
            return
        await service.moves.act(table.id, table.seats[seat], notation, table.version)


@pytest.mark.parametrize(("game", "players"),
                         [("saboteur", 3), ("coal-baron", 2), ("mine-out", 2)])
async def test_following_every_hint_gets_no_note_and_no_review_line(
    table_world: TableWorld, game: str, players: int
) -> None:
    w = table_world
    w.env.settle_timeout = 120.0
    coach = TableCoach(CoachRunner(lambda: ThreadPoolExecutor(1)), SAMPLES, looked_at=40)
    w.bot.coach = coach
    table, members = await started(w, game, players)
    follower = HintFollower(w, members, table.id)
    found = await follower.follow(DECISIONS)
    assert found.decisions >= DECISIONS
    assert found.hinted == found.decisions  # a hint at 100 % of the decisions
    assert found.notes == []
    for words, labels in found.worded:  # each hint playable as worded
        assert as_worded(words, labels), (words, labels)
    await play_the_rest_at_random(w, table.id, members)
    await follower.review()
    for seat, text in found.reviews.items():
        named = {int(number) - 1 for number in REVIEWED.findall(text)}
        assert not named & found.moments.get(seat, set()), (seat, text, found.moments)
