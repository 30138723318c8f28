"""Determinizers: a full state the seat cannot tell from the real one, whatever the secrets."""

from __future__ import annotations

import random

import pytest

from bot.ai.knowledge import has_computer_players, knowledge_for
from bot.games.coal_baron.determinize import determinize as coal_baron_determinize
from bot.games.coal_baron.state import CoalBaronState
from bot.games.mine_out.determinize import determinize as mine_out_determinize
from bot.games.mine_out.state import MineOutState
from bot.games.registry import game_ids, get_game
from bot.games.saboteur.determinize import determinize as saboteur_determinize
from bot.games.saboteur.determinize import saboteur_sets
from bot.games.saboteur.state import SaboteurState
from bot.games.selfplay import check_state
from tests.ai.positions import midgame

POSITIONS = [(seed, actions) for seed in range(4) for actions in (0, 25, 70, 140)]
GAMES = sorted(filter(has_computer_players, game_ids()))


def players_of(game: str) -> int:
    """A table with more than two seats when the game allows it (a third seat's
    secrets are unknown to two others)."""
    engine = get_game(game)
    return min(engine.min_players + 1, engine.max_players)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("seed", "actions"), POSITIONS)
def test_a_determinization_looks_the_same_to_the_seat(game: str, seed: int, actions: int) -> None:
    """For every game with computer players: the sample passes every self-play check,
    shows the seat the same view and legal actions, and does not depend on how the
    secrets really lie (the engine's `shuffle_secrets` deals them again first)."""
    players = players_of(game)
    state, _ = midgame(get_game(game), players, seed, actions)
    determinize = knowledge_for(game).determinizer
    seat = state.to_act()[0] if state.to_act() else 0
    for observer in {seat, (seat + 1) % players}:
        sample = determinize(state, observer, random.Random(seed))
        check_state(sample)
        assert sample.view(observer) == state.view(observer)
        assert sample.legal_actions(observer) == state.legal_actions(observer)
        shuffled = state.shuffle_secrets(observer, random.Random(seed + 100))
        again = determinize(shuffled, observer, random.Random(seed))
        assert again.to_json() == sample.to_json()


def test_a_coal_baron_determinization_deals_the_piles_again() -> None:
    state, _ = midgame(CoalBaronState, 2, 5, 30)
    samples = {tuple(coal_baron_determinize(state, 0, random.Random(i)).tile_pile)
               for i in range(5)}
    assert len(samples) == 5
    assert all(sorted(sample) == sorted(state.tile_pile) for sample in samples)


def test_a_mine_out_determinization_deals_other_hands_and_the_deck_again() -> None:
    state, _ = midgame(MineOutState, 2, 3, 40)
    rng = random.Random(0)
    samples = [mine_out_determinize(state, 0, rng) for _ in range(5)]
    assert len({tuple(sample.deck) for sample in samples}) == 5
    for sample in samples:
        assert sample.seat_positions(0) == state.seat_positions(0)
        assert [p.hand for p in sample.positions if p.seat == 0] == [
            p.hand for p in state.positions if p.seat == 0
        ]
        assert [len(p.hand) for p in sample.positions] == [len(p.hand) for p in state.positions]
        unknown = state.deck + [c for p in state.positions if p.seat != 0 for c in p.hand]
        assert sorted(sample.deck + [c for p in sample.positions if p.seat != 0
                                     for c in p.hand]) == sorted(unknown)


def test_saboteur_roles_follow_the_odds() -> None:
    state = SaboteurState.new(4, seed=3)
    seat = state.roles.index("digger")
    suspect = (seat + 1) % 4
    odds = [1.0] * 4
    odds[suspect] = 50.0
    rng = random.Random(0)
    samples = [saboteur_determinize(state, seat, rng, saboteur_odds=odds) for _ in range(200)]
    suspected = sum(sample.roles[suspect] == "saboteur" for sample in samples)
    others = sum(sample.roles[(seat + 2) % 4] == "saboteur" for sample in samples)
    assert suspected > 150 > 20 > others


def test_the_saboteur_sets_are_those_the_role_deck_allows() -> None:
    # 5 players: 2 saboteurs and 4 gold-diggers, one card set aside.
    as_digger = saboteur_sets(5, 0, "digger")
    assert {len(chosen) for chosen in as_digger} == {1, 2}
    assert len(as_digger) == 4 + 6
    as_saboteur = saboteur_sets(5, 0, "saboteur")
    assert {len(chosen) for chosen in as_saboteur} == {0, 1}


def test_gold_odds_steer_where_the_gold_is_sampled() -> None:
    state = SaboteurState.new(4, seed=8)
    rng = random.Random(1)
    top = 0
    for _ in range(100):
        sample = saboteur_determinize(state, 0, rng, gold_odds={"top": 20.0})
        top += sample.maze.hidden_goals[(8, -2)] == "goal-gold"
    assert top > 80
