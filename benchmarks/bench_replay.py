"""Replay speed and size: the animated PNG of one finished random game per game.

`replay_png` runs in a worker thread when a player asks for a replay; it
should take a few seconds at most and stay well under Discord's upload limit
(10 MiB without boosts).
"""

from __future__ import annotations

import io

from PIL import Image

from benchmarks.timing import timed
from bot.games.coal_baron import CoalBaronState
from bot.games.saboteur import SaboteurState
from bot.selfplay import play_random_game
from renderer.replay import replay_png

GAMES = ((CoalBaronState, 4), (SaboteurState, 7))


def main() -> None:
    for game_cls, players in GAMES:
        _, record = play_random_game(game_cls, players, 1, check=False)
        replay_png(record, "en")  # warm the static layers and fonts
        data, seconds = timed(replay_png, record, "en")
        with Image.open(io.BytesIO(data)) as image:
            frames, size = image.n_frames, image.size  # type: ignore[attr-defined]
        print(
            f"{game_cls.game_id} replay, {players} players, {len(record['actions'])} actions: "
            f"{frames} frames of {size[0]}x{size[1]}, {len(data) / 1024:.0f} KiB, {seconds:.2f} s"
        )


if __name__ == "__main__":
    main()
