"""Computer players decide from their seat's view only, and play sensibly."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.ai.coal_baron import extraction_step
from bot.ai.knowledge import has_computer_players, knowledge_for
from bot.ai.match import play_match
from bot.ai.observation import observe
from bot.ai.players import SearchPlayer, make_player
from bot.ai.search import SearchBudget
from bot.games.base import Event, GameState
from bot.games.coal_baron.actions import Cage, Cube, Load, Take
from bot.games.coal_baron.extraction import Extraction
from bot.games.coal_baron.state import CoalBaronState
from bot.games.mine_out.state import MineOutState
from bot.games.registry import game_ids, get_game
from bot.games.saboteur.state import SaboteurState
from tests.ai.positions import midgame

SMALL = SearchBudget(iterations=12)


def choice(state: GameState[Any], events: list[Event], player_level: str, seed: int) -> Any:
    seat = state.to_act()[0]
    knowledge = knowledge_for(state.game_id)
    player = SearchPlayer(player_level, SMALL) if player_level == "search" else make_player(
        player_level
    )
    observation = observe(state, seat, events, knowledge.determinizer)
    return player.choose(observation, random.Random(seed))


@pytest.mark.parametrize("game", sorted(filter(has_computer_players, game_ids())))
@pytest.mark.parametrize("level", ["random", "easy", "search"])
@pytest.mark.parametrize("actions", [3, 20, 45])
def test_a_choice_ignores_the_other_seats_secrets(game: str, level: str, actions: int) -> None:
    """The issue's test, for every game with computer players: with a fixed seed, the
    choice is the same once the secrets the seat does not know are dealt again."""
    engine = get_game(game)
    state, events = midgame(engine, min(engine.min_players + 1, engine.max_players), 11, actions)
    seat = state.to_act()[0]
    shuffled = state.shuffle_secrets(seat, random.Random(5))
    assert shuffled.to_json() != state.to_json()
    assert choice(state, events, level, 3) == choice(shuffled, events, level, 3)


@pytest.mark.parametrize("game", sorted(filter(has_computer_players, game_ids())))
def test_every_level_plays_a_legal_game_to_its_end(game: str) -> None:
    levels = ["easy"] + ["random"] * (get_game(game).min_players - 1)
    match = play_match(get_game(game), levels, seed=2, check=True)
    assert match.state.is_over()
    assert all(len(times) > 0 for times in match.move_seconds)


def test_easy_beats_random_at_coal_baron() -> None:
    wins = 0.0
    for seed in range(4):
        levels = ["easy", "random"] if seed % 2 == 0 else ["random", "easy"]
        outcome = play_match(get_game("coal-baron"), levels, seed).state.outcome()
        assert outcome is not None
        easy = levels.index("easy")
        wins += easy in outcome.winners
    assert wins >= 3


def test_the_greedy_extraction_brings_up_what_an_order_misses() -> None:
    state, _ = midgame(CoalBaronState, 2, 4, 0)
    assert isinstance(state, CoalBaronState)
    while state.phase == "draft":
        seat = state.to_act()[0]
        state.apply(seat, state.default_action(seat))
    player = state.players[0]
    wanted = next(order for order in player.orders)
    colour = wanted.free_colours()[0]
    extraction = Extraction("m10", 10, 10)
    assert extraction_step(player, extraction) == Cage(colour + 1)
    player.cage_level = colour + 1
    assert extraction_step(player, extraction) == Take(colour)
    player.cage_level = 0
    player.cage = [colour]
    load = extraction_step(player, extraction)
    assert isinstance(load, Load) and load.cubes == (Cube(colour),)


@pytest.mark.parametrize(
    ("game_cls", "players"), [(CoalBaronState, 2), (SaboteurState, 5), (MineOutState, 2)]
)
def test_thinking_leaves_the_game_as_it_was(game_cls: type[GameState[Any]], players: int) -> None:
    state, events = midgame(game_cls, players, 8, 30)
    before = state.to_json()
    for level in ("easy", "search"):
        choice(state, events, level, 1)
    assert state.to_json() == before


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_mine_out_computer_scores_by_a_legal_step_and_searches_the_rest(level: str) -> None:
    """In the scoring phase the computer's choice is one of the seat's legal steps (the
    runner plays nothing else: a whole default line was refused and the default turn
    played instead of the computer's own)."""
    state, events = midgame(MineOutState, 2, 3, 0)
    assert isinstance(state, MineOutState)
    quick, rng = knowledge_for("mine-out").playout_action, random.Random(3)
    scorings = 0
    while not state.is_over() and scorings < 2:
        seat = state.to_act()[0]
        if state.turn.scoring:
            chosen = choice(state, events, level, 1)
            assert chosen in state.legal_actions(seat), state.format_action(chosen)
            scorings += 1
        events += state.apply(seat, quick(state, seat, rng))
    assert scorings == 2
