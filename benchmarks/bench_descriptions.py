"""What the images' alt texts cost a turn (issue 32): the CPU of writing every
description of a public turn message, against the CPU of the whole message (its text,
its images drawn, its descriptions), turn by turn along a seeded game of each game.

Each turn message is built by the game's presenter as the bot builds it (images drawn
in threads, so the process's CPU time holds the drawing); the descriptions are timed
by wrapping `cogs.platform.alt_text.description` where the presenters call it. Target:
no turn costs more than 5 % more CPU for its descriptions (the share of the message's
CPU they take, at most 5 / 105).
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from dataclasses import replace
from types import ModuleType
from typing import Any

import cogs.coal_baron.presenter
import cogs.mine_out.reading
import cogs.saboteur.presenter
import cogs.saboteur.reading
from benchmarks.timing import ms
from bot.service import ActResult
from cogs.platform.plugins import plugin_for
from cogs.platform.seen import seen
from tests.test_game_contract import random_plays, table_of

GAMES = {"coal-baron": 4, "saboteur": 5, "mine-out": 4}
"""Each game and its table's size."""
TURNS = 40
"""Turn messages timed per game (one action each)."""
SEED = 3
REPEATS = 5
"""Each message is built this many times; the least CPU of each (the quietest run) counts."""
CALLERS = (cogs.coal_baron.presenter, cogs.saboteur.presenter, cogs.saboteur.reading,
           cogs.mine_out.reading)
"""The modules that call `description` while a turn message is built."""
TARGET = 5 / 105


class DescriptionClock:
    """The CPU time spent in `description`, from its callers' modules."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.originals: dict[ModuleType, Callable[..., str]] = {}

    def __enter__(self) -> DescriptionClock:
        for module in CALLERS:
            original = vars(module)["description"]
            self.originals[module] = original

            def timed(*args: Any, _original: Callable[..., str] = original, **kwargs: Any) -> str:
                started = time.process_time()
                try:
                    return _original(*args, **kwargs)
                finally:
                    self.seconds += time.process_time() - started

            vars(module)["description"] = timed
        return self

    def __exit__(self, *_: object) -> None:
        for module, original in self.originals.items():
            vars(module)["description"] = original


async def shares(game: str, players: int) -> list[tuple[float, float]]:
    """(description CPU, message CPU) of each of `TURNS` turn messages."""
    presenter = plugin_for(game).presenter
    names = ("Ann", "Bruno", "Chloé", "Dan", "Eve")[:players]
    measured = []
    plays = random_plays(game, players, SEED, TURNS, random.Random(SEED))
    for version, (state, seat, notation, events) in enumerate(plays, start=1):
        after = replace(table_of(state, game), version=version)
        public = seen(after, None, public_choices=presenter.public_choices, names=names)
        played = ActResult(after, seat, notation, events)
        runs = []
        for _ in range(REPEATS):
            fresh = type(presenter)()  # Coal Baron's remembers the mines it last posted
            with DescriptionClock() as clock:
                started = time.process_time()
                await fresh.turn(public, "en", played)
                runs.append((clock.seconds, time.process_time() - started))
        measured.append((min(run[0] for run in runs), min(run[1] for run in runs)))
    return measured


def main() -> None:
    for game, players in GAMES.items():
        measured = asyncio.run(shares(game, players))
        ratios = sorted(described / whole for described, whole in measured)
        worst = ratios[-1]
        spent = sum(described for described, _ in measured) / len(measured)
        whole = sum(total for _, total in measured) / len(measured)
        verdict = "met" if worst <= TARGET else "MISSED"
        print(f"{game}: descriptions {ms(spent, 2)} of {ms(whole)} a turn message "
              f"(mean); share median {100 * ratios[len(ratios) // 2]:.1f} %, "
              f"worst {100 * worst:.1f} % (target <= {100 * TARGET:.1f} %: {verdict})")


if __name__ == "__main__":
    main()
