"""One bot process under load: CPU per turn, event-loop stalls, many tables at once,
how many tables it serves, and a reminder pass; each against a reference measured in
the same run, so that a busy machine does not change the verdict.

The reference ("bare encode") is the CPU time Pillow takes to save a plain RGB image
of the board's size (filled with the paper colour) as PNG at compression level 6.

Driven below the Discord layer: the real `GameService` on a database file, the real
Coal Baron presenter (both images of every turn) and the render pool the bot starts
(one worker per core, warmed up), but no simcord, whose own CPU would be counted as
the bot's. A turn is what `cogs.platform.table_items.play_clicked` does: acknowledge (the first
statement of every interaction path, so the time from the action's arrival to it is
how long the event loop kept the player waiting), `service.moves.act`, then
`presenter.turn`; its message is "sent" when the presenter returns. Figure (b) prints
two more stalls of the same run, for its reading (docs/performance.md): the idle loop
while the render workers keep their cores busy (the machine's own share), and the
turns run on a thread of their own (what moving them off the loop would give). Durations:
``BENCH_LOAD_SECONDS`` (default 60) for the 50-table run, ``BENCH_CAPACITY_SECONDS``
(default 8) for each step of the capacity search.
"""

from __future__ import annotations

import asyncio
import io
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from PIL import Image

from benchmarks.timing import StallMeter, ms
from bot.app import freeze_start_up_objects
from bot.games.coal_baron.state import CoalBaronState
from bot.games.registry import load_games
from bot.i18n import languages
from bot.service import ActResult, GameService, Table
from bot.storage import Storage
from bot.workers.render_pool import RenderPool, core_count, install, uninstall
from cogs.platform.plugins import all_plugins, presenter_for
from cogs.platform.seen import seen
from renderer.coal_baron import board
from renderer.coal_baron.board import render_board
from renderer.coal_baron.mines import mine_groups, render_mines
from renderer.palette import PAPER
from tests.coal_baron_positions import choose

PLAYERS = 4
NAMES = ("Aline", "Bastien", "Chloé", "Damien")
"""The players' display names, drawn on the images."""
LOCALE = "fr"
CPU_TURNS = 200
CPU_TARGET = 2.0
"""CPU per turn, at most this many bare encodes."""
STALL_TABLES = 20
STALL_TURNS_EACH = 8
STALL_LIMIT_SECONDS = 0.020
STALL_IDLE_FACTOR = 2.0
STEADY_TABLES = 50
STEADY_SECONDS = float(os.environ.get("BENCH_LOAD_SECONDS", "60"))
ACK_LIMIT_SECONDS = 1.0
CAPACITY_SECONDS = float(os.environ.get("BENCH_CAPACITY_SECONDS", "8"))
CAPACITY_LIMIT_SECONDS = 0.300
REMINDER_TABLES = 1000

T = TypeVar("T")


async def public_turn(table: Table, played: ActResult | None = None) -> None:
    """The public turn message of `table`, as `cogs.platform.posting.post`
    writes it (images included)."""
    presenter = presenter_for(table.game)
    public = seen(table, None, public_choices=presenter.public_choices, names=NAMES)
    await presenter.turn(public, LOCALE, played)


def bare_encode_seconds() -> float:
    """CPU seconds to save a plain RGB image of the board's size as PNG, level 6 (median)."""
    image = Image.new("RGB", (board.WIDTH, board.HEIGHT), PAPER)
    times = []
    for _ in range(15):
        started = time.process_time()
        image.save(io.BytesIO(), "PNG", compress_level=6)
        times.append(time.process_time() - started)
    return statistics.median(times)


@dataclass
class Rig:
    """A database with Coal Baron tables, and the last state of each (what players see)."""

    service: GameService
    rng: random.Random = field(default_factory=lambda: random.Random(1))
    tables: dict[int, Table] = field(default_factory=dict)
    channels: int = 0

    async def new_table(self) -> int:
        self.channels += 1
        service = self.service
        table = await service.tables.open_table(
            guild_id=1, channel_id=self.channels, game="coal-baron", creator_id=1,
            reminder_minutes=60, seed=self.rng.getrandbits(32),
        )
        for user in range(2, PLAYERS + 1):
            await service.tables.join(table.id, user)
        table = await service.tables.start(table.id, 1)
        self.tables[table.id] = table
        return table.id

    def next_move(self, table_id: int) -> tuple[int, str]:
        """The user to act at `table_id` and a legal line for them."""
        table = self.tables[table_id]
        state = table.state
        assert isinstance(state, CoalBaronState)
        seat = state.to_act()[0]
        return table.seats[seat], state.format_action(choose(state, seat, self.rng))

    async def turn(self, table_id: int, arrived: float) -> tuple[float, float, int]:
        """Play one turn as the bot does; returns when it was acknowledged and when its
        message was ready (seconds after `arrived`), and the table to play next: a
        finished game is replaced by a new one."""
        acknowledged = time.perf_counter() - arrived
        user, line = self.next_move(table_id)
        result = await self.service.moves.act(table_id, user, line)
        await public_turn(result.table, result)
        sent = time.perf_counter() - arrived
        if result.table.status == "playing":
            self.tables[table_id] = result.table
        else:
            del self.tables[table_id]
            table_id = await self.new_table()
        return acknowledged, sent, table_id


async def cpu_per_turn(rig: Rig) -> list[float]:
    """CPU seconds of each of `CPU_TURNS` turns of one table, images drawn in this process."""
    table_id = await rig.new_table()
    times: list[float] = []
    while len(times) < CPU_TURNS:
        user, line = rig.next_move(table_id)
        started = time.process_time()
        result = await rig.service.moves.act(table_id, user, line)
        table = result.table
        state = table.state
        assert state is not None
        view = state.view(None)
        render_board(view, NAMES, LOCALE)
        for seats in mine_groups(view):  # the mines' images, as a turn posts them
            render_mines(view, NAMES, LOCALE, seats)
        times.append(time.process_time() - started)
        if table.status != "playing":
            table_id = await rig.new_table()
        else:
            rig.tables[table_id] = table
    return times


async def idle_stall(seconds: float) -> float:
    """The longest stall of the loop doing nothing else for `seconds`."""
    with StallMeter() as meter:
        await asyncio.sleep(seconds)
    return meter.longest


async def play_at_once(rig: Rig) -> None:
    """`STALL_TABLES` new tables of `rig` playing `STALL_TURNS_EACH` turns each, back to back."""
    ids = [await rig.new_table() for _ in range(STALL_TABLES)]

    async def play(table_id: int) -> None:
        for _ in range(STALL_TURNS_EACH):
            table_id = (await rig.turn(table_id, time.perf_counter()))[2]

    await asyncio.gather(*(play(table_id) for table_id in ids))


async def busy_stall(rig: Rig) -> tuple[float, float]:
    """Longest stall and elapsed time while `STALL_TABLES` tables play turns back to back."""
    started = time.perf_counter()
    with StallMeter() as meter:
        await play_at_once(rig)
    return meter.longest, time.perf_counter() - started


def spin(seconds: float) -> bytes:
    """Run in a render worker: keep its core busy for `seconds`, drawing nothing."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass
    return b""


async def floor_stall(pool: RenderPool, seconds: float) -> float:
    """The longest stall of a loop with nothing to do while every render worker keeps
    a core busy for `seconds`: what the machine alone costs the loop whenever the
    workers draw, whatever the bot's code."""
    with StallMeter() as meter:
        await asyncio.gather(*(pool.render(spin, seconds) for _ in range(pool.workers)))
    return meter.longest


THREAD_SWITCH_SECONDS = 0.0005
"""Python's GIL switch interval while the turns run on a thread (the default is 5 ms)."""


async def threaded_stall(folder: Path) -> float:
    """(b) with every turn on an event loop of its own in another thread (a database of
    its own, the same render pool), and Python's GIL switch interval cut to
    `THREAD_SWITCH_SECONDS`: the loop watched runs nothing but the ticker. What moving
    all of a turn's work off the bot's loop would give: its longest stall."""
    turns = asyncio.new_event_loop()
    thread = threading.Thread(target=turns.run_forever, name="turns")
    thread.start()

    async def on_thread(work: Coroutine[Any, Any, T]) -> T:
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(work, turns))

    switch = sys.getswitchinterval()
    storage = await on_thread(Storage.open(Path(tempfile.mkdtemp(dir=folder)) / "turns.sqlite3"))
    try:
        rig = Rig(GameService(storage))
        sys.setswitchinterval(THREAD_SWITCH_SECONDS)
        with StallMeter() as meter:
            await on_thread(play_at_once(rig))
        return meter.longest
    finally:
        sys.setswitchinterval(switch)
        await on_thread(storage.close())
        turns.call_soon_threadsafe(turns.stop)
        await asyncio.to_thread(thread.join)
        turns.close()


@dataclass
class Steady:
    acks: list[float]
    latencies: list[float]
    stall: float
    seconds: float
    """How long the run took, the last turns included."""


async def steady(rig: Rig, tables: int, seconds: float) -> Steady:
    """`tables` tables each sending an action every second for `seconds`. A player acts
    on a table's latest message: when the bot is late, the table's next action comes as
    soon as its message is out (so a slow bot sees fewer actions, as on Discord);
    latencies count from when the action was sent."""
    ids = [await rig.new_table() for _ in range(tables)]
    acks: list[float] = []
    latencies: list[float] = []
    start = time.perf_counter() + 0.5

    async def player(index: int, table_id: int) -> None:
        due = ready = start + index / tables
        while due < start + seconds:
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            # The action is sent when due, or as soon as the last message is out; a late
            # wake-up here is the event loop's delay in taking the interaction.
            ack, sent, table_id = await rig.turn(table_id, max(due, ready))
            ready = time.perf_counter()
            acks.append(ack)
            latencies.append(sent)
            due += 1.0

    with StallMeter() as meter:
        await asyncio.gather(*(player(i, table_id) for i, table_id in enumerate(ids)))
    return Steady(acks, latencies, meter.longest, time.perf_counter() - start)


async def capacity(rig: Rig) -> tuple[int, dict[int, float]]:
    """The most tables served at 1 action/s each with a median turn under the limit:
    doubling, then bisecting between the last good and the first bad count."""
    medians: dict[int, float] = {}

    async def ok(tables: int) -> bool:
        run = await steady(rig, tables, CAPACITY_SECONDS)
        medians[tables] = statistics.median(run.latencies)
        return medians[tables] <= CAPACITY_LIMIT_SECONDS

    good, bad = 0, 10
    while await ok(bad):
        good, bad = bad, bad * 2
    while bad - good > max(2, good // 8):
        middle = (good + bad) // 2
        if await ok(middle):
            good = middle
        else:
            bad = middle
    return good, medians


async def reminder_pass(folder: Path) -> tuple[int, float, float]:
    """`REMINDER_TABLES` tables of a database of their own, all due a day later:
    (reminders posted, seconds, longest stall)."""
    clock = [time.time()]
    storage = await Storage.open(folder / "reminders.sqlite3")
    service = GameService(storage, clock=lambda: clock[0])
    try:
        due_rig = Rig(service)
        for _ in range(REMINDER_TABLES):
            await due_rig.new_table()
        clock[0] += 24 * 3600

        async def post(table: Table) -> bool:
            await public_turn(table)
            return True

        started = time.perf_counter()
        with StallMeter() as meter:
            posted = await service.reminders.remind_due(post)
        return posted, time.perf_counter() - started, meter.longest
    finally:
        await storage.close()


def load() -> str:
    """The machine's load average over the last minute, printed with each figure."""
    return f"[load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores]"


def verdict(met: bool) -> str:
    return "met" if met else "MISSED"


def workers_cpu_seconds(pool: RenderPool) -> float:
    """CPU seconds the pool's worker processes have used (Linux: /proc/<pid>/stat)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pool.worker_pids():
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
    return total


async def cpu_per_turn_through_pool(rig: Rig, pool: RenderPool, turns: int) -> float:
    """Mean CPU seconds per turn played as the bot plays it: this process (engine,
    database, sending the view) plus the workers (drawing, encoding)."""
    table_id = await rig.new_table()
    main, workers = time.process_time(), workers_cpu_seconds(pool)
    for _ in range(turns):
        table_id = (await rig.turn(table_id, time.perf_counter()))[2]
    spent = time.process_time() - main + workers_cpu_seconds(pool) - workers
    return spent / turns


async def started_pool(workers: int) -> RenderPool:
    """A render pool of `workers`, warmed up as the bot's (`bot.app.TableBot.setup_hook`)."""
    pool = RenderPool(workers)
    await pool.start([plugin.warm_up for plugin in all_plugins() if plugin.warm_up],
                     languages())
    install(pool)
    return pool


async def stopped(pool: RenderPool) -> None:
    uninstall(pool)
    await pool.close()


async def run(folder: Path) -> None:
    load_games()
    freeze_start_up_objects()  # as `bot.app.run` does
    bare = bare_encode_seconds()
    print(f"reference, bare encode ({board.WIDTH}x{board.HEIGHT} RGB, PNG level 6): "
          f"{ms(bare, 2)} CPU {load()}")
    storage = await Storage.open(folder / "load.sqlite3")
    rig = Rig(GameService(storage))
    pool = await started_pool(core_count())
    try:
        times = await cpu_per_turn(rig)
        median = statistics.median(times)
        print(f"(a) CPU per turn (engine + database + board + all mines), {len(times)} turns: "
              f"median {ms(median, 2)} = {median / bare:.2f} x bare encode "
              f"(target at most {CPU_TARGET:g} x: {verdict(median <= CPU_TARGET * bare)}) "
              f"{load()}")
        mean = await cpu_per_turn_through_pool(rig, pool, CPU_TURNS // 2)
        print(f"    through the render pool ({pool.workers} workers), this process + workers: "
              f"mean {ms(mean, 2)} = {mean / bare:.2f} x bare encode {load()}")

        # The idle loop is watched as long as the busy one, right after it: on a shared
        # machine, the longer the window, the longer the worst wait for a core.
        stall, elapsed = await busy_stall(rig)
        idle = await idle_stall(elapsed)
        met = stall < STALL_LIMIT_SECONDS and stall < STALL_IDLE_FACTOR * idle
        print(f"(b) longest stall, {STALL_TABLES} tables playing at once "
              f"({STALL_TABLES * STALL_TURNS_EACH} turns in {elapsed:.1f} s): {ms(stall)}; "
              f"idle loop over as long {ms(idle)} -> {stall / idle:.1f} x idle "
              f"(target under {ms(STALL_LIMIT_SECONDS, 0)} and under "
              f"{STALL_IDLE_FACTOR:g} x idle: {verdict(met)}) {load()}")
        floor = await floor_stall(pool, elapsed)
        print(f"    the idle loop while the {pool.workers} render workers keep their cores busy "
              f"as long: {ms(floor)} = {floor / idle:.1f} x idle {load()}")
        threaded = await threaded_stall(folder)
        print(f"    every turn on a thread of its own (GIL switch interval "
              f"{ms(THREAD_SWITCH_SECONDS)}), the loop running nothing else: {ms(threaded)} "
              f"= {threaded / idle:.1f} x idle {load()}")

        busy = await steady(rig, STEADY_TABLES, STEADY_SECONDS)
        late = sum(ack > ACK_LIMIT_SECONDS for ack in busy.acks)
        print(f"(c) {STEADY_TABLES} tables at 1 action/s for {STEADY_SECONDS:g} s, "
              f"{len(busy.acks)} turns: acknowledged within {ACK_LIMIT_SECONDS:g} s: "
              f"{len(busy.acks) - late}/{len(busy.acks)} (slowest {ms(max(busy.acks))}; "
              f"{verdict(not late)}); turn to message median "
              f"{ms(statistics.median(busy.latencies))}, p95 "
              f"{ms(statistics.quantiles(busy.latencies, n=20)[-1])}; "
              f"{len(busy.acks) / busy.seconds:.1f} actions/s; longest stall {ms(busy.stall)} "
              f"{load()}")

        posted, seconds, longest = await reminder_pass(folder)
        print(f"(e) reminder pass over {posted} due tables: {seconds:.1f} s, "
              f"longest stall {ms(longest)} (printed: no target) {load()}")
        await stopped(pool)

        for workers in (1, 2):
            pool = await started_pool(workers)
            served, medians = await capacity(rig)
            await stopped(pool)
            steps = ", ".join(f"{n}: {ms(m, 0)}" for n, m in sorted(medians.items()))
            print(f"(d) {workers} worker(s): tables served at 1 action/s with a median turn "
                  f"under {ms(CAPACITY_LIMIT_SECONDS, 0)}: {served} "
                  f"(median turn by table count: {steps}; printed: no target) {load()}")
    finally:
        await stopped(pool)
        await storage.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(run(Path(folder)))


if __name__ == "__main__":
    main()

