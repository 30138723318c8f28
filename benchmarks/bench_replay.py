"""Replay speed and size: the animated GIF of one finished random game per game
whose plugin draws a replay.

`replay_gif` runs in a worker thread when a player asks for a replay; it
should take a few seconds at most and stay well under Discord's upload limit
(10 MiB without boosts).
"""

from __future__ import annotations

import io

from PIL import Image

from benchmarks.timing import timed
from bot.games.selfplay import play_random_game
from cogs.platform.plugins import all_plugins
from renderer.replay import replay_gif

MAX_PLAYERS = 7
"""The largest table measured (a Saboteur maze grows with the players)."""


def main() -> None:
    for plugin in all_plugins():
        if plugin.replay_board is None:
            continue
        game_cls, players = plugin.engine, min(plugin.engine.max_players, MAX_PLAYERS)
        _, record = play_random_game(game_cls, players, 1, check=False)
        names = [f"Player {seat + 1}" for seat in range(players)]
        replay_gif(record, "en", plugin.replay_board, names)  # warm the layers and fonts
        data, seconds = timed(replay_gif, record, "en", plugin.replay_board, names)
        with Image.open(io.BytesIO(data)) as image:
            frames, size = image.n_frames, image.size  # type: ignore[attr-defined]
        print(
            f"{game_cls.game_id} replay, {players} players, {len(record['actions'])} actions: "
            f"{frames} frames of {size[0]}x{size[1]}, {len(data) / 1024:.0f} KiB, {seconds:.2f} s"
        )


if __name__ == "__main__":
    main()
