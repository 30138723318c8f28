"""How players name a cell of the maze: a column letter and a row number, printed on
the edges of every maze image and used by every text ("laid a path card in D3").

The notation keeps its own ``x,y`` (``path NSW 3,-1``, docs/saboteur.md); these names
are for reading. They are fixed for the whole game (not relative to the maze's
current extent), so a text names the same cell as every image before and after it.
"""

from __future__ import annotations

START_COLUMN = 3
"""The start card's column as a letter index (D): the maze's columns are lettered from
three left of the start, its rows numbered from four above it (the start is D5, the
goals L3, L5 and L7), the same on every image and in every text of the game."""
START_ROW = 5


def column_name(x: int) -> str:
    """The letter printed over column `x` of the maze (``D`` for the start's): A to Z,
    then AA, AB…; a column further left than A (rare) is ``−A``, ``−B``…"""
    index = x + START_COLUMN
    sign = "−" if index < 0 else ""
    index = -index - 1 if index < 0 else index
    letters = ""
    while True:
        letters = chr(ord("A") + index % 26) + letters
        index = index // 26 - 1
        if index < 0:
            return sign + letters


def row_name(y: int) -> str:
    """The number printed beside row `y` of the maze (5 for the start's; y grows south)."""
    return str(y + START_ROW)


def cell_name(x: int, y: int) -> str:
    """A maze cell as the images' edges name it: ``L3`` for the top goal."""
    return column_name(x) + row_name(y)
