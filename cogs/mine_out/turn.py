"""A Mine Out turn in the platform's turn builder: action points, step by step.

Each step of the panel is one step of the notation (``move pub``, ``hire MI05``,
``dig MI01 +WO01``...); the panel tries them on a copy of the state and offers
only the legal ones, grouped in rows: the scoring-phase choice (asked only when
the jewels' ore changes the fame, the best first), the moves and "end the turn",
the actions here (hire, dig, sell, change) and the cards to play. Confirm plays
the whole turn as one line; a turn not ended yet gets ``end`` appended, and
Confirm asks first when action points would be lost.

A step that draws from the deck (changing the cards, a Slave Trader's draw after
a Mine Out) would show the drawn cards on the copy before they are played, so
such a step closes the line: Confirm plays the turn so far, and "My turn / my hand"
opens the rest of the turn on the new cards.

With 2 players the master builds the apprentice's turn too (the engine gives
the master the turn); the panel says whose position is playing.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import Any

from bot.games.base import GameState, Seat
from bot.games.errors import IllegalAction
from bot.games.mine_out import MineOutState, abilities
from bot.games.mine_out.actions import (
    Change,
    Compound,
    Dig,
    End,
    Hire,
    Move,
    Play,
    Score,
    Sell,
    Step,
)
from bot.games.mine_out.components import ACTION_POINTS
from bot.i18n import LocaleLike, t
from bot.service import ActResult, Table
from cogs.mine_out.images import holdings_file
from cogs.mine_out.reading import holdings_description
from cogs.mine_out.words import distinct, legal_steps, place_name, step_label
from cogs.platform.alt_text import seen_of
from cogs.platform.items import OPTIONS_PER_SELECT
from cogs.platform.names import known_names
from cogs.platform.steps import Menu, Picture, StepOption, TurnSteps

VERBS = ("score", "move", "hire", "dig", "sell", "change", "play", "end")
"""The words that start a step of the notation."""


_DREW: weakref.WeakSet[MineOutState] = weakref.WeakSet()
"""Trial copies on which a step drew from the deck (their pictures must not show it)."""


def mine_state(state: GameState[Any]) -> MineOutState:
    assert isinstance(state, MineOutState)
    return state


def split_steps(tokens: list[str]) -> list[str]:
    """The steps of a line: a new step at each verb (``dig MI01 +WO01`` is one)."""
    steps: list[str] = []
    for token in tokens:
        if token in VERBS or not steps:
            steps.append(token)
        else:
            steps[-1] += f" {token}"
    return steps


def turn_ended(steps: list[str], after: MineOutState) -> bool:
    """Whether `steps` ended the turn: an ``end``, the game over, or the points spent
    (a non-score step always costs a point, so a full purse after one is a new turn)."""
    if not steps:
        return False
    if steps[-1] == "end" or after.final is not None:
        return True
    acted = any(not step.startswith("score") for step in steps)
    return acted and after.turn.points == ACTION_POINTS


def scoring_matters(state: MineOutState) -> list[Score]:
    """The scoring-phase choices when the jewels' ore changes the fame, best first;
    none when every choice scores the same (the engine then scores the best)."""
    if not state.turn.scoring:
        return []
    position = state.positions[state.current]
    working = state.working(state.current)
    choices = [Score(step.ores) for step in state.legal_actions(state.to_act()[0])
               if isinstance(step, Score)]
    fames = {sum(abilities.phase_fame(position.cubes, working, c.ores or ())) for c in choices}
    if len(fames) <= 1:
        return []
    best = abilities.best_assignment(position.cubes, working)
    return sorted(choices, key=lambda c: c.ores != best)


def after_scoring(state: MineOutState, seat: Seat) -> MineOutState:
    """The state from which the action steps are offered: in the scoring phase, after
    the best scoring (what the engine does when the first step is an action)."""
    if not state.turn.scoring:
        return state
    scored = state.copy()
    scored.apply(seat, Score(None))
    return scored


def steps_in_words(state: MineOutState, seat: Seat, steps: list[str], locale: LocaleLike) -> str:
    """The panel's steps chosen so far, in words, each as it read when it was chosen."""
    trial = state.copy()
    words = []
    for text in steps:
        action = trial.parse_action(seat, text)
        for step in action.steps if isinstance(action, Compound) else (action,):
            if not isinstance(step, Score):
                trial = after_scoring(trial, seat)
            words.append(step_label(locale, trial, step))
            trial.apply(seat, step)
    return " · ".join(words)


def as_steps(state: MineOutState, steps: Sequence[Step], locale: LocaleLike) -> list[StepOption]:
    """The panel's options for `steps`, one per label (`words.distinct`)."""
    options = (StepOption(state.format_action(s), step_label(locale, state, s)) for s in steps)
    return distinct(options, lambda option: option.label)


def selects(steps: list[StepOption], placeholder: str) -> list[Menu]:
    return [
        Menu(steps[start : start + OPTIONS_PER_SELECT], placeholder)
        for start in range(0, len(steps), OPTIONS_PER_SELECT)
    ]


class TurnStepsOfMineOut(TurnSteps):
    """Steps: the notation's steps, one per panel click."""

    kind = "turn"

    def trial(self, state: GameState[Any], seat: Seat, steps: list[str]) -> GameState[Any]:
        """The copy after `steps`; refuses a step after one that drew from the deck."""
        after = mine_state(state).copy()
        drawn = False
        for step in steps:
            if drawn:
                raise IllegalAction("draw first", reason_key="mo.panel.after_draw")
            deck = (len(after.deck), after.reshuffles)
            after.apply(seat, after.parse_action(seat, step))
            drawn = deck != (len(after.deck), after.reshuffles)
        if drawn:
            _DREW.add(after)
        return after

    def menus(
        self, table: Table, seat: Seat, steps: list[str], after: GameState[Any], locale: LocaleLike
    ) -> list[Menu]:
        state = mine_state(after)
        if turn_ended(steps, state) or seat not in state.to_act() or state in _DREW:
            return []
        menus: list[Menu] = []
        scores = scoring_matters(state)
        if scores and not steps:
            best = as_steps(state, list(scores), locale)
            menus.append(Menu(best, t(locale, "mo.panel.score_placeholder")))
        here = after_scoring(state, seat)
        legal = legal_steps(here, seat)
        moves = [s for s in legal if isinstance(s, Move | End)]
        actions = [s for s in legal if isinstance(s, Hire | Dig | Sell | Change)]
        plays = [s for s in legal if isinstance(s, Play)]
        menus.append(Menu(as_steps(here, moves, locale), buttons=len(moves) <= 5))
        if actions:
            menus.extend(selects(as_steps(here, actions, locale),
                                 t(locale, "mo.panel.action_placeholder")))
        if plays:
            menus.extend(selects(as_steps(here, plays, locale),
                                 t(locale, "mo.panel.play_placeholder")))
        return menus[:4]

    def line(self, steps: list[str], after: GameState[Any], seat: Seat) -> str | None:
        if not steps:
            return None
        state = mine_state(after)
        if turn_ended(steps, state) or state in _DREW:
            return " ".join(steps)
        if End() not in legal_steps(state, seat):
            return None  # a turn of moves only may not end yet
        return " ".join([*steps, "end"])

    def waste(self, after: GameState[Any], seat: Seat, locale: LocaleLike) -> str | None:
        state = mine_state(after)
        if seat not in state.to_act() or state.turn.points == ACTION_POINTS or state in _DREW:
            return None  # the turn is over already
        return t(locale, "mo.panel.waste", points=state.turn.points)

    async def picture(
        self, table: Table, seat: Seat, steps: list[str], after: GameState[Any],
        locale: LocaleLike, played: ActResult | None,
    ) -> Picture:
        state = mine_state(after)
        before = mine_state(table.state) if table.state is not None else state
        position = before.positions[before.current]
        if seat not in before.to_act():
            title = t(locale, "mo.panel.waiting")
        elif position.apprentice:
            title = t(locale, "mo.panel.apprentice_turn", round=before.round)
        else:
            title = t(locale, "mo.panel.your_turn", round=before.round)
        lines: list[str] = []
        if seat in before.to_act():
            if turn_ended(steps, state):
                lines.append(t(locale, "mo.panel.turn_done"))
            else:
                now = state.positions[state.current]
                lines.append(t(locale, "mo.panel.points", points=state.turn.points,
                               place=place_name(locale, now.node), money=now.money))
        if steps:
            line = steps_in_words(before, seat, steps, locale)
            lines.append(t(locale, "mo.panel.so_far", line=line))
        index = before.current if seat in before.to_act() else before.seat_positions(seat)[0]
        if state in _DREW:
            lines.append(t(locale, "mo.panel.drew"))
        shown = before if turn_ended(steps, state) or state in _DREW else state
        view = shown.view(seat)
        names = known_names(table)
        told = holdings_description(seen_of(table, shown, seat, names, view), locale, index,
                                    played)
        image = await holdings_file(view, index, names, locale, told)
        return Picture(title, lines, image)


TURN = TurnStepsOfMineOut()
