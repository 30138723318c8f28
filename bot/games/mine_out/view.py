"""What one seat (or a spectator) sees; the shape is documented in docs/mine-out.md.

Everything in Mine Out is public except the hands (a seat sees the hands of
the positions it plays; the others see how many cards they hold) and the
order of the deck (everyone sees its size; the discard pile is face up).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.base import Seat
from bot.games.mine_out.components import KIND_DATA, KINDS, ORES
from bot.games.mine_out.player import Trail
from bot.games.mine_out.shapes import MineOutView, PositionView, TrailView

if TYPE_CHECKING:
    from bot.games.mine_out.state import MineOutState


def _kinds(counts: list[int]) -> dict[str, int]:
    return {KIND_DATA[kind].id: counts[kind] for kind in KINDS}


def trail_view(trail: Trail) -> TrailView:
    return {
        "position": trail.position,
        "path": list(trail.path),
        "hired": list(trail.hired),
        "dug": list(trail.dug),
        "sold": list(trail.sold),
        "played": list(trail.played),
        "community": list(trail.community),
        "changed": trail.changed,
    }


def state_view(state: MineOutState, seat: Seat | None) -> MineOutView:
    """The public state, plus the hands of the positions `seat` plays."""
    positions = []
    for index, position in enumerate(state.positions):
        entry: PositionView = {
            "index": index,
            "seat": position.seat,
            "apprentice": position.apprentice,
            "node": position.node,
            "money": position.money,
            "fame": position.fame,
            "cubes": _kinds(position.cubes),
            "area": list(position.area),
            "hand_size": len(position.hand),
        }
        if seat is not None and position.seat == seat:
            entry["hand"] = list(position.hand)
        positions.append(entry)
    turn = state.turn
    return {
        "game": state.game_id,
        "seat": seat,
        "players": state.players,
        "options": state.options.to_json(),
        "round": state.round,
        "current": state.current,
        "to_act": list(state.to_act()),
        "turn": {
            "points": turn.points,
            "scoring": turn.scoring,
            "hires": list(turn.hires),
            "digs": list(turn.digs),
            "sales": turn.sales,
            "changes": turn.changes,
            "acted": turn.acted,
        },
        "positions": positions,
        "scores": list(state.scores()),
        "display": list(state.display),
        "waiting": list(state.waiting),
        "community": list(state.community),
        "deck_size": len(state.deck),
        "discard": list(state.discard),
        "mines": _kinds(state.mines),
        "market": {
            KIND_DATA[row].id: [KIND_DATA[cube].id for cube in state.market[row]] for row in ORES
        },
        "bank": state.bank,
        "expenses": state.expenses,
        "final": state.final,
        "last": None if state.last is None else trail_view(state.last),
    }
