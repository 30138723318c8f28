"""Issue 43: one verdict per position, kept with the table. The hint makes it; the note
on the move then played and the review read it (they follow it even when its values are
changed in the database); a take-back's new line gets verdicts of its own. Through the
service and `TableCoach.ask`, the coach thinking in a thread with 2 worlds (seconds)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any

import pytest

from bot.ai import coach_worker
from bot.ai.coach import judge
from bot.ai.coach_worker import CoachRunner, CostAnswer, HintAnswer
from bot.games.base import Seat
from bot.service import GameService, Table
from bot.storage import Storage
from cogs.platform.coach import TableCoach

pytestmark = pytest.mark.storage_facing

ALICE, BOB = 1, 2


@pytest.fixture
async def storage(database_location: str) -> AsyncIterator[Storage]:
    storage = await Storage.open(database_location)
    yield storage
    await storage.close()


class Counted:
    """`judge`, counting its calls (the verdicts made, not read)."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        return judge(*args, **kwargs)


async def ask(coach: TableCoach, service: GameService, kind: str, table_id: int,
              seat: Seat, moment: int) -> Any:
    """The coach's answer of `kind` for `seat` at `moment` of the table's record now."""
    table = await service.tables.get_table(table_id)
    record = await service.results.record(table_id)
    request = coach.request(kind, table, seat, record, moment)
    return await coach.ask(service.coaching, table, request)


async def play(service: GameService, table: Table, notation: str) -> Table:
    assert table.state is not None
    result = await service.moves.act(table.id, table.seats[table.state.to_act()[0]], notation)
    assert result.undoable
    return result.table


def not_hinted(table: Table, *notations: str) -> str:
    """A legal move of the seat to act other than `notations`."""
    assert table.state is not None
    state = table.state
    seat = state.to_act()[0]
    return next(found for action in state.legal_actions(seat)
                if (found := state.format_action(action)) not in notations)


async def test_the_note_and_the_review_read_the_verdict_the_hint_was_chosen_from(
    storage: Storage, monkeypatch: pytest.MonkeyPatch,
) -> None:
    service = GameService(storage)
    counted = Counted()
    monkeypatch.setattr(coach_worker, "judge", counted)
    coach = TableCoach(CoachRunner(lambda: ThreadPoolExecutor(1)), samples=2)
    table = await service.tables.open_table(
        guild_id=1, channel_id=1, game="coal-baron", creator_id=ALICE, reminder_minutes=10,
        seed=3,
    )
    await service.tables.join(table.id, BOB)
    table = await service.tables.start(table.id, ALICE)
    assert table.state is not None
    first = table.state.to_act()[0]
    try:
        hint = await ask(coach, service, "hint", table.id, first, 0)
        assert isinstance(hint, HintAnswer) and counted.calls == 1
        [kept] = await service.coaching.verdicts(table, first)
        assert (kept.moment, kept.steps) == (0, ())
        assert json.loads(kept.verdict)["moves"][0]["move"] == hint.action
        # The move played is not the hint's; the kept verdict's best is made 100 VP better.
        other = not_hinted(table, hint.action)
        table = await play(service, table, other)
        altered = json.loads(kept.verdict)
        altered["moves"][0]["value"] += 100
        await storage.keep_verdict(table.id, first, replace(kept, verdict=json.dumps(altered)))
        note = await ask(coach, service, "note", table.id, first, 0)
        assert isinstance(note, CostAnswer) and note.loss >= 100
        assert note.best == " ".join(hint.line)
        [review] = await ask(coach, service, "review", table.id, first, 0)
        assert review == note
        assert counted.calls == 1  # the note and the review made no verdict of their own
        # The next seat's position at moment 1; then the move before it is taken back
        # and another played: moment 1 is another position, judged anew, once.
        second = next(seat for seat in range(2) if seat != first)
        await ask(coach, service, "hint", table.id, second, 1)
        [before] = await service.coaching.verdicts(table, second)
        table = (await service.moves.take_back(table.id, table.seats[first])).table
        table = await play(service, table, not_hinted(table, hint.action, other))
        await ask(coach, service, "hint", table.id, second, 1)
        await ask(coach, service, "hint", table.id, second, 1)
        [after] = await service.coaching.verdicts(table, second)
        assert after.moment == 1 and after.position != before.position
        assert counted.calls == 3
    finally:
        coach.runner.close()
