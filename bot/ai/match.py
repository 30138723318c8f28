"""A game played to its end by computer players, each seat deciding from its observation."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.ai.knowledge import knowledge_for
from bot.ai.observation import observe
from bot.ai.players import ComputerPlayer, make_player
from bot.games.base import JSON, Event, GameState
from bot.games.record import format_entry
from bot.games.selfplay import play_out


@dataclass
class Match:
    """A finished game, its record, and how long each seat took per decision."""

    state: GameState[Any]
    record: dict[str, JSON]
    levels: tuple[str, ...]
    move_seconds: list[list[float]] = field(default_factory=list)
    """Per seat, the time of each decision it took."""


def play_match(
    game_cls: type[GameState[Any]],
    levels: Sequence[str],
    seed: int,
    check: bool = False,
    players: Sequence[ComputerPlayer] | None = None,
) -> Match:
    """Play one game, seat `i` played by a computer of `levels[i]`.

    The game and every player's randomness derive from `seed`. With `check`,
    every state is checked as in random self-play; a failure raises
    SelfPlayError carrying the record so far.
    """
    state = game_cls.new(len(levels), seed)
    seats = list(players) if players is not None else [make_player(level) for level in levels]
    determinizer = knowledge_for(game_cls.game_id).determinizer
    rngs = [random.Random(f"{seed}:seat:{seat}") for seat in range(len(levels))]
    record: dict[str, JSON] = {
        "game": game_cls.game_id,
        "players": len(levels),
        "seed": seed,
        "options": {},
        "actions": [],
        "levels": list(levels),
    }
    match = Match(state, record, tuple(levels), [[] for _ in levels])
    events: list[Event] = []

    def move(entries: list[str]) -> None:
        seat = state.to_act()[0]
        observation = observe(state, seat, events, determinizer)
        started = time.perf_counter()
        action = seats[seat].choose(observation, rngs[seat])
        match.move_seconds[seat].append(time.perf_counter() - started)
        entries.append(format_entry(state, seat, state.format_action(action)))
        events.extend(state.apply(seat, action))

    play_out(state, record, move, check=check)
    return match
