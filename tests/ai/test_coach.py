"""The coach decides from its seat's view only, suggests legal moves, and says why
with the suggested move's own gain (issue 33)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from bot.ai.appraisers import appraiser_for
from bot.ai.coach import appraise, hint, move_cost, normal_player, reason
from bot.ai.coach_worker import CoachRequest, CostAnswer, HintAnswer, compute
from bot.ai.knowledge import knowledge_for
from bot.ai.observation import Observation, observe
from bot.ai.saboteur import belief_of
from bot.ai.saboteur_belief import read_belief
from bot.games.base import Event, GameState
from bot.games.coal_baron.state import CoalBaronState
from bot.games.record import initial_state
from bot.games.registry import get_game
from bot.games.saboteur.actions import BreakTool, Peek
from bot.games.saboteur.cards import PATH_CARDS
from bot.games.saboteur.state import SaboteurState
from bot.i18n import t
from cogs.platform.coach_words import amount, reason_text
from tests.ai.positions import midgame

GAMES = ("coal-baron", "mine-out", "saboteur")
ITERATIONS = 6
"""A small search keeps these tests fast; the choice is the same for a fixed seed."""


def position(game: str, actions: int) -> tuple[GameState[Any], list[Event]]:
    engine = get_game(game)
    return midgame(engine, min(engine.min_players + 1, engine.max_players), 11, actions)


def seen_by(state: GameState[Any], events: list[Event]) -> Observation[Any]:
    seat = state.to_act()[0]
    return observe(state, seat, events, knowledge_for(state.game_id).determinizer)


def looked(state: GameState[Any], events: list[Event]) -> tuple[Any, ...]:
    """The hint and the cost of the first other legal move, with a fixed seed, and the
    reasons the seat is told (with the public facts they name)."""
    observation = seen_by(state, events)
    found = hint(observation, random.Random(3), normal_player(iterations=ITERATIONS))
    other = next((a for a in observation.legal if a != found.action), found.action)
    cost = move_cost(observation, other, random.Random(3), normal_player(iterations=ITERATIONS))
    told = None if cost is None else reason(observation, cost.best)
    return found, reason(observation, found), cost, told


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("actions", [3, 21])
def test_a_hint_and_a_note_ignore_the_other_seats_secrets(game: str, actions: int) -> None:
    """As `test_a_choice_ignores_the_other_seats_secrets`: the same hint, reason and
    cost once the secrets the seat does not know are dealt again."""
    state, events = position(game, actions)
    seat = state.to_act()[0]
    shuffled = state.shuffle_secrets(seat, random.Random(5))
    assert shuffled.to_json() != state.to_json()
    assert looked(state, events) == looked(shuffled, events)


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_is_a_legal_move_whose_reason_is_its_own_largest_gain(game: str) -> None:
    for actions in (0, 12, 40):
        state, events = position(game, actions)
        observation = seen_by(state, events)
        found = hint(observation, random.Random(actions), normal_player(iterations=ITERATIONS))
        assert found.action in state.legal_actions(observation.seat)
        # The suggested move appraised again, on its own: the reason is its best term.
        again = appraise(observation, [found.action], random.Random(99), samples=12)[0]
        term, gain = found.reason
        if term != "steady":
            assert gain == max(found.gains.values()) > 0
            best_again = max(again.gains, key=lambda name: again.gains[name])
            assert again.gains[term] >= again.gains[best_again] - 0.5 * abs(gain)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_hint_sentence_names_the_moves_own_gain(game: str, language: str) -> None:
    """The worker's hint, read back: its move is legal, and the sentence is the one of the
    term the move's appraisal gains most, with that gain."""
    state, _ = position(game, 12)
    record = {"game": game, "players": state.num_players, "seed": 11, "options": {},
              "actions": []}
    start = initial_state(record)
    rng = random.Random(11)
    events: list[Event] = []
    for _ in range(12):
        seat = start.to_act()[0]
        action = rng.choice(start.legal_actions(seat))
        record["actions"].append(start.format_action(action))  # type: ignore[attr-defined]
        events += start.apply(seat, action)
    seat = start.to_act()[0]
    moment = len(record["actions"])  # type: ignore[arg-type]
    answer = compute(CoachRequest("hint", record, seat, moment, 7, None, ITERATIONS))
    assert isinstance(answer, HintAnswer)
    action = start.parse_action(seat, answer.action)
    assert action in start.legal_actions(seat)
    assert not answer.facts  # this position's reason names no player
    text = reason_text(language, game, answer.term, answer.gain)
    assert text == t(language, f"coach.reason.{game}.{answer.term}",
                     amount=amount(language, answer.gain))
    if answer.term != "steady":
        assert amount(language, answer.gain) in text
        observation = seen_by(start, events)
        gains = hint(observation, random.Random(7), normal_player(iterations=ITERATIONS)).gains
        best = max(gains, key=lambda name: gains[name])
        assert (answer.term, answer.facts) == appraiser_for(game).told(observation, action, best)


def test_a_note_is_none_for_the_hinted_move_and_says_the_cost_of_a_worse_one() -> None:
    record: dict[str, Any] = {"game": "coal-baron", "players": 2, "seed": 4, "options": {},
                              "actions": []}
    state = initial_state(record)
    assert isinstance(state, CoalBaronState)
    while state.phase == "draft":
        seat = state.to_act()[0]
        record["actions"].append(state.format_action(state.default_action(seat)))
        state.apply(seat, state.default_action(seat))
    seat, moment = state.to_act()[0], len(record["actions"])
    given = compute(CoachRequest("hint", record, seat, moment, 5, None, ITERATIONS))
    assert isinstance(given, HintAnswer)
    costs = {}
    for action in state.legal_actions(seat):
        played = {**record, "actions": [*record["actions"], state.format_action(action)]}
        costs[state.format_action(action)] = compute(
            CoachRequest("note", played, seat, moment, 5, None, ITERATIONS)
        )
    assert costs[given.action] is None
    notes = [answer for answer in costs.values() if answer is not None]
    assert notes and all(isinstance(a, CostAnswer) and a.loss >= 2.0 for a in notes)
    assert all(a.best == given.action for a in notes if isinstance(a, CostAnswer))


@pytest.mark.parametrize("game", ["mine-out", "saboteur"])
def test_a_forced_move_gets_no_note(game: str) -> None:
    """Where the seat has one legal move, the coach says nothing of it (Coal Baron
    always leaves a choice: a random game meets no such move)."""
    engine = get_game(game)
    rng = random.Random(2)
    state = engine.new(min(engine.min_players + 1, engine.max_players), 2)
    events: list[Event] = []
    while True:
        assert not state.is_over(), "no forced move in this game"
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            break
        events += state.apply(seat, rng.choice(legal))
    observation = seen_by(state, events)
    assert move_cost(observation, legal[0], random.Random(1),
                     normal_player(iterations=ITERATIONS)) is None


def from_state(state: GameState[Any], actions: list[str]) -> dict[str, Any]:
    """A record starting from `state` (secrets included), then `actions`."""
    return {"game": state.game_id, "players": state.num_players, "state": state.to_json(),
            "options": {}, "actions": actions}


def said(answer: Any) -> Any:
    """What a player reads of a worker's answer: everything but the state it carries
    for the table side to write the moves in words."""
    if isinstance(answer, CostAnswer):
        return (answer.played, answer.best, answer.loss, answer.term, answer.gain, answer.facts)
    return answer


@pytest.mark.parametrize("game", GAMES)
def test_the_workers_hint_and_note_ignore_the_other_seats_secrets(game: str) -> None:
    """The leak test through the worker (a hint and a note as the table asks for them):
    the same after the seat's unknowns were dealt again."""
    state, _ = position(game, 9)
    seat = state.to_act()[0]
    shuffled = state.shuffle_secrets(seat, random.Random(5))
    assert shuffled.to_json() != state.to_json()
    hints = [compute(CoachRequest("hint", from_state(s, []), seat, 0, 4, None, ITERATIONS))
             for s in (state, shuffled)]
    assert said(hints[0]) == said(hints[1])
    noted = 0
    for action in state.legal_actions(seat)[:40]:
        notation = [state.format_action(action)]
        notes = [said(compute(CoachRequest("note", from_state(s, notation), seat, 0, 4, None,
                                           ITERATIONS)))
                 for s in (state, shuffled)]
        assert notes[0] == notes[1]
        noted += notes[0] is not None
    assert noted  # not only moves without a note: some were clearly worse


def test_a_gold_digger_who_saw_the_gold_is_told_the_path_goes_toward_it() -> None:
    """Saboteur's path reason names the goal the seat saw holds gold, once it knows."""
    appraiser = appraiser_for("saboteur")
    told = {}
    for seed in range(30):
        state = SaboteurState.new(4, seed)
        events: list[Event] = []
        rng = random.Random(seed)
        for _ in range(40):
            seat = state.to_act()[0]
            if state.phase == "play" and state.roles[seat] == "digger":
                observation = seen_by(state, events)
                known = len(belief_of(observation).gold) == 1
                told[known] = appraiser.told(observation, None, "path_digger")[0]
                peeks = [a for a in observation.legal if isinstance(a, Peek)]
                if peeks and not known:
                    events += state.apply(seat, peeks[0])
                    continue
            events += state.apply(seat, rng.choice(state.legal_actions(seat)))
            if state.is_over():
                break
        if len(told) == 2:
            break
    assert told == {True: "path_digger_seen", False: "path_digger"}


SEATS = (501, 502, 503, 504, 505)
"""User ids of a five-player Saboteur table, for the sentences' mentions."""


def suspects() -> list[tuple[SaboteurState, list[Event], HintAnswer]]:
    """Random five-player Saboteur rounds, up to the first moments the worker's hint to
    a gold-digger is to break the tool of a player with evidence against it."""
    found = []
    for seed in (1, 3, 4):
        record: dict[str, Any] = {"game": "saboteur", "players": 5, "seed": seed,
                                  "options": {}, "actions": []}
        state = initial_state(record)
        assert isinstance(state, SaboteurState)
        rng = random.Random(seed)
        events: list[Event] = []
        while state.phase == "play" and len(record["actions"]) < 30:
            seat = state.to_act()[0]
            if state.roles[seat] == "digger" and len(record["actions"]) >= 8:
                answer = compute(CoachRequest("hint", record, seat, len(record["actions"]), 7,
                                              None, ITERATIONS))
                assert isinstance(answer, HintAnswer)
                if answer.term.startswith("blockers_digger_"):
                    found.append((state.copy(), list(events), answer))
                    break
            action = rng.choice(state.legal_actions(seat))
            record["actions"].append(state.format_action(action))
            events += state.apply(seat, action)
    return found


def evidence(observation: Observation[Any], player: int) -> tuple[int, int]:
    """From the public record of the round: the tools `player` broke of players the seat
    then believed gold-diggers, and the dead ends it laid or paths it cut by a rockfall."""
    broken = blocked = 0
    for index, event in enumerate(observation.history):
        if event.data.get("player") != player:
            continue
        if event.kind == "tool_broken":
            then = replace(observation, history=observation.history[:index])
            broken += read_belief(then).saboteur_chances()[event.data["target"]] < 0.5
        elif event.kind == "path_played":
            blocked += PATH_CARDS[event.data["card"]].dead_end
        elif event.kind == "rockfall":
            blocked += not PATH_CARDS[event.data["card"]].dead_end
    return broken, blocked


def test_a_hint_to_break_a_tool_names_the_player_and_the_evidence_against_it() -> None:
    """Saboteur: told to break a player's tool, a gold-digger reads who and why (the tools
    of likely gold-diggers that player broke, the paths it blocked), in both languages,
    the counts those of the public record; the same once the secrets are dealt again."""
    found = suspects()
    assert len(found) == 3
    kinds = set()
    for state, events, answer in found:
        seat = state.to_act()[0]
        action = state.parse_action(seat, answer.action)
        assert isinstance(action, BreakTool)
        observation = seen_by(state, events)
        assert not any(e.kind == "round_started" for e in observation.history[1:])
        broken, blocked = evidence(observation, action.target)
        assert answer.facts == {"player": action.target, "broken": broken, "blocked": blocked}
        kinds.add(answer.term)
        for language, tools, paths in (("en", "broke {} tool", "blocked the path {} time"),
                                       ("fr", "a brisé {} outil", "bloqué le chemin {} fois")):
            text = reason_text(language, "saboteur", answer.term, answer.gain, answer.facts,
                               SEATS)
            assert text.count(f"<@{SEATS[action.target]}>") == 1
            assert (tools.format(broken) in text) == (broken > 0)
            assert (paths.format(blocked) in text) == (blocked > 0)
            assert "{" not in text and amount(language, answer.gain) in text
        shuffled = state.shuffle_secrets(seat, random.Random(5))
        assert shuffled.to_json() != state.to_json()
        for world in (state, shuffled):
            again = seen_by(world, events)
            told = reason(again, hint(again, random.Random(7),
                                      normal_player(iterations=ITERATIONS)))
            assert told[0] == answer.term and told[2] == answer.facts
    assert len(kinds) >= 2  # tools broken, paths blocked, or both: more than one sentence


def test_a_move_that_ends_a_saboteur_round_is_appraised() -> None:
    """A move that ends a round deals the roles again, and the appraiser's terms are
    named after the seat's role: a term appears or vanishes with the move, counted as 0
    where it is missing (a review crashed on it: KeyError 'path_digger')."""
    rng = random.Random(5)
    for _ in range(20):
        state = get_game("saboteur").new(4, rng.randrange(10**6), {})
        assert isinstance(state, SaboteurState)
        events: list[Event] = []
        while not state.is_over():
            seat = state.to_act()[0]
            for action in state.legal_actions(seat):
                trial = state.copy()
                trial.apply(seat, action)
                assert isinstance(trial, SaboteurState)
                if trial.is_over() or trial.round == state.round:
                    continue
                observation = observe(state, seat, events, knowledge_for("saboteur").determinizer)
                (appraised,) = appraise(observation, [action], random.Random(1), samples=4)
                assert appraised.action == action
                return
            action = knowledge_for("saboteur").playout_action(state, seat, rng)
            events += state.apply(seat, action)
    raise AssertionError("no move ending a round was met")
