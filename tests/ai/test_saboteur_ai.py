"""The Saboteur computer players: suspicion from plays, a saboteur that hides."""

from __future__ import annotations

import random

from bot.ai.knowledge import knowledge_for
from bot.ai.observation import observe
from bot.ai.saboteur import easy_choice, gold_distance
from bot.ai.saboteur_belief import read_belief
from bot.games.base import Event
from bot.games.saboteur.actions import Discard, PlacePath
from bot.games.saboteur.cards import PATH_CARDS
from bot.games.saboteur.state import SaboteurState

KNOWLEDGE = knowledge_for("saboteur")
DETERMINIZER = KNOWLEDGE.determinizer


def seat_with(state: SaboteurState, role: str) -> int:
    return state.roles.index(role)  # type: ignore[arg-type]


def test_a_player_laying_dead_ends_becomes_a_suspect() -> None:
    state = SaboteurState.new(5, seed=4)
    me = seat_with(state, "digger")
    suspect, other = (me + 1) % 5, (me + 2) % 5
    events = [
        Event("round_started", {"round": 1, "first": 0}),
        Event("path_played", {"player": suspect, "card": "NSx", "shape": "NSx", "x": 1, "y": 0}),
        Event("path_played", {"player": other, "card": "EW", "shape": "EW", "x": 1, "y": 1}),
    ]
    chances = read_belief(observe(state, me, events, DETERMINIZER)).saboteur_chances()
    assert chances[me] == 0
    assert chances[suspect] > 0.5 > chances[other]


def test_breaking_a_sure_gold_diggers_tool_is_suspect_to_that_gold_digger() -> None:
    state = SaboteurState.new(4, seed=6)
    me = seat_with(state, "digger")
    breaker = (me + 1) % 4
    events = [Event("tool_broken", {"player": breaker, "target": me, "tool": "pick"})]
    chances = read_belief(observe(state, me, events, DETERMINIZER)).saboteur_chances()
    assert chances[breaker] > max(c for s, c in enumerate(chances) if s != breaker)


def test_events_of_an_earlier_round_are_forgotten() -> None:
    state = SaboteurState.new(4, seed=6)
    me = seat_with(state, "digger")
    breaker = (me + 1) % 4
    events = [
        Event("tool_broken", {"player": breaker, "target": me, "tool": "pick"}),
        Event("round_started", {"round": 2, "first": 0}),
    ]
    chances = read_belief(observe(state, me, events, DETERMINIZER)).saboteur_chances()
    assert len({round(c, 6) for s, c in enumerate(chances) if s != me}) == 1


def _hand(state: SaboteurState, seat: int, cards: list[str]) -> None:
    state.hands[seat] = cards
    state.turn = seat


def test_a_gold_digger_digs_towards_the_goals() -> None:
    state = SaboteurState.new(4, seed=2)
    me = seat_with(state, "digger")
    _hand(state, me, ["EW", "NS", "map", "break-pick"])
    action = easy_choice(observe(state, me, [], DETERMINIZER), random.Random(0))
    assert action == PlacePath("EW", 1, 0)


def _gold_in_the_middle_seen_by(state: SaboteurState, seat: int) -> None:
    """Put the gold under the middle goal and let `seat` have looked at it."""
    goals = state.maze.hidden_goals
    gold = next(pos for pos, code in goals.items() if code == "goal-gold")
    goals[gold], goals[(8, 0)] = goals[(8, 0)], goals[gold]
    state.peeks[seat]["middle"] = "goal-gold"


def test_a_gold_digger_with_no_step_forward_discards_a_dead_end() -> None:
    state = SaboteurState.new(4, seed=2)
    me = seat_with(state, "digger")
    _gold_in_the_middle_seen_by(state, me)
    # Neither path card can go east from the start: laying one would waste it.
    _hand(state, me, ["NS", "ES", "EWx", "break-pick"])
    action = easy_choice(observe(state, me, [], DETERMINIZER), random.Random(0))
    assert action == Discard("EWx")


def test_a_gold_digger_lays_the_step_its_hand_can_follow() -> None:
    state = SaboteurState.new(4, seed=2)
    me = seat_with(state, "digger")
    goals = state.maze.hidden_goals
    gold = next(pos for pos, code in goals.items() if code == "goal-gold")
    goals[gold], goals[(8, -2)] = goals[(8, -2)], goals[gold]
    state.peeks[me]["top"] = "goal-gold"
    # A straight east or a straight north both bring the top goal one card closer,
    # but only east can the second straight go on.
    _hand(state, me, ["NS", "NS", "EW", "EW"])
    for seed in range(5):
        action = easy_choice(observe(state, me, [], DETERMINIZER), random.Random(seed))
        assert action == PlacePath("EW", 1, 0)


def test_a_saboteur_far_from_the_gold_hides_its_dead_ends() -> None:
    state = SaboteurState.new(4, seed=2)
    me = seat_with(state, "saboteur")
    _hand(state, me, ["EWx", "NS", "SW"])
    action = easy_choice(observe(state, me, [], DETERMINIZER), random.Random(0))
    assert not (isinstance(action, PlacePath) and PATH_CARDS[action.card].dead_end)


def test_a_saboteur_near_the_gold_blocks_it() -> None:
    state = SaboteurState.new(4, seed=2)
    me = seat_with(state, "saboteur")
    for x in range(1, 7):
        state.maze.place("EW", False, (x, 0))
    _hand(state, me, ["EWx", "EW", "NS"])
    action = easy_choice(observe(state, me, [], DETERMINIZER), random.Random(0))
    assert action == PlacePath("EWx", 7, 0)


def test_the_search_leaves_a_hiding_saboteur_to_its_heuristic() -> None:
    state = SaboteurState.new(4, seed=2)
    me = seat_with(state, "saboteur")
    _hand(state, me, ["EWx", "NS", "SW", "EW"])
    far = observe(state, me, [], DETERMINIZER)
    assert KNOWLEDGE.root_candidates(far, random.Random(0)) == [easy_choice(far, random.Random(0))]
    for x in range(1, 7):
        state.maze.place("EW", False, (x, 0))
    near = observe(state, me, [], DETERMINIZER)
    assert len(KNOWLEDGE.root_candidates(near, random.Random(0))) > 1


def test_a_gold_digger_looking_further_says_the_first_goal_was_stone() -> None:
    state = SaboteurState.new(4, seed=6)
    me = seat_with(state, "digger")
    other = (me + 1) % 4
    events = [
        Event("map_played", {"player": other, "goal": "top"}),
        Event("map_played", {"player": other, "goal": "bottom"}),
    ]
    gold = read_belief(observe(state, me, events, DETERMINIZER)).gold
    assert gold[(8, -2)] < gold[(8, 0)]


def test_digging_towards_a_goal_looked_at_says_gold() -> None:
    state = SaboteurState.new(4, seed=6)
    me = seat_with(state, "digger")
    other = (me + 1) % 4
    events = [
        Event("map_played", {"player": other, "goal": "bottom"}),
        Event("path_played", {"player": other, "card": "NES", "shape": "NES", "x": 2, "y": 2}),
    ]
    gold = read_belief(observe(state, me, events, DETERMINIZER)).gold
    assert gold[(8, 2)] > gold[(8, 0)] == gold[(8, -2)]


def test_the_distance_to_the_gold_goes_round_the_cards_in_the_way() -> None:
    maze = SaboteurState.new(4, seed=2).maze
    middle = {(8, 0): 1.0}
    assert gold_distance(maze, middle) == 7  # from the start's east side (1, 0)
    for y in range(-3, 4):
        maze.place("NSx", False, (3, y))
    # Round the wall: up to row -4, along it, and down again.
    assert gold_distance(maze, middle) == 7 + 2 * 4
