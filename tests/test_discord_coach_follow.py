"""Following every hint, at every step, through the bot (issue 43): a hint is offered at
every decision, where the player decides; each is playable as worded; no note and no
review line ever names a line played as hinted.

25 decisions of each game on two deals here, with a small verdict (`SAMPLES` worlds); the
rest of the game is played by the service (random legal moves, no hint), and the
review then judges every move of each player. Whole games, with the coach's own
budget, and the hints' latency: `python -m benchmarks.coach_follow`
(docs/performance.md)."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor

import pytest

from bot.ai.coach_worker import CoachRunner
from cogs.platform.coach import TableCoach
from tests.coach_follow_support import HintFollower, as_worded, play_to_the_last_move, started
from tests.discord_support import TableWorld

SAMPLES = 4
DECISIONS = 25
REVIEWED = re.compile(r"Move (\d+):")


@pytest.mark.parametrize("seed", [11, 29])
@pytest.mark.parametrize(("game", "players"),
                         [("saboteur", 3), ("coal-baron", 2), ("mine-out", 2)])
async def test_following_every_hint_gets_no_note_and_no_review_line(
    table_world: TableWorld, monkeypatch: pytest.MonkeyPatch, game: str, players: int,
    seed: int,
) -> None:
    monkeypatch.setattr("bot.service.tables.secrets.randbits", lambda bits: seed)
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
    await play_to_the_last_move(w, members)
    await follower.review()
    for seat, text in found.reviews.items():
        named = {int(number) - 1 for number in REVIEWED.findall(text)}
        assert not named & found.moments.get(seat, set()), (seat, text, found.moments)
