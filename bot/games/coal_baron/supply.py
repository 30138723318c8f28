"""Buying a tile: its cost, and its cubes from the general supply, shortage included.

Rulebook ("Notes supplémentaires"): if the supply lacks cubes of the tile's
colour, the buyer puts a cube of a colour of their choice on each cart that
can't be filled. The choice is a multiset of colours (the carts of a tile are
alike), written sorted by level.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement

from bot.games.base import Event, Seat
from bot.games.coal_baron.components import COLOUR_NAMES, COLOURS, TILES
from bot.games.coal_baron.player import Player
from bot.games.errors import IllegalAction


def shortage(supply: Sequence[int], colour: int, carts: int) -> int:
    """How many carts of a new tile need a colour chosen by the buyer.

    If the whole supply runs dry, the carts left over stay empty.
    """
    short = max(0, carts - supply[colour])
    return min(short, sum(supply) - supply[colour])


def fill_options(supply: Sequence[int], colour: int, carts: int) -> list[tuple[int, ...]]:
    """Every possible choice of colours (``[()]`` when there is no shortage)."""
    short = shortage(supply, colour, carts)
    if not short:
        return [()]
    return [
        fill
        for fill in combinations_with_replacement(COLOURS, short)
        if colour not in fill and all(fill.count(c) <= supply[c] for c in set(fill))
    ]


def tile_cubes(
    supply: Sequence[int], colour: int, carts: int, fill: tuple[int, ...]
) -> list[int]:
    """Check the buyer's choice; the cube on each cart of the tile (-1: left empty)."""
    short = shortage(supply, colour, carts)
    if tuple(sorted(fill)) not in fill_options(supply, colour, carts):
        if short == 0:
            raise IllegalAction(
                "no colour choice is needed: the supply can fill every cart",
                reason_key="coal-baron.no-fill-needed",
            )
        raise IllegalAction(
            f"the supply lacks {COLOUR_NAMES[colour]} cubes: choose an available colour "
            f"for {short} cart(s), e.g. '=y' for each",
            reason_key="coal-baron.fill-needed",
            colour=COLOUR_NAMES[colour],
            carts=short,
        )
    cubes = [colour] * min(carts, supply[colour]) + sorted(fill)
    return cubes + [-1] * (carts - len(cubes))


def unaffordable(player: Player, tile: int) -> IllegalAction | None:
    """Why `player` can't pay for `tile`, or None if they can."""
    cost = TILES[tile].cost
    if cost <= player.money:
        return None
    return IllegalAction(
        f"the tile {TILES[tile].name} costs {cost} Francs, you have {player.money}",
        reason_key="coal-baron.cannot-afford",
        cost=cost,
        money=player.money,
    )


def gain_tile(
    player: Player, supply: list[int], tile: int, cubes: list[int], seat: Seat, source: str
) -> Event:
    """Pay for `tile` and add it to the mine with `cubes` (from `tile_cubes`) on its carts."""
    design = TILES[tile]
    player.money -= design.cost
    for cube in cubes:
        if cube >= 0:
            supply[cube] -= 1
    player.add_tile(tile, cubes)
    return Event(
        "tile-bought",
        {
            "seat": seat,
            "space": source,
            "tile": design.name,
            "cost": design.cost,
            "level": design.level,
            "lit": design.lit,
            "cubes": [COLOUR_NAMES[c] for c in cubes if c >= 0],
        },
    )
