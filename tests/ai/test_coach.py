"""The coach decides from its seat's view only, suggests legal moves, says why with the
suggested move's own gain (issue 33), and agrees with itself: one verdict, made with a
fixed amount of work, gives the hint, the note and the review (issue 43)."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any

import pytest

from bot.ai.appraisers import appraiser_for, coaches
from bot.ai.coach import Verdict, followed, judge, reason
from bot.ai.coach_worker import CoachRequest, CostAnswer, HintAnswer, compute, verdict_seed
from bot.ai.coal_baron import finish_turn
from bot.ai.knowledge import knowledge_for
from bot.ai.observation import Observation, observe
from bot.ai.saboteur import belief_of
from bot.ai.saboteur_belief import read_belief
from bot.games.base import Event, GameState
from bot.games.coal_baron.state import CoalBaronState
from bot.games.record import initial_state
from bot.games.registry import game_ids, get_game
from bot.games.saboteur.actions import BreakTool, Peek
from bot.games.saboteur.cards import PATH_CARDS
from bot.games.saboteur.state import SaboteurState
from bot.i18n import catalog, t
from cogs.platform.coach_words import amount, reason_text
from tests.ai.positions import midgame

GAMES = tuple(game for game in game_ids() if coaches(game))
"""Every game the coach knows (its computer players bring an appraiser)."""
SAMPLES = 4
"""Few worlds keep these tests fast; a verdict is the same for a fixed seed."""


def position(game: str, actions: int) -> tuple[GameState[Any], list[Event]]:
    engine = get_game(game)
    return midgame(engine, min(engine.min_players + 1, engine.max_players), 11, actions)


def seen_by(state: GameState[Any], events: list[Event]) -> Observation[Any]:
    seat = state.to_act()[0]
    return observe(state, seat, events, knowledge_for(state.game_id).determinizer)


def summary(verdict: Verdict[Any]) -> list[tuple[Any, float, tuple[Any, ...]]]:
    return [(move.action, round(move.value, 9), move.plan) for move in verdict.moves]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("actions", [3, 21])
def test_a_verdict_ignores_the_other_seats_secrets(game: str, actions: int) -> None:
    """As `test_a_choice_ignores_the_other_seats_secrets`: the same verdict (moves, values,
    plans, reasons) once the secrets the seat does not know are dealt again."""
    state, events = position(game, actions)
    seat = state.to_act()[0]
    shuffled = state.shuffle_secrets(seat, random.Random(5))
    assert shuffled.to_json() != state.to_json()
    found = []
    for world in (state, shuffled):
        observation = seen_by(world, events)
        verdict = judge(observation, 3, SAMPLES)
        found.append((summary(verdict), reason(observation, verdict.best)))
    assert found[0] == found[1]


@pytest.mark.parametrize("game", GAMES)
def test_one_verdict_chooses_and_prices_whatever_else_is_priced(game: str) -> None:
    """A fixed amount of work: the same observation and seed give the same verdict, and
    pricing a move played besides changes no candidate's value; the best is the highest
    value (ties: the heuristic's order); the best played costs nothing, and every move is
    priced in the same worlds (a move within the margin of the best is no mistake)."""
    for actions in (0, 12, 40):
        state, events = position(game, actions)
        observation = seen_by(state, events)
        verdict = judge(observation, actions, SAMPLES)
        assert summary(verdict) == summary(judge(observation, actions, SAMPLES))
        values = [move.value for move in verdict.moves]
        assert values == sorted(values, reverse=True)
        assert verdict.best.action in state.legal_actions(observation.seat)
        assert judge(observation, actions, SAMPLES, verdict.best.action).loss == 0
        for action in observation.legal[:12]:
            priced = judge(observation, actions, SAMPLES, action)
            assert summary(priced) == summary(verdict)
            assert priced.played is not None
            assert priced.loss == max(0.0, verdict.best.value - priced.played.value)
            assert priced.costly == (priced.loss >= appraiser_for(game).margin)


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_is_a_legal_move_whose_reason_is_its_own_largest_gain(game: str) -> None:
    for actions in (0, 12, 40):
        state, events = position(game, actions)
        observation = seen_by(state, events)
        best = judge(observation, actions, SAMPLES).best
        assert best.action in state.legal_actions(observation.seat)
        term, gain = best.reason
        if term != "steady":
            assert gain == max(best.gains.values()) > 0
        else:
            assert max(best.gains.values()) <= 0


def random_record(game: str, players: int, seed: int, actions: int) -> tuple[
        dict[str, Any], GameState[Any], list[Event]]:
    record: dict[str, Any] = {"game": game, "players": players, "seed": seed, "options": {},
                              "actions": []}
    state = initial_state(record)
    rng = random.Random(seed)
    events: list[Event] = []
    for _ in range(actions):
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        record["actions"].append(state.format_action(action))
        events += state.apply(seat, action)
    return record, state, events


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_hint_sentence_names_the_moves_own_gain(game: str, language: str) -> None:
    """The worker's hint, read back: its move is legal, and the sentence is the one of the
    term the verdict's best move gains most, with that gain."""
    engine = get_game(game)
    record, start, events = random_record(game, min(engine.min_players + 1, 5), 11, 12)
    seat = start.to_act()[0]
    moment = len(record["actions"])
    answer = compute(CoachRequest("hint", record, seat, moment, 7, samples=SAMPLES)).answer
    assert isinstance(answer, HintAnswer)
    action = start.parse_action(seat, answer.action)
    assert action in start.legal_actions(seat)
    assert not answer.facts  # this position's reason names no player
    text = reason_text(language, game, answer.term, answer.gain)
    assert text == t(language, f"coach.reason.{game}.{answer.term}",
                     amount=amount(language, answer.gain))
    if answer.term not in ("steady", "peek"):  # the two sentences without a figure
        assert amount(language, answer.gain) in text
        observation = seen_by(start, events)
        best = judge(observation, verdict_seed(7, moment, seat), SAMPLES).best
        term = max(best.gains, key=lambda name: best.gains[name])
        assert (answer.term, answer.facts) == appraiser_for(game).told(observation, action, term)


def placements(game: str = "coal-baron") -> tuple[dict[str, Any], CoalBaronState]:
    record: dict[str, Any] = {"game": game, "players": 2, "seed": 4, "options": {},
                              "actions": []}
    state = initial_state(record)
    assert isinstance(state, CoalBaronState)
    while state.phase == "draft":
        seat = state.to_act()[0]
        record["actions"].append(state.format_action(state.default_action(seat)))
        state.apply(seat, state.default_action(seat))
    return record, state


def test_a_note_judges_the_whole_turn_against_the_best_whole_turn() -> None:
    """Coal Baron: the hint's whole line (its move, then its plan) gets no note; every
    other first step, its turn finished as the coach would, is priced as a whole turn
    against that line: a note only at the margin or more, naming the best whole turn."""
    record, state = placements()
    seat, moment = state.to_act()[0], len(record["actions"])
    given = compute(CoachRequest("hint", record, seat, moment, 5, samples=SAMPLES)).answer
    assert isinstance(given, HintAnswer)
    best_line = " ".join(given.line)
    notes = {}
    for action in state.legal_actions(seat):
        trial = state.copy()
        trial.apply(seat, action)
        # The turn finished as the coach would, as one line (a draw is played alone).
        steps = [action] if state.reveals(seat, action) else [action, *finish_turn(trial, seat)]
        line = " ".join(_formatted(state, seat, steps))
        played = {**record, "actions": [*record["actions"], line]}
        notes[line] = compute(CoachRequest("note", played, seat, moment, 5, samples=SAMPLES)).answer
    assert notes[best_line] is None
    costly = [answer for answer in notes.values() if answer is not None]
    assert costly
    for answer in costly:
        assert isinstance(answer, CostAnswer)
        assert answer.loss >= appraiser_for("coal-baron").margin
        assert answer.best == best_line  # the whole best turn, never its first step alone


def _formatted(state: GameState[Any], seat: int, steps: list[Any]) -> list[str]:
    trial = state.copy()
    found = []
    for step in steps:
        found.append(trial.format_action(step))
        trial.apply(seat, step)
    return found


def test_the_hints_at_every_step_of_a_turn_make_a_line_no_note_calls_costly() -> None:
    """Coal Baron: a hint at each step of an extraction (the panel's unconfirmed steps),
    each followed; the whole line, played at once, gets no note, with or without the
    hints remembered (the hints' own line is never costly, and measured so too)."""
    record, state = placements()
    seat, moment = state.to_act()[0], len(record["actions"])
    steps: list[str] = []
    given: list[tuple[list[str], list[str]]] = []
    mined = False
    for _ in range(30):
        answer = compute(CoachRequest("hint", record, seat, moment, 2, tuple(steps),
                                      samples=SAMPLES)).answer
        assert isinstance(answer, HintAnswer)
        assert answer.steps == tuple(steps)
        given.append((list(steps), list(answer.line)))
        steps.append(answer.action)
        trial = state.copy()
        trial.apply(seat, trial.parse_action(seat, " ".join(steps)))
        mined = mined or trial.pending is not None
        if seat not in trial.to_act() or trial.pending is None:
            break
    line = " ".join(steps)
    played = {**record, "actions": [*record["actions"], line]}
    for hints in ({}, {moment: given}):
        assert compute(CoachRequest("note", played, seat, moment, 2, samples=SAMPLES,
                                    hints=hints)).answer is None


def test_a_line_follows_the_hints_step_by_step_or_by_a_hints_plan() -> None:
    hints = {(): ("m10", "c4", "t3", "c0", "end"), ("m10",): ("c3", "t2", "c0", "end"),
             ("m10", "c3"): ("t2", "t2", "c0", "end")}
    assert followed(["m10", "c4", "t3", "c0", "end"], hints)  # the first hint's line
    assert followed(["m10", "c3", "t2", "c0", "end"], hints)  # the second's
    assert followed(["m10", "c3", "t2", "t2", "c0", "end"], hints)  # the third's
    assert not followed(["m10", "c4", "end"], hints)  # ended early: no hint said so
    assert not followed(["m10", "c3", "t2", "c0"], hints)
    assert not followed(["m8", "c4", "t3", "c0", "end"], hints)
    assert not followed(["m10", "c4", "t3", "c0", "end"], {})


@pytest.mark.parametrize("game", ["mine-out", "saboteur"])
def test_a_forced_move_gets_no_note(game: str) -> None:
    """Where the seat has one legal move, the coach says nothing of it (Coal Baron
    always leaves a choice: a random game meets no such move)."""
    engine = get_game(game)
    rng = random.Random(2)
    record: dict[str, Any] = {"game": game, "players": min(engine.min_players + 1, 5),
                              "seed": 2, "options": {}, "actions": []}
    state = initial_state(record)
    while True:
        assert not state.is_over(), "no forced move in this game"
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            break
        action = rng.choice(legal)
        record["actions"].append(state.format_action(action))
        state.apply(seat, action)
    moment = len(record["actions"])
    played = {**record, "actions": [*record["actions"], state.format_action(legal[0])]}
    assert compute(CoachRequest("note", played, seat, moment, 1, samples=SAMPLES)).answer is None


def from_state(state: GameState[Any], actions: list[str]) -> dict[str, Any]:
    """A record starting from `state` (secrets included), then `actions`."""
    return {"game": state.game_id, "players": state.num_players, "state": state.to_json(),
            "options": {}, "actions": actions}


def said(answer: Any) -> Any:
    """What a player reads of a worker's answer: everything but the state it carries
    for the table side to write the moves in words."""
    if isinstance(answer, CostAnswer):
        return (answer.played, answer.best, answer.loss, answer.term, answer.gain, answer.facts)
    if isinstance(answer, HintAnswer):
        return (answer.action, answer.plan, answer.term, answer.gain, answer.facts)
    return answer


@pytest.mark.parametrize("game", GAMES)
def test_the_workers_hint_and_note_ignore_the_other_seats_secrets(game: str) -> None:
    """The leak test through the worker (a hint and a note as the table asks for them):
    the same after the seat's unknowns were dealt again."""
    state, _ = position(game, 9)
    seat = state.to_act()[0]
    shuffled = state.shuffle_secrets(seat, random.Random(5))
    assert shuffled.to_json() != state.to_json()
    hints = [compute(CoachRequest("hint", from_state(s, []), seat, 0, 4, samples=SAMPLES)).answer
             for s in (state, shuffled)]
    assert said(hints[0]) == said(hints[1])
    noted = 0
    for action in state.legal_actions(seat)[:40]:
        notation = [state.format_action(action)]
        notes = [said(compute(CoachRequest("note", from_state(s, notation), seat, 0, 4,
                                           samples=SAMPLES)).answer)
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


def suspects() -> list[tuple[SaboteurState, list[Event], HintAnswer, int]]:
    """Random five-player Saboteur rounds, up to the first moments the worker's hint to
    a gold-digger is to break the tool of a player with evidence against it."""
    found: list[tuple[SaboteurState, list[Event], HintAnswer, int]] = []
    for seed in range(1, 40):
        if len(found) == 3:
            break
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
                                              samples=SAMPLES)).answer
                assert isinstance(answer, HintAnswer)
                if answer.term.startswith("blockers_digger_"):
                    found.append((state.copy(), list(events), answer, len(record["actions"])))
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
    for state, events, answer, moment in found:
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
            told = reason(again, judge(again, verdict_seed(7, moment, seat), SAMPLES).best)
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
                priced = judge(observation, 1, SAMPLES, action).played
                assert priced is not None and priced.action == action
                return
            action = knowledge_for("saboteur").playout_action(state, seat, rng)
            events += state.apply(seat, action)
    raise AssertionError("no move ending a round was met")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_coachs_words_say_a_gain_one_way_and_a_chance_in_percent(language: str) -> None:
    """Issue 43's words: each reason names its gain as a gain (Coal Baron and Mine Out
    "(+2.4 VP)", Saboteur "about 11 % more likely"; a look at a goal, whose worth the
    chance does not measure, without a figure), a move that gains nothing is never
    praised as a loss, and a loss is said one way, "gives about … less than", in the
    note and in the review."""
    words = catalog(language)
    units = {"coal-baron": "PV" if language == "fr" else "VP",
             "mine-out": "de renommée" if language == "fr" else "fame"}
    for game in GAMES:
        reasons = {key: text for key, text in words.items()
                   if key.startswith(f"coach.reason.{game}.")}
        assert f"coach.reason.{game}.steady" in reasons
        for key, text in reasons.items():
            if key.endswith((".steady", ".peek")):
                assert "{amount}" not in text
                assert not re.search(r"\b(los|lose|loses|perd)\b", text), text
            elif game in units and not key.endswith((".vp", ".fame")):
                assert f"(+{{amount}} {units[game]})" in text, text
            elif game == "saboteur":
                assert "{amount} %" in text and "points" not in text, text
    less = "de moins que" if language == "fr" else "less than"
    for key in ("coach.note", "coach.review.moment"):
        assert less in words[key] and "{loss}" in words[key]
        assert not re.search(r"co[uû]t", words[key]), words[key]
    assert "%" in words["coach.unit.chance"] and "point" not in words["coach.unit.chance"]


def test_a_mine_out_hint_in_the_scoring_phase_is_a_step_the_panel_offers() -> None:
    """The scoring phase: the hint is one legal step, the assignment itself (the turn
    panel offers each as its own option), never "the best" nor the whole turn at once."""
    met = 0
    for seed in range(1, 4):
        record, state, _ = random_record("mine-out", 2, seed, 0)
        rng = random.Random(seed)
        while not state.is_over() and met < 3 * seed:
            seat = state.to_act()[0]
            if state.turn.scoring:  # type: ignore[attr-defined]
                moment = len(record["actions"])
                request = CoachRequest("hint", record, seat, moment, 3, samples=SAMPLES)
                answer = compute(request).answer
                assert isinstance(answer, HintAnswer)
                assert state.parse_action(seat, answer.action) in state.legal_actions(seat)
                met += 1
            action = rng.choice(state.legal_actions(seat))
            record["actions"].append(state.format_action(action))
            state.apply(seat, action)
    assert met >= 6
