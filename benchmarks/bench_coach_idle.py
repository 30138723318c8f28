"""A table with no coached player costs no more CPU per turn with the coach (issue 33).

Coal Baron turns typed through the real bot in simcord (each seat's default move),
at a table nobody is coached at: the process's CPU time per turn with the coach's
hook after each move (`cogs.platform.coach.after_move`), then with the hook
replaced by nothing (the bot before the coach), turn by turn. The coach's
worker must never start (`CoachRunner.asked` stays 0), and the hook's own cost,
one look at the table's settings, is timed alone.
"""

from __future__ import annotations

import statistics
import time
import timeit
from typing import Any

import simcord

import cogs.platform.posting as posting
from benchmarks.whole_turns import started_table, time_in_simcord, to_act
from bot.app import TableBot
from bot.service.coaching import may_coach

HOOK = "after_move"
"""The name the turn path calls the coach's hook by (`cogs.platform.posting.post_turn`)."""
TURNS = 100
"""Turns timed, every other one without the hook (a 2p game of default moves lasts 114)."""


async def time_turns(env: simcord.Env, bot: TableBot) -> list[float]:
    channel, members, table = await started_table(env, bot, "coal-baron", 2, seed=7)
    hook = vars(posting)[HOOK]
    cpu: dict[bool, list[float]] = {True: [], False: []}
    for turn in range(TURNS):
        with_hook = turn % 2 == 0
        setattr(posting, HOOK, hook if with_hook else _nothing)
        table, state, seat, actor = await to_act(bot, table.id, members)
        started = time.process_time()
        await actor.slash(channel, "game play",
                          action=state.format_action(state.default_action(seat)))
        cpu[with_hook].append(time.process_time() - started)
    setattr(posting, HOOK, hook)
    assert bot.coach.runner.asked == 0, "the coach looked at a table nobody is coached at"
    table = await bot.service.tables.get_table(table.id)
    check = timeit.timeit(lambda: may_coach(table), number=10_000) / 10_000
    with_ms, without_ms = (statistics.median(cpu[k]) * 1000 for k in (True, False))
    print(f"Coal Baron 2p, {TURNS // 2} turns each way, nobody coached:")
    print(f"  CPU per turn with the coach's hook: median {with_ms:.1f} ms;"
          f" without it: {without_ms:.1f} ms")
    print(f"  the hook's check alone: {check * 1e6:.2f} µs a turn; coach requests: 0"
          f" -> {'ok' if check * 1000 < 0.01 * without_ms else 'TOO MUCH'}")
    return cpu[True]


def _nothing(*_: Any) -> None:
    """The turn path before the coach: nothing after the move."""


def main() -> None:
    time_in_simcord(time_turns)


if __name__ == "__main__":
    main()
