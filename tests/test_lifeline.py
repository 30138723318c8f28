"""No process of the bot outlives it: kill -9 the bot while a render worker draws and
a computer player thinks, and within 2 s its forkserver and every worker are gone
(`bot.workers.lifeline`)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
GRACE_SECONDS = 2.0


def parents() -> dict[int, int]:
    """Process id -> parent id, of every process alive (zombies excluded: they ended)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if fields[0] != "Z":
            found[int(entry.name)] = int(fields[1])
    return found


def descendants(root: int) -> set[int]:
    tree = parents()
    found: set[int] = set()
    for pid in tree:
        ancestor = tree.get(pid)
        while ancestor is not None and ancestor not in (root, 0, 1):
            ancestor = tree.get(ancestor)
        if ancestor == root:
            found.add(pid)
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl is Linux's")
def test_no_worker_outlives_a_bot_killed_with_sigkill() -> None:
    bot = subprocess.Popen(
        [sys.executable, "-m", "tests.lifeline_harness"], cwd=ROOT, stdout=subprocess.PIPE,
        text=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert bot.stdout is not None and bot.stdout.readline().strip() == "ready"
        workers = descendants(bot.pid)
        assert len(workers) >= 4  # the forkserver, two render workers, a computer's worker
    finally:
        bot.send_signal(signal.SIGKILL)
        bot.wait()
    deadline = time.monotonic() + GRACE_SECONDS
    while (left := workers & set(parents())) and time.monotonic() < deadline:
        time.sleep(0.05)
    for pid in left:  # clean up before failing
        os.kill(pid, signal.SIGKILL)
    assert not left, f"{len(left)} of the bot's {len(workers)} processes outlived it"
