"""Complete Coal Baron games through the real bot (simcord), from /game new to the standings.

Every move is chosen among the legal moves of the table's state by a seeded
policy, then played the way a person would: the draft select, the space selects,
the bank button, the extraction panel, the draw-5 panel, the shortage choice,
and ``/coal play`` lines (whole extractions on one line). After each move the
test checks the public message: one action played, who is next, both images (the
checks every game shares are in tests/test_discord_complete_games.py). The 4-player
game is tests/test_table_footprint.py's, which also measures what it posts.
"""

from __future__ import annotations

import pytest
import simcord

from tests.coal_baron_discord_support import coal_world, fixed_seed, play_to_the_end

__all__ = ["fixed_seed"]  # an autouse fixture: same deal every run


@pytest.mark.complete_game("coal-baron")
async def test_a_complete_two_player_game_through_the_bot(simcord_env: simcord.Env) -> None:
    world = await coal_world(simcord_env)
    driver = await play_to_the_end(world, 2)
    assert {"draft select", "space select", "extraction panel", "draw panel"} <= set(driver.ways)

