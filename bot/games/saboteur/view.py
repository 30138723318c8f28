"""What one seat (or a spectator) may see of a Saboteur game.

The shape is documented in docs/saboteur.md ("View JSON"). Everything here is
public except the `you` entry, built for the viewing seat only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from bot.games.base import JSON, Seat
from bot.games.saboteur.cards import GOAL_GOLD, PATH_CARDS, ROUNDS, card_tools, card_type
from bot.games.saboteur.maze import GOAL_NAMES, GOAL_POSITIONS, START_POS, GoalName, Placed, Pos
from bot.games.saboteur.shapes import (
    Bounds,
    Goal,
    HandCard,
    LastMove,
    MazeCard,
    PeekView,
    RoundPlayed,
    SaboteurView,
)

if TYPE_CHECKING:
    from bot.games.saboteur.state import SaboteurState


def build_view(state: SaboteurState, seat: Seat | None) -> SaboteurView:
    outcome = state.outcome()
    view: SaboteurView = {
        "game": state.game_id,
        "players": state.players,
        "round": state.round,
        "rounds": ROUNDS,
        "phase": state.phase,
        "to_act": list(state.to_act()),
        "seat": seat,
        "maze": [_maze_card(pos, placed) for pos, placed in sorted(state.maze.cards.items())],
        "goals": [_goal(state, pos) for pos in GOAL_POSITIONS.values()],
        "bounds": _bounds([*state.maze.cards, *GOAL_POSITIONS.values()]),
        "deck": len(state.deck),
        "discard": len(state.discard),
        "gold_deck": len(state.gold_deck),
        "hands": [len(hand) for hand in state.hands],
        "broken_tools": [list(tools) for tools in state.broken],
        "gold_pool": len(state.gold_pool),
        "rounds_played": [_round_played(entry) for entry in state.history],
        "scores": list(outcome.scores) if outcome else None,
        "winners": list(outcome.winners) if outcome else None,
        "last": cast(LastMove | None, state.last_move),
    }
    if seat is not None:
        view["you"] = {
            "role": state.roles[seat],
            "hand": [card_json(card) for card in sorted(state.hands[seat])],
            "peeks": [_peek(name, card) for name, card in sorted(state.peeks[seat].items())],
            "gold": sorted(state.gold[seat], reverse=True),
            "nuggets": sum(state.gold[seat]),
            "gold_offer": _gold_offer(state, seat),
        }
    return view


def _gold_offer(state: SaboteurState, seat: Seat) -> list[int]:
    """The gold cards on the table, seen only by the gold-digger holding them now."""
    if state.phase == "gold" and seat in state.to_act():
        return sorted(state.gold_pool, reverse=True)
    return []


def card_json(code: str) -> HandCard:
    """A hand card as the renderer needs it (see docs/saboteur.md)."""
    path = PATH_CARDS.get(code)
    return {
        "card": code,
        "type": card_type(code),
        "edges": path.edges if path else "",
        "dead_end": path.dead_end if path else False,
        "tools": list(card_tools(code)),
    }


def _maze_card(pos: Pos, placed: Placed) -> MazeCard:
    if pos == START_POS:
        kind = "start"
    elif pos in GOAL_NAMES:
        kind = "goal_gold" if placed.code == GOAL_GOLD.code else "goal_stone"
    else:
        kind = "path"
    return {
        "x": pos[0],
        "y": pos[1],
        "card": placed.code,
        "kind": kind,
        "edges": placed.edges,
        "dead_end": placed.card.dead_end,
        "rotated": placed.rotated,
    }


def _goal(state: SaboteurState, pos: Pos) -> Goal:
    placed = state.maze.cards.get(pos)
    return {
        "x": pos[0],
        "y": pos[1],
        "name": GOAL_NAMES[pos],
        "revealed": placed is not None,
        "gold": None if placed is None else placed.code == GOAL_GOLD.code,
    }


def _peek(name: GoalName, card: str) -> PeekView:
    x, y = GOAL_POSITIONS[name]
    return {"x": x, "y": y, "name": name, "card": card, "gold": card == GOAL_GOLD.code}


def _round_played(entry: dict[str, JSON]) -> RoundPlayed:
    """A finished round; its final maze (every goal face up) shaped like ``maze``."""
    played = RoundPlayed(
        round=entry["round"], winner=entry["winner"], finder=entry["finder"], roles=entry["roles"]
    )
    if entry.get("last") is not None:
        played["last"] = cast(LastMove, entry["last"])
    if "maze" in entry:  # rounds stored before the final maze was kept have none
        played["maze"] = [
            _maze_card((x, y), Placed(code, rotated)) for x, y, code, rotated in entry["maze"]
        ]
    return played


def _bounds(cells: list[Pos]) -> Bounds:
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    return {"min_x": min(xs), "max_x": max(xs), "min_y": min(ys), "max_y": max(ys)}
