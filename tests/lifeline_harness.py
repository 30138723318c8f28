"""A stand-in for the bot's process with each kind of worker busy, for
`tests/test_lifeline.py`: ``python -m tests.lifeline_harness`` starts the render pool
(its forkserver and two workers, one of them drawing) and the computer players' runner
(a worker thinking), as the bot does from its event loop, prints ``ready`` and waits to
be killed."""

from __future__ import annotations

import asyncio
import time

import tests.tinygame  # noqa: F401  (registers "tiny", whose state the runner is sent)
from bot.ai.runner import ComputerRunner, MoveRequest
from bot.games.registry import get_game
from bot.workers.render_pool import RenderPool


def slow_render() -> bytes:
    """A render still drawing when the bot is killed."""
    time.sleep(600)
    return b""


def slow_move(request: MoveRequest) -> str:
    """A computer player still thinking when the bot is killed."""
    time.sleep(600)
    return ""


async def main() -> None:
    pool = RenderPool(2, timeout=600)
    await pool.start()
    runner = ComputerRunner(workers=1, hard_limit=600, compute=slow_move)
    state = get_game("tiny").new(2, 1, {})
    busy = [
        asyncio.ensure_future(pool.render(slow_render)),
        asyncio.ensure_future(runner.move(state, 0, [], "easy", seed=1)),
    ]
    await asyncio.sleep(1.0)  # the workers started and took their work
    print("ready", flush=True)
    await asyncio.gather(*busy)


if __name__ == "__main__":
    asyncio.run(main())
