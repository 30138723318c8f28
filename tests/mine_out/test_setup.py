"""Set-up for 2, 3 and 4 players and the 2-vs-2 team variant."""

import pytest

from bot.games.mine_out import MineOutState
from bot.games.mine_out.components import CARDS, KINDS


@pytest.mark.parametrize(
    "players, options, cubes, money, fame, positions",
    [
        (4, {}, [11, 8, 5, 4], 60, [0, 2, 4, 6], 4),
        (3, {}, [9, 6, 4, 3], 45, [0, 2, 4], 3),
        (4, {"variant": "teams"}, [9, 6, 4, 3], 50, [0, 2, 4, 6], 4),
        (2, {}, [9, 6, 4, 3], 50, [0, 0], 4),
    ],
    ids=["4 players", "3 players", "teams", "2 players"],
)
def test_setup_removes_coins_and_cubes_and_sets_money_fame_and_pawns(
    players: int,
    options: dict[str, str],
    cubes: list[int],
    money: int,
    fame: list[int],
    positions: int,
) -> None:
    state = MineOutState.new(players, 7, options)
    assert [state.total_cubes(kind) for kind in KINDS] == cubes
    assert state.mines == cubes
    assert state.total_money() == money
    assert len(state.positions) == positions
    assert all(p.money == 5 and p.node == "market" for p in state.positions)
    assert state.bank == money - 5 * positions and state.expenses == 0
    assert list(state.scores()) == fame
    state.check_invariants()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_hand_is_one_start_miner_and_one_start_worker(players: int) -> None:
    state = MineOutState.new(players, 3)
    for position in state.positions:
        assert sorted(CARDS[c].type for c in position.hand) == ["miner", "worker"]
        assert all(CARDS[c].start for c in position.hand)


def test_3_players_remove_one_start_miner_and_one_start_worker_leaving_70_cards() -> None:
    state = MineOutState.new(3, 1)
    assert len(state.card_set()) == 70
    assert len(state.deck) + 5 + 3 == 64


def test_display_of_5_and_3_waiting_cards_left_to_right_from_the_deck() -> None:
    state = MineOutState.new(4, 5)
    assert len(state.display) == 5 and all(state.display)
    assert len(state.waiting) == 3 and all(state.waiting)
    assert len(state.deck) == 64 - 8
    assert not any(CARDS[card].start for card in state.display + state.waiting if card)


def test_the_deck_order_derives_from_the_seed() -> None:
    assert MineOutState.new(4, 1).deck == MineOutState.new(4, 1).deck
    assert MineOutState.new(4, 1).deck != MineOutState.new(4, 2).deck


def test_first_position_starts_with_5_action_points_and_is_to_act() -> None:
    state = MineOutState.new(4, 1)
    assert state.to_act() == (0,) and state.turn.points == 5 and state.round == 1


@pytest.mark.parametrize(
    "players, options",
    [(1, {}), (5, {}), (3, {"variant": "teams"}), (4, {"end": "51"}), (4, {"colour": "x"})],
)
def test_bad_player_counts_and_options_are_refused(
    players: int, options: dict[str, str]
) -> None:
    with pytest.raises(ValueError):
        MineOutState.new(players, 1, options)
