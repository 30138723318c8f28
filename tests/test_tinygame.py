"""The tiny test game follows its rules and the GameState contract."""

from __future__ import annotations

import pytest

from bot.games.registry import get_game
from bot.service.errors import ActionSyntaxError, GameOver, IllegalAction, NotYourTurn
from tests.tinygame import TinyAction, TinyGame


def chosen(players: int = 2, seed: int = 1, target: int = 21) -> TinyGame:
    """A game past the simultaneous choice, every seat having kept its card."""
    game = TinyGame.new(players, seed, {"target": target})
    for seat in range(players):
        game.apply(seat, TinyAction("keep"))
    return game


def test_importing_the_module_registers_tiny() -> None:
    assert get_game("tiny") is TinyGame


def test_every_seat_first_chooses_at_the_same_time() -> None:
    game = TinyGame.new(3, seed=5)
    assert game.to_act() == (0, 1, 2)
    game.apply(1, TinyAction("keep"))
    assert game.to_act() == (0, 2)
    assert game.legal_actions(1) == []


def test_a_seat_sees_only_its_own_card_until_the_end() -> None:
    game = TinyGame.new(3, seed=5)
    assert game.view(1)["cards"] == [None, game.cards[1], None]
    assert game.view(None)["cards"] == [None, None, None]
    game = chosen(3, seed=5, target=5)
    for amount in (3, 2):
        game.apply(game.current, TinyAction("add", amount))
    assert game.is_over()
    assert game.view(None)["cards"] == game.cards


def test_swapping_draws_the_next_card_privately() -> None:
    game = TinyGame.new(2, seed=9)
    old, top = game.cards[0], game.deck[0]
    events = game.apply(0, TinyAction("swap"))
    assert game.cards[0] == top and game.discards == [old]
    assert [(e.kind, e.seat) for e in events] == [("swapped", None), ("drew", 0)]
    assert events[1].data == {"card": top}


def test_players_add_in_turn_up_to_the_target() -> None:
    game = chosen(2, target=5)
    assert game.legal_actions(0) == [TinyAction("add", n) for n in (1, 2, 3)]
    game.apply(0, TinyAction("add", 3))
    assert game.to_act() == (1,)
    assert game.legal_actions(1) == [TinyAction("add", 1), TinyAction("add", 2)]


def test_reaching_the_target_scores_ten_plus_cards() -> None:
    game = chosen(2, target=5)
    game.apply(0, TinyAction("add", 3))
    game.apply(1, TinyAction("add", 2))
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.scores == (game.cards[0], game.cards[1] + 10)
    assert game.to_act() == ()


def test_refused_actions_leave_the_state_unchanged() -> None:
    game = chosen(2, target=5)
    before = game.to_json()
    with pytest.raises(NotYourTurn):
        game.apply(1, TinyAction("add", 1))
    with pytest.raises(IllegalAction):
        game.apply(0, TinyAction("add", 4))
    with pytest.raises(IllegalAction):
        game.apply(0, TinyAction("swap"))
    assert game.to_json() == before
    game.apply(0, TinyAction("add", 3))
    game.apply(1, TinyAction("add", 2))
    with pytest.raises(GameOver):
        game.apply(0, TinyAction("add", 1))


def test_notation_round_trips_and_rejects_junk() -> None:
    game = TinyGame.new(2, seed=1)
    for action in (TinyAction("keep"), TinyAction("swap"), TinyAction("add", 2)):
        assert game.parse_action(0, game.format_action(action)) == action
    for junk in ("", "add", "add two", "jump 3"):
        with pytest.raises(ActionSyntaxError):
            game.parse_action(0, junk)


def test_default_actions_keep_then_add_one() -> None:
    game = TinyGame.new(2, seed=1)
    assert game.default_action(0) == TinyAction("keep")
    assert chosen().default_action(0) == TinyAction("add", 1)


@pytest.mark.parametrize("options", [{"target": 4}, {"target": "21"}])
def test_bad_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        TinyGame.new(2, 1, options)


def test_player_count_is_checked() -> None:
    with pytest.raises(ValueError):
        TinyGame.new(5, 1)


def test_losing_a_card_breaks_the_invariants() -> None:
    game = TinyGame.new(2, seed=1)
    game.deck.pop()
    with pytest.raises(AssertionError, match="cards lost"):
        game.check_invariants()
