"""The Mine Out components, read from ``components.json`` (shipped in this package).

The data file holds every number of the game (cards, town map, mines, Market
boxes, set-up by player count, the Worker and Mafia tables), each with its
label: ``R`` stated in the rules, ``X`` reconstructed. Only this module reads
it; the rest of the engine uses the typed values below, so replacing the
file with the printed values changes no code.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA_FILE = Path(__file__).with_name("components.json")

COPPER, SILVER, GOLD, JEWEL = 0, 1, 2, 3
KINDS = (COPPER, SILVER, GOLD, JEWEL)
"""Cube kinds, by index: the three ores, then jewels (a wild cube)."""
ORES = (COPPER, SILVER, GOLD)
"""The kinds that score and sell; a jewel counts as one of them when it does."""

MARKET, ESTABLISHMENT, MINE = "market", "establishment", "mine"
MINER, WORKER, NEGOTIATOR, SMITH = "miner", "worker", "negotiator", "smith"
INVESTOR, MAFIA, SLAVER, JEWELER = "investor", "mafia", "slaver", "jeweler"


@dataclass(frozen=True)
class Card:
    """One character card; `frame` is black or an ore's colour."""

    id: str
    type: str
    frame: str
    establishment: str
    dig: int
    salary: int
    fame: int
    start: bool
    ability: str


@dataclass(frozen=True)
class Kind:
    """A cube kind and its mine. `minimum`, `prices`, `negotiator_bonus`: None for jewels."""

    id: str
    code: str
    frame: str
    cubes: int
    difficulty: int
    minimum: int | None
    prices: tuple[int, ...] | None
    negotiator_bonus: int | None


@dataclass(frozen=True)
class Mode:
    """What a player count (or the team variant) removes from the box."""

    removed_five_coins: int
    removed_cubes: tuple[int, ...]
    removed_start_miners: int
    removed_start_workers: int


def _value(entry: Any) -> Any:
    return entry["value"]


def _load() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    return data


DATA = _load()
"""The raw data file, labels included (for the component tests and the docs)."""

ACTION_POINTS: int = _value(DATA["action_points"])
HAND_LIMIT: int = _value(DATA["hand_limit"])
DISPLAY_SIZE: int = _value(DATA["display_size"])
WAITING_SIZE: int = _value(DATA["waiting_size"])
COMMUNITY_SPACES: int = _value(DATA["community_spaces"])
STARTING_MONEY: int = _value(DATA["starting_money"])
MONEY_AFTER_BANK_OUT: int = _value(DATA["money_after_bank_out"])
END_THRESHOLD: int = _value(DATA["end_threshold"])
STARTING_FAME: tuple[int, ...] = tuple(_value(DATA["starting_fame"]))
MAX_HIRES: int = _value(DATA["max_hires"])
MAX_DIGS: int = _value(DATA["max_digs"])
MAX_SALES: int = _value(DATA["max_sales"])
MAX_CHANGES: int = _value(DATA["max_changes"])
COSTS: dict[str, int] = {name: _value(entry) for name, entry in DATA["costs"].items()}
WORKER_BONUS: tuple[int, ...] = tuple(_value(DATA["worker_bonus"]))
MAFIA_FAME: tuple[int, ...] = tuple(_value(DATA["mafia_fame"]))
BLACK_MINER_BONUS: int = _value(DATA["miner_bonus"]["black"])
COLOURED_MINER_BONUS: int = _value(DATA["miner_bonus"]["coloured"])
INVESTOR_PAYOUT: int = _value(DATA["investor_payout"])
FIVE_COINS: int = _value(DATA["coins"]["five"])
ONE_COINS: int = _value(DATA["coins"]["one"])
START_NODE: str = _value(DATA["start_node"])

KIND_DATA: tuple[Kind, ...] = tuple(
    Kind(
        id=entry["id"],
        code=entry["code"],
        frame=entry["frame"],
        cubes=_value(entry["cubes"]),
        difficulty=_value(entry["difficulty"]),
        minimum=_value(entry["minimum"]) if entry["minimum"] else None,
        prices=tuple(_value(entry["prices"])) if entry["prices"] else None,
        negotiator_bonus=_value(entry["negotiator_bonus"]) if entry["negotiator_bonus"] else None,
    )
    for entry in DATA["ores"]
)
KIND_BY_CODE = {kind.code: index for index, kind in enumerate(KIND_DATA)}
KIND_BY_ID = {kind.id: index for index, kind in enumerate(KIND_DATA)}
KIND_OF_FRAME = {kind.frame: index for index, kind in enumerate(KIND_DATA)}

NODES: dict[str, str] = {node["id"]: node["kind"] for node in DATA["nodes"]}
"""Node id -> market, establishment or mine. A mine's id is its kind's id."""
MARKET_NODE = next(node for node, kind in NODES.items() if kind == MARKET)
ESTABLISHMENTS = tuple(node for node, kind in NODES.items() if kind == ESTABLISHMENT)
RAILS: dict[str, tuple[str, ...]] = {
    node: tuple(
        other
        for rail in DATA["rails"]
        for a, b in [rail["between"]]
        for other in ((b,) if a == node else (a,) if b == node else ())
    )
    for node in NODES
}
"""Each node's neighbours along one rail."""

CARDS: dict[str, Card] = {
    entry["id"]: Card(**{key: entry[key] for key in Card.__dataclass_fields__})
    for entry in DATA["cards"]
}
CARD_ORDER = {card_id: index for index, card_id in enumerate(CARDS)}
"""The data file's order, used to list cards in a stable order."""


def _modes() -> dict[str, Mode]:
    modes = {}
    for name, entry in DATA["modes"].items():
        removed = entry["removed_start_cards"]
        modes[name] = Mode(
            removed_five_coins=entry["removed_five_coins"],
            removed_cubes=tuple(entry["removed_cubes"][kind.id] for kind in KIND_DATA),
            removed_start_miners=removed["miner"],
            removed_start_workers=removed["worker"],
        )
    return modes


MODES: dict[str, Mode] = _modes()
"""Keyed by "2", "3", "4" and "teams"."""


def distances(start: str) -> dict[str, int]:
    """Moves from `start` to every node (breadth-first along the rails)."""
    found = {start: 0}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for other in RAILS[node]:
                if other not in found:
                    found[other] = found[node] + 1
                    following.append(other)
        frontier = following
    return found


DISTANCES: dict[str, dict[str, int]] = {node: distances(node) for node in NODES}


def worker_bonus(discarded: int) -> int:
    """Dig bonus for discarding `discarded` Workers: the table, then n(n+1)/2 beyond it
    (ruling 15; the printed table is that same sequence)."""
    if discarded <= 0:
        return 0
    if discarded <= len(WORKER_BONUS):
        return WORKER_BONUS[discarded - 1]
    return discarded * (discarded + 1) // 2


def mafia_fame(count: int) -> int:
    """Fame for `count` Mafia at a Mine or Bank Out (at most the table's length count)."""
    if count <= 0:
        return 0
    return MAFIA_FAME[min(count, len(MAFIA_FAME)) - 1]
