"""Saboteur read aloud: the table in lines of words, for the 📖 Read button, ``/game
read`` and the images' alt texts (`cogs.platform.table_words`).

A cell is never named by the images' letters and numbers: it is said from the
start ("3 east and 1 north of the start"), and the maze is read along its paths
from the start, nearest first, then the cards no path from the start reaches.
Parts: ``round`` (the round and the deck; the reading's head tells the last card
played), ``maze``, ``goals``
(each goal and what the reader knows of it), ``near_goals`` (the cards within two
columns of the goals), ``players`` (each player's cards in hand, broken tools, gold
once public) and ``hand`` (the reader's role, cards, looks at goals and gold).
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from functools import lru_cache

from bot.games.base import Seat
from bot.games.saboteur.cards import DELTA, OPPOSITE
from bot.games.saboteur.shapes import LastMove, MazeCard, SaboteurView, as_view
from bot.games.saboteur.spots import Spot
from bot.i18n import LocaleLike, joined, language_of, t
from bot.service import ActResult
from cogs.platform.alt_text import description, player_name
from cogs.platform.seen import Seen
from cogs.saboteur.choices import card_name, goal_name, tool_name
from renderer.saboteur.labels import shape_words

NEAR_GOALS = 2
"""``near_goals`` reads the cards at most this many columns west of the goals."""


def place_words(locale: LocaleLike, x: int, y: int) -> str:
    """A cell said from the start (`_place_words`)."""
    return _place_words(language_of(locale), x, y)


@lru_cache(maxsize=4096)
def _place_words(locale: str, x: int, y: int) -> str:
    """A cell said from the start: "the start", "2 cells east of the start", "8 cells
    east and 2 cells north of the start" (kept: a maze reads the same cells each turn)."""
    if (x, y) == (0, 0):
        return t(locale, "read.sab.at_start")
    steps = []
    if x:
        steps.append(t(locale, "read.sab.east" if x > 0 else "read.sab.west", count=abs(x)))
    if y:
        steps.append(t(locale, "read.sab.south" if y > 0 else "read.sab.north", count=abs(y)))
    return t(locale, "read.sab.from_start", steps=joined(locale, steps))


def card_words(locale: LocaleLike, card: MazeCard) -> str:
    """What a maze card is: the start, a goal, or a path by its openings."""
    if card["kind"] == "start":
        return t(locale, "read.sab.start_card")
    if card["kind"] != "path":
        return t(locale, "read.sab.goal_gold" if card["kind"] == "goal_gold" else
                 "read.sab.goal_stone")
    shape = card["edges"] + ("x" if card["dead_end"] else "")
    return shape_words(shape, language_of(locale))


def along_paths(maze: list[MazeCard]) -> tuple[list[MazeCard], list[MazeCard]]:
    """The cards reached from the start through open edges, nearest first; then the
    others (cut off by a rockfall or beyond a dead end), west to east."""
    cards = {(card["x"], card["y"]): card for card in maze}
    start = next((pos for pos, card in cards.items() if card["kind"] == "start"), (0, 0))
    seen = {start}
    order = []
    queue = deque([start])
    while queue:
        pos = queue.popleft()
        card = cards.get(pos)
        if card is None:
            continue
        order.append(card)
        if card["dead_end"] and card["kind"] == "path":
            continue
        for edge in card["edges"]:
            dx, dy = DELTA[edge]
            nxt = (pos[0] + dx, pos[1] + dy)
            neighbour = cards.get(nxt)
            if nxt in seen or neighbour is None or OPPOSITE[edge] not in neighbour["edges"]:
                continue
            seen.add(nxt)
            queue.append(nxt)
    rest = sorted((c for p, c in cards.items() if p not in seen), key=lambda c: (c["x"], c["y"]))
    return order, rest


def cell_line(locale: LocaleLike, card: MazeCard) -> str:
    """``2 cells east of the start: path open north and west 🪨``."""
    return _cell_line(language_of(locale), card["x"], card["y"], card["kind"], card["edges"],
                      card["dead_end"])


@lru_cache(maxsize=4096)
def _cell_line(locale: str, x: int, y: int, kind: str, edges: str, dead_end: bool) -> str:
    card: MazeCard = {"x": x, "y": y, "card": "", "kind": kind, "edges": edges,
                      "dead_end": dead_end, "rotated": False}
    line = t(locale, "read.sab.cell", place=place_words(locale, x, y),
             card=card_words(locale, card))
    return line[:1].upper() + line[1:]


def maze_lines(locale: LocaleLike, maze: list[MazeCard]) -> list[str]:
    reached, rest = along_paths(maze)
    lines = [cell_line(locale, card) for card in reached]
    if rest:
        lines.append(t(locale, "read.sab.cut_off"))
        lines += [cell_line(locale, card) for card in rest]
    return lines


def goal_lines(locale: LocaleLike, view: SaboteurView) -> list[str]:
    peeks = {peek["name"]: peek["gold"] for peek in view.get("you", {}).get("peeks", [])}
    lines = []
    for goal in view["goals"]:
        name, place = goal_name(locale, goal["name"]), place_words(locale, goal["x"], goal["y"])
        if goal["revealed"]:
            key = "read.sab.goal_open_gold" if goal["gold"] else "read.sab.goal_open_stone"
        elif goal["name"] in peeks:
            key = "read.sab.goal_peeked_" + ("gold" if peeks[goal["name"]] else "stone")
        else:
            key = "read.sab.goal_hidden"
        lines.append(t(locale, key, goal=name, place=place))
    return lines


def player_lines(seen: Seen, locale: LocaleLike, view: SaboteurView) -> list[str]:
    scores = view["scores"]
    return [
        player_line(language_of(locale), player_name(seen, seat, locale), cards,
                    tuple(view["broken_tools"][seat]), None if scores is None else scores[seat])
        for seat, cards in enumerate(view["hands"])
    ]


@lru_cache(maxsize=4096)
def player_line(
    locale: str, name: str, cards: int, broken: tuple[str, ...], nuggets: int | None
) -> str:
    """``Ann: 5 cards in hand, broken: lamp 🧰`` (kept: most players' lines read the
    same from one turn to the next)."""
    tools = (t(locale, "read.sab.broken", tools=", ".join(tool_name(locale, x) for x in broken))
             if broken else t(locale, "read.sab.tools_whole"))
    line = t(locale, "read.sab.player", player=name, cards=cards, tools=tools)
    return line if nuggets is None else t(locale, "read.sab.player_gold", line=line,
                                          nuggets=nuggets)


def hand_lines(locale: LocaleLike, view: SaboteurView) -> list[str]:
    you = view.get("you")
    if you is None:
        return []
    lines = [t(locale, "read.sab.role", role=t(locale, f"saboteur.role.{you['role']}"))]
    lines += [t(locale, "read.sab.hand_card", card=card_name(locale, card["card"]))
              for card in you["hand"]]
    lines.append(t(locale, "read.sab.nuggets", nuggets=you["nuggets"]))
    if you["gold_offer"]:
        values = ", ".join(str(value) for value in you["gold_offer"])
        lines.append(t(locale, "read.sab.gold_offer", values=values))
    return lines


def last_words(seen: Seen, locale: LocaleLike, last: LastMove) -> str:
    """The last card played, in public words (never the card a pass discarded)."""
    params = {"player": player_name(seen, last["seat"], locale)}
    if "x" in last and "y" in last:
        params["place"] = place_words(locale, last["x"], last["y"])
    if "target" in last:
        params["target"] = player_name(seen, last["target"], locale)
    if "tool" in last:
        params["tool"] = tool_name(locale, last["tool"])
    if "goal" in last:
        params["goal"] = goal_name(locale, last["goal"])
    if last["kind"] == "path":
        cell = next((c for c in as_view(seen.view)["maze"]
                     if (c["x"], c["y"]) == (last.get("x"), last.get("y"))), None)
        params["card"] = card_words(locale, cell) if cell else t(locale, "read.sab.a_card")
    return t(locale, f"read.sab.last.{last['kind']}", **params)


class SaboteurWords:
    parts: tuple[str, ...] = ("round", "maze", "goals", "near_goals", "players", "hand")
    whole: tuple[str, ...] = ("round", "hand", "players", "goals", "maze")

    def where(self, seen: Seen, locale: LocaleLike) -> str:
        view = as_view(seen.view)
        return t(locale, "read.sab.where", round=view["round"], rounds=view["rounds"])

    def last(self, seen: Seen, locale: LocaleLike) -> str | None:
        last = as_view(seen.view)["last"]
        return None if last is None else last_words(seen, locale, last)

    def read(self, seen: Seen, locale: LocaleLike, part: str, seat: Seat | None) -> list[str]:
        view = as_view(seen.view)
        if part == "round":
            return [t(locale, "read.sab.round", round=view["round"], rounds=view["rounds"],
                      deck=view["deck"], discard=view["discard"])]
        if part == "maze":
            return maze_lines(locale, view["maze"])
        if part == "goals":
            return goal_lines(locale, view)
        if part == "near_goals":
            east = min(goal["x"] for goal in view["goals"]) - NEAR_GOALS
            near = [card for card in view["maze"] if card["x"] >= east and card["kind"] == "path"]
            cards = [cell_line(locale, card) for card in near]
            return [*goal_lines(locale, view), *(cards or [t(locale, "read.sab.none_near")])]
        if part == "players":
            return player_lines(seen, locale, view)
        if part == "hand":
            return hand_lines(locale, view)
        raise KeyError(part)


WORDS = SaboteurWords()


BOARD_PARTS = ("players", "goals", "maze")
"""What the board's alt text reads after its headline: the players' tools, the goals,
then the maze along its paths (cut where 1,024 characters end)."""


def round_end_description(
    seen: Seen, locale: LocaleLike, played: ActResult | None, ended: int
) -> str:
    """The alt text of the maze of a round just ended, every goal face up."""
    view = as_view(seen.view)
    final = next((entry for entry in view["rounds_played"] if entry["round"] == ended), None)
    shown = seen if final is None or "maze" not in final else replace(
        seen, view={**view, "maze": final["maze"], "goals": []})
    return description(shown, locale, "round_end", played, parts=("maze",), round=ended)


def placement_description(
    seen: Seen, locale: LocaleLike, card: str, spots: list[Spot], played: ActResult | None
) -> str:
    """The alt text of the placement picture: each lettered spot the card may go to
    (`played`: the table's last action)."""
    lines = [t(locale, "read.sab.card_to_lay", card=card_name(locale, card))]
    lines += [t(locale, "read.sab.spot", letter=spot.letter,
                place=place_words(locale, spot.x, spot.y),
                card=shape_words(spot.shape, language_of(locale))) for spot in spots]
    return description(seen, locale, "placement", played, lines=lines)
