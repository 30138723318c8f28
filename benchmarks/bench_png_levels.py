"""PNG compression level of the palette images: encode time and size at every level.

The images a turn posts are drawn once for 5 Coal Baron positions (the board and
every player's mine in one image) and 5 Saboteur mazes, and mapped onto their game's
fixed palette (the mapping is timed too); each is then encoded 3 times at every zlib
level, and once with each other option Pillow offers for PNG (a zlib strategy,
``optimize``). `renderer.png.COMPRESS_LEVEL` was chosen from this table and
`bench_turn_load`'s figure (a) (docs/performance.md, "PNG palette and compression
level").
"""

from __future__ import annotations

import io
import statistics
from typing import Any

from PIL import Image

from benchmarks.bench_turn_load import bare_encode_seconds
from benchmarks.timing import cpu_timed, ms
from renderer.coal_baron.board import board_image
from renderer.coal_baron.colours import PALETTE as COAL_BARON
from renderer.coal_baron.labels import numbered_names as coal_baron_names
from renderer.coal_baron.labels import seat_names
from renderer.coal_baron.mines import mines_image
from renderer.coal_baron.model import board_from_view, mine_from_view
from renderer.png import COMPRESS_LEVEL
from renderer.saboteur.board import board_image as saboteur_board
from renderer.saboteur.colours import PALETTE as SABOTEUR
from renderer.saboteur.labels import numbered_names as saboteur_names
from tests.coal_baron_positions import mid_game
from tests.saboteur_positions import late_in_round

SEEDS = range(1, 6)
REPEATS = 3
OTHER_OPTIONS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("level 3, strategy FILTERED", {"compress_level": 3, "compress_type": 1}),
    ("level 3, strategy RLE", {"compress_level": 3, "compress_type": 3}),
    ("level 3, strategy FIXED", {"compress_level": 3, "compress_type": 4}),
    ("optimize", {"optimize": True}),
)
"""Pillow's other PNG options (a palette image is written unfiltered whatever they say)."""


def encoded(image: Image.Image, **options: Any) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", **options)
    return buffer.getvalue()


def turn_encode_seconds(
    turns: list[tuple[Image.Image, Image.Image]], option: dict[str, Any]
) -> float:
    """Median CPU seconds to encode a turn's two images with `option`."""
    return statistics.median(
        cpu_timed(encoded, board, **option)[1] + cpu_timed(encoded, mines, **option)[1]
        for board, mines in turns for _ in range(REPEATS)
    )


def main() -> None:
    drawn = []
    for seed in SEEDS:
        view = mid_game(4, seed).view(None)
        names = coal_baron_names(4, "fr")
        mines = [mine_from_view(view, seat) for seat in range(4)]
        drawn.append((COAL_BARON, board_image(board_from_view(view), names, "fr")))
        drawn.append((COAL_BARON, mines_image(mines, seat_names(names, "fr"), "fr")))
        maze = saboteur_board(late_in_round(10, seed).view(None), saboteur_names(10, "fr"), "fr")
        drawn.append((SABOTEUR, maze))
    timed_maps = [cpu_timed(palette.map, image) for palette, image in drawn]
    mapped: list[Image.Image] = [image for image, _ in timed_maps]
    mapping = statistics.median(seconds for _, seconds in timed_maps)
    turns = [(mapped[i], mapped[i + 1]) for i in range(0, len(mapped), 3)]
    print(f"{len(mapped)} images (5 Coal Baron boards, 5 images of every mine, 5 Saboteur "
          f"mazes); mapping onto the fixed palette: median {ms(mapping, 2)}; a Coal Baron "
          f"turn = its board + every mine")
    bare = bare_encode_seconds()
    print(f"bare encode (bench_turn_load's reference): {ms(bare, 2)} CPU; a turn's encoding "
          f"is given against level {COMPRESS_LEVEL}'s in bare encodes, what it adds to or "
          f"takes from bench_turn_load's figure (a)")
    chosen = turn_encode_seconds(turns, {"compress_level": COMPRESS_LEVEL})
    options = [(f"level {level}", {"compress_level": level}) for level in range(10)]
    for name, option in (*options, *OTHER_OPTIONS):
        times = [cpu_timed(encoded, image, **option)[1] for image in mapped for _ in range(REPEATS)]
        sizes = [len(encoded(image, **option)) for image in mapped]
        turn_sizes = [len(encoded(board, **option)) + len(encoded(mines, **option))
                      for board, mines in turns]
        is_chosen = option == {"compress_level": COMPRESS_LEVEL}
        turn = chosen if is_chosen else turn_encode_seconds(turns, option)
        mark = "  <- renderer.png.COMPRESS_LEVEL" if is_chosen else ""
        print(f"  {name}: encode median {ms(statistics.median(times), 2)}, "
              f"PNG median {statistics.median(sizes) / 1024:.0f} KB, "
              f"max {max(sizes) / 1024:.0f} KB; a Coal Baron turn's two images "
              f"{statistics.median(turn_sizes) / 1024:.0f} KB, encoded in {ms(turn, 1)} "
              f"({(turn - chosen) / bare:+.2f} x bare encode){mark}")


if __name__ == "__main__":
    main()
