"""Complete games through the bot, measured: what a channel holds after a game
(figures printed with ``pytest -s``, kept in docs/performance.md)."""

from __future__ import annotations

import simcord

from tests.coal_baron_discord_support import coal_world, fixed_seed, play_to_the_end
from tests.footprint_support import footprint
from tests.saboteur_discord_support import play_game, sab_world

__all__ = ["fixed_seed"]


async def test_a_four_player_coal_baron_game_footprint(simcord_env: simcord.Env) -> None:
    world = await coal_world(simcord_env)
    await play_to_the_end(world, 4)
    measured = footprint(list(world.channel.history()))
    print(f"\nCoal Baron, 4 players: {measured}")


async def test_a_saboteur_game_footprint(simcord_env: simcord.Env) -> None:
    w = await sab_world(simcord_env)
    await play_game(w, seed=11)
    measured = footprint(list(w.channel.history()))
    print(f"\nSaboteur, 3 players: {measured}")
