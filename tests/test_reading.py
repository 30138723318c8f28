"""The table read on demand (issue 32): every fact of the reader's view is in the
reading the 📖 Read button sends, checked against the view itself.

Positions are taken along random games of each game, for the channel and for each
seat, in English and in French; each fact of the view (each player's points, money,
fame, cards and tools, each space or cell, each card the reader may see) must be
read on a line of its own, in words: names, counts and the game's own words for
places and cards (the words the images print), never an id or a code.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot.games.base import GameState, Seat
from bot.games.coal_baron.components import ORDER_BY_NAME, ORDERS, TILE_DESIGN_BY_NAME, TILE_DESIGNS
from bot.games.coal_baron.shapes import as_view as coal_view
from bot.games.mine_out.shapes import MineOutView
from bot.games.saboteur.shapes import as_view as sab_view
from bot.i18n import catalog, language_of, languages, t
from cogs.coal_baron.labels import colour_name, space_name, vehicle_name
from cogs.mine_out.words import card_short, place_name
from cogs.platform.alt_text import seen_of
from cogs.platform.reading import WHOLE, find_part, messages, part_names, reading_lines
from cogs.saboteur.choices import card_name, goal_name, tool_name
from renderer.saboteur.labels import shape_words
from tests.player_text import faults
from tests.test_game_contract import random_positions, table_of

NAMES = ("Ann", "Bob", "Cleo", "Dan")
EVERY = 7
"""One position of this many along each game is read."""


def read(state: GameState[Any], game: str, seat: Seat | None, language: str) -> list[str]:
    shown = seen_of(table_of(state, game), state, seat, NAMES[: state.num_players])
    return reading_lines(shown, language, WHOLE)


def number(value: int) -> re.Pattern[str]:
    return re.compile(rf"(?<![\d,.]){value}(?![\d,.]\d)")


def a_line_with(lines: list[str], *facts: str | int) -> str:
    """The first line holding every fact (a text, or a number as a whole word)."""
    for line in lines:
        if all(number(f).search(line) if isinstance(f, int) else f in line for f in facts):
            return line
    raise AssertionError(f"no line holds {facts}:\n" + "\n".join(lines))


def readings(game: str, players: int, language: str) -> Iterator[tuple[list[str], Any]]:
    """The whole reading and the view it was written from, for the channel and each
    seat, at one position of `EVERY` along a random game."""
    for state in random_positions(game, players, seed=4)[::EVERY]:
        for seat in [None, *range(state.num_players)]:
            yield read(state, game, seat, language), state.view(seat)


def tile_facts(language: str, name: str) -> tuple[str | int, ...]:
    """A tile's colour, side, carts and price, as the view's card name gives them."""
    tile = TILE_DESIGNS[TILE_DESIGN_BY_NAME[name]]
    side = t(language, "coal.side.lit" if tile.lit else "coal.side.dark")
    return colour_name(language, tile.colour), side, tile.carts, tile.cost


def order_facts(language: str, name: str) -> tuple[str | int, ...]:
    """An order's vehicle, colours and points."""
    order = ORDERS[ORDER_BY_NAME[name]]
    return (vehicle_name(language, order.vehicle), order.vp,
            *(colour_name(language, colour) for colour in order.slots))


@pytest.mark.parametrize("language", languages())
def test_the_coal_baron_reading_tells_every_fact_of_the_view(language: str) -> None:
    mine_heading = catalog(language)["read.coal.mine"].split("{")[0]  # "Mine ", "Bergwerk "
    for lines, seen_view in readings("coal-baron", 3, language):
        view = coal_view(seen_view)
        for player in view["players"]:
            name = NAMES[player["seat"]]
            a_line_with(lines, name, player["vp"], player["money"], player["workers_left"])
            header = next(index for index, line in enumerate(lines)  # then its levels
                          if line.startswith(mine_heading) and name in line)
            for offset, level in enumerate(player["mine"], start=1):
                a_line_with(lines[header + offset: header + offset + 1], level["level"],
                            len(level["lit"]), len(level["dark"]))
            for order in player["orders"]:
                a_line_with(lines[header:], order["vp"])
        for space in view["spaces"]:
            name = space_name(language, space["id"])
            line = next(line for line in lines if line.startswith((f"{name}:", f"{name} :")))
            for other, count in enumerate(space["workers"]):
                if count:
                    a_line_with([line], NAMES[other], count)
            if space["tile"] is not None:
                a_line_with(lines, name, *tile_facts(language, space["tile"]["name"]))
            if space["order"] is not None:
                a_line_with(lines, name, *order_facts(language, space["order"]["name"]))
        for drafted in view["draft"]:
            a_line_with(lines, *order_facts(language, drafted["name"]))
        pending = view["pending"]
        for drawn in (pending.get("cards") or []) if pending is not None else []:
            facts = tile_facts if "carts" in drawn else order_facts
            a_line_with(lines, *facts(language, drawn["name"]))
        a_line_with(lines, view["piles"]["tiles"], view["piles"]["orders"])
        assert not faults("\n".join(lines), language, names=NAMES), lines


def place_said(language: str, x: int, y: int) -> list[str]:
    """How far east or west and north or south of the start a cell is, as counted words."""
    said = []
    if x:
        said.append(t(language, "read.sab.east" if x > 0 else "read.sab.west", count=abs(x)))
    if y:
        said.append(t(language, "read.sab.south" if y > 0 else "read.sab.north", count=abs(y)))
    return said or [t(language, "read.sab.at_start")]


@pytest.mark.parametrize("language", languages())
def test_the_saboteur_reading_tells_every_fact_of_the_view(language: str) -> None:
    for lines, seen_view in readings("saboteur", 4, language):
        view = sab_view(seen_view)
        for card in view["maze"]:
            if card["kind"] == "path":
                shape = shape_words(card["edges"] + ("x" if card["dead_end"] else ""),
                                    language)
                a_line_with(lines, *place_said(language, card["x"], card["y"]), shape)
            else:
                a_line_with(lines, *place_said(language, card["x"], card["y"]))
        for goal in view["goals"]:
            a_line_with(lines, goal_name(language, goal["name"]),
                        *place_said(language, goal["x"], goal["y"]))
        for other, cards in enumerate(view["hands"]):
            broken = [tool_name(language, tool) for tool in view["broken_tools"][other]]
            a_line_with(lines, NAMES[other], cards, *broken)
        a_line_with(lines, view["deck"], view["round"])
        you = view.get("you")
        if you is not None:
            a_line_with(lines, t(language, f"saboteur.role.{you['role']}"))
            for held in you["hand"]:
                a_line_with(lines, card_name(language, held["card"]))
            a_line_with(lines, you["nuggets"])
        assert not faults("\n".join(lines), language, names=NAMES), lines


@pytest.mark.parametrize("language", languages())
def test_the_mine_out_reading_tells_every_fact_of_the_view(language: str) -> None:
    for lines, seen_view in readings("mine-out", 3, language):
        view: MineOutView = seen_view
        for position in view["positions"]:
            name = NAMES[position["seat"]]
            a_line_with(lines, name, position["money"], position["fame"],
                        place_name(language, position["node"]), position["hand_size"])
            for card in [*position["area"], *position.get("hand", [])]:
                a_line_with(lines, card_short(language, card).split(" (")[0])
            for kind, count in position["cubes"].items():
                if count:
                    a_line_with(lines, t(language, f"mine-out.ore.{kind}"), count)
        for mine, left in view["mines"].items():
            a_line_with(lines, place_name(language, mine), left)
        for offered in [*view["display"], *view["waiting"], *view["community"]]:
            if offered is not None:
                a_line_with(lines, card_short(language, offered).split(" (")[0])
        a_line_with(lines, view["bank"])
        a_line_with(lines, view["deck_size"], len(view["discard"]))
        assert not faults("\n".join(lines), language, names=NAMES), lines


@pytest.mark.parametrize("game", ["coal-baron", "saboteur", "mine-out"])
def test_each_part_is_found_by_its_name_in_both_languages(game: str) -> None:
    for language in ("en", "fr"):
        for value, name in part_names(game, language):
            assert find_part(game, language, name.upper()) == value
            assert find_part(game, language, value) == value
        assert find_part(game, language, None) == WHOLE
    assert language_of("fr") == "fr"


def test_a_long_reading_goes_in_messages_cut_between_lines() -> None:
    lines = [f"line {index} " + "word " * 30 for index in range(100)]
    sent = messages(lines, 2000)
    assert all(len(text) <= 2000 for text in sent) and len(sent) > 1
    assert "\n".join(sent).split("\n") == lines
