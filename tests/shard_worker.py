"""One bot process below Discord, for the multi-process tests (`test_sharding.py`).

It runs what a bot process runs against the shared PostgreSQL database, the
game service and the reminder loop for its shards, and reports on stdout:

    applied <table> <version> <notation>   an action committed (acknowledged)
    refused <table> <error>                an action refused (stale, not your turn...)
    reminded <table> <turn_started_at>     a reminder posted (the cog's claim and confirm)
    ready                                  with --start-on-input: waiting for a line
    finished                               done

    python -m tests.shard_worker URL --shards 2 --mine 0 --actions 500 --seed 1
        [--tables 1,2,3] [--wait-for-total 1000] [--start-on-input]

It plays `--actions` random legal actions on `--tables` (default: every table
of its shards), each against the version it read, from 4 concurrent tasks.
Its reminder loop sees a clock `REMINDER_CLOCK_AHEAD` seconds ahead, so each
new turn falls due at once. With `--wait-for-total`, once done it keeps
reminding until the log holds that many actions in all and no reminder is due.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time

import tests.tinygame  # noqa: F401  (registers "tiny")
from bot.service import GameService, Table
from bot.service.errors import UserError
from bot.storage import ShardSet, Storage

REMINDER_CLOCK_AHEAD = 61.0
"""Tables have 1-minute reminders; the loop's clock is a minute ahead of the turns'."""

TASKS = 4


async def play(service: GameService, tables: list[int], actions: int, seed: int) -> None:
    rng = random.Random(seed)
    remaining = [actions]

    async def attempt() -> bool:
        """One random action on one random table; True if it was applied."""
        table = await service.tables.get_table(rng.choice(tables))
        if table.status != "playing" or table.state is None:
            if table.id in tables:
                tables.remove(table.id)
            return False
        seat = rng.choice(table.state.to_act())
        notation = table.state.format_action(rng.choice(table.state.legal_actions(seat)))
        user = rng.choice([table.seats[seat], *table.seats])  # sometimes not their turn
        try:
            result = await service.moves.act(table.id, user, notation, table.version)
        except UserError as error:
            print(f"refused {table.id} {type(error).__name__}", flush=True)
            return False
        print(f"applied {table.id} {result.table.version} {result.notation}", flush=True)
        return True

    async def player() -> None:
        while remaining[0] > 0 and tables:
            remaining[0] -= 1  # reserved before acting, so the tasks never overshoot
            if not await attempt():
                remaining[0] += 1

    await asyncio.gather(*(player() for _ in range(TASKS)))


async def remind_once(service: GameService, shards: ShardSet) -> int:
    """One pass of the reminder loop (as `cogs.reminders`); returns how many were posted."""

    async def post(table: Table) -> bool:
        print(f"reminded {table.id} {table.turn_started_at!r}", flush=True)
        return True

    return await service.reminders.remind_due(post, shards)


async def remind(service: GameService, shards: ShardSet, stop: asyncio.Event) -> None:
    while not stop.is_set():
        await remind_once(service, shards)
        await asyncio.sleep(0.02)


async def main(arguments: argparse.Namespace) -> None:
    storage = await Storage.open(arguments.url)
    service = GameService(storage)
    reminders = GameService(storage, clock=lambda: time.time() + REMINDER_CLOCK_AHEAD)
    shards = ShardSet(arguments.shards, frozenset(arguments.mine))
    if arguments.tables:
        tables = arguments.tables
    else:
        tables = [t for t in await storage.table_ids()
                  if shards.holds((await service.tables.get_table(t)).guild_id)]
    if arguments.start_on_input:  # so that several workers start playing together
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
    stop = asyncio.Event()
    loop = asyncio.create_task(remind(reminders, shards, stop))
    await play(service, tables, arguments.actions, arguments.seed)
    if arguments.wait_for_total:
        while (await storage.counts())["actions"] < arguments.wait_for_total:
            await asyncio.sleep(0.05)
    stop.set()
    await loop
    while await remind_once(reminders, shards):
        pass
    await storage.close()
    print("finished", flush=True)


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tests.shard_worker")
    parser.add_argument("url")
    parser.add_argument("--shards", type=int, required=True)
    parser.add_argument("--mine", type=lambda text: [int(s) for s in text.split(",")],
                        required=True)
    parser.add_argument("--actions", type=int, required=True)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tables", type=lambda text: [int(t) for t in text.split(",")])
    parser.add_argument("--wait-for-total", type=int)
    parser.add_argument("--start-on-input", action="store_true")
    return parser.parse_args(argv)


if __name__ == "__main__":
    asyncio.run(main(parse()))
