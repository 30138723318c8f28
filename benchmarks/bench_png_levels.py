"""PNG compression level of the palette images: encode time and size at every level.

The images of 5 Coal Baron positions (board and a mine) and 5 Saboteur mazes are
drawn once and mapped onto their game's fixed palette (the mapping is timed too),
then each is encoded 3 times at every zlib level. `renderer.png.COMPRESS_LEVEL`
was chosen from this table: the fastest level before the time jumps, whose files
stay small.
"""

from __future__ import annotations

import statistics

from PIL import Image

from benchmarks.timing import cpu_timed, ms
from renderer.coal_baron.board import board_image
from renderer.coal_baron.colours import PALETTE as COAL_BARON
from renderer.coal_baron.labels import numbered_names as coal_baron_names
from renderer.coal_baron.mine import mine_image
from renderer.coal_baron.model import board_from_view, mine_from_view
from renderer.png import COMPRESS_LEVEL, encode
from renderer.saboteur.board import board_image as saboteur_board
from renderer.saboteur.colours import PALETTE as SABOTEUR
from renderer.saboteur.labels import numbered_names as saboteur_names
from tests.coal_baron_positions import mid_game
from tests.saboteur_positions import late_in_round

SEEDS = range(1, 6)
REPEATS = 3


def main() -> None:
    drawn = []
    for seed in SEEDS:
        view = mid_game(4, seed).view(None)
        names = coal_baron_names(4, "fr")
        drawn.append((COAL_BARON, board_image(board_from_view(view), names, "fr")))
        drawn.append((COAL_BARON, mine_image(mine_from_view(view, 0), names[0], "fr")))
        maze = saboteur_board(late_in_round(10, seed).view(None), saboteur_names(10, "fr"), "fr")
        drawn.append((SABOTEUR, maze))
    timed_maps = [cpu_timed(palette.map, image) for palette, image in drawn]
    mapped: list[Image.Image] = [image for image, _ in timed_maps]
    mapping = statistics.median(seconds for _, seconds in timed_maps)
    print(f"{len(mapped)} images; mapping onto the fixed palette: median {ms(mapping, 2)}")
    for level in range(10):
        times = [cpu_timed(encode, image, level)[1] for image in mapped for _ in range(REPEATS)]
        sizes = [len(encode(image, level)) for image in mapped]
        chosen = "  <- renderer.png.COMPRESS_LEVEL" if level == COMPRESS_LEVEL else ""
        print(f"  level {level}: encode median {ms(statistics.median(times), 2)}, "
              f"PNG median {statistics.median(sizes) / 1024:.0f} KB, "
              f"max {max(sizes) / 1024:.0f} KB{chosen}")


if __name__ == "__main__":
    main()
