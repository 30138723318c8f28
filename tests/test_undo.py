"""Taking back an action: what the engines call revealing, and that no secret leaks.

The leak test plays seeded random games. Before every action it asks the
engine whether the action reveals anything; for each one that does not, it
builds other states that the actor cannot tell apart from the real one (every
secret the actor does not know shuffled, the seed changed) and plays the same
action there: the actor's view, the public view and the events the actor or
the public are told must come out the same. So neither the actor nor anyone
watching learns anything by acting then taking back, beyond the actor's own
cards it chose to show.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from bot.games.base import Event, GameState, Seat
from bot.games.coal_baron import CoalBaronState
from bot.games.coal_baron.actions import Place
from bot.games.errors import GameOver
from bot.games.record import format_entry, replay
from bot.games.saboteur import SaboteurState
from bot.games.saboteur.actions import Discard, Peek
from bot.games.undo import (
    ActionRevealed,
    NothingToTakeBack,
    NotYourLastAction,
    can_take_back,
    take_back,
)
from tests.coal_baron_draft import DRAFT_2P, coal_baron_record
from tests.saboteur_support import hide_other_secrets, take_from_deck

Shuffler = Callable[[Any, Seat, random.Random], Any]


def shuffle_coal_baron(state: CoalBaronState, seat: Seat, rng: random.Random) -> CoalBaronState:
    """The piles (only their sizes are public) in another order, another seed."""
    other = state.copy()
    rng.shuffle(other.tile_pile)
    rng.shuffle(other.order_pile)
    other.seed = state.seed + 1 + rng.randrange(1000)
    return other


def shuffle_saboteur(state: SaboteurState, seat: Seat, rng: random.Random) -> SaboteurState:
    """Every secret of the other seats, the deck, the goals and the gold; another seed.

    During the gold sharing the roles are public (shown at the end of the
    round), so they are kept.
    """
    other = hide_other_secrets(state, seat, rng)
    if state.phase == "gold":
        other.roles, other.aside = list(state.roles), state.aside
    other.seed = state.seed + 1 + rng.randrange(1000)
    return other


def told(events: list[Event], seat: Seat) -> list[Event]:
    """The events the public or `seat` is told."""
    return [event for event in events if event.seat in (None, seat)]


def after(state: GameState[Any], seat: Seat, action: Any) -> tuple[Any, Any, list[Event]]:
    events = state.apply(seat, action)
    return state.view(seat), state.view(None), told(events, seat)


def check_no_leak(
    state: GameState[Any], seat: Seat, action: Any, shuffle: Shuffler, rng: random.Random
) -> bool:
    """Whether every shuffled twin gives the same actor's view, public view and events."""
    expected = after(state.copy(), seat, action)
    for _ in range(3):
        twin = shuffle(state, seat, rng)
        assert twin.view(seat) == state.view(seat), "the shuffle changed what the actor sees"
        if after(twin, seat, action) != expected:
            return False
    return True


def self_play(
    game_cls: type[GameState[Any]], players: int, seed: int
) -> list[tuple[GameState[Any], Seat, Any]]:
    """(state before, seat, action) for every action of a seeded random game."""
    rng = random.Random(seed)
    state = game_cls.new(players, seed)
    played = []
    while state.to_act():
        seat = rng.choice(state.to_act())
        action = rng.choice(state.legal_actions(seat))
        played.append((state.copy(), seat, action))
        state.apply(seat, action)
    return played


GAMES = [
    pytest.param(CoalBaronState, shuffle_coal_baron, players, id=f"coal-baron-{players}p")
    for players in (2, 3, 4)
] + [
    pytest.param(SaboteurState, shuffle_saboteur, players, id=f"saboteur-{players}p")
    for players in (3, 5, 10)
]


@pytest.mark.parametrize(("game_cls", "shuffle", "players"), GAMES)
def test_no_secret_is_learned_by_acting_then_taking_back(
    game_cls: type[GameState[Any]], shuffle: Shuffler, players: int
) -> None:
    rng = random.Random(players)
    undoable = revealing = caught = 0
    for seed in (1, 2):
        for state, seat, action in self_play(game_cls, players, seed):
            if state.reveals(seat, action):
                revealing += 1
                # The check must be able to fail: revealing actions are caught often.
                if revealing % 5 == 0:
                    caught += not check_no_leak(state, seat, action, shuffle, rng)
                continue
            undoable += 1
            notation = state.format_action(action)
            assert check_no_leak(state, seat, action, shuffle, rng), (
                f"seed {seed}: {notation!r} by seat {seat} is called undoable but leaks"
            )
    assert undoable > 20 and revealing > 20
    assert caught > revealing // 10, "the shuffles never tell a revealing action apart"


@pytest.mark.parametrize(("game_cls", "players"), [(CoalBaronState, 3), (SaboteurState, 4)])
def test_taking_back_gives_every_seat_the_views_before_the_action(
    game_cls: type[GameState[Any]], players: int
) -> None:
    seed = 7
    played = self_play(game_cls, players, seed)
    entries: list[str] = []
    checked = 0
    for index, (state, seat, action) in enumerate(played):
        entries.append(format_entry(state, seat, state.format_action(action)))
        if index % 3 or state.reveals(seat, action) or index == len(played) - 1:
            continue
        record = {"game": game_cls.game_id, "players": players, "seed": seed, "options": {}}
        back = take_back({**record, "actions": list(entries)}, seat)
        assert back.record["actions"] == entries[:-1]
        assert (back.seat, back.index) == (seat, index)
        for viewer in [None, *range(players)]:
            assert back.state.view(viewer) == state.view(viewer)
        assert back.state.to_json() == state.to_json()
        checked += 1
    assert checked > 5


def test_coal_baron_placements_are_taken_back_by_their_player_only() -> None:
    record = coal_baron_record([*DRAFT_2P, (0, "$4")])
    back = take_back(record, 0)
    assert back.notation == "$4"
    assert back.state.to_act() == (0,)
    with pytest.raises(NotYourLastAction):
        take_back(record, 1)
    assert not can_take_back(record, 1)
    # Once the next seat has acted, the first one can no longer take back.
    later = coal_baron_record([*DRAFT_2P, (0, "$4"), (1, "bank")])
    with pytest.raises(NotYourLastAction):
        take_back(later, 0)


def test_coal_baron_refuses_after_a_reveal() -> None:
    drawn = coal_baron_record([*DRAFT_2P, (0, "fd")])
    with pytest.raises(ActionRevealed) as refused:
        take_back(drawn, 0)
    assert refused.value.params == {"action": "fd"}
    # The last draft pick fills the order spaces from the deck: a reveal too.
    with pytest.raises(ActionRevealed):
        take_back(coal_baron_record(DRAFT_2P), 0)
    # An earlier pick only takes a card everyone sees.
    assert can_take_back(coal_baron_record(DRAFT_2P[:1]), 1)


def test_coal_baron_draw_steps_are_taken_back_one_by_one() -> None:
    state = replay(coal_baron_record([*DRAFT_2P, (0, "od")]))
    kept = state.format_action(state.legal_actions(0)[0])  # keep none
    record = coal_baron_record([*DRAFT_2P, (0, "od"), (0, kept)])
    back = take_back(record, 0)
    assert back.notation == kept
    with pytest.raises(ActionRevealed):
        take_back(back.record, 0)


def test_nothing_to_take_back() -> None:
    with pytest.raises(NothingToTakeBack):
        take_back(coal_baron_record([]), 0)


def test_a_finished_game_is_never_taken_back() -> None:
    played = self_play(CoalBaronState, 2, 3)
    entries = [format_entry(state, seat, state.format_action(a)) for state, seat, a in played]
    record = {"game": "coal-baron", "players": 2, "seed": 3, "options": {}, "actions": entries}
    assert replay(record).is_over()
    with pytest.raises(GameOver):
        take_back(record, played[-1][1])


def saboteur_endgame() -> tuple[SaboteurState, dict[str, Any]]:
    """A 3-player game played at random until the deck of the first round is empty."""
    rng = random.Random(5)
    state = SaboteurState.new(3, 5)
    entries = []
    while state.deck or state.round > 1:
        seat = state.to_act()[0]
        action = rng.choice([a for a in state.legal_actions(seat) if isinstance(a, Discard)])
        entries.append(format_entry(state, seat, state.format_action(action)))
        state.apply(seat, action)
    assert state.round == 1 and state.phase == "play"
    return state, {"game": "saboteur", "players": 3, "seed": 5, "options": {}, "actions": entries}


def test_saboteur_discard_after_the_deck_is_empty_is_taken_back() -> None:
    state, record = saboteur_endgame()
    seat = state.to_act()[0]
    discard = next(a for a in state.legal_actions(seat) if isinstance(a, Discard))
    played = {**record, "actions": [*record["actions"], state.format_action(discard)]}
    back = take_back(played, seat)
    assert back.state.to_json() == state.to_json()
    # With cards left in the deck, the same kind of play draws one: refused.
    with pytest.raises(ActionRevealed):
        take_back(record, record_seat(record))


def record_seat(record: dict[str, Any]) -> Seat:
    """The seat that played the last entry of `record`."""
    before = replay({**record, "actions": record["actions"][:-1]})
    return before.to_act()[0]


def test_saboteur_map_is_never_taken_back_even_with_an_empty_deck() -> None:
    state, _ = saboteur_endgame()
    seat = state.to_act()[0]
    state.discard.append(state.hands[seat].pop())
    state.hands[seat].append(take_from_deck(state, "map"))
    state.check_invariants()
    assert not state.deck
    assert state.reveals(seat, Peek("top"))
    assert not state.reveals(seat, Discard("map"))


def test_coal_baron_reveals_matches_its_rules() -> None:
    state = replay(coal_baron_record(DRAFT_2P))
    assert state.reveals(0, Place("od"))
    assert not state.reveals(0, Place("bank"))
    assert not state.reveals(0, Place("m4"))
