"""What a complete game leaves in its channel, measured against its budgets
(tests/footprint_support.py): the issue's reference game, 4-player Coal Baron
(before issue 9: 122 messages, 244 PNGs, 8.5 MB). Every shipped game is measured
against the same budgets in tests/test_discord_complete_games.py. Figures printed
with ``pytest -s``, kept in docs/performance.md.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
import simcord

from tests.coal_baron_discord_support import coal_world, fixed_seed, play_to_the_end
from tests.footprint_support import MAX_IMAGES, Footprint, TurnCounter, footprint

__all__ = ["fixed_seed"]  # an autouse fixture: same deal every run


async def test_a_four_player_coal_baron_game_through_the_bot_keeps_its_budgets(
    simcord_env: simcord.Env,
) -> None:
    world = await coal_world(simcord_env)
    counted = TurnCounter(world.channel)
    driver = await play_to_the_end(world, 4, counted)
    assert {"/coal play extraction", "bank button", "draw panel"} <= set(driver.ways)
    measured = footprint(list(world.channel.history()))
    print(f"\nCoal Baron, 4 players, {counted.turns} turns: {measured}")
    measured.check(counted.turns, counted.before_first_turn)
    assert measured.messages == counted.before_first_turn + counted.turns


def test_the_budgets_catch_a_second_message_one_image_too_many_and_heavier_images() -> None:
    within = Footprint(messages=11, images=20, bytes=1_400_000, largest=90_000, most_images=2)
    within.check(turns=10, before_first_turn=1)
    for broken in (
        replace(within, messages=12),  # a turn posted two messages
        replace(within, most_images=MAX_IMAGES + 1),
        replace(within, largest=200_000),
        replace(within, bytes=2_100_000),  # every image half as heavy again
    ):
        with pytest.raises(AssertionError):
            broken.check(turns=10, before_first_turn=1)
