"""Suggestions for ``/coal play``: the legal lines a player may be typing.

The typed text is read as complete steps followed by the step being typed. The
longest run of leading steps that the engine accepts (tried on a copy) is kept,
and the legal next steps after it are ranked against the rest: notations that
start with it first, then notations containing it, then steps whose description
contains it (so "deliver" or "grey" find something). So ``m8 c3 +`` offers
``m8 c3 +g``..., and a whole extraction can be written step by step. With
nothing typed, the legal steps are spread over their kinds (one space of each
kind first, the bank, the options of the decision in progress) so that the
first 25 show a bit of everything.
"""

from __future__ import annotations

from itertools import chain, zip_longest

from bot.errors import UserError
from bot.games.base import Seat
from bot.games.coal_baron.actions import Action, Buy, Load, Place
from bot.games.coal_baron.components import SPACE_INDEX, SPACES
from bot.games.coal_baron.state import CoalBaronState
from bot.i18n import LocaleLike
from cogs.coal_baron_labels import step_label
from cogs.coal_baron_turn import trial

MAX_CHOICES = 25
VALUE_LIMIT = 100


def kind_of(action: Action) -> str:
    """What sort of step `action` is, for spreading suggestions over kinds."""
    if isinstance(action, Place | Buy):
        return SPACES[SPACE_INDEX[action.space]].kind
    if isinstance(action, Load):
        return f"load{len(action.cubes)}"
    return type(action).__name__


def spread(actions: list[Action]) -> list[Action]:
    """Round-robin over kinds, in the engine's order within a kind."""
    by_kind: dict[str, list[Action]] = {}
    for action in actions:
        by_kind.setdefault(kind_of(action), []).append(action)
    rounds = zip_longest(*by_kind.values())
    return [action for action in chain.from_iterable(rounds) if action is not None]


def rank(
    state: CoalBaronState, seat: Seat, actions: list[Action], typed: str, locale: LocaleLike
) -> list[Action]:
    """`actions` matching `typed`: prefix matches, then substrings, then descriptions."""
    if not typed:
        return spread(actions)
    typed = typed.lower()
    view = state.view(seat)
    notations = [state.format_action(action).lower() for action in actions]
    prefix = [a for a, n in zip(actions, notations, strict=True) if n.startswith(typed)]
    inside = [a for a, n in zip(actions, notations, strict=True) if typed in n and a not in prefix]
    described = [
        a
        for a in actions
        if a not in prefix
        and a not in inside
        and typed in step_label(locale, view, seat, a).lower()
    ]
    return prefix + inside + described


def accepted(state: CoalBaronState, seat: Seat, steps: list[str]) -> CoalBaronState | None:
    """The state after `steps` if the engine accepts them, else None."""
    try:
        return trial(state, seat, steps)
    except UserError:
        return None


def suggestions(
    state: CoalBaronState, seat: Seat, typed: str, locale: LocaleLike
) -> list[tuple[str, str]]:
    """Up to 25 (line, description) pairs for what `seat` may be typing."""
    if seat not in state.to_act():
        return []
    tokens = typed.split()
    complete = len(tokens) if typed.endswith(" ") or not tokens else len(tokens) - 1
    found: list[tuple[str, str]] = []
    if tokens and accepted(state, seat, tokens) is not None:
        action = state.parse_action(seat, typed)
        label = step_label(locale, state.view(seat), seat, action)
        found.append((state.format_action(action), label))
    typed_is_legal = len(found)
    for cut in range(complete, -1, -1):
        before = accepted(state, seat, tokens[:cut])
        if before is None or seat not in before.to_act():
            continue
        rest = " ".join(tokens[cut:])
        head = " ".join(tokens[:cut])
        view = before.view(seat)
        for action in rank(before, seat, before.legal_actions(seat), rest, locale):
            line = f"{head} {before.format_action(action)}".strip()
            if all(line != known for known, _ in found) and len(line) <= VALUE_LIMIT:
                found.append((line, step_label(locale, view, seat, action)))
        if len(found) > typed_is_legal:
            break
    return found[:MAX_CHOICES]
